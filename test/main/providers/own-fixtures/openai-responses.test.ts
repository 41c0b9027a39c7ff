// Keel's own constructed OpenAI Responses streams, test/fixtures/openai-responses/:
// full turn results, event order, read-split invariance.
import { describe, expect, it } from 'vitest'
import { coalesceEvents } from '../../../helpers/parse-helpers'
import {
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
        call(
          'call_keel_incomplete_02',
          'write_file',
          '{"path":"/tmp/report.md","content":"# Report\\n\\nSales grew',
          undefined,
          false,
        ),
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
    response: {
      status: 429,
      headers: { 'retry-after-ms': '1400', 'retry-after': '2', 'x-request-id': 'req_keel_rl_01' },
    },
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
