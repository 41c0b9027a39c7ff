// What a hostile (or broken) model can send in one answer: arguments nested thousands of levels
// deep, and thousands of tool calls. Each is refused with a clear result, nothing runs, and the
// turn ends cleanly (no stack overflow, no thousands of rows).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import { MAX_TOOL_CALLS_PER_ROUND } from '../../../src/main/harness/run-turn'
import { chat, eventsOf, measurementCount, startWorld, toolResultsIn, type HarnessWorld } from './harness-helpers'

let world: HarnessWorld
beforeEach(async () => {
  world = await startWorld()
})
afterEach(async () => {
  await world.close()
})

const deep = (levels: number) =>
  `{"kind":"weight","value":72,"unit":"kg","extra":${'['.repeat(levels)}${']'.repeat(levels)}}`

describe.each(PROVIDER_IDS)('%s', (provider) => {
  it.each([4_200, 100_000])(
    'arguments nested %i levels deep go back to the model as invalid arguments; nothing runs',
    async (levels) => {
      // Gemini sends arguments as an object; the simulated provider cannot serialize one this deep, so the chunk is written by hand.
      const geminiChunk = `data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"record_measurement","args":${deep(levels)}}}]},"finishReason":"STOP"}]}\r\n\r\n`
      world.server.enqueue(
        provider === 'gemini'
          ? { type: 'http-error', status: 200, headers: { 'content-type': 'text/event-stream' }, body: geminiChunk }
          : {
              type: 'turn',
              toolCalls: [{ name: 'record_measurement', arguments: { raw: deep(levels) }, argumentChunks: 1 }],
            },
        { type: 'turn', text: 'Sorry, let me try again properly.' },
      )
      const run = await chat(world, provider, 'I weigh 72 kg')
      expect(run.status).toBe('completed')
      expect(measurementCount(world)).toBe(0)
      const results = toolResultsIn(provider, world.server.requests[1]!)
      expect(results).toHaveLength(1)
      expect(results[0]!.content).toMatch(/nested too deeply/)
      expect(eventsOf(run.events, 'tool-call').at(-1)).toMatchObject({ state: 'invalid' })
    },
  )
})

describe('too many calls in one answer', () => {
  it.each(PROVIDER_IDS)('%s: none runs, no row per call, the turn ends with a clear message', async (provider) => {
    const count = MAX_TOOL_CALLS_PER_ROUND * 20
    world.server.enqueue({
      type: 'turn',
      toolCalls: Array.from({ length: count }, (_, i) => ({
        name: 'get_measurement',
        arguments: { kind: 'weight' },
        id: `call_${i}`,
      })),
    })
    const run = await chat(world, provider, 'Check my weight, a lot')
    expect(run.status).toBe('failed')
    expect(world.server.requests).toHaveLength(1)
    const notice = eventsOf(run.events, 'notice').at(-1)
    expect(notice).toMatchObject({ id: 'too-many-tool-calls' })
    expect(notice!.text).toContain(String(MAX_TOOL_CALLS_PER_ROUND))
    // The window is told of at most the cap's worth of drafts, not thousands.
    expect(new Set(eventsOf(run.events, 'tool-call').map((e) => e.callId)).size).toBeLessThanOrEqual(
      MAX_TOOL_CALLS_PER_ROUND,
    )
    const parts = world.store.db.prepare('SELECT count(*) AS n FROM message_parts').get() as { n: number }
    expect(parts.n).toBeLessThan(10)
  })
})
