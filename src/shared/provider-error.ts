/**
 * What went wrong with a provider call, as plain data (it crosses IPC and lands in diagnostics).
 * - `authentication`: bad or missing key, or no permission (401/403).
 * - `rate-limit`: too many requests for now (429); transient.
 * - `quota-exceeded`: the account is out of credit or quota (e.g. `insufficient_quota`); not transient.
 * - `overloaded`: the provider is overloaded (529, `overloaded_error`, 503 UNAVAILABLE); transient.
 * - `server`: a provider-side failure (5xx, `api_error`, `server_error`); transient.
 * - `timeout`: the provider timed out the request (408; transient), or the round passed the caller's
 *   deadline (`retryable: false`: another attempt would pass it too).
 * - `invalid-request`: the request was rejected as malformed (or the address answered "not found").
 * - `model-not-found`: the server does not have (or does not serve) the requested model.
 * - `context-too-long`: the conversation (or one message) is more than the model can read at once.
 * - `content-filter`: the provider refused the request for safety reasons.
 * - `provider`: an error the provider reported that fits none of the above.
 * - `network`: the connection was reset or stalled (no progress for too long); transient.
 * - `unreachable`: no connection at all (refused, unknown host, no route): nothing reached the server.
 * - `truncated`: the stream ended before the provider's end-of-turn signal (reported for Google).
 * - `malformed`: the bytes were not the provider's protocol (corrupt JSON, not SSE, unknown body).
 */
export type ProviderErrorKind =
  | 'authentication'
  | 'rate-limit'
  | 'quota-exceeded'
  | 'overloaded'
  | 'server'
  | 'timeout'
  | 'invalid-request'
  | 'model-not-found'
  | 'context-too-long'
  | 'content-filter'
  | 'provider'
  | 'network'
  | 'unreachable'
  | 'truncated'
  | 'malformed'

export interface ProviderError {
  kind: ProviderErrorKind
  /** Human-readable, for diagnostics only: never shown as the assistant's words. */
  message: string
  /** Whether sending the same request again may succeed (the harness still retries only before output). */
  retryable: boolean
  /** HTTP status of the response, when the error came from one (or the provider's numeric code). */
  status: number | undefined
  /** Provider's own error code or type (`insufficient_quota`, `overloaded_error`, `RESOURCE_EXHAUSTED`). */
  code: string | undefined
  /** Wait the provider asked for (`retry-after-ms` / `Retry-After`), in milliseconds. */
  retryAfterMs: number | undefined
  /** Provider request id, for support tickets. */
  requestId: string | undefined
  /**
   * How long until the provider's limit resets, however long (a rate limit's `Retry-After`, the
   * `x-ratelimit-reset-*` / `anthropic-ratelimit-*-reset` headers, Google's `RetryInfo.retryDelay`),
   * in milliseconds: said to the user ("wait 30 s"). `retryAfterMs` is the part the harness honours.
   */
  waitMs?: number | undefined
  /** The provider's own sentence about the failure, verbatim (shown where it helps: "try pulling it first"). */
  providerMessage?: string | undefined
}

/** Every kind, for exhaustive tables and property tests. */
export const PROVIDER_ERROR_KINDS: readonly ProviderErrorKind[] = [
  'authentication',
  'rate-limit',
  'quota-exceeded',
  'overloaded',
  'server',
  'timeout',
  'invalid-request',
  'model-not-found',
  'context-too-long',
  'content-filter',
  'provider',
  'network',
  'unreachable',
  'truncated',
  'malformed',
]

/** Statuses worth another attempt: timeouts, conflicts, rate limits, server errors, Anthropic's 529. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599)
}

/**
 * A {@link ProviderError} Keel itself names (a broken stream, a dropped connection), with every
 * field present: the HTTP facts are undefined unless given. Errors read from a provider's answer
 * go through `classifyProviderError` instead.
 */
export function providerError(
  error: Pick<ProviderError, 'kind' | 'message' | 'retryable'> &
    Partial<Pick<ProviderError, 'status' | 'code' | 'requestId'>>,
): ProviderError {
  return {
    kind: error.kind,
    message: error.message,
    retryable: error.retryable,
    status: error.status,
    code: error.code,
    retryAfterMs: undefined,
    requestId: error.requestId,
  }
}
