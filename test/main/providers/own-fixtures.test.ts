// Keel's own constructed fixture streams (test/fixtures/<provider>/) for the five wire APIs: full turn results, event order, read-split invariance.
import { fileURLToPath } from 'node:url'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { HttpResponseMeta } from '../../../src/main/providers/http-response-meta'
import { isExecutableTurn } from '../../../src/main/providers/turn-verdict'
import type { FinishReason } from '../../../src/shared/finish-reason'
import type { ProviderErrorKind } from '../../../src/shared/provider-error'
import type { ProviderId } from '../../../src/shared/provider-id'
import type { StreamEvent } from '../../../src/shared/stream-events'
import type { ReplayItem, TurnResult } from '../../../src/shared/turn-result'
import type { Usage } from '../../../src/shared/usage'
import { coalesceEvents, parseInReads, readBytes, type ParsedBody } from '../../helpers/parse-helpers'

const FIXTURES = fileURLToPath(new URL('../../fixtures/', import.meta.url))

// ------------------------------------------------------------------------------------------------
// Expectation builders

/** An asymmetric matcher (vitest recognises any object with `asymmetricMatch`). */
function matcher(description: string, test: (actual: unknown) => boolean): unknown {
  return {
    asymmetricMatch: test,
    toString: () => description,
    toAsymmetricMatcher: () => description,
  }
}

/** Any value at all, `undefined` included (for a field checked by a separate test). */
const ANY_VALUE = matcher('AnyValue', () => true)

/** A string that is JSON for exactly `value` (Gemini sends objects: the serialization is ours). */
function jsonOf(value: unknown): unknown {
  return matcher(`JsonOf<${JSON.stringify(value)}>`, (actual) => {
    if (typeof actual !== 'string') return false
    try {
      return isDeepStrictEqual(JSON.parse(actual), value)
    } catch {
      return false
    }
  })
}

/** A non-empty locally generated call id. */
const LOCAL_ID = matcher('LocalCallId', (actual) => typeof actual === 'string' && actual.trim().length > 0)

type Args = Record<string, unknown>

/** A call with a provider id, its argument text exactly as streamed, parsed when it is one JSON object. */
function call(callId: string, name: string, argumentsText: string, args: Args | undefined, closed = true) {
  return { callId, callIdIsLocal: false, name, argumentsText, arguments: args, closed }
}

/** A Gemini call: arguments arrive as an object, so the text is any JSON serialization of it. */
function geminiCall(callId: string | undefined, name: string, args: Args) {
  return {
    callId: callId ?? LOCAL_ID,
    callIdIsLocal: callId === undefined,
    name,
    argumentsText: jsonOf(args),
    arguments: args,
    closed: true,
  }
}

function usage(
  inputTokens: number | undefined,
  outputTokens: number | undefined,
  reasoningTokens?: number,
  cachedInputTokens?: number,
): Usage {
  return { inputTokens, outputTokens, reasoningTokens, cachedInputTokens }
}

const NO_USAGE: Usage = usage(undefined, undefined)

interface ErrorSpec {
  kind: ProviderErrorKind
  retryable: boolean
  status?: number
  code?: string
  retryAfterMs?: number
  requestId?: string
  /** Text the message must contain (the provider's own words when it gave some). */
  message?: string
}

function providerError(spec: ErrorSpec) {
  return {
    kind: spec.kind,
    message: spec.message === undefined ? expect.stringMatching(/\S/) : expect.stringContaining(spec.message),
    retryable: spec.retryable,
    status: spec.status,
    code: spec.code,
    retryAfterMs: spec.retryAfterMs,
    requestId: spec.requestId,
  }
}

/** Google's rule: a stream cut before its end signal is reported as a `truncated` error. */
const GOOGLE_TRUNCATED = providerError({ kind: 'truncated', retryable: true })

interface Expected {
  complete: boolean
  truncated: boolean
  executable: boolean
  finishReason: FinishReason | null
  rawFinishReason: string | null
  text: string
  reasoning?: string
  toolCalls: unknown[]
  usage: Usage
  error: unknown
  /** Defaults to []; a function when it depends on generated call ids. */
  replay?: ReplayItem[] | ((result: TurnResult) => ReplayItem[])
  responseId: string | undefined
  model: string | undefined
}

/** An HTTP error: there never was a stream. */
function httpError(error: unknown): Expected {
  return {
    complete: false,
    truncated: false,
    executable: false,
    finishReason: 'error',
    rawFinishReason: null,
    text: '',
    toolCalls: [],
    usage: NO_USAGE,
    error,
    responseId: undefined,
    model: undefined,
  }
}

interface FixtureCase {
  file: string
  what: string
  response?: HttpResponseMeta
  expected: Expected
}

// ------------------------------------------------------------------------------------------------
// Running and checking

function fixtureBytes(provider: ProviderId, file: string): Uint8Array {
  return readBytes(`${FIXTURES}${provider}/${file}`)
}

function parseFixture(provider: ProviderId, fixture: FixtureCase, splits: readonly number[] = []): ParsedBody {
  return parseInReads(provider, fixtureBytes(provider, fixture.file), splits, { response: fixture.response })
}

function everyOffset(length: number): number[] {
  return Array.from({ length: Math.max(0, length - 1) }, (_, i) => i + 1)
}

function expectResult(result: TurnResult, expected: Expected): void {
  const replay = typeof expected.replay === 'function' ? expected.replay(result) : (expected.replay ?? [])
  expect({
    complete: result.complete,
    truncated: result.truncated,
    executable: isExecutableTurn(result),
    finishReason: result.finishReason,
    rawFinishReason: result.rawFinishReason,
    text: result.text,
    reasoning: result.reasoning,
    toolCalls: result.toolCalls,
    usage: result.usage,
    error: result.error,
    replay: result.replay,
    responseId: result.responseId,
    model: result.model,
  }).toStrictEqual({
    complete: expected.complete,
    truncated: expected.truncated,
    executable: expected.executable,
    finishReason: expected.finishReason,
    rawFinishReason: expected.rawFinishReason,
    text: expected.text,
    reasoning: expected.reasoning ?? '',
    toolCalls: expected.toolCalls,
    usage: expected.usage,
    error: expected.error,
    replay,
    responseId: expected.responseId,
    model: expected.model,
  })
  // Calls are told apart by id, never merged by name or position.
  const ids = result.toolCalls.map((c) => c.callId)
  expect(new Set(ids).size).toBe(ids.length)
}

