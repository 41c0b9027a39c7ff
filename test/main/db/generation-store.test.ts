import { describe, expect, it } from 'vitest'
import { UNKNOWN_USAGE } from '../../../src/shared/usage'
import { conversationWithTurn, fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()

describe('GenerationStore', () => {
  it('records one row per model call with timings, outcome and reported usage', () => {
    const clock = fakeClock()
    const { store } = open({ clock })
    const { turnId } = conversationWithTurn(store)
    const started = store.generations.start({
      turnId,
      round: 1,
      attempt: 1,
      provider: 'openai-responses',
      model: 'gpt-5',
    })
    expect(started).toMatchObject({
      outcome: 'running',
      startedAt: clock(),
      endedAt: undefined,
      usageSource: undefined,
    })
    clock.advance(1500)
    expect(
      store.generations.finish(started.id, {
        outcome: 'complete',
        finishReason: 'tool-calls',
        rawFinishReason: 'completed',
        usage: { inputTokens: 120, outputTokens: 30, reasoningTokens: 10, cachedInputTokens: undefined },
        usageSource: 'reported',
      }),
    ).toBe(true)
    expect(store.generations.get(started.id)).toMatchObject({
      outcome: 'complete',
      endedAt: clock(),
      finishReason: 'tool-calls',
      rawFinishReason: 'completed',
      usage: { inputTokens: 120, outputTokens: 30, reasoningTokens: 10, cachedInputTokens: undefined },
      usageSource: 'reported',
    })
  })

  it('keeps unknown usage as undefined (never 0) and marks estimates as estimated', () => {
    const { store } = open()
    const { turnId } = conversationWithTurn(store)
    const aborted = store.generations.start({ turnId, round: 1, attempt: 1, provider: 'gemini', model: 'g' })
    store.generations.finish(aborted.id, {
      outcome: 'user-stop',
      usage: { ...UNKNOWN_USAGE, outputTokens: 42 },
      usageSource: 'estimated',
    })
    expect(store.generations.get(aborted.id)).toMatchObject({
      outcome: 'user-stop',
      usage: { inputTokens: undefined, outputTokens: 42, reasoningTokens: undefined, cachedInputTokens: undefined },
      usageSource: 'estimated',
    })
  })

  it('records the end only once', () => {
    const { store } = open()
    const { turnId } = conversationWithTurn(store)
    const g = store.generations.start({ turnId, round: 1, attempt: 1, provider: 'anthropic', model: 'c' })
    expect(store.generations.finish(g.id, { outcome: 'network', usage: UNKNOWN_USAGE, usageSource: 'estimated' })).toBe(
      true,
    )
    expect(store.generations.finish(g.id, { outcome: 'complete', usage: UNKNOWN_USAGE, usageSource: 'reported' })).toBe(
      false,
    )
    expect(store.generations.get(g.id)?.outcome).toBe('network')
  })

  it('lists a turn’s calls by round then attempt, and refuses a second row for the same (turn, round, attempt)', () => {
    const { store } = open()
    const { turnId } = conversationWithTurn(store)
    store.generations.start({ turnId, round: 2, attempt: 1, provider: 'p', model: 'm' })
    store.generations.start({ turnId, round: 1, attempt: 2, provider: 'p', model: 'm' })
    store.generations.start({ turnId, round: 1, attempt: 1, provider: 'p', model: 'm' })
    expect(store.generations.listForTurn(turnId).map((g) => [g.round, g.attempt])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ])
    expect(() => store.generations.start({ turnId, round: 1, attempt: 1, provider: 'p', model: 'm' })).toThrow(/UNIQUE/)
  })
})
