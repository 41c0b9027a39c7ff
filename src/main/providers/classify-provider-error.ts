import { isRetryableStatus, type ProviderError, type ProviderErrorKind } from '../../shared/provider-error'

/** What a provider said about a failure, before we decide what kind it is. */
export interface ProviderErrorFacts {
  status: number | undefined
  /** Provider error type or code strings (`overloaded_error`, `insufficient_quota`, `RESOURCE_EXHAUSTED`, `API_KEY_INVALID`). */
  codes: (string | undefined | null)[]
  message: string | undefined
  /** Whether `message` is the provider's own sentence (default true when given); false for Keel's words. */
  messageFromProvider?: boolean | undefined
  retryAfterMs?: number | undefined
  /** The provider's wait, however long (reset headers, `RetryInfo.retryDelay`), for the message. */
  waitMs?: number | undefined
  requestId?: string | undefined
}

// Codes and types (matched against `error.code`, `error.type`, Google's `status` and `details[].reason`).
const QUOTA = /insufficient_quota|billing|quota_exceeded|credit|payment_required/i
const FILTER = /content_filter|safety|content_policy|prohibited|blocklist|moderation|flagged/i
const MODEL_CODE = /model_not_found|invalid_model|model_not_available|unknown_model/i
const CONTEXT_CODE = /context_length_exceeded|string_above_max_length|context_window_exceeded|token_limit_exceeded/i
const OVERLOADED = /overloaded|^unavailable$|server_is_overloaded|engine_overloaded/i
const RATE_LIMIT = /rate_limit|resource_exhausted|too_many_requests/i
const AUTH = /authentication|permission|invalid_api_key|unauthenticated|permission_denied|api_key_invalid|unauthorized/i
const TIMEOUT = /timeout|deadline_exceeded/i
const SERVER = /api_error|server_error|^internal$|internal_error/i
const INVALID = /invalid_request|invalid_argument|not_found|failed_precondition|invalid_prompt/i

// The provider's sentence, for servers whose codes say little (Ollama, LM Studio, vLLM, OpenRouter).
/** OpenAI "maximum context length", Anthropic "prompt is too long", Gemini "input token count … exceeds", LM Studio "context length", vLLM, OpenRouter. */
const CONTEXT_TEXT =
  /context length|context window|context_length|maximum context|prompt is too long|input token count.*exceeds|exceeds the (maximum|model's)|too many (input )?tokens|greater than the context|(input|prompt) is too long/i
/** Ollama `model "x" not found, try pulling it first`, Gemini `models/x is not found`, Anthropic `model: x`, LM Studio `No models loaded`. */
const MODEL_TEXT =
  /\bmodels?\b.*\b(not found|does not exist|is not a valid|not available|not supported)|no models? (is )?loaded|^model: |unknown model|invalid model/i
const QUOTA_TEXT = /credit balance is too low|insufficient (credits|balance|funds)|out of credits/i
const FILTER_TEXT =
  /content management policy|content filter|flagged|safety (system|filter)|violat\w* (our|the) (usage|content) polic/i

/**
 * One classification for every provider's errors, HTTP or in-stream, from the status, the
 * provider's codes and (for servers whose codes say little) its sentence. Order matters: quota
 * before rate limit (OpenAI sends `insufficient_quota` with 429, and it is not transient); the
 * model and the context length before "server" and "invalid request" (Ollama answers an unknown
 * model with 404 and type `api_error`; OpenAI a too-long conversation with 400
 * `context_length_exceeded`); overload before server. Never throws: any input gives a kind.
 */
export function classifyProviderError(facts: ProviderErrorFacts): ProviderError {
  const codes = (Array.isArray(facts.codes) ? facts.codes : []).filter(
    (c): c is string => typeof c === 'string' && c.length > 0,
  )
  const matches = (re: RegExp) => codes.some((c) => re.test(c))
  const status = typeof facts.status === 'number' && Number.isFinite(facts.status) ? facts.status : undefined
  const text = typeof facts.message === 'string' ? facts.message : ''
  const says = (re: RegExp) => re.test(text)
  let kind: ProviderErrorKind
  if (matches(QUOTA) || status === 402 || says(QUOTA_TEXT)) kind = 'quota-exceeded'
  else if (matches(FILTER) || (status !== undefined && status >= 400 && status < 500 && says(FILTER_TEXT)))
    kind = 'content-filter'
  else if (
    matches(CONTEXT_CODE) ||
    status === 413 ||
    ((status === undefined || (status >= 400 && status < 500)) && says(CONTEXT_TEXT))
  )
    kind = 'context-too-long'
  else if (matches(MODEL_CODE) || ((status === 404 || status === 400 || status === undefined) && says(MODEL_TEXT)))
    kind = 'model-not-found'
  else if (matches(OVERLOADED) || status === 529 || status === 503) kind = 'overloaded'
  else if (matches(RATE_LIMIT) || status === 429) kind = 'rate-limit'
  else if (matches(AUTH) || status === 401 || status === 403) kind = 'authentication'
  else if (matches(TIMEOUT) || status === 408 || status === 504) kind = 'timeout'
  else if (matches(SERVER) || (status !== undefined && status >= 500)) kind = 'server'
  else if (matches(INVALID) || (status !== undefined && status >= 400 && status < 500 && status !== 409))
    kind = 'invalid-request'
  else kind = 'provider'

  const retryable =
    kind === 'overloaded' || kind === 'rate-limit' || kind === 'server' || kind === 'timeout'
      ? true
      : kind === 'provider' && status !== undefined
        ? isRetryableStatus(status)
        : false

  const fromProvider = text.length > 0 && facts.messageFromProvider !== false
  return {
    kind,
    message: text.length > 0 ? text : defaultMessage(kind, status),
    retryable,
    status,
    code: codes[0],
    retryAfterMs: facts.retryAfterMs,
    requestId: facts.requestId,
    ...(facts.waitMs !== undefined || facts.retryAfterMs !== undefined
      ? { waitMs: facts.waitMs ?? facts.retryAfterMs }
      : {}),
    ...(fromProvider ? { providerMessage: text } : {}),
  }
}

function defaultMessage(kind: ProviderErrorKind, status: number | undefined): string {
  return status !== undefined ? `Provider error (${kind}, HTTP ${status})` : `Provider error (${kind})`
}