/** What every event list must satisfy, whatever the fixture: it must agree with the result. */
function expectEventsConsistent(provider: ProviderId, { events, result }: ParsedBody): void {
  const finishes = events.filter((e) => e.type === 'finish')
  expect(finishes).toHaveLength(1)
  expect(events[events.length - 1]).toStrictEqual({
    type: 'finish',
    finishReason: result.finishReason,
    rawFinishReason: result.rawFinishReason,
    usage: result.usage,
    complete: result.complete,
    truncated: result.truncated,
  })
  const joined = (type: 'text-delta' | 'reasoning-delta') =>
    events.flatMap((e) => (e.type === type ? [e.delta] : [])).join('')
  expect(joined('text-delta')).toBe(result.text)
  expect(joined('reasoning-delta')).toBe(result.reasoning)
  const errors = events.flatMap((e) => (e.type === 'error' ? [e.error] : []))
  expect(errors).toStrictEqual(result.error ? [result.error] : [])

  const starts = events.flatMap((e) => (e.type === 'tool-call-start' ? [{ callId: e.callId, name: e.name }] : []))
  expect(starts).toStrictEqual(result.toolCalls.map((c) => ({ callId: c.callId, name: c.name })))
  for (const toolCall of result.toolCalls) {
    const indexOf = (e: StreamEvent) => ('callId' in e && e.callId === toolCall.callId ? e.type : undefined)
    const own = events.map(indexOf)
    const start = own.indexOf('tool-call-start')
    const end = own.indexOf('tool-call-end')
    const deltaPositions = own.flatMap((type, i) => (type === 'tool-call-delta' ? [i] : []))
    expect(own.filter((t) => t === 'tool-call-end')).toHaveLength(toolCall.closed ? 1 : 0)
    for (const position of deltaPositions) {
      expect(position).toBeGreaterThan(start)
      if (end >= 0) expect(position).toBeLessThan(end)
    }
    if (end >= 0) expect(end).toBeLessThan(events.length - 1)
    const streamed = events
      .flatMap((e) => (e.type === 'tool-call-delta' && e.callId === toolCall.callId ? [e.delta] : []))
      .join('')
    if (provider === 'anthropic' && streamed === '' && toolCall.argumentsText === '{}') continue // `""` means `{}`
    expect(streamed).toBe(toolCall.argumentsText)
  }
}

/** Registers, for each fixture: its full result, its event invariants, and 1-byte reads giving the same output. */
function describeFixtures(provider: ProviderId, fixtures: FixtureCase[]): void {
  for (const fixture of fixtures) {
    describe(fixture.file, () => {
      it(`${fixture.what}: full result`, () => {
        const parsed = parseFixture(provider, fixture)
        expectResult(parsed.result, fixture.expected)
        expectEventsConsistent(provider, parsed)
      })
      it('gives the same events and result when read 1 byte at a time', () => {
        const whole = parseFixture(provider, fixture)
        const bytes = fixtureBytes(provider, fixture.file)
        const split = parseFixture(provider, fixture, everyOffset(bytes.length))
        expect(coalesceEvents(split.events)).toStrictEqual(coalesceEvents(whole.events))
        expect(split.result).toStrictEqual(whole.result)
      })
    })
  }
}

/** Two reads, split at every offset (the cut may land anywhere: inside `data:`, a CRLF, a UTF-8 sequence). */
function expectSameAtEverySplit(provider: ProviderId, fixture: FixtureCase): void {
  const whole = parseFixture(provider, fixture)
  const expectedEvents = coalesceEvents(whole.events)
  const bytes = fixtureBytes(provider, fixture.file)
  for (const offset of everyOffset(bytes.length)) {
    const split = parseFixture(provider, fixture, [offset])
    expect(coalesceEvents(split.events), `split at byte ${offset}`).toStrictEqual(expectedEvents)
    expect(split.result, `split at byte ${offset}`).toStrictEqual(whole.result)
  }
}

function byFile(fixtures: FixtureCase[], file: string): FixtureCase {
  const found = fixtures.find((f) => f.file === file)
  if (!found) throw new Error(`no fixture case ${file}`)
  return found
}

function finishEvent(finishReason: FinishReason | null, rawFinishReason: string | null, u: Usage, complete: boolean, truncated: boolean): StreamEvent {
  return { type: 'finish', finishReason, rawFinishReason, usage: u, complete, truncated }
}

// ------------------------------------------------------------------------------------------------
// OpenAI Responses

const RESPONSES_MODEL = 'gpt-4.1-mini-2025-04-14'

