// The end-of-round decision, alone: a pure function of the round's result and the turn so far.
import { describe, expect, it } from 'vitest'
import { judgeAfterCalls, judgeRound, judgeRoundLimit, type RoundFacts } from '../../../src/main/harness/judge-round'
import { TURN_DEADLINE_CODE } from '../../../src/main/harness/stream-model-round'
import type { ProviderError } from '../../../src/shared/provider-error'
import type { RoundResult, TurnToolCall } from '../../../src/shared/round-result'

const call = (id: string, name = 'record_measurement', closed = true): TurnToolCall => ({
  callId: id,
  callIdIsLocal: false,
  name,
  argumentsText: '{}',
  arguments: closed ? {} : undefined,
  closed,
})
const result = (patch: Partial<RoundResult> = {}): RoundResult => ({
  provider: 'anthropic',
  complete: true,
  truncated: false,
  finishReason: 'stop',
  rawFinishReason: 'end_turn',
  text: '',
  reasoning: '',
  toolCalls: [],
  hostedCalls: [],
  citations: [],
  usage: { inputTokens: 1, outputTokens: 1, reasoningTokens: undefined, cachedInputTokens: undefined },
  error: undefined,
  replay: [],
  responseId: undefined,
  model: undefined,
  ...patch,
})
const error = (kind: ProviderError['kind'], patch: Partial<ProviderError> = {}): ProviderError => ({
  kind,
  message: `${kind} happened`,
  retryable: false,
  status: undefined,
  code: undefined,
  retryAfterMs: undefined,
  requestId: undefined,
  ...patch,
})
const facts = (patch: Partial<RoundFacts>): RoundFacts => ({
  result: result(),
  stopped: false,
  outputForwarded: false,
  textShown: false,
  previousRoundHadToolFailure: false,
  maxCallsPerRound: 64,
  ...patch,
})
const toolTurn = (calls: TurnToolCall[]) =>
  result({ finishReason: 'tool-calls', rawFinishReason: 'tool_use', toolCalls: calls })

