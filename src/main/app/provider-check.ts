import type { ProviderCheckResult, ProviderModel } from '../../shared/ipc/app-contract'
import type { ProviderId } from '../../shared/provider-id'
import { streamModelRound, type FetchLike } from '../harness/stream-model-round'
import { listProviderModels } from '../providers/provider-models'
import type { ProviderConnection } from '../providers/provider-request'
import { buildProviderRequest } from '../providers/provider-registry'

interface CheckOptions {
  timeoutMs?: number | undefined
  fetch?: FetchLike | undefined
  signal?: AbortSignal | undefined
}

/**
 * Whether a server's list names the model. Ollama lists `llama3.2:latest` and answers to
 * `llama3.2` (an untagged name means `:latest`), so either counts.
 */
export function modelListed(models: readonly ProviderModel[], model: string): boolean {
  return models.some((listed) => listed.id === model || listed.id === `${model}:latest`)
}

/**
 * Test connection: what the form shows, checked the cheap way first. The models endpoint says
 * whether the server is reachable, the key accepted and the model present, without generating
 * anything; a server without one (404, not a list, 5xx) gets one tiny real request instead
 * ({@link checkProvider}). A profile that needs a key and has none is not called at all.
 */
export async function testConnection(
  api: ProviderId,
  connection: ProviderConnection,
  options: CheckOptions & { keyRequired: boolean },
): Promise<ProviderCheckResult> {
  if (connection.baseUrl === '')
    return { ok: false, kind: 'no-base-url', message: 'Enter the server’s address (base URL).' }
  if (options.keyRequired && connection.apiKey === '')
    return { ok: false, kind: 'no-key', message: 'This provider needs an API key: nothing was sent.' }
  const keyAccepted = connection.apiKey === '' ? ('not-needed' as const) : true
  const startedAt = Date.now()
  const listed = await listProviderModels(api, connection, options)
  if (listed.ok) {
    const latencyMs = Date.now() - startedAt
    const found = { reachable: true as const, keyAccepted, models: listed.models }
    if (connection.model === '')
      return { ok: false, kind: 'no-model', message: 'Choose a model.', ...found, modelPresent: false }
    if (!modelListed(listed.models, connection.model))
      return {
        ok: false,
        kind: 'model-missing',
        message: `The server does not list the model "${connection.model}".`,
        ...found,
        modelPresent: false,
      }
    return { ok: true, latencyMs, model: connection.model, ...found, modelPresent: true, via: 'models' }
  }
  switch (listed.kind) {
    case 'unreachable':
    case 'timeout':
      return { ok: false, kind: listed.kind, message: listed.message, reachable: false }
    case 'key-rejected':
      return {
        ok: false,
        kind: 'key-rejected',
        message: listed.message,
        reachable: true,
        keyAccepted: false,
        ...(listed.status !== undefined ? { status: listed.status } : {}),
      }
    default:
      break
  }
  // No usable list: one tiny generation request tells the same (a model missing answers 404 there).
  const generated = await checkProvider(api, connection, options)
  if (generated.ok) return { ...generated, keyAccepted, via: 'generation' }
  switch (generated.kind) {
    case 'authentication':
      return { ...generated, kind: 'key-rejected', reachable: true, keyAccepted: false }
    case 'not-found':
    case 'invalid-request':
      return { ...generated, kind: 'model-missing', reachable: true, keyAccepted, modelPresent: false }
    case 'network':
    case 'timeout':
      return { ...generated, kind: generated.kind === 'network' ? 'unreachable' : 'timeout', reachable: false }
    default:
      return { ...generated, reachable: true }
  }
}

/**
 * One tiny real request ("Reply with the word OK.", a few output tokens, no tools) through the same
 * request builder and stream parser as a turn. OK means the provider's end-of-turn signal arrived;
 * otherwise the parser's typed error kind (`authentication`, `not-found`, `network`, …) or
 * `timeout`. Nothing is stored.
 */
export async function checkProvider(
  provider: ProviderId,
  connection: ProviderConnection,
  options: CheckOptions = {},
): Promise<Extract<ProviderCheckResult, { ok: true }> | { ok: false; kind: string; message: string; status?: number }> {
  const timeoutMs = options.timeoutMs ?? 15_000
  const request = buildProviderRequest(provider, {
    connection,
    system: undefined,
    history: [{ role: 'user', text: 'Reply with the word OK.' }],
    tools: [],
    maxOutputTokens: 16,
  })
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout
  const startedAt = Date.now()
  const outcome = await streamModelRound({
    provider,
    request,
    fetch: options.fetch,
    signal,
    idleTimeoutMs: timeoutMs,
    onEvent: () => {},
  })
  const latencyMs = Date.now() - startedAt
  if (outcome.aborted) {
    return timeout.aborted
      ? { ok: false, kind: 'timeout', message: `No answer within ${Math.round(timeoutMs / 1000)} s.` }
      : { ok: false, kind: 'cancelled', message: 'The check was cancelled.' }
  }
  const error = outcome.result.error
  if (error)
    return {
      ok: false,
      kind: error.status === 404 ? 'not-found' : error.kind,
      message: error.message,
      ...(error.status !== undefined ? { status: error.status } : {}),
    }
  // A length finish is fine here: the cap is tiny on purpose; the provider answered and ended its turn.
  if (!outcome.result.complete)
    return { ok: false, kind: 'truncated', message: 'The answer ended without the provider’s end-of-turn signal.' }
  return {
    ok: true,
    latencyMs,
    model: connection.model,
    reachable: true,
    keyAccepted: connection.apiKey === '' ? 'not-needed' : true,
    modelPresent: true,
    via: 'generation',
    models: [],
  }
}