const responsesFixtures: FixtureCase[] = [
  {
    file: 'text-plain.sse',
    what: 'plain text (multi-byte characters), no call, no [DONE] (terminal response.completed only)',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'completed',
      text: 'Ships float — because of buoyancy ⚓.',
      toolCalls: [],
      usage: usage(14, 6, 0, 0),
      error: undefined,
      responseId: 'resp_keel_text_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'tool-call-single.sse',
    what: 'one call, arguments in nine deltas keyed by item id fc_…, callId is call_id call_…',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'completed',
      text: '',
      toolCalls: [
        call('call_keel_single_01', 'get_forecast', '{"city":"Oslo","unit":"celsius","days":3}', {
          city: 'Oslo',
          unit: 'celsius',
          days: 3,
        }),
      ],
      usage: usage(52, 23, 0, 0),
      error: undefined,
      responseId: 'resp_keel_single_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'tool-calls-parallel.sse',
    what: 'two function_call items (output_index 0 and 1) to the same function',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'completed',
      text: '',
      toolCalls: [
        call('call_keel_par_0', 'get_weather', '{"city":"Paris"}', { city: 'Paris' }),
        call('call_keel_par_1', 'get_weather', '{"city":"東京"}', { city: '東京' }),
      ],
      usage: usage(61, 40, 0, 32),
      error: undefined,
      responseId: 'resp_keel_parallel_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'tool-calls-interleaved.sse',
    what: 'two calls whose argument deltas alternate: joined by item_id only',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'completed',
      text: '',
      toolCalls: [
        call('call_keel_il_a', 'read_file', '{"path":"a.txt"}', { path: 'a.txt' }),
        call('call_keel_il_b', 'read_file', '{"path":"b.txt"}', { path: 'b.txt' }),
      ],
      usage: usage(40, 30, 0, 0),
      error: undefined,
      responseId: 'resp_keel_interleaved_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'reasoning-summary-then-tool-call.sse',
    what: 'reasoning item (encrypted content, streamed summary) then one call',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'completed',
      text: '',
      reasoning: '**Planning the lookup**\n\nI should check the calendar first.',
      toolCalls: [call('call_keel_reasoning_01', 'list_events', '{"date":"2026-01-05"}', { date: '2026-01-05' })],
      usage: usage(88, 150, 128, 64),
      error: undefined,
      replay: [
        {
          type: 'openai-reasoning',
          itemId: 'rs_keel_reasoning_01',
          encryptedContent: 'gAAAAABkeel-encrypted-reasoning-blob-0001==',
          summary: ['**Planning the lookup**\n\nI should check the calendar first.'],
        },
      ],
      responseId: 'resp_keel_reasoning_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'truncated-max-output-tokens.sse',
    what: 'text cut by max_output_tokens (response.incomplete)',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'max_output_tokens',
      text: 'The three laws of motion are: first, an',
      toolCalls: [],
      usage: usage(30, 16, 0, 0),
      error: undefined,
      responseId: 'resp_keel_incomplete_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'tool-call-truncated-max-output-tokens.sse',
    what: 'max_output_tokens inside a call: the call never got its done events',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'max_output_tokens',
      text: '',
      toolCalls: [
        call('call_keel_incomplete_02', 'write_file', '{"path":"/tmp/report.md","content":"# Report\\n\\nSales grew', undefined, false),
      ],
      usage: usage(45, 20, 0, 0),
      error: undefined,
      responseId: 'resp_keel_incomplete_02',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'cut-mid-arguments.sse',
    what: 'body ends inside an argument delta, no terminal event',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: null,
      rawFinishReason: null,
      text: '',
      toolCalls: [call('call_keel_cut_01', 'search_web', '{"query":"keel boat ', undefined, false)],
      usage: NO_USAGE,
      error: undefined,
      responseId: 'resp_keel_cut_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'error-nested-then-failed.sse',
    what: 'live nested `error` event after some text, then response.failed',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'error',
      rawFinishReason: 'failed',
      text: 'Partial ',
      toolCalls: [],
      usage: NO_USAGE,
      error: providerError({
        kind: 'server',
        retryable: true,
        code: 'server_error',
        message: 'The server had an error while processing your request.',
      }),
      responseId: 'resp_keel_failed_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'error-nested-no-terminal.sse',
    what: 'nested `error` event with code null (type insufficient_quota), then the connection closes',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: 'error',
      rawFinishReason: null,
      text: '',
      toolCalls: [],
      usage: NO_USAGE,
      error: providerError({
        kind: 'quota-exceeded',
        retryable: false,
        code: 'insufficient_quota',
        message: 'You exceeded your current quota',
      }),
      responseId: 'resp_keel_quota_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'error-flat.sse',
    what: 'documented flat `error` event ({code, message}), then the connection closes',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: 'error',
      rawFinishReason: null,
      text: '',
      toolCalls: [],
      usage: NO_USAGE,
      error: providerError({
        kind: 'rate-limit',
        retryable: true,
        code: 'rate_limit_exceeded',
        message: 'Rate limit reached for requests per minute',
      }),
      responseId: 'resp_keel_flat_01',
      model: RESPONSES_MODEL,
    },
  },
  {
    file: 'http-429-rate-limit.json',
    what: 'HTTP 429 rate limit: retry-after-ms wins over Retry-After, x-request-id kept',
    response: { status: 429, headers: { 'retry-after-ms': '1400', 'retry-after': '2', 'x-request-id': 'req_keel_rl_01' } },
    expected: httpError(
      providerError({
        kind: 'rate-limit',
        retryable: true,
        status: 429,
        code: 'rate_limit_exceeded',
        retryAfterMs: 1400,
        requestId: 'req_keel_rl_01',
        message: 'Rate limit reached for gpt-4.1-mini',
      }),
    ),
  },
  {
    file: 'http-429-insufficient-quota.json',
    what: 'HTTP 429 insufficient_quota: out of credit, not transient',
    response: { status: 429, headers: { 'x-request-id': 'req_keel_quota_01' } },
    expected: httpError(
      providerError({
        kind: 'quota-exceeded',
        retryable: false,
        status: 429,
        code: 'insufficient_quota',
        requestId: 'req_keel_quota_01',
        message: 'You exceeded your current quota',
      }),
    ),
  },
]

describe('openai-responses own fixtures', () => {
  describeFixtures('openai-responses', responsesFixtures)

  it('tool-calls-parallel.sse: events in order, ids are call_id (not the fc_ item id), finish last', () => {
    const { events } = parseFixture('openai-responses', byFile(responsesFixtures, 'tool-calls-parallel.sse'))
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'tool-call-start', callId: 'call_keel_par_0', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'call_keel_par_0', delta: '{"city":"Paris"}' },
      { type: 'tool-call-end', callId: 'call_keel_par_0' },
      { type: 'tool-call-start', callId: 'call_keel_par_1', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'call_keel_par_1', delta: '{"city":"東京"}' },
      { type: 'tool-call-end', callId: 'call_keel_par_1' },
      finishEvent('tool-calls', 'completed', usage(61, 40, 0, 32), true, false),
    ])
  })

  it('tool-calls-interleaved.sse: each delta goes to the call its item_id names', () => {
    const { events } = parseFixture('openai-responses', byFile(responsesFixtures, 'tool-calls-interleaved.sse'))
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'tool-call-start', callId: 'call_keel_il_a', name: 'read_file' },
      { type: 'tool-call-start', callId: 'call_keel_il_b', name: 'read_file' },
      { type: 'tool-call-delta', callId: 'call_keel_il_a', delta: '{"path":' },
      { type: 'tool-call-delta', callId: 'call_keel_il_b', delta: '{"path":"b.txt"}' },
      { type: 'tool-call-delta', callId: 'call_keel_il_a', delta: '"a.txt"}' },
      { type: 'tool-call-end', callId: 'call_keel_il_a' },
      { type: 'tool-call-end', callId: 'call_keel_il_b' },
      finishEvent('tool-calls', 'completed', usage(40, 30, 0, 0), true, false),
    ])
  })

  it('cut-mid-arguments.sse: same output however the body is split in two reads', () => {
    expectSameAtEverySplit('openai-responses', byFile(responsesFixtures, 'cut-mid-arguments.sse'))
  })
})

