// `GET {base}/models` on every route, in each API's own shape (what Keel's model list and Test
// connection read): OpenAI-compatible `{object:"list", data:[{id, object:"model", created, owned_by}]}`,
// Anthropic `{data:[{type:"model", id, display_name, created_at}], has_more, first_id, last_id}`
// (paged by `limit` / `after_id`), Gemini `{models:[{name:"models/…", displayName,
// supportedGenerationMethods}], nextPageToken}` (paged by `pageSize` / `pageToken`).
import type { ProviderId } from '../../../src/shared/provider-id'
import { basePathFor } from './routes'

/** What the models endpoints answer: a list of model ids, or an HTTP error (`body` default: a provider-styled error). */
export type ModelsScript = { ids: string[] } | { status: number; body?: unknown }

export const DEFAULT_MODEL_IDS = ['sim-model', 'sim-model-large']

export interface ModelListRequest {
  provider: ProviderId
  path: string
  query: Record<string, string>
  headers: Record<string, string>
}

const PROVIDERS: ProviderId[] = ['openai-responses', 'openai-chat', 'anthropic', 'gemini', 'gemini-interactions']

/** The provider whose models endpoint `GET path` is, or undefined. */
export function matchModelsRoute(method: string, path: string): ProviderId | undefined {
  if (method !== 'GET') return undefined
  return PROVIDERS.find((provider) => path === `${basePathFor(provider)}/models`)
}

/** Status and JSON body of one models request. */
export function renderModels(
  provider: ProviderId,
  script: ModelsScript,
  query: URLSearchParams,
): { status: number; body: unknown } {
  if ('status' in script) return { status: script.status, body: script.body ?? errorBody(provider, script.status) }
  const ids = script.ids
  switch (provider) {
    case 'anthropic': {
      const limit = Math.max(1, Math.min(1000, Number(query.get('limit') ?? 20) || 20))
      const after = query.get('after_id')
      const start = after ? ids.indexOf(after) + 1 : 0
      const page = ids.slice(start, start + limit)
      return {
        status: 200,
        body: {
          data: page.map((id) => ({
            type: 'model',
            id,
            display_name: `Sim ${id}`,
            created_at: '2026-01-01T00:00:00Z',
          })),
          has_more: start + limit < ids.length,
          first_id: page[0] ?? null,
          last_id: page.at(-1) ?? null,
        },
      }
    }
    case 'gemini':
    case 'gemini-interactions': {
      const size = Math.max(1, Math.min(1000, Number(query.get('pageSize') ?? 50) || 50))
      const start = Number(query.get('pageToken') ?? 0) || 0
      const page = ids.slice(start, start + size)
      return {
        status: 200,
        body: {
          models: [
            ...page.map((id) => ({
              name: `models/${id}`,
              displayName: `Sim ${id}`,
              supportedGenerationMethods: ['generateContent', 'countTokens'],
            })),
            // What Google lists beside chat models: never offered for a chat.
            ...(start === 0
              ? [
                  {
                    name: 'models/sim-embedding',
                    displayName: 'Sim embedding',
                    supportedGenerationMethods: ['embedContent'],
                  },
                ]
              : []),
          ],
          ...(start + size < ids.length ? { nextPageToken: String(start + size) } : {}),
        },
      }
    }
    case 'openai-responses':
    case 'openai-chat':
      return {
        status: 200,
        body: {
          object: 'list',
          data: ids.map((id) => ({ id, object: 'model', created: 1_767_225_600, owned_by: 'sim' })),
        },
      }
  }
}

function errorBody(provider: ProviderId, status: number): unknown {
  const message = status === 401 ? 'Incorrect API key provided.' : status === 404 ? 'Not found.' : `HTTP ${status}`
  switch (provider) {
    case 'anthropic':
      return { type: 'error', error: { type: status === 401 ? 'authentication_error' : 'api_error', message } }
    case 'gemini':
    case 'gemini-interactions':
      return { error: { code: status, message, status: status === 401 ? 'UNAUTHENTICATED' : 'UNKNOWN' } }
    default:
      return {
        error: {
          message,
          type: status === 401 ? 'invalid_request_error' : 'server_error',
          code: status === 401 ? 'invalid_api_key' : null,
        },
      }
  }
}
