// Reasoning and replay data are kept: the reasoning is stored (and shown), and the provider's
// replay data goes back to it in later requests — also after the store was closed and reopened (an
// app restart) — exactly where the provider wants it.
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openKeelStore } from '../../../src/main/db/keel-store'
import { approveAll } from '../../../src/main/harness/approval'
import { runTurn } from '../../../src/main/harness/run-turn'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import type { ProviderId } from '../../../src/shared/provider-id'
import { startWorld, type HarnessWorld } from './harness-helpers'

let world: HarnessWorld
beforeEach(async () => {
  world = await startWorld()
})
afterEach(async () => {
  await world.close()
})

async function turn(provider: ProviderId, dbPath: string, text: string, conversationId?: string) {
  const opened = openKeelStore(dbPath)
  if (!opened.ok) throw new Error(opened.error.message)
  const store = opened.store
  try {
    return await runTurn({
      conversationId,
      userText: text,
      provider,
      connection: { baseUrl: world.server.baseUrlFor(provider), apiKey: 'k', model: 'sim-model' },
      locale: 'en',
      timeZone: 'UTC',
      signal: new AbortController().signal,
      approver: approveAll,
      onEvent: () => {},
      recorder: createStoreTurnRecorder(store),
      tools: createKeelToolRegistry(store),
    }).done
  } finally {
    store.close()
  }
}

/** Where each provider wants its replay data back, found in a request body. */
const REPLAY_IN_REQUEST: Partial<Record<ProviderId, (body: Record<string, unknown>) => unknown[]>> = {
  anthropic: (body) =>
    (body.messages as { role: string; content: { type: string }[] }[])
      .filter((m) => m.role === 'assistant')
      .flatMap((m) => m.content.filter((b) => b.type === 'thinking' || b.type === 'redacted_thinking')),
  'openai-responses': (body) => (body.input as { type: string }[]).filter((item) => item.type === 'reasoning'),
  gemini: (body) =>
    (body.contents as { role: string; parts: { thoughtSignature?: string }[] }[])
      .filter((c) => c.role === 'model')
      .flatMap((c) => c.parts.filter((p) => p.thoughtSignature)),
  'gemini-interactions': (body) => (body.input as { type: string }[]).filter((step) => step.type === 'thought'),
}

describe.each(Object.keys(REPLAY_IN_REQUEST) as ProviderId[])('%s', (provider) => {
  it('a tool round’s replay data goes back within the turn and in the next turn after a restart; the reasoning is stored', async () => {
    const dbPath = join(world.dir, `replay-${provider}.db`)
    world.server.enqueue(
      {
        type: 'turn',
        reasoning: 'The user wants their weight; I should look it up.',
        toolCalls: [{ name: 'get_measurement', arguments: { kind: 'weight' } }],
      },
      { type: 'turn', text: 'No weight recorded yet.' },
      { type: 'turn', text: 'Still none.' },
    )
    const first = await turn(provider, dbPath, 'What do I weigh?')
    expect(first.status).toBe('completed')
    const within = REPLAY_IN_REQUEST[provider]!(world.server.requests[1]!.body as Record<string, unknown>)
    expect(within.length).toBeGreaterThan(0)
    // A new process: nothing of the first turn is in memory any more.
    await turn(provider, dbPath, 'And now?', first.conversationId)
    const afterRestart = REPLAY_IN_REQUEST[provider]!(world.server.requests[2]!.body as Record<string, unknown>)
    expect(afterRestart).toEqual(within)
    const opened = openKeelStore(dbPath)
    if (!opened.ok) throw new Error(opened.error.message)
    try {
      const answer = opened.store.conversations.getMessage(first.messageId)!
      expect(answer.parts.filter((p) => p.type === 'replay').length).toBeGreaterThan(0)
      if (provider !== 'gemini') {
        // (Gemini's simulated stream carries a signature but no thought summary.)
        expect(
          answer.parts
            .filter((p) => p.type === 'reasoning')
            .map((p) => (p as { text: string }).text)
            .join(''),
        ).toContain('look it up')
      }
    } finally {
      opened.store.close()
    }
  })
})