// ------------------------------------------------------------------------------------------------
// OpenAI Chat Completions

const CHAT_MODEL = 'gpt-4o-mini-2024-07-18'

const chatFixtures: FixtureCase[] = [
  {
    file: 'text-plain.sse',
    what: 'plain text; finish_reason in its own empty-delta chunk; usage chunk with choices []',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'stop',
      text: 'The answer is 42 ✓.',
      toolCalls: [],
      usage: usage(11, 5, 0, 0),
      error: undefined,
      responseId: 'chatcmpl-keelText01',
      model: CHAT_MODEL,
    },
  },
  {
    file: 'tool-call-single.sse',
    what: 'one call; fragments after the first carry only index',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_calls',
      text: '',
      toolCalls: [
        call('call_keelChatSingle01', 'search_docs', '{"query":"vitest fake timers","limit":5}', {
          query: 'vitest fake timers',
          limit: 5,
        }),
      ],
      usage: usage(80, 24, 0, 0),
      error: undefined,
      responseId: 'chatcmpl-keelTool01',
      model: CHAT_MODEL,
    },
  },
  {
    file: 'tool-calls-parallel.sse',
    what: 'two calls at index 0 and 1, fragments joined by index',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_calls',
      text: '',
      toolCalls: [
        call('call_keelChatParA', 'get_weather', '{"city": "München"}', { city: 'München' }),
        call('call_keelChatParB', 'get_time', '{"timezone": "Asia/Tokyo"}', { timezone: 'Asia/Tokyo' }),
      ],
      usage: usage(95, 51, 0, 64),
      error: undefined,
      responseId: 'chatcmpl-keelPar01',
      model: CHAT_MODEL,
    },
  },
  {
    file: 'reasoning-content.sse',
    what: 'compatible server streaming delta.reasoning_content before the answer',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'stop',
      text: '2 + 2 = 4.',
      reasoning: 'The user asks for 2+2. That is 4.',
      toolCalls: [],
      usage: usage(12, 40, 31, 0),
      error: undefined,
      responseId: 'keel-ds-0001',
      model: 'deepseek-reasoner',
    },
  },
  {
    file: 'truncated-length.sse',
    what: 'text cut by finish_reason length',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'length',
      text: 'Once upon a time, in a harbour',
      toolCalls: [],
      usage: usage(9, 8, 0, 0),
      error: undefined,
      responseId: 'chatcmpl-keelLen01',
      model: CHAT_MODEL,
    },
  },
  {
    file: 'tool-call-truncated-length.sse',
    what: 'finish_reason length inside a call: closed by the finish, arguments not JSON',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'length',
      text: '',
      toolCalls: [
        call('call_keelChatLen02', 'send_email', '{"to":"team@example.com","body":"Dear team,\\nThe rel', undefined, true),
      ],
      usage: usage(60, 32, 0, 0),
      error: undefined,
      responseId: 'chatcmpl-keelLen02',
      model: CHAT_MODEL,
    },
  },
  {
    file: 'cut-mid-arguments.sse',
    what: 'body ends inside an argument fragment: no finish_reason, no [DONE]',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: null,
      rawFinishReason: null,
      text: '',
      toolCalls: [call('call_keelChatCut01', 'run_query', '{"sql":"SELECT name FROM users ', undefined, false)],
      usage: NO_USAGE,
      error: undefined,
      responseId: 'chatcmpl-keelCut01',
      model: CHAT_MODEL,
    },
  },
  {
    file: 'error-in-stream.sse',
    what: 'a chunk with an `error` key after some text, then the connection closes',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: 'error',
      rawFinishReason: null,
      text: 'Let me check',
      toolCalls: [],
      usage: NO_USAGE,
      error: providerError({
        kind: 'server',
        retryable: true,
        code: 'server_error',
        message: 'The server had an error processing your request.',
      }),
      responseId: 'chatcmpl-keelErr01',
      model: CHAT_MODEL,
    },
  },
  {
    file: 'compat-id-repeated.sse',
    what: 'OpenRouter-style: comments, id/name repeated on every fragment, last fragment in the finish chunk',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_calls',
      text: '',
      toolCalls: [call('call_keelRep01', 'read_file', '{"path":"src/main.ts"}', { path: 'src/main.ts' })],
      usage: usage(70, 18),
      error: undefined,
      responseId: 'gen-keel-rep-0001',
      model: 'moonshotai/kimi-k2',
    },
  },
  {
    file: 'compat-parallel-same-index.sse',
    what: 'two calls both at index 0 with different ids (the first one split, its id repeated)',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_calls',
      text: '',
      toolCalls: [
        call('call_keelOl1', 'get_weather', '{"city":"Paris"}', { city: 'Paris' }),
        call('call_keelOl2', 'get_weather', '{"city":"Rome"}', { city: 'Rome' }),
      ],
      usage: usage(120, 30, 0, 0),
      error: undefined,
      responseId: 'chatcmpl-keelIdx0',
      model: 'llama3.1:8b',
    },
  },
  {
    file: 'compat-no-finish-reason.sse',
    what: '[DONE] without any finish_reason (and `data:` without a space): complete, but no finish to execute on',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: null,
      rawFinishReason: null,
      text: '',
      toolCalls: [call('0', 'list_dir', '{"path":"."}', { path: '.' }, true)],
      usage: NO_USAGE,
      error: undefined,
      responseId: 'chatcmpl-keelNoFin',
      model: 'qwen2.5-coder',
    },
  },
  {
    file: 'azure-first-chunk-empty-choices.sse',
    what: 'Azure: first chunk with choices [] and empty id/model, prompt_filter_results',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'stop',
      text: 'Hello from Azure.',
      toolCalls: [],
      usage: usage(7, 4, 0, 0),
      error: undefined,
      responseId: 'chatcmpl-keelAzure01',
      model: 'gpt-4o-2024-11-20',
    },
  },
  {
    file: 'http-401-invalid-api-key.json',
    what: 'HTTP 401 invalid_api_key',
    response: { status: 401, headers: { 'content-type': 'application/json', 'x-request-id': 'req_keel_401' } },
    expected: httpError(
      providerError({
        kind: 'authentication',
        retryable: false,
        status: 401,
        code: 'invalid_api_key',
        requestId: 'req_keel_401',
        message: 'Incorrect API key provided',
      }),
    ),
  },
  {
    file: 'http-429-rate-limit.json',
    what: 'HTTP 429 with Retry-After in seconds',
    response: { status: 429, headers: { 'retry-after': '7', 'x-request-id': 'req_keel_429' } },
    expected: httpError(
      providerError({
        kind: 'rate-limit',
        retryable: true,
        status: 429,
        code: 'rate_limit_exceeded',
        retryAfterMs: 7000,
        requestId: 'req_keel_429',
        message: 'Rate limit reached for gpt-4o-mini',
      }),
    ),
  },
]

