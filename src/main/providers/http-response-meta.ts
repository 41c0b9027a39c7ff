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
