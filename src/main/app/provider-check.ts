import type { CommandResponses } from '../../shared/ipc/app-contract'
import type { ProviderId } from '../../shared/provider-id'
import { streamModelRound, type FetchLike } from '../harness/stream-model-round'
import type { ProviderConnection } from '../providers/provider-request'
import { buildProviderRequest } from '../providers/provider-request-builders'

/**
 * `providers.test`: one tiny real request ("Reply with the word OK.", a few output tokens, no tools)
 * through the same request builder and stream parser as a turn. OK means the provider's end-of-turn
 * signal arrived; otherwise the parser's typed error kind (`authentication`, `not-found`, `network`,
 * …) or `timeout`. Nothing is stored.
 */
export async function checkProvider(
  provider: ProviderId,
  connection: ProviderConnection,
  options: { timeoutMs?: number; fetch?: FetchLike; signal?: AbortSignal } = {},
): Promise<CommandResponses['providers.test']> {
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
  const outcome = await streamModelRound({ provider, request, fetch: options.fetch, signal, idleTimeoutMs: timeoutMs, onEvent: () => {} })
  const latencyMs = Date.now() - startedAt
  if (outcome.aborted) {
    return timeout.aborted
      ? { ok: false, kind: 'timeout', message: `No answer within ${Math.round(timeoutMs / 1000)} s.` }
      : { ok: false, kind: 'cancelled', message: 'The check was cancelled.' }
  }
  const error = outcome.result.error
  if (error) return { ok: false, kind: error.kind, message: error.message }
  // A length finish is fine here: the cap is tiny on purpose; the provider answered and ended its turn.
  if (!outcome.result.complete) return { ok: false, kind: 'truncated', message: 'The answer ended without the provider’s end-of-turn signal.' }
  return { ok: true, latencyMs, model: connection.model }
}