describe('openai-chat own fixtures', () => {
  describeFixtures('openai-chat', chatFixtures)

  it('tool-call-single.sse: start → argument deltas → end → finish', () => {
    const { events } = parseFixture('openai-chat', byFile(chatFixtures, 'tool-call-single.sse'))
    const callId = 'call_keelChatSingle01'
    expect(events.map((e) => e.type)).toStrictEqual([
      'tool-call-start',
      ...Array<'tool-call-delta'>(8).fill('tool-call-delta'),
      'tool-call-end',
      'finish',
    ])
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'tool-call-start', callId, name: 'search_docs' },
      { type: 'tool-call-delta', callId, delta: '{"query":"vitest fake timers","limit":5}' },
      { type: 'tool-call-end', callId },
      finishEvent('tool-calls', 'tool_calls', usage(80, 24, 0, 0), true, false),
    ])
  })

  it('compat-parallel-same-index.sse: a new id at index 0 starts a new call', () => {
    const { events } = parseFixture('openai-chat', byFile(chatFixtures, 'compat-parallel-same-index.sse'))
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'tool-call-start', callId: 'call_keelOl1', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'call_keelOl1', delta: '{"city":"Paris"}' },
      { type: 'tool-call-end', callId: 'call_keelOl1' },
      { type: 'tool-call-start', callId: 'call_keelOl2', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'call_keelOl2', delta: '{"city":"Rome"}' },
      { type: 'tool-call-end', callId: 'call_keelOl2' },
      finishEvent('tool-calls', 'tool_calls', usage(120, 30, 0, 0), true, false),
    ])
  })

  it('cut-mid-arguments.sse: same output however the body is split in two reads', () => {
    expectSameAtEverySplit('openai-chat', byFile(chatFixtures, 'cut-mid-arguments.sse'))
  })
})

// ------------------------------------------------------------------------------------------------
// Anthropic Messages

const ANTHROPIC_MODEL = 'claude-sonnet-4-5-20250929'
const THINKING = 'The user wants a prime above 90. 97 is prime.'
const THINKING_SIGNATURE = 'EpYBCkgIChABGAIiQKeelSignatureForThinkingBlock0001AbCdEfGhIjKlMnOpQrStUvWxYz=='

const anthropicFixtures: FixtureCase[] = [
  {
    file: 'text-plain.sse',
    what: 'plain text with a ping, data lines padded with trailing spaces',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
      text: 'Tides are caused by the Moon’s gravity 🌕.',
      toolCalls: [],
      usage: usage(21, 9, undefined, 0),
      error: undefined,
      responseId: 'msg_keel_text_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'tool-call-single.sse',
    what: 'text then one tool_use; input in input_json_delta fragments (first ""); cached input counted in',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_use',
      text: "I'll look that up.",
      toolCalls: [
        call('toolu_keel_single_01', 'get_weather', '{"city": "Oslo", "unit": "celsius"}', { city: 'Oslo', unit: 'celsius' }),
      ],
      // input_tokens 25 + cache_creation 20 + cache_read 100
      usage: usage(145, 57, undefined, 100),
      error: undefined,
      responseId: 'msg_keel_tool_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'tool-calls-parallel.sse',
    what: 'two tool_use blocks (index 1 and 2) to the same tool',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_use',
      text: 'Checking both cities.',
      toolCalls: [
        call('toolu_keel_par_a', 'get_weather', '{"city": "Paris"}', { city: 'Paris' }),
        call('toolu_keel_par_b', 'get_weather', '{"city": "Rome"}', { city: 'Rome' }),
      ],
      usage: usage(310, 96, undefined, 0),
      error: undefined,
      responseId: 'msg_keel_parallel_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'no-argument-tool.sse',
    what: 'a no-argument tool: only partial_json "" streams, which means {}; body ends right after message_stop',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_use',
      text: '',
      toolCalls: [call('toolu_keel_noargs_01', 'get_current_time', '{}', {})],
      usage: usage(140, 31, undefined, 0),
      error: undefined,
      responseId: 'msg_keel_noargs_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'thinking-then-text.sse',
    what: 'thinking block (deltas, an empty delta, signature) then text',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
      text: '97 is a prime.',
      reasoning: THINKING,
      toolCalls: [],
      // reasoningTokens (output_tokens_details.thinking_tokens) has its own test below
      usage: { inputTokens: 48, outputTokens: 70, reasoningTokens: ANY_VALUE as number, cachedInputTokens: 0 },
      error: undefined,
      replay: [{ type: 'anthropic-thinking', thinking: THINKING, signature: THINKING_SIGNATURE }],
      responseId: 'msg_keel_thinking_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'truncated-max-tokens.sse',
    what: 'text cut by max_tokens',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'max_tokens',
      text: 'Here is a long story about a lighthouse keeper who',
      toolCalls: [],
      usage: usage(15, 20, undefined, 0),
      error: undefined,
      responseId: 'msg_keel_maxtok_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'tool-call-truncated-max-tokens.sse',
    what: 'max_tokens inside a tool_use: no content_block_stop, then message_delta + message_stop',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'max_tokens',
      text: 'Saving the notes.',
      toolCalls: [
        call('toolu_keel_maxtok_02', 'write_file', '{"path": "notes.md", "content": "First line\\nSecond li', undefined, false),
      ],
      usage: usage(33, 40, undefined, 0),
      error: undefined,
      responseId: 'msg_keel_maxtok_02',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'cut-mid-arguments.sse',
    what: 'body ends inside an input_json_delta, no message_stop',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: null,
      rawFinishReason: null,
      text: '',
      toolCalls: [call('toolu_keel_cut_01', 'run_shell', '{"command": "ls -la ', undefined, false)],
      usage: usage(50, 1, undefined, 0),
      error: undefined,
      responseId: 'msg_keel_cut_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'error-overloaded.sse',
    what: '`event: error` overloaded_error mid-text, then the connection closes',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: 'error',
      rawFinishReason: null,
      text: 'Sure, here',
      toolCalls: [],
      usage: usage(21, 1, undefined, 0),
      error: providerError({ kind: 'overloaded', retryable: true, code: 'overloaded_error', message: 'Overloaded' }),
      responseId: 'msg_keel_overloaded_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'http-529-overloaded.json',
    what: 'HTTP 529 overloaded_error; request id from the body',
    response: { status: 529, headers: { 'content-type': 'application/json' } },
    expected: httpError(
      providerError({
        kind: 'overloaded',
        retryable: true,
        status: 529,
        code: 'overloaded_error',
        requestId: 'req_011CKeelOverloaded529',
        message: 'Overloaded',
      }),
    ),
  },
  {
    file: 'http-429-rate-limit.json',
    what: 'HTTP 429 rate_limit_error with retry-after and request-id headers',
    response: { status: 429, headers: { 'retry-after': '7', 'request-id': 'req_011CKeelRateLimit429' } },
    expected: httpError(
      providerError({
        kind: 'rate-limit',
        retryable: true,
        status: 429,
        code: 'rate_limit_error',
        retryAfterMs: 7000,
        requestId: 'req_011CKeelRateLimit429',
        message: 'would exceed the rate limit',
      }),
    ),
  },
]

