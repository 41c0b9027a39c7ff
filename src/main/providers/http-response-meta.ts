/** The parts of an HTTP response the parsers need besides the body. */
export interface HttpResponseMeta {
  status: number
  /** Header lookup; names are matched case-insensitively. */
  headers?: Headers | Record<string, string | undefined> | undefined
}

export function headerValue(meta: HttpResponseMeta | undefined, name: string): string | undefined {
  const headers = meta?.headers
  if (!headers) return undefined
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const lower = name.toLowerCase()
  for (const [key, value] of Object.entries(headers as Record<string, string | undefined>)) {
    if (key.toLowerCase() === lower) return value
  }
  return undefined
}

/** Longest wait a server may ask for that we honour; beyond it the value is treated as absurd. */
export const MAX_RETRY_AFTER_MS = 60_000

/**
 * `retry-after-ms` (OpenAI) wins over `Retry-After` (seconds or an HTTP date). Values that are
 * negative, unparsable or above {@link MAX_RETRY_AFTER_MS} are ignored (undefined).
 */
export function retryAfterMs(meta: HttpResponseMeta | undefined, now: number = Date.now()): number | undefined {
  const ms = headerValue(meta, 'retry-after-ms')
  if (ms !== undefined) {
    const value = Number(ms)
    if (Number.isFinite(value) && value >= 0 && value <= MAX_RETRY_AFTER_MS) return Math.round(value)
  }
  const after = headerValue(meta, 'retry-after')
  if (after === undefined) return undefined
  const trimmed = after.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) {
    const value = Number(trimmed) * 1000
    return value <= MAX_RETRY_AFTER_MS ? Math.round(value) : undefined
  }
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  const wait = date - now
  return wait >= 0 && wait <= MAX_RETRY_AFTER_MS ? wait : wait < 0 ? 0 : undefined
}

export function requestIdFromHeaders(meta: HttpResponseMeta | undefined): string | undefined {
  return (
    headerValue(meta, 'x-request-id') ??
    headerValue(meta, 'request-id') ??
    headerValue(meta, 'x-goog-request-id') ??
    headerValue(meta, 'apim-request-id') ??
    undefined
  )
}

/** Longest wait told to the user; a longer value is taken as nonsense. */
const MAX_WAIT_MS = 24 * 60 * 60 * 1000

/** OpenAI's reset durations: `1s`, `6m0s`, `20ms`, `1h2m3.5s`. */
function durationMs(text: string): number | undefined {
  const trimmed = text.trim()
  if (!/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(trimmed)) return undefined
  let total = 0
  for (const [, value, unit] of trimmed.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)) {
    const n = Number(value)
    total += unit === 'h' ? n * 3_600_000 : unit === 'm' ? n * 60_000 : unit === 's' ? n * 1000 : n
  }
  return Math.round(total)
}

function secondsOrDateMs(text: string, now: number): number | undefined {
  const trimmed = text.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * How long until a rate limit resets, for the user's message ("wait 30 s"), however long (up to a
 * day): `retry-after-ms`, `Retry-After` (seconds or a date), else the reset of a limit whose
 * remaining count is 0 — OpenAI `x-ratelimit-reset-{requests,tokens}` (durations), Anthropic
 * `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-reset` (RFC 3339 dates).
 */
export function rateLimitWaitMs(meta: HttpResponseMeta | undefined, now: number = Date.now()): number | undefined {
  const within = (ms: number | undefined) =>
    ms !== undefined && Number.isFinite(ms) && ms >= 0 && ms <= MAX_WAIT_MS ? ms : undefined
  const ms = headerValue(meta, 'retry-after-ms')
  if (ms !== undefined && within(Number(ms)) !== undefined) return Math.round(Number(ms))
  const after = headerValue(meta, 'retry-after')
  if (after !== undefined) {
    const wait = within(secondsOrDateMs(after, now))
    if (wait !== undefined) return wait
  }
  const waits: number[] = []
  for (const limit of ['requests', 'tokens']) {
    if (headerValue(meta, `x-ratelimit-remaining-${limit}`)?.trim() !== '0') continue
    const reset = headerValue(meta, `x-ratelimit-reset-${limit}`)
    const wait = reset === undefined ? undefined : within(durationMs(reset))
    if (wait !== undefined) waits.push(wait)
  }
  for (const limit of ['requests', 'tokens', 'input-tokens', 'output-tokens']) {
    if (headerValue(meta, `anthropic-ratelimit-${limit}-remaining`)?.trim() !== '0') continue
    const reset = headerValue(meta, `anthropic-ratelimit-${limit}-reset`)
    const wait = reset === undefined ? undefined : within(secondsOrDateMs(reset, now))
    if (wait !== undefined) waits.push(wait)
  }
  // Every exhausted limit must reset before a request gets through.
  return waits.length > 0 ? Math.max(...waits) : undefined
}
