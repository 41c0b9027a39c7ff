// The models a provider's server lists, per wire API:
// - OpenAI and every OpenAI-compatible server (Ollama, LM Studio, OpenRouter, vLLM, …):
//   `GET {base}/models` with `Authorization: Bearer`, answering `{ data: [{ id }] }`.
// - Anthropic: `GET {base}/models?limit=1000` with `x-api-key` and `anthropic-version`, answering
//   `{ data: [{ id, display_name }], has_more, last_id }` (more pages: `after_id`).
// - Gemini (both APIs): `GET {base}/models?pageSize=1000` with `x-goog-api-key`, answering
//   `{ models: [{ name: "models/…", displayName, supportedGenerationMethods }], nextPageToken }`.
import { z } from 'zod'
import type { ProviderListFailure, ProviderModel, ProviderModelsResult } from '../../shared/ipc/app-contract'
import type { ProviderId } from '../../shared/provider-id'
import { joinUrl, type ProviderConnection } from './provider-request'

type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** Pages followed at most (a list of thousands of models is still read whole; a server looping its cursor is not). */
const MAX_PAGES = 10
const ANTHROPIC_VERSION = '2023-06-01'

const openAIList = z.looseObject({
  data: z.array(z.looseObject({ id: z.string().min(1), name: z.string().optional() })),
})
const anthropicList = z.looseObject({
  data: z.array(z.looseObject({ id: z.string().min(1), display_name: z.string().optional() })),
  has_more: z.boolean().optional(),
  last_id: z.string().nullish(),
})
const geminiList = z.looseObject({
  models: z
    .array(
      z.looseObject({
        name: z.string().min(1),
        displayName: z.string().optional(),
        supportedGenerationMethods: z.array(z.string()).optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
})

interface Page {
  models: ProviderModel[]
  next: string | undefined
}

function pageRequest(
  api: ProviderId,
  connection: ProviderConnection,
  cursor: string | undefined,
): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = { accept: 'application/json' }
  switch (api) {
    case 'anthropic': {
      if (connection.apiKey) headers['x-api-key'] = connection.apiKey
      headers['anthropic-version'] = ANTHROPIC_VERSION
      const query = new URLSearchParams({ limit: '1000', ...(cursor ? { after_id: cursor } : {}) })
      return { url: `${joinUrl(connection.baseUrl, 'models')}?${query}`, headers }
    }
    case 'gemini':
    case 'gemini-interactions': {
      if (connection.apiKey) headers['x-goog-api-key'] = connection.apiKey
      const query = new URLSearchParams({ pageSize: '1000', ...(cursor ? { pageToken: cursor } : {}) })
      return { url: `${joinUrl(connection.baseUrl, 'models')}?${query}`, headers }
    }
    case 'openai-responses':
    case 'openai-chat':
      if (connection.apiKey) headers.authorization = `Bearer ${connection.apiKey}`
      return { url: joinUrl(connection.baseUrl, 'models'), headers }
  }
}

/** One page of the list, or `undefined` when the body is not this API's list. */
export function parseModelPage(api: ProviderId, body: unknown): Page | undefined {
  switch (api) {
    case 'anthropic': {
      const parsed = anthropicList.safeParse(body)
      if (!parsed.success) return undefined
      const models = parsed.data.data.map((model) => ({
        id: model.id,
        ...(model.display_name && model.display_name !== model.id ? { name: model.display_name } : {}),
      }))
      return { models, next: parsed.data.has_more && parsed.data.last_id ? parsed.data.last_id : undefined }
    }
    case 'gemini':
    case 'gemini-interactions': {
      const parsed = geminiList.safeParse(body)
      // An account with no models answers `{}`; an error document is not an empty list.
      if (!parsed.success || (parsed.data.models === undefined && Object.keys(parsed.data).length > 0)) return undefined
      const models = (parsed.data.models ?? [])
        // Embedding and other models cannot answer a chat: only those that generate content are offered.
        .filter(
          (model) =>
            model.supportedGenerationMethods === undefined ||
            model.supportedGenerationMethods.some((method) => /generateContent|interactions/i.test(method)),
        )
        .map((model) => {
          const id = model.name.replace(/^models\//, '')
          return { id, ...(model.displayName && model.displayName !== id ? { name: model.displayName } : {}) }
        })
      return { models, next: parsed.data.nextPageToken || undefined }
    }
    case 'openai-responses':
    case 'openai-chat': {
      const parsed = openAIList.safeParse(body)
      if (!parsed.success) return undefined
      return {
        models: parsed.data.data.map((model) => ({
          id: model.id,
          ...(model.name && model.name !== model.id ? { name: model.name } : {}),
        })),
        next: undefined,
      }
    }
  }
}

function failure(
  kind: ProviderListFailure,
  message: string,
  status?: number,
): Extract<ProviderModelsResult, { ok: false }> {
  return { ok: false, kind, message, ...(status !== undefined ? { status } : {}) }
}

/** The provider's own sentence from an error body (`{error:{message}}`, `{message}`, or short text). */
function errorSentence(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown }
    const message = typeof body.error === 'string' ? body.error : (body.error?.message ?? body.message)
    if (typeof message === 'string' && message.trim()) return message.trim().slice(0, 300)
  } catch {
    // not JSON: the text itself, if short
  }
  return text.trim().slice(0, 200)
}

/**
 * Fetches every page of a provider's model list. Errors are data: nothing listening
 * (`unreachable`), 401/403 (`key-rejected`), 404/405 (`no-models-endpoint`: the server has none),
 * a body that is not a list (`bad-response`), `timeout`, 5xx (`server-error`).
 */
export async function listProviderModels(
  api: ProviderId,
  connection: ProviderConnection,
  options: { fetch?: FetchLike | undefined; timeoutMs?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<ProviderModelsResult> {
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init))
  const timeoutMs = options.timeoutMs ?? 15_000
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const models: ProviderModel[] = []
  const seen = new Set<string>()
  let cursor: string | undefined
  for (let page = 0; page < MAX_PAGES; page++) {
    const request = pageRequest(api, connection, cursor)
    let response: Response
    let text: string
    try {
      response = await doFetch(request.url, { method: 'GET', headers: request.headers, signal })
      text = await response.text()
    } catch (error) {
      if (timeout.aborted)
        return failure(
          'timeout',
          `No answer from ${hostOf(connection.baseUrl)} within ${Math.round(timeoutMs / 1000)} s.`,
        )
      const cause = (error as { cause?: { code?: string } }).cause?.code
      return failure('unreachable', `Could not reach ${hostOf(connection.baseUrl)}${cause ? ` (${cause})` : ''}.`)
    }
    if (response.status === 401 || response.status === 403)
      return failure('key-rejected', errorSentence(text) || `HTTP ${response.status}`, response.status)
    if (response.status === 404 || response.status === 405)
      return failure('no-models-endpoint', errorSentence(text) || `HTTP ${response.status}`, response.status)
    if (response.status >= 500)
      return failure('server-error', errorSentence(text) || `HTTP ${response.status}`, response.status)
    if (!response.ok) return failure('bad-response', errorSentence(text) || `HTTP ${response.status}`, response.status)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return failure('bad-response', 'The models list is not JSON.', response.status)
    }
    const parsed = parseModelPage(api, body)
    if (!parsed) return failure('bad-response', 'The answer is not a list of models.', response.status)
    for (const model of parsed.models) {
      if (seen.has(model.id)) continue
      seen.add(model.id)
      models.push(model)
    }
    // A cursor that does not move would loop: stop there.
    if (!parsed.next || parsed.next === cursor) break
    cursor = parsed.next
  }
  return { ok: true, models }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