describe('anthropic own fixtures', () => {
  describeFixtures('anthropic', anthropicFixtures)

  it('tool-calls-parallel.sse: text, then each block start → deltas → stop, finish last', () => {
    const { events } = parseFixture('anthropic', byFile(anthropicFixtures, 'tool-calls-parallel.sse'))
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'text-delta', delta: 'Checking both cities.' },
      { type: 'tool-call-start', callId: 'toolu_keel_par_a', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'toolu_keel_par_a', delta: '{"city": "Paris"}' },
      { type: 'tool-call-end', callId: 'toolu_keel_par_a' },
      { type: 'tool-call-start', callId: 'toolu_keel_par_b', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'toolu_keel_par_b', delta: '{"city": "Rome"}' },
      { type: 'tool-call-end', callId: 'toolu_keel_par_b' },
      finishEvent('tool-calls', 'tool_use', usage(310, 96, undefined, 0), true, false),
    ])
  })

  it('error-overloaded.sse: the error event comes before finish', () => {
    const { events } = parseFixture('anthropic', byFile(anthropicFixtures, 'error-overloaded.sse'))
    expect(events.map((e) => e.type)).toStrictEqual(['text-delta', 'error', 'finish'])
  })

  it('thinking-then-text.sse: output_tokens_details.thinking_tokens is reported as reasoningTokens', () => {
    const { result } = parseFixture('anthropic', byFile(anthropicFixtures, 'thinking-then-text.sse'))
    expect(result.usage).toStrictEqual(usage(48, 70, 55, 0))
  })

  it('cut-mid-arguments.sse: same output however the body is split in two reads', () => {
    expectSameAtEverySplit('anthropic', byFile(anthropicFixtures, 'cut-mid-arguments.sse'))
  })
})

// ------------------------------------------------------------------------------------------------
// Gemini streamGenerateContent (alt=sse)

const GEMINI_MODEL = 'gemini-2.5-flash'

/** The replay entry for a thought signature riding on the first call of a turn. */
function signatureOnFirstCall(signature: string) {
  return (result: TurnResult): ReplayItem[] => [
    { type: 'gemini-thought-signature', signature, callId: result.toolCalls[0]?.callId },
  ]
}

