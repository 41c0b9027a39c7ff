// A word reaches the window before the store writes it: the write may flush a transaction (the
// search index, a WAL checkpoint), which must never hold the first token back. What
// the user saw is still stored, whole, by the end of the turn.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../src/shared/run-events'
import { approveAll } from '../../../src/main/harness/approval'
import { runTurn } from '../../../src/main/harness/run-turn'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import type { TurnRecorder } from '../../../src/main/harness/turn-recorder'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { startWorld, type HarnessWorld } from './harness-helpers'

let world: HarnessWorld
beforeEach(async () => {
  world = await startWorld()
})
afterEach(async () => {
  await world.close()
})

/** Every text stored for the answer so far (parts and their not yet folded chunks). */
function storedText(messageId: string): string {
  const db = world.store.db
  const parts = db
    .prepare(`SELECT text FROM message_parts WHERE message_id = ? AND type IN ('text', 'reasoning')`)
    .pluck()
    .all(messageId) as string[]
  const chunks = db
    .prepare('SELECT text FROM message_part_chunks WHERE message_id = ?')
    .pluck()
    .all(messageId) as string[]
  return [...parts, ...chunks].join('')
}

describe('a streamed word', () => {
  it('is shown before it is stored, even when storing it flushes at once', async () => {
    // The first delta comes after the writer's flush interval (200 ms): appending it writes a transaction right away.
    world.server.enqueue({
      type: 'turn',
      reasoning: ['Thinking', ' hard'],
      text: ['Zephyr', ' comes', ' first.'],
      faults: { headersDelayMs: 300, delayMs: 5 },
    })
    const log: string[] = []
    let messageId = ''
    const store = createStoreTurnRecorder(world.store)
    const recorder: TurnRecorder = {
      ...store,
      begin: (input) => {
        const begun = store.begin(input)
        messageId = begun.messageId
        return begun
      },
      appendText: (delta) => {
        log.push(`stored ${delta}`)
        store.appendText(delta)
      },
      appendReasoning: (delta) => {
        log.push(`stored ${delta}`)
        store.appendReasoning(delta)
      },
    }
    const storedWhenShown: string[] = []
    const result = await runTurn({
      userText: 'Say it',
      provider: 'anthropic',
      connection: { baseUrl: world.server.baseUrlFor('anthropic'), apiKey: 'test-key', model: 'sim-model' },
      locale: 'en',
      timeZone: 'UTC',
      signal: new AbortController().signal,
      approver: approveAll,
      onEvent: (event: RunEvent) => {
        if (event.type !== 'stream' || (event.event.type !== 'text-delta' && event.event.type !== 'reasoning-delta'))
          return
        log.push(`shown ${event.event.delta}`)
        if (event.event.delta === 'Thinking' || event.event.delta === 'Zephyr')
          storedWhenShown.push(storedText(messageId))
      },
      recorder,
      tools: createKeelToolRegistry(world.store),
      retryPolicy: { maxAttempts: 1, baseDelayMs: 20, maxDelayMs: 50 },
      idleTimeoutMs: 5_000,
    }).done
    expect(result.status).toBe('completed')
    const deltas = ['Thinking', ' hard', 'Zephyr', ' comes', ' first.']
    expect(log).toEqual(deltas.flatMap((d) => [`shown ${d}`, `stored ${d}`]))
    // When the first reasoning word was shown, nothing was stored yet; the first text word was not stored either.
    expect(storedWhenShown[0]).toBe('')
    expect(storedWhenShown[1]).not.toContain('Zephyr')
    expect(storedText(messageId)).toBe('Thinking hardZephyr comes first.')
  })
})
