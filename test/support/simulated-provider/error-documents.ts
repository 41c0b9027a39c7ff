import type { ProviderId } from '../../../src/shared/provider-id'
import type { InStreamErrorKind } from './types'

/** The HTTP status each provider uses for an in-stream error kind (Anthropic overload is 529). */
export function statusForKind(provider: ProviderId, kind: InStreamErrorKind): number {
  switch (kind) {
    case 'overloaded':
      return provider === 'anthropic' ? 529 : 503
    case 'rate-limit':
      return 429
    case 'server':
      return 500
  }
}

/** OpenAI's `error` object (`{message, type, param, code}`), the same in bodies and in streams. */
export function openAIErrorObject(status: number): Record<string, unknown> {
  const [type, code, message] = ((): [string, string | null, string] => {
    switch (status) {
      case 400:
        return ['invalid_request_error', null, 'Invalid request.']
      case 401:
        return [
          'invalid_request_error',
          'invalid_api_key',
          'Incorrect API key provided: sk-sim***. You can find your API key at https://platform.openai.com/account/api-keys.',
        ]
      case 403:
        return ['invalid_request_error', 'permission_denied', 'You are not allowed to use this model.']
      case 404:
        return ['invalid_request_error', 'model_not_found', 'The model does not exist or you do not have access to it.']
      case 408:
      case 504:
        return ['timeout', null, 'Request timed out.']
      case 429:
        return ['requests', 'rate_limit_exceeded', 'Rate limit reached for requests. Please try again in 1s.']
      case 503:
      case 529:
        return ['server_error', 'server_is_overloaded', 'The server is overloaded or not ready yet.']
      default:
        return status >= 500
          ? ['server_error', null, 'The server had an error while processing your request. Sorry about that!']
          : ['invalid_request_error', null, `Request failed with status ${status}.`]
    }
  })()
  return { message, type, param: null, code }
}

/** Anthropic's `error` object (`{type, message}`). */
export function anthropicErrorObject(status: number): Record<string, unknown> {
  const [type, message] = ((): [string, string] => {
    switch (status) {
      case 400:
        return ['invalid_request_error', 'Invalid request.']
      case 401:
        return ['authentication_error', 'invalid x-api-key']
      case 403:
        return ['permission_error', 'Your API key does not have permission to use the specified resource.']
      case 404:
        return ['not_found_error', 'The requested resource could not be found.']
      case 413:
        return ['request_too_large', 'Request exceeds the maximum allowed number of bytes.']
      case 429:
        return ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.']
      case 503:
      case 529:
        return ['overloaded_error', 'Overloaded']
      case 504:
        return ['timeout_error', 'Request timed out.']
      default:
        return status >= 500
          ? ['api_error', 'Internal server error']
          : ['invalid_request_error', `Request failed with status ${status}.`]
    }
  })()
  return { type, message }
}

/** Google's `error` object (`{code, message, status}`), for Gemini and Interactions. */
export function googleErrorObject(status: number): { code: number; message: string; status: string } {
  const [statusName, message] = ((): [string, string] => {
    switch (status) {
      case 400:
        return ['INVALID_ARGUMENT', 'Request contains an invalid argument.']
      case 401:
        return ['UNAUTHENTICATED', 'Request had invalid authentication credentials.']
      case 403:
        return ['PERMISSION_DENIED', 'The caller does not have permission.']
      case 404:
        return ['NOT_FOUND', 'models/unknown is not found for API version v1beta.']
      case 429:
        return ['RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).']
      case 503:
      case 529:
        return ['UNAVAILABLE', 'The model is overloaded. Please try again later.']
      case 504:
        return ['DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.']
      default:
        return status >= 500
          ? [
              'INTERNAL',
              'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
            ]
          : ['FAILED_PRECONDITION', `Request failed with status ${status}.`]
    }
  })()
  return { code: status === 529 ? 503 : status, message, status: statusName }
}

export interface HttpErrorResponse {
  headers: Record<string, string>
  body: string
}

export interface HttpErrorContext {
  provider: ProviderId
  /** Gemini: the JSON-array route (no `alt=sse`) labels errors as JSON; the SSE route as an event stream. */
  jsonArray: boolean
  requestId: string
}

/** The provider's real error document and headers for a non-2xx answer. */
export function defaultHttpError(status: number, context: HttpErrorContext): HttpErrorResponse {
  const retry: Record<string, string> = status === 429 ? { 'retry-after': '1' } : {}
  switch (context.provider) {
    case 'openai-responses':
    case 'openai-chat':
      return {
        headers: { 'content-type': 'application/json', 'x-request-id': context.requestId, ...retry },
        body: `${JSON.stringify({ error: openAIErrorObject(status) }, null, 4)}\n`,
      }
    case 'anthropic':
      return {
        headers: {
          'content-type': 'application/json',
          'request-id': context.requestId,
          ...(status === 429 || status >= 500 ? { 'x-should-retry': 'true' } : undefined),
          ...retry,
        },
        body: JSON.stringify({ type: 'error', error: anthropicErrorObject(status), request_id: context.requestId }),
      }
    case 'gemini':
    case 'gemini-interactions': {
      // Gemini keeps `text/event-stream` on errors of the `alt=sse` route (see the fixtures).
      const sse = context.provider === 'gemini' && !context.jsonArray
      return {
        headers: { 'content-type': sse ? 'text/event-stream' : 'application/json; charset=UTF-8' },
        body: `${JSON.stringify({ error: googleErrorObject(status) }, null, 2)}\n`,
      }
    }
  }
}