const geminiFixtures: FixtureCase[] = [
  {
    file: 'text-plain.sse',
    what: 'plain text over CRLF-framed chunks, running usage totals',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      text: 'Rust’s borrow checker enforces ownership at compile time 🦀.',
      toolCalls: [],
      usage: usage(9, 12),
      error: undefined,
      responseId: 'keelGemText01',
      model: GEMINI_MODEL,
    },
  },
  {
    file: 'tool-call-single.sse',
    what: 'one call without id (local id), signature on the call part, STOP in a last empty-text chunk',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'STOP',
      text: '',
      toolCalls: [geminiCall(undefined, 'get_weather', { city: 'Oslo', unit: 'celsius' })],
      // candidates 15 + thoughts 35
      usage: usage(40, 50, 35),
      error: undefined,
      replay: signatureOnFirstCall('CiQBkeelGeminiSignatureOne0001+/=='),
      responseId: 'keelGemTool01',
      model: GEMINI_MODEL,
    },
  },
  {
    file: 'tool-calls-parallel-one-chunk.sse',
    what: 'two calls to the same function in one chunk, no ids, STOP in that chunk',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'STOP',
      text: '',
      toolCalls: [
        geminiCall(undefined, 'get_weather', { city: 'Paris' }),
        geminiCall(undefined, 'get_weather', { city: 'Rome' }),
      ],
      usage: usage(70, 101, 61),
      error: undefined,
      replay: signatureOnFirstCall('CiQBkeelGeminiSignaturePar0002+/=='),
      responseId: 'keelGemPar01',
      model: GEMINI_MODEL,
    },
  },
  {
    file: 'tool-calls-with-ids.sse',
    what: 'calls that carry functionCall.id keep it, one call per chunk',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'STOP',
      text: '',
      toolCalls: [
        geminiCall('call_keelG1', 'read_file', { path: 'README.md' }),
        geminiCall('call_keelG2', 'list_dir', { path: 'src', recursive: false }),
      ],
      usage: usage(120, 42, 20),
      error: undefined,
      replay: [{ type: 'gemini-thought-signature', signature: 'CiQBkeelGeminiSignatureIds0003+/==', callId: 'call_keelG1' }],
      responseId: 'keelGemIds01',
      model: 'gemini-3-flash-preview',
    },
  },
  {
    file: 'vertex-partial-args.sse',
    what: 'Vertex partialArgs: arguments by JSON path over many parts, closed by an empty functionCall',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'STOP',
      text: '',
      toolCalls: [
        geminiCall(undefined, 'book_table', {
          restaurant: 'Chez Panisse',
          party_size: 4,
          preferences: { outdoor: true },
          notes: ['window seat'],
        }),
        geminiCall(undefined, 'send_sms', { to: '+4712345678', text: 'Table booked for 4.' }),
      ],
      usage: usage(26, 151, 120),
      error: undefined,
      replay: signatureOnFirstCall('CiMBkeelVertexSignature0004+/=='),
      responseId: 'keelGemVertex01',
      model: 'gemini-3.1-pro-preview',
    },
  },
  {
    file: 'thinking-then-text.sse',
    what: 'thought: true parts (reasoning) then text; thoughts counted in output tokens',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      text: 'Soft rain on the roof,\nquiet drums for sleeping streets,\nthe gutters hum low.',
      reasoning: "**Planning the haiku**\n\nThe user wants a haiku about rain. I'll keep a 5-7-5 shape.\n\n",
      toolCalls: [],
      usage: usage(12, 71, 51),
      error: undefined,
      responseId: 'keelGemThink01',
      model: GEMINI_MODEL,
    },
  },
  {
    file: 'truncated-max-tokens.sse',
    what: 'text cut by MAX_TOKENS',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'MAX_TOKENS',
      text: 'The history of the printing press begins',
      toolCalls: [],
      usage: usage(10, 10),
      error: undefined,
      responseId: 'keelGemMax01',
      model: GEMINI_MODEL,
    },
  },
  {
    file: 'cut-mid-function-call-chunk.sse',
    what: 'body ends inside the chunk carrying a functionCall: no call, a truncated error',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: null,
      rawFinishReason: null,
      text: 'Let me check the weather.',
      toolCalls: [],
      usage: usage(30, 6),
      error: GOOGLE_TRUNCATED,
      responseId: 'keelGemCut01',
      model: GEMINI_MODEL,
    },
  },
  {
    file: 'cut-mid-partial-args.sse',
    what: 'Vertex partialArgs cut mid-stream: the call stays open, a truncated error',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: null,
      rawFinishReason: null,
      text: '',
      toolCalls: [
        {
          callId: LOCAL_ID,
          callIdIsLocal: true,
          name: 'search_places',
          // partialArgs carry values, not text: what an open call shows as text is the parser's choice
          argumentsText: expect.any(String),
          arguments: undefined,
          closed: false,
        },
      ],
      usage: NO_USAGE,
      error: GOOGLE_TRUNCATED,
      responseId: 'keelGemCut02',
      model: 'gemini-3.1-pro-preview',
    },
  },
  {
    file: 'error-in-stream.sse',
    what: 'a chunk with an `error` key (503 UNAVAILABLE) after some text',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: 'error',
      rawFinishReason: null,
      text: 'Here is',
      toolCalls: [],
      usage: usage(18, 2),
      error: providerError({
        kind: 'overloaded',
        retryable: true,
        status: 503,
        code: 'UNAVAILABLE',
        message: 'The model is overloaded.',
      }),
      responseId: 'keelGemErr01',
      model: GEMINI_MODEL,
    },
  },
  {
    file: 'http-400-invalid-api-key.json',
    what: 'HTTP 400 API_KEY_INVALID, pretty-printed JSON served as text/event-stream',
    response: { status: 400, headers: { 'content-type': 'text/event-stream' } },
    expected: httpError(
      providerError({
        kind: 'authentication',
        retryable: false,
        status: 400,
        code: 'INVALID_ARGUMENT',
        message: 'API key not valid',
      }),
    ),
  },
  {
    file: 'http-429-resource-exhausted.json',
    what: 'HTTP 429 RESOURCE_EXHAUSTED with Retry-After',
    response: { status: 429, headers: { 'content-type': 'text/event-stream', 'retry-after': '7' } },
    expected: httpError(
      providerError({
        kind: 'rate-limit',
        retryable: true,
        status: 429,
        code: 'RESOURCE_EXHAUSTED',
        retryAfterMs: 7000,
        message: 'Resource has been exhausted',
      }),
    ),
  },
]

describe('gemini own fixtures', () => {
  describeFixtures('gemini', geminiFixtures)

  it('tool-calls-parallel-one-chunk.sse: each call start → arguments → end, finish last', () => {
    const { events, result } = parseFixture('gemini', byFile(geminiFixtures, 'tool-calls-parallel-one-chunk.sse'))
    const [first, second] = result.toolCalls
    expect(first && second).toBeTruthy()
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'tool-call-start', callId: first!.callId, name: 'get_weather' },
      { type: 'tool-call-delta', callId: first!.callId, delta: jsonOf({ city: 'Paris' }) },
      { type: 'tool-call-end', callId: first!.callId },
      { type: 'tool-call-start', callId: second!.callId, name: 'get_weather' },
      { type: 'tool-call-delta', callId: second!.callId, delta: jsonOf({ city: 'Rome' }) },
      { type: 'tool-call-end', callId: second!.callId },
      finishEvent('tool-calls', 'STOP', usage(70, 101, 61), true, false),
    ])
  })

  it('vertex-partial-args.sse: the first call ends before the second starts', () => {
    const { events } = parseFixture('gemini', byFile(geminiFixtures, 'vertex-partial-args.sse'))
    const calls = events.filter((e) => e.type.startsWith('tool-call-'))
    expect(calls.map((e) => e.type)).toStrictEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-end',
    ])
  })

  it('calls without an id get distinct ids under the given local prefix, never the function name', () => {
    const fixture = byFile(geminiFixtures, 'tool-calls-parallel-one-chunk.sse')
    const { result } = parseInReads('gemini', fixtureBytes('gemini', fixture.file), [], { localIdPrefix: 'turn-42:' })
    expect(result.toolCalls).toHaveLength(2)
    for (const toolCall of result.toolCalls) {
      expect(toolCall.callIdIsLocal).toBe(true)
      expect(toolCall.callId.startsWith('turn-42:')).toBe(true)
      expect(toolCall.callId).not.toBe(toolCall.name)
    }
    expect(result.toolCalls[0]!.callId).not.toBe(result.toolCalls[1]!.callId)
  })

  it('tool-calls-parallel-one-chunk.sse: same output however the body is split in two reads (CRLF included)', () => {
    expectSameAtEverySplit('gemini', byFile(geminiFixtures, 'tool-calls-parallel-one-chunk.sse'))
  })

  it('cut-mid-partial-args.sse: same output however the body is split in two reads', () => {
    expectSameAtEverySplit('gemini', byFile(geminiFixtures, 'cut-mid-partial-args.sse'))
  })
})

