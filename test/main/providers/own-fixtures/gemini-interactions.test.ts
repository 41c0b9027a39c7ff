// Keel's own constructed Gemini Interactions (steps schema) streams, test/fixtures/gemini-interactions/:
// full turn results, event order, read-split invariance.
import { describe, expect, it } from 'vitest'
import { coalesceEvents } from '../../../helpers/parse-helpers'
import {
  GOOGLE_TRUNCATED,
  NO_USAGE,
  byFile,
  call,
  describeFixtures,
  expectSameAtEverySplit,
  finishEvent,
  httpError,
  parseFixture,
  providerError,
  usage,
  type FixtureCase,
} from '../../../helpers/own-fixture-checks'

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
      replay: [
        {
          type: 'interactions-thought',
          signature: 'CiQBkeelInteractionsSignature0002+/==',
          summary: INTERACTIONS_SUMMARY,
        },
      ],
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
