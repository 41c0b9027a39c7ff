// providerError: the errors Keel names itself carry every field, the HTTP facts undefined unless
// given (what diagnostics and stored rows read is then the same shape as a classified error's).
import { describe, expect, it } from 'vitest'
import { providerError } from '../../src/shared/provider-error'

describe('providerError', () => {
  it('fills every field, the HTTP facts undefined', () => {
    const error = providerError({ kind: 'network', message: 'reset', retryable: true })
    expect(Object.keys(error)).toEqual(['kind', 'message', 'retryable', 'status', 'code', 'retryAfterMs', 'requestId'])
    expect(error).toStrictEqual({
      kind: 'network',
      message: 'reset',
      retryable: true,
      status: undefined,
      code: undefined,
      retryAfterMs: undefined,
      requestId: undefined,
    })
  })

  it('keeps a status, code and request id when given', () => {
    expect(
      providerError({ kind: 'malformed', message: 'm', retryable: false, status: 200, code: 'c', requestId: 'req_1' }),
    ).toMatchObject({ status: 200, code: 'c', requestId: 'req_1', retryAfterMs: undefined })
  })
})
