// Keel's own constructed Anthropic Messages streams, test/fixtures/anthropic/:
// full turn results, event order, read-split invariance.
import { describe, expect, it } from 'vitest'
import { coalesceEvents, parseWhole } from '../../../helpers/parse-helpers'
import {
  ANY_VALUE,
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
        call('toolu_keel_single_01', 'get_weather', '{"city": "Oslo", "unit": "celsius"}', {
          city: 'Oslo',
          unit: 'celsius',
        }),
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
        call(
          'toolu_keel_maxtok_02',
          'write_file',
          '{"path": "notes.md", "content": "First line\\nSecond li',
          undefined,
          false,
        ),
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
      // The message never closed: message_start's output count (1) is a placeholder, not a count (defect 21).
      usage: usage(50, undefined, undefined, 0),
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
      usage: usage(21, undefined, undefined, 0),
      error: providerError({ kind: 'overloaded', retryable: true, code: 'overloaded_error', message: 'Overloaded' }),
      responseId: 'msg_keel_overloaded_01',
      model: ANTHROPIC_MODEL,
    },
  },
  // Calls made from Anthropic's code execution ("programmatic tool calling") can arrive whole in
  // `message_start.message.content`, with the stop reason, followed directly by `message_stop`
  // (vercel/ai#14512 and #14717, fixture packages/anthropic/src/__fixtures__/
  // anthropic-message-start-prepopulated-content.chunks.txt@e83d780; the streaming docs say the
  // content starts empty). The official SDK keeps that content as its message snapshot and pushes
  // streamed blocks after it (@anthropic-ai/sdk MessageStream `#accumulateMessage`).
  {
    file: 'message-start-content-tool-use.sse',
    what: 'programmatic tool calling: a code-execution result and two tool_use blocks in message_start, then message_stop',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_use',
      text: '',
      toolCalls: [
        call('toolu_keel_ptc_01', 'lookup_order', '{"order_id":"A-1042","fields":["status","eta"]}', {
          order_id: 'A-1042',
          fields: ['status', 'eta'],
        }),
        call('toolu_keel_ptc_02', 'lookup_order', '{"order_id":"A-1043","fields":["status"]}', {
          order_id: 'A-1043',
          fields: ['status'],
        }),
      ],
      usage: usage(0, 0, undefined, undefined),
      error: undefined,
      // The code-execution result ran at Anthropic: kept verbatim to be sent back, never a client call.
      replay: (result) => [
        {
          type: 'anthropic-server-block',
          block: expect.objectContaining({ type: 'code_execution_tool_result', tool_use_id: 'srvtoolu_keel_ptc_run' }),
          textOffset: 0,
        },
        ...result.replay.slice(1),
      ],
      responseId: 'msg_keel_ptc_01',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'message-start-content-text-thinking.sse',
    what: 'thinking, redacted thinking, text and an unknown block type in message_start; end_turn there',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
      text: '2 + 2 = 4 ✓',
      reasoning: 'Two plus two is four; say it plainly.',
      toolCalls: [],
      usage: usage(30, 12, undefined, 0),
      error: undefined,
      replay: [
        {
          type: 'anthropic-thinking',
          thinking: 'Two plus two is four; say it plainly.',
          signature: 'EpQBCkgIChABGAIiQKeelMessageStartThinkingSignature0002AbCdEf==',
        },
        { type: 'anthropic-redacted-thinking', data: 'EmwKAhgBEgyKeelRedactedThinkingPayload0003' },
      ],
      responseId: 'msg_keel_msc_text',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'message-start-content-then-streamed.sse',
    what: 'text and a tool_use in message_start, then a streamed tool_use at index 2 and message_delta tool_use',
    expected: {
      complete: true,
      truncated: false,
      executable: true,
      finishReason: 'tool-calls',
      rawFinishReason: 'tool_use',
      text: 'Checking both orders.',
      toolCalls: [
        call('toolu_keel_mix_a', 'lookup_order', '{"order_id":"A-1"}', { order_id: 'A-1' }),
        call('toolu_keel_mix_b', 'lookup_order', '{"order_id": "A-2"}', { order_id: 'A-2' }),
      ],
      usage: usage(40, 31, undefined, 0),
      error: undefined,
      responseId: 'msg_keel_msc_mix',
      model: ANTHROPIC_MODEL,
    },
  },
  {
    file: 'message-start-content-unread-only.sse',
    what: 'message_start holds only a server tool result, end_turn: a hosted call (shown), not an unread message',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
      text: '',
      toolCalls: [],
      usage: usage(12, 0, undefined, undefined),
      error: undefined,
      replay: (result) => result.replay,
      responseId: 'msg_keel_msc_unread',
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

  it('message-start-content-then-streamed.sse: blocks from message_start first, then the streamed ones, finish last', () => {
    const { events } = parseFixture('anthropic', byFile(anthropicFixtures, 'message-start-content-then-streamed.sse'))
    expect(coalesceEvents(events)).toStrictEqual([
      { type: 'text-delta', delta: 'Checking both orders.' },
      { type: 'tool-call-start', callId: 'toolu_keel_mix_a', name: 'lookup_order' },
      { type: 'tool-call-delta', callId: 'toolu_keel_mix_a', delta: '{"order_id":"A-1"}' },
      { type: 'tool-call-end', callId: 'toolu_keel_mix_a' },
      { type: 'tool-call-start', callId: 'toolu_keel_mix_b', name: 'lookup_order' },
      { type: 'tool-call-delta', callId: 'toolu_keel_mix_b', delta: '{"order_id": "A-2"}' },
      { type: 'tool-call-end', callId: 'toolu_keel_mix_b' },
      finishEvent('tool-calls', 'tool_use', usage(40, 31, undefined, 0), true, false),
    ])
  })

  it('message-start-content-tool-use.sse: same output however the body is split in two reads', () => {
    expectSameAtEverySplit('anthropic', byFile(anthropicFixtures, 'message-start-content-tool-use.sse'))
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

  describe('content already in message_start (inline bodies)', () => {
    const sse = (...events: object[]) =>
      events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('')
    const start = (content: unknown, stopReason: string | null) => ({
      type: 'message_start',
      message: {
        id: 'msg_inline',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content,
        stop_reason: stopReason,
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    })
    const stop = { type: 'message_stop' }

    it('a tool_use whose input is not an object is kept as a call that never parses (never run on a stand-in)', () => {
      const body = sse(
        start([{ type: 'tool_use', id: 'toolu_x', name: 'lookup_order', input: 'A-1' }], 'tool_use'),
        stop,
      )
      const { result } = parseWhole('anthropic', body)
      expect(result.toolCalls).toStrictEqual([call('toolu_x', 'lookup_order', '"A-1"', undefined)])
      expect(result.error).toBeUndefined()
    })

    it('content that is not a list, and nothing else: an error, not an empty success', () => {
      const { result } = parseWhole('anthropic', sse(start({ type: 'text', text: 'hi' }, 'end_turn'), stop))
      expect(result.finishReason).toBe('error')
      expect(result.error).toMatchObject({ kind: 'malformed', retryable: false })
      expect(result.error?.message).toContain('not a list')
    })

    it('only skipped blocks but a stop reason that is no success (pause_turn): no error is invented', () => {
      const body = sse(
        start([{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'code_execution', input: {} }], 'pause_turn'),
        stop,
      )
      const { result } = parseWhole('anthropic', body)
      expect(result.error).toBeUndefined()
      expect(result.finishReason).toBe('paused')
      expect(result.hostedCalls.map((call) => [call.id, call.toolName, call.kind])).toEqual([
        ['srvtoolu_1', 'code_execution', 'other'],
      ])
    })

    it('only blocks of a kind Keel does not know, end_turn: an error, never an empty success', () => {
      const body = sse(start([{ type: 'future_widget', data: 'x' }], 'end_turn'), stop)
      const { result } = parseWhole('anthropic', body)
      expect(result.finishReason).toBe('error')
      expect(result.error).toMatchObject({ kind: 'malformed', retryable: false })
      expect(result.error?.message).toContain('future_widget')
    })

    it('a streamed thinking block whose start already carries text keeps that text in the replay', () => {
      const body = sse(
        start([], null),
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'thinking', thinking: 'First, ', signature: '' },
        },
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'then.' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'sig' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } },
        stop,
      )
      const { result } = parseWhole('anthropic', body)
      expect(result.reasoning).toBe('First, then.')
      expect(result.replay).toStrictEqual([{ type: 'anthropic-thinking', thinking: 'First, then.', signature: 'sig' }])
    })
  })
})
