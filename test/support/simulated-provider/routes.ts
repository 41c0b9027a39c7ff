import type { ProviderId } from '../../../src/shared/provider-id'

/** The path prefix under which each provider's real API path is served. */
const BASE_PATHS: Record<ProviderId, string> = {
  'openai-responses': '/openai-responses/v1',
  'openai-chat': '/openai-chat/v1',
  anthropic: '/anthropic/v1',
  gemini: '/gemini/v1beta',
  'gemini-interactions': '/gemini-interactions/v1beta',
}

/** The base path a client appends its API path to (e.g. `/anthropic/v1` + `/messages`). */
export function basePathFor(provider: ProviderId): string {
  return BASE_PATHS[provider]
}

export interface MatchedRoute {
  provider: ProviderId
  /** Gemini: the model in the path. */
  model: string | undefined
  /** Gemini without `alt=sse`: the body is one streamed JSON array instead of SSE. */
  jsonArray: boolean
}

const GEMINI_STREAM = /^\/gemini\/v1beta\/models\/([^/]+):streamGenerateContent$/

/** The provider a `POST` path belongs to, or undefined for an unknown route. */
export function matchRoute(method: string, path: string, query: URLSearchParams): MatchedRoute | undefined {
  if (method !== 'POST') return undefined
  const simple = (provider: ProviderId): MatchedRoute => ({ provider, model: undefined, jsonArray: false })
  switch (path) {
    case '/openai-responses/v1/responses':
      return simple('openai-responses')
    case '/openai-chat/v1/chat/completions':
      return simple('openai-chat')
    case '/anthropic/v1/messages':
      return simple('anthropic')
    case '/gemini-interactions/v1beta/interactions':
      return simple('gemini-interactions')
    default: {
      const gemini = GEMINI_STREAM.exec(path)
      if (!gemini) return undefined
      return { provider: 'gemini', model: decodeURIComponent(gemini[1] ?? ''), jsonArray: query.get('alt') !== 'sse' }
    }
  }
}
