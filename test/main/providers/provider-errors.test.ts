// Error classification (kind, retry verdict), Retry-After parsing and request ids.
import { describe, expect, it } from 'vitest'
import { classifyProviderError } from '../../../src/main/providers/classify-provider-error'
import { MAX_RETRY_AFTER_MS, requestIdFromHeaders, retryAfterMs } from '../../../src/main/providers/http-response-meta'
import { parseWhole } from '../../helpers/parse-helpers'

describe('classifyProviderError', () => {
  it.each([
    [429, ['rate_limit_exceeded'], 'rate-limit', true],
    [429, ['insufficient_quota'], 'quota-exceeded', false], // OpenAI quota: 429 but never transient
    [529, ['overloaded_error'], 'overloaded', true],
    [undefined, ['overloaded_error'], 'overloaded', true], // Anthropic in-stream
    [503, ['UNAVAILABLE'], 'overloaded', true],
    [500, ['api_error'], 'server', true],
    [502, [], 'server', true],
    [408, [], 'timeout', true],
    [409, [], 'provider', true],
    [401, ['invalid_api_key'], 'authentication', false],
    [400, ['INVALID_ARGUMENT', 'API_KEY_INVALID'], 'authentication', false], // Gemini's bad key
    [400, ['invalid_request_error'], 'invalid-request', false],
    [404, [], 'invalid-request', false],
    [undefined, ['something_new'], 'provider', false],
  ] as const)('HTTP %s %j → %s (retryable %s)', (status, codes, kind, retryable) => {
    const error = classifyProviderError({ status, codes: [...codes], message: 'm' })
    expect({ kind: error.kind, retryable: error.retryable, status: error.status }).toEqual({ kind, retryable, status })
  })
})

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-30T10:00:00Z')
  it.each([
    [{ 'retry-after-ms': '1500' }, 1500],
    [{ 'retry-after-ms': '1500', 'retry-after': '9' }, 1500],
    [{ 'Retry-After': '7' }, 7000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after': 'Mon, 30 Nov 2026 10:00:30 GMT' }, 30_000],
    [{ 'retry-after': 'Mon, 30 Nov 2026 09:59:00 GMT' }, 0],
    [{ 'retry-after': '3600' }, undefined], // absurd waits are ignored, not obeyed
    [{ 'retry-after': 'soon' }, undefined],
    [{ 'retry-after-ms': '-5' }, undefined],
    [{}, undefined],
  ])('%j → %s', (headers, expected) => {
    expect(retryAfterMs({ status: 429, headers }, now)).toBe(expected)
  })

  it('caps at a minute', () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000)
  })

  it('reads a Headers object case-insensitively', () => {
    expect(retryAfterMs({ status: 429, headers: new Headers({ 'Retry-After': '2' }) })).toBe(2000)
    expect(requestIdFromHeaders({ status: 500, headers: new Headers({ 'X-Request-Id': 'req_1' }) })).toBe('req_1')
  })
})

describe('HTTP error bodies through the parser', () => {
  it('carries status, Retry-After and request id', () => {
    const { result } = parseWhole(
      'openai-chat',
      '{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}',
      { response: { status: 429, headers: { 'retry-after': '7', 'x-request-id': 'req_abc' } } },
    )
    expect(result.error).toEqual({
      kind: 'rate-limit',
      message: 'Rate limit reached',
      retryable: true,
      status: 429,
      code: 'rate_limit_exceeded',
      retryAfterMs: 7000,
      requestId: 'req_abc',
      waitMs: 7000,
      providerMessage: 'Rate limit reached',
    })
    expect(result.finishReason).toBe('error')
  })

  it('takes Anthropic request_id from the body', () => {
    const { result } = parseWhole(
      'anthropic',
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"},"request_id":"req_01"}',
      { response: { status: 529 } },
    )
    expect(result.error).toMatchObject({ kind: 'overloaded', retryable: true, status: 529, requestId: 'req_01' })
  })

  it('a non-JSON error body (proxy HTML) is still a typed error with the status', () => {
    const { result } = parseWhole('anthropic', '<html>Bad Gateway</html>', { response: { status: 502 } })
    expect(result.error).toMatchObject({ kind: 'server', retryable: true, status: 502 })
  })

  it('an empty 503 body is a retryable overload', () => {
    const { result } = parseWhole('gemini', '', { response: { status: 503 } })
    expect(result.error).toMatchObject({ kind: 'overloaded', retryable: true, status: 503 })
  })

  it('a whole JSON reply on 200 where a stream was asked for is malformed, not an empty success', () => {
    const { result } = parseWhole('openai-chat', '{"id":"chatcmpl-1","choices":[{"message":{"content":"hi"}}]}')
    expect(result.error).toMatchObject({ kind: 'malformed', retryable: false })
    expect(result.complete).toBe(false)
  })

  it('a Google error document served with 200 takes its status from error.code', () => {
    const { result } = parseWhole(
      'gemini',
      '{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}}',
    )
    expect(result.error).toMatchObject({ kind: 'rate-limit', retryable: true, status: 429 })
  })
})

describe('a body whose reading fails midway', () => {
  it('ends the parse with a typed network error instead of rejecting', async () => {
    const { parseStreamBody } = await import('../../../src/main/providers/stream-parser')
    async function* dropped() {
      yield new TextEncoder().encode(
        'event: message_start\ndata: {"type":"message_start","message":{"id":"m","usage":{"input_tokens":3}}}\n\n',
      )
      yield new TextEncoder().encode(
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Hel"}}\n\n',
      )
      throw new TypeError('terminated')
    }
    const { result, events } = await parseStreamBody('anthropic', dropped())
    expect(result).toMatchObject({
      complete: false,
      truncated: true,
      text: 'Hel',
      error: { kind: 'network', retryable: true },
    })
    expect(events.at(-1)?.type).toBe('finish')
    expect(events.filter((e) => e.type === 'error')).toHaveLength(1)
  })
})