// ------------------------------------------------------------------------------------------------
// Gemini Interactions (steps schema)

const INTERACTIONS_MODEL = 'gemini-2.5-flash'
const INTERACTIONS_SUMMARY = '**Counting primes**\n\nPrimes below 10 → 2, 3, 5, 7.'

const interactionsFixtures: FixtureCase[] = [
  {
    file: 'text-plain.sse',
    what: 'model_output step with text deltas, interaction.completed status completed',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'completed',
      text: 'Hello! I am doing well, thanks for asking.',
      toolCalls: [],
      usage: usage(10, 14, 0, 0),
      error: undefined,
      responseId: 'v1_keelInterText01',
      model: INTERACTIONS_MODEL,
    },
  },
  {
    file: 'tool-call-single.sse',
    what: 'signature-only thought step, then a function_call step with arguments_delta fragments; requires_action',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'requires_action',
      text: '',
      toolCalls: [
        call('kq7x2m9p', 'search_flights', '{"from":"OSL","to":"NRT","date":"2026-03-14"}', {
          from: 'OSL',
          to: 'NRT',
          date: '2026-03-14',
        }),
      ],
      // total_output_tokens 22 + total_thought_tokens 65
      usage: usage(53, 87, 65, 0),
      error: undefined,
      replay: [{ type: 'interactions-thought', signature: 'CiQBkeelInteractionsSignature0001+/==', summary: '' }],
      responseId: 'v1_keelInterTool01',
      model: INTERACTIONS_MODEL,
    },
  },
  {
    file: 'tool-calls-parallel.sse',
    what: 'two function_call steps (index 0 and 1) to the same function',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'requires_action',
      text: '',
      toolCalls: [
        call('ab12cd34', 'get_weather', '{"city":"Paris"}', { city: 'Paris' }),
        call('ef56gh78', 'get_weather', '{"city":"Kraków"}', { city: 'Kraków' }),
      ],
      usage: usage(61, 30, 0, 16),
      error: undefined,
      responseId: 'v1_keelInterPar01',
      model: INTERACTIONS_MODEL,
    },
  },
  {
    file: 'thought-summary-then-text.sse',
    what: 'thought step with thought_summary deltas and a signature, then text',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'completed',
      text: 'There are 4 primes below 10.',
      reasoning: INTERACTIONS_SUMMARY,
      toolCalls: [],
      usage: usage(15, 89, 80, 0),
      error: undefined,
      replay: [{ type: 'interactions-thought', signature: 'CiQBkeelInteractionsSignature0002+/==', summary: INTERACTIONS_SUMMARY }],
      responseId: 'v1_keelInterThink01',
      model: INTERACTIONS_MODEL,
    },
  },
  {
    file: 'truncated-incomplete.sse',
    what: 'text, then interaction.completed with status incomplete',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'length',
      rawFinishReason: 'incomplete',
      text: 'Chapter one: the ship left the harbour at',
      toolCalls: [],
      usage: usage(20, 12, 0, 0),
      error: undefined,
      responseId: 'v1_keelInterIncomplete01',
      model: INTERACTIONS_MODEL,
    },
  },
  {
    file: 'cut-mid-arguments.sse',
    what: 'body ends inside an arguments_delta: the call stays open, a truncated error',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: null,
      rawFinishReason: null,
      text: '',
      toolCalls: [call('zz9cut01', 'create_event', '{"title":"Standup","start":"09:', undefined, false)],
      usage: NO_USAGE,
      error: GOOGLE_TRUNCATED,
      responseId: 'v1_keelInterCut01',
      model: INTERACTIONS_MODEL,
    },
  },
  {
    file: 'error-in-stream.sse',
    what: '`error` event mid-text, then the connection closes',
    expected: {
      complete: false,
      truncated: true,
      executable: false,
      finishReason: 'error',
      rawFinishReason: null,
      text: 'The answer',
      toolCalls: [],
      usage: NO_USAGE,
      error: providerError({
        kind: 'overloaded',
        retryable: true,
        code: 'UNAVAILABLE',
        message: 'The model is overloaded.',
      }),
      responseId: 'v1_keelInterErr01',
      model: INTERACTIONS_MODEL,
    },
  },
  {
    file: 'http-429-resource-exhausted.json',
    what: 'HTTP 429 RESOURCE_EXHAUSTED with Retry-After',
    response: { status: 429, headers: { 'retry-after': '7' } },
    expected: httpError(
      providerError({
        kind: 'rate-limit',
        retryable: true,
        status: 429,
        code: 'RESOURCE_EXHAUSTED',
        retryAfterMs: 7000,
        message: 'Resource has been exhausted',
      }),
    ),
  },
]

describe('gemini-interactions own fixtures', () => {
  describeFixtures('gemini-interactions', interactionsFixtures)

  it('tool-calls-parallel.sse: each step start → arguments_delta → stop, finish last', () => {
    const { events } = parseFixture('gemini-interactions', byFile(interactionsFixtures, 'tool-calls-parallel.sse'))
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'tool-call-start', callId: 'ab12cd34', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'ab12cd34', delta: '{"city":"Paris"}' },
      { type: 'tool-call-end', callId: 'ab12cd34' },
      { type: 'tool-call-start', callId: 'ef56gh78', name: 'get_weather' },
      { type: 'tool-call-delta', callId: 'ef56gh78', delta: '{"city":"Kraków"}' },
      { type: 'tool-call-end', callId: 'ef56gh78' },
      finishEvent('tool-calls', 'requires_action', usage(61, 30, 0, 16), true, false),
    ])
  })

  it('cut-mid-arguments.sse: the truncated error comes before finish', () => {
    const { events } = parseFixture('gemini-interactions', byFile(interactionsFixtures, 'cut-mid-arguments.sse'))
    expect(events.map((e) => e.type)).toStrictEqual([
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'error',
      'finish',
    ])
  })

  it('cut-mid-arguments.sse: same output however the body is split in two reads', () => {
    expectSameAtEverySplit('gemini-interactions', byFile(interactionsFixtures, 'cut-mid-arguments.sse'))
  })
})
