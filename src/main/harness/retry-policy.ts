import type { ProviderError } from '../../shared/provider-error'
import { MAX_RETRY_AFTER_MS } from '../providers/http-response-meta'

/** How a failed model call is retried. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number
  /** Wait before the 2nd attempt; doubles each time (before jitter). */
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 20_000 }

/**
 * The wait before the next attempt, or `undefined` when the call must not be retried: the error
 * is not transient (quota, auth, bad request), output of this attempt already reached the user
 * (a retry would show it twice), the attempts are used up, or the user stopped the turn.
 * A server-given wait (`retry-after-ms` / `Retry-After`, at most a minute) is honoured; otherwise
 * exponential backoff with full jitter.
 */
export function nextRetryDelayMs(options: {
  error: ProviderError
  attempt: number
  outputForwarded: boolean
  aborted: boolean
  policy?: RetryPolicy
  random?: () => number
}): number | undefined {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY
  if (options.aborted || options.outputForwarded || !options.error.retryable) return undefined
  if (options.attempt >= policy.maxAttempts) return undefined
  const serverWait = options.error.retryAfterMs
  if (serverWait !== undefined && serverWait <= MAX_RETRY_AFTER_MS) return serverWait
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (options.attempt - 1))
  const random = options.random ?? Math.random
  // Full jitter, with a floor of half the ceiling so a retry never fires instantly.
  return Math.round(ceiling / 2 + random() * (ceiling / 2))
}
