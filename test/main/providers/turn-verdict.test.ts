// The harness's first check: only a complete, untruncated, error-free tool-call turn is executable.
import { describe, expect, it } from 'vitest'
import type { RoundResult } from '../../../src/shared/round-result'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { parseArgumentsObject } from '../../../src/main/providers/turn-accumulator'

const base: RoundResult = {
  provider: 'anthropic',
  complete: true,
  truncated: false,
  finishReason: 'tool-calls',
  rawFinishReason: 'tool_use',
  text: '',
  reasoning: '',
  toolCalls: [{ callId: 'toolu_1', callIdIsLocal: false, name: 'f', argumentsText: '{}', arguments: {}, closed: true }],
  hostedCalls: [],
  citations: [],
  usage: { inputTokens: 1, outputTokens: 1, reasoningTokens: undefined, cachedInputTokens: undefined },
  error: undefined,
  replay: [],
  responseId: undefined,
  model: undefined,
}

describe('mayRunToolCalls', () => {
  it('accepts a complete tool-call turn', () => {
    expect(mayRunToolCalls(base)).toBe(true)
  })

  it.each<[string, Partial<RoundResult>]>([
    ['no end signal', { complete: false }],
    ['truncated', { truncated: true }],
    [
      'an error',
      {
        error: {
          kind: 'overloaded',
          message: 'x',
          retryable: true,
          status: undefined,
          code: undefined,
          retryAfterMs: undefined,
          requestId: undefined,
        },
      },
    ],
    ['a stop finish', { finishReason: 'stop' }],
    ['a length finish', { finishReason: 'length' }],
    ['no finish at all', { finishReason: null }],
    ['no calls', { toolCalls: [] }],
    ['a call left open', { toolCalls: [{ ...base.toolCalls[0]!, closed: false }] }],
  ])('refuses a turn with %s', (_why, change) => {
    expect(mayRunToolCalls({ ...base, ...change })).toBe(false)
  })
})

describe('parseArgumentsObject', () => {
  it.each(['', '{', '{"a":1', 'null', '[1]', '"s"', '42', '{"a":1}{"b":2}', '{} trailing'])(
    'never stands in {} for %j',
    (text) => {
      expect(parseArgumentsObject(text)).toBeUndefined()
    },
  )

  it('parses one JSON object', () => {
    expect(parseArgumentsObject(' {"a":[1,2]} ')).toEqual({ a: [1, 2] })
  })
})
