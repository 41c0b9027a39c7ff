import { isRetryableStatus, type ProviderError, type ProviderErrorKind } from '../../shared/provider-error'

/** What a provider said about a failure, before we decide what kind it is. */
export interface ProviderErrorFacts {
  status: number | undefined
  /** Provider error type or code strings (`overloaded_error`, `insufficient_quota`, `RESOURCE_EXHAUSTED`, `API_KEY_INVALID`). */
  codes: (string | undefined | null)[]
  message: string | undefined
  retryAfterMs?: number | undefined
  requestId?: string | undefined
}

const QUOTA = /insufficient_quota|billing|quota_exceeded|credit/i
const OVERLOADED = /overloaded|^unavailable$|server_is_overloaded|engine_overloaded/i
const RATE_LIMIT = /rate_limit|resource_exhausted|too_many_requests/i
const AUTH = /authentication|permission|invalid_api_key|unauthenticated|permission_denied|api_key_invalid|unauthorized/i
const TIMEOUT = /timeout|deadline_exceeded/i
const SERVER = /api_error|server_error|^internal$|internal_error/i
const INVALID = /invalid_request|invalid_argument|not_found|request_too_large|failed_precondition|context_length|invalid_prompt/i
const FILTER = /content_filter|safety|content_policy|prohibited|blocklist/i

/**
 * One classification for every provider's errors, HTTP or in-stream. Order matters: quota before
 * rate limit (OpenAI sends `insufficient_quota` with 429, and it is not transient), overload
 * before server.
 */
export function classifyProviderError(facts: ProviderErrorFacts): ProviderError {
  const codes = facts.codes.filter((c): c is string => typeof c === 'string' && c.length > 0)
  const matches = (re: RegExp) => codes.some((c) => re.test(c))
  const status = facts.status
  let kind: ProviderErrorKind
  if (matches(QUOTA)) kind = 'quota-exceeded'
  else if (matches(OVERLOADED) || status === 529 || status === 503) kind = 'overloaded'
  else if (matches(RATE_LIMIT) || status === 429) kind = 'rate-limit'
  else if (matches(AUTH) || status === 401 || status === 403) kind = 'authentication'
  else if (matches(TIMEOUT) || status === 408 || status === 504) kind = 'timeout'
  else if (matches(FILTER)) kind = 'content-filter'
  else if (matches(SERVER) || (status !== undefined && status >= 500)) kind = 'server'
  else if (matches(INVALID) || (status !== undefined && status >= 400 && status < 500 && status !== 409)) kind = 'invalid-request'
  else kind = 'provider'

  const retryable =
    kind === 'overloaded' || kind === 'rate-limit' || kind === 'server' || kind === 'timeout'
      ? true
      : kind === 'provider' && status !== undefined
        ? isRetryableStatus(status)
        : false

  return {
    kind,
    message: facts.message && facts.message.length > 0 ? facts.message : defaultMessage(kind, status),
    retryable,
    status,
    code: codes[0],
    retryAfterMs: facts.retryAfterMs,
    requestId: facts.requestId,
  }
}

function defaultMessage(kind: ProviderErrorKind, status: number | undefined): string {
  return status !== undefined ? `Provider error (${kind}, HTTP ${status})` : `Provider error (${kind})`
}
