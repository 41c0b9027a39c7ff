import type { ProviderError } from '../../shared/provider-error'
import { classifyProviderError } from './classify-provider-error'
import { requestIdFromHeaders, retryAfterMs, type HttpResponseMeta } from './http-response-meta'
import { asArray, asNumber, asObject, asString } from './wire-access'

/**
 * Reads the error document shapes all five APIs use:
 * OpenAI `{error:{message,type,code,param}}`, Anthropic `{type:"error",error:{type,message},request_id}`,
 * Google `{error:{code,message,status,details:[{reason}]}}`, Interactions `{error:{code,message}}`.
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
    if (httpOk) {
      return {
        kind: 'malformed',
        message: `The ${label} response was a JSON document, not a stream`,
        retryable: false,
        status,
        code: undefined,
        retryAfterMs: undefined,
        requestId,
      }
    }
    return classifyProviderError({
      status,
      codes: [],
      message: `${label} answered HTTP ${status}`,
      retryAfterMs: retryAfterMs(meta),
      requestId,
    })
  }
  const reasons = (asArray(error.details) ?? []).map((d) => asString(asObject(d)?.reason))
  const numericCode = asNumber(error.code)
  return classifyProviderError({
    // Google puts the HTTP status in `error.code`; a 200 error document takes it from there.
    status: httpOk ? numericCode : status,
    codes: [asString(error.code), asString(error.type), asString(error.status), ...reasons],
    message: asString(error.message),
    retryAfterMs: retryAfterMs(meta),
    requestId,
  })
}

/** An error reported inside a stream (status 200 already sent). */
export function errorFromStreamPayload(
  error: Record<string, unknown> | undefined,
  fallbackMessage: string,
): ProviderError {
  return classifyProviderError({
    status: asNumber(error?.code),
    codes: [asString(error?.code), asString(error?.type), asString(error?.status)],
    message: asString(error?.message) ?? fallbackMessage,
  })
}
