// Keel's own constructed OpenAI Chat Completions streams, test/fixtures/openai-chat/:
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
  // Mistral (Magistral) streams `delta.content` as a list of parts: `thinking` parts (their
  // `thinking` a list of text parts, or a string) and `text` parts, sometimes both in one delta.
  // Recorded shapes: vercel/ai packages/mistral/src/__fixtures__/mistral-reasoning.chunks.txt@195ce94,
  // BerriAI/litellm#16272 (magistral-medium-2509 over SSE); handled in BerriAI/litellm#16434,
  // simonw/llm-mistral#39, symfony/ai#2423.
  {
    file: 'compat-content-parts.sse',
    what: 'Mistral-style content parts: thinking (list or string) → reasoning, text → text, a thinking and a text part in one delta, unknown part ignored',
    expected: {
      complete: true,
      truncated: false,
      executable: false,
      finishReason: 'stop',
      rawFinishReason: 'stop',
      text: '391 — that is the sum.',
      reasoning: 'Add 17 and 374: 17 + 374 = 391. Checked twice ✓.',
      toolCalls: [],
      usage: usage(14, 46, undefined, undefined),
      error: undefined,
      responseId: '6f1c0c4e5d2b4a7e9b8d3c2a1f0e9d8c',
      model: 'magistral-medium-2509',
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
        call(
          'call_keelChatLen02',
          'send_email',
          '{"to":"team@example.com","body":"Dear team,\\nThe rel',
          undefined,
          true,
        ),
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
    // No recording of an in-band error exists (shared/fixtures/SOURCES.md); constructed.
    file: 'error-then-length.sse',
    what: 'an error chunk, then finish_reason "length" and [DONE]: the error and the cut are both reported',
    expected: {
      complete: true,
      truncated: true,
      executable: false,
      finishReason: 'error',
      rawFinishReason: 'length',
      text: 'Once upon a time',
      toolCalls: [],
      usage: NO_USAGE,
      error: providerError({
        kind: 'server',
        retryable: true,
        code: 'server_error',
        message: 'The server had an error processing your request.',
      }),
      responseId: 'chatcmpl-keelErrLen01',
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
