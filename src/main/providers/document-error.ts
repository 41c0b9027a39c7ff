import { providerError, type ProviderError } from '../../shared/provider-error'
import { classifyProviderError } from './classify-provider-error'
import { rateLimitWaitMs, requestIdFromHeaders, retryAfterMs, type HttpResponseMeta } from './http-response-meta'
import { asArray, asNumber, asObject, asString } from './wire-access'

/**
 * Reads the error document shapes the APIs and compatible servers use:
 * OpenAI `{error:{message,type,code,param}}` (Ollama and LM Studio's `/v1` too), Anthropic
 * `{type:"error",error:{type,message},request_id}`, Google `{error:{code,message,status,details:[{reason}|{retryDelay}]}}`,
 * Interactions `{error:{code,message}}`, OpenRouter `{error:{code,message,metadata}}`, Ollama's
 * native `{error:"model \"x\" not found, try pulling it first"}`, vLLM `{object:"error",message,type,code}`
 * and FastAPI `{detail:"…"}`.
 * A document without any error (e.g. a proxy answering a stream request with a whole JSON reply)
 * is a `malformed` error on a 2xx response: Keel asked for a stream and never got one.
 */
export function errorFromDocument(label: string, document: unknown, meta: HttpResponseMeta | undefined): ProviderError {
  const status = meta?.status
  const httpOk = status === undefined || (status >= 200 && status < 300)
  const root = asObject(document)
  const error = asObject(root?.error) ?? (Array.isArray(document) ? asObject(asObject(document[0])?.error) : undefined)
  const requestId = asString(root?.request_id) ?? requestIdFromHeaders(meta)
  if (!error) {
    // A sentence without an error object: Ollama's `{error: "…"}`, vLLM's `{object:"error", message}`, FastAPI's `{detail}`.
    const sentence =
      asString(root?.error) ?? (root?.object === 'error' ? asString(root.message) : undefined) ?? asString(root?.detail)
    if (httpOk && sentence === undefined) {
      return providerError({
        kind: 'malformed',
        message: `The ${label} response was a JSON document, not a stream`,
        retryable: false,
        status,
        requestId,
      })
    }
    return classifyProviderError({
      status: httpOk ? undefined : status,
      codes: [asString(root?.type), asString(root?.code)],
      message: sentence ?? `${label} answered HTTP ${status}`,
      messageFromProvider: sentence !== undefined,
      retryAfterMs: retryAfterMs(meta),
      waitMs: rateLimitWaitMs(meta),
      requestId,
    })
  }
  const details = (asArray(error.details) ?? []).map((d) => asObject(d))
  const reasons = details.map((d) => asString(d?.reason))
  const numericCode = asNumber(error.code)
  return classifyProviderError({
    // Google puts the HTTP status in `error.code`; a 200 error document takes it from there.
    status: httpOk ? numericCode : status,
    codes: [asString(error.code), asString(error.type), asString(error.status), ...reasons],
    message: asString(error.message),
    retryAfterMs: retryAfterMs(meta),
    waitMs: rateLimitWaitMs(meta) ?? googleRetryDelayMs(details),
    requestId,
  })
}

/** Google's `google.rpc.RetryInfo` detail: `{"@type": "…RetryInfo", "retryDelay": "37s"}`. */
function googleRetryDelayMs(details: (Record<string, unknown> | undefined)[]): number | undefined {
  for (const detail of details) {
    const delay = asString(detail?.retryDelay)
    const match = delay ? /^(\d+(?:\.\d+)?)s$/.exec(delay.trim()) : null
    if (match) return Math.round(Number(match[1]) * 1000)
  }
  return undefined
}

/** An error reported inside a stream (status 200 already sent). */
export function errorFromStreamPayload(
  error: Record<string, unknown> | undefined,
  fallbackMessage: string,
): ProviderError {
  const said = asString(error?.message)
  return classifyProviderError({
    status: asNumber(error?.code),
    codes: [asString(error?.code), asString(error?.type), asString(error?.status)],
    message: said ?? fallbackMessage,
    messageFromProvider: said !== undefined,
  })
}
