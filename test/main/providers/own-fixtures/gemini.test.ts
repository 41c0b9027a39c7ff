// Keel's own constructed Gemini streamGenerateContent (alt=sse) streams, test/fixtures/gemini/:
// full turn results, event order, read-split invariance.
import { describe, expect, it } from 'vitest'
import type { ReplayItem, RoundResult } from '../../../../src/shared/round-result'
import { coalesceEvents, parseInReads } from '../../../helpers/parse-helpers'
import {
  GOOGLE_TRUNCATED,
  LOCAL_ID,
  NO_USAGE,
  byFile,
  describeFixtures,
  expectSameAtEverySplit,
  finishEvent,
  fixtureBytes,
  geminiCall,
  httpError,
  jsonOf,
  parseFixture,
  providerError,
  usage,
  type FixtureCase,
} from '../../../helpers/own-fixture-checks'

const GEMINI_MODEL = 'gemini-2.5-flash'

/** The replay entry for a thought signature riding on the first call of a turn. */
function signatureOnFirstCall(signature: string) {
  return (result: RoundResult): ReplayItem[] => [
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
      replay: [
        { type: 'gemini-thought-signature', signature: 'CiQBkeelGeminiSignatureIds0003+/==', callId: 'call_keelG1' },
      ],
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