describe('judgeRound', () => {
  it('runs the calls only of a turn that verifiably ended for them', () => {
    expect(judgeRound(facts({ result: toolTurn([call('a'), call('b')]) }))).toEqual({ kind: 'run-calls' })
  })

  it.each<[string, Partial<RoundFacts>, object]>([
    ['a plain answer', {}, { status: 'complete', notice: undefined, unrunCalls: undefined }],
    [
      'the user stopped (calls are cancelled)',
      { stopped: true, result: toolTurn([call('a')]) },
      { status: 'interrupted', interruptReason: 'user-stop', notice: undefined, unrunCalls: 'cancelled' },
    ],
    [
      'a provider error before anything was shown',
      { result: result({ error: error('server') }) },
      { status: 'failed', notice: { id: 'server-error' }, error: { kind: 'server', message: 'server happened' } },
    ],
    [
      'a provider error after text was shown',
      { textShown: true, result: result({ error: error('server') }) },
      { status: 'interrupted', interruptReason: 'provider-error', notice: { id: 'server-error' } },
    ],
    [
      'quota',
      { result: result({ error: error('quota-exceeded') }) },
      { status: 'failed', notice: { id: 'quota-exceeded' } },
    ],
    [
      'a rejected key',
      { result: result({ error: error('authentication') }) },
      { status: 'failed', notice: { id: 'key-rejected' } },
    ],
    [
      'no key at all',
      {
        about: { providerId: 'openai-responses', baseUrl: 'https://api.openai.com/v1', model: 'm', apiKeySet: false },
        result: result({ error: error('authentication') }),
      },
      {
        status: 'failed',
        notice: { id: 'key-missing', values: { provider: 'OpenAI', providerId: 'openai-responses' } },
      },
    ],
    [
      'a server that is not running',
      {
        about: { providerId: 'openai-chat', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', apiKeySet: false },
        result: result({ error: error('unreachable', { retryable: true }) }),
      },
      {
        status: 'failed',
        notice: {
          id: 'unreachable',
          values: { provider: 'Ollama', host: '127.0.0.1:11434', providerId: 'openai-chat' },
        },
      },
    ],
    [
      'a model the server does not have (its own sentence quoted)',
      {
        about: { providerId: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.2', apiKeySet: false },
        result: result({
          error: error('model-not-found', {
            status: 404,
            providerMessage: 'model "llama3.2" not found, try pulling it first',
          }),
        }),
      },
      {
        status: 'failed',
        notice: {
          id: 'model-not-found',
          values: { provider: 'Ollama', model: 'llama3.2', detail: 'model "llama3.2" not found, try pulling it first' },
        },
      },
    ],
    [
      'a rate limit with its wait',
      { result: result({ error: error('rate-limit', { retryable: true, retryAfterMs: 1000, waitMs: 30_000 }) }) },
      { status: 'failed', notice: { id: 'rate-limited-wait', values: { seconds: 30 } } },
    ],
    [
      'a conversation too long for the model',
      { result: result({ error: error('context-too-long') }) },
      { status: 'failed', notice: { id: 'context-too-long' } },
    ],
    [
      'a content filter',
      { result: result({ error: error('content-filter') }) },
      { status: 'failed', notice: { id: 'content-filtered' } },
    ],
    [
      'a timeout',
      { result: result({ error: error('timeout', { retryable: true }) }) },
      { status: 'failed', notice: { id: 'provider-timeout' } },
    ],
    [
      'an unexplained failure after a failed action',
      { previousRoundHadToolFailure: true, result: result({ error: error('provider') }) },
      { notice: { id: 'tool-failed-no-answer' } },
    ],
    [
      'a known cause after a failed action says the cause',
      { previousRoundHadToolFailure: true, result: result({ error: error('server') }) },
      { notice: { id: 'server-error' } },
    ],
    [
      'the turn deadline',
      {
        textShown: true,
        turnTimeoutMs: 900_000,
        result: result({ error: error('timeout', { code: TURN_DEADLINE_CODE }) }),
      },
      { status: 'interrupted', notice: { id: 'turn-timeout', values: { seconds: 900 } } },
    ],
    [
      'a connection lost mid-call (a cut, not a failure)',
      {
        outputForwarded: true,
        result: {
          ...toolTurn([call('a', 'record_measurement', false)]),
          complete: false,
          truncated: true,
          error: error('network', { retryable: true }),
        },
      },
      {
        status: 'interrupted',
        interruptReason: 'network',
        notice: { id: 'truncated-actions-not-run', values: { actions: ['record_measurement'] } },
        error: { kind: 'network' },
        unrunCalls: 'not-run',
      },
    ],
    [
      'a length finish with text only',
      { result: result({ truncated: true, finishReason: 'length' }) },
      { status: 'interrupted', interruptReason: 'provider-error', notice: { id: 'length-limit' } },
    ],
    [
      'no end signal',
      { result: result({ complete: false, truncated: true }) },
      { status: 'interrupted', interruptReason: 'network', notice: { id: 'truncated' } },
    ],
    [
      'calls without a tool-call finish',
      { result: result({ toolCalls: [call('a')], finishReason: 'stop' }) },
      {
        status: 'complete',
        notice: { id: 'not-executed-unconfirmed', values: { actions: ['record_measurement'] } },
        unrunCalls: 'not-run',
      },
    ],
    [
      'more calls than one answer may make',
      { maxCallsPerRound: 2, result: toolTurn([call('a'), call('b'), call('c')]) },
      { status: 'failed', notice: { id: 'too-many-tool-calls', values: { count: 3, max: 2 } }, unrunCalls: 'not-run' },
    ],
  ])('ends the turn: %s', (_name, patch, expected) => {
    expect(judgeRound(facts(patch))).toMatchObject({ kind: 'end', ...expected })
  })

  it('a stop wins over everything else the round says', () => {
    expect(
      judgeRound(facts({ stopped: true, result: result({ error: error('server'), truncated: true }) })),
    ).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
  })
})

describe('judgeRoundLimit and judgeAfterCalls', () => {
  it('the round limit ends the turn with its message, and only past the limit', () => {
    expect(judgeRoundLimit(8, 8)).toBeUndefined()
    expect(judgeRoundLimit(9, 8)).toMatchObject({ status: 'failed', notice: { id: 'max-rounds', values: { max: 8 } } })
  })

  it('after the calls: a stop, or a second invalid call in a row', () => {
    expect(judgeAfterCalls({ stopped: false, invalidTwice: false })).toBeUndefined()
    expect(judgeAfterCalls({ stopped: true, invalidTwice: true })).toMatchObject({
      status: 'interrupted',
      interruptReason: 'user-stop',
    })
    expect(judgeAfterCalls({ stopped: false, invalidTwice: true })).toMatchObject({
      status: 'failed',
      notice: { id: 'invalid-arguments-twice' },
    })
  })
})
