// Usage of calls that never reached generation (defect 12), the rate limit's wait in the message,
// and a server that is not running, over real loopback HTTP (test/support/simulated-provider).
import { createServer } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../src/shared/run-events'
import { runTurn } from '../../../src/main/harness/run-turn'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { buildConversationView } from '../../../src/main/app/conversation-view'
import { chat, eventsOf, startWorld, type HarnessWorld } from './harness-helpers'

/** A loopback port nothing listens on (a server bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((done) => server.close(() => done()))
  return port
}

describe('usage of rejected calls, and the messages of their causes', () => {
  let world: HarnessWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('a rejected key costs nothing: 0 tokens reported, not an estimate', async () => {
    world.server.enqueue({ type: 'http-error', status: 401 })
    const run = await chat(world, 'anthropic', 'Hello')
    expect(run.status).toBe('failed')
    const [generation] = world.store.generations.listForTurn(run.turnId)
    expect(generation).toMatchObject({ usage: { inputTokens: 0, outputTokens: 0 }, usageSource: 'reported' })
    expect(eventsOf(run.events, 'notice').map((n) => n.id)).toEqual(['key-rejected'])
    const view = buildConversationView(world.store, run.conversationId, {
      anthropic: { 'sim-model': { inputPerMillion: 3, outputPerMillion: 15 } },
    })!
    expect(view.usage.total).toMatchObject({
      usage: { inputTokens: 0, outputTokens: 0 },
      estimated: false,
      cost: { usd: 0 },
    })
  })

  it('a request that succeeded after a 429 counts once', async () => {
    world.server.enqueue(
      { type: 'http-error', status: 429, headers: { 'retry-after': '0' } },
      { type: 'turn', text: 'Hi there.', usage: { inputTokens: 765, outputTokens: 3 } },
    )
    const run = await chat(world, 'anthropic', 'Hello')
    expect(run.status).toBe('completed')
    const generations = world.store.generations.listForTurn(run.turnId)
    expect(generations.map((g) => g.usage.inputTokens)).toEqual([0, 765])
    expect(buildConversationView(world.store, run.conversationId)!.usage.total.usage.inputTokens).toBe(765)
  })

  it('a rate limit that never lifts says how long to wait (the last Retry-After), not "try again"', async () => {
    for (let i = 0; i < 3; i++)
      world.server.enqueue({ type: 'http-error', status: 429, headers: { 'retry-after': i < 2 ? '0' : '30' } })
    const run = await chat(world, 'openai-chat', 'Hello', {
      retryPolicy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 },
    })
    expect(run.status).toBe('failed')
    const [notice] = eventsOf(run.events, 'notice')
    expect(notice).toMatchObject({ id: 'rate-limited-wait', values: { seconds: 30 } })
    expect(notice!.text).toMatch(/Wait 30 s, then try again\.$/)
    expect(
      world.store.generations
        .listForTurn(run.turnId)
        .every((g) => g.usage.inputTokens === 0 && g.usageSource === 'reported'),
    ).toBe(true)
    // The stored answer keeps the same message (the window words it again after a reload).
    expect(world.store.conversations.getMessage(run.messageId)!.notices).toEqual([
      { id: 'rate-limited-wait', values: expect.objectContaining({ seconds: 30 }) },
    ])
  })

  it('a server that is not running: its address in the message, no tokens for any attempt', async () => {
    const port = await closedPort()
    const events: RunEvent[] = []
    const run = await runTurn({
      userText: 'Hello',
      provider: 'openai-chat',
      connection: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: '', model: 'llama3.2' },
      locale: 'en',
      timeZone: 'UTC',
      signal: new AbortController().signal,
      approver: async () => 'approve',
      onEvent: (event) => events.push(event),
      recorder: createStoreTurnRecorder(world.store),
      tools: createKeelToolRegistry(world.store),
      retryPolicy: { maxAttempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
    }).done
    expect(run.status).toBe('failed')
    expect(eventsOf(events, 'diagnostics')[0]).toMatchObject({ kind: 'unreachable' })
    expect(eventsOf(events, 'notice')[0]!.text).toBe(
      `Keel couldn't connect to the server at 127.0.0.1:${port}. Is it running, and is the address in Settings right?`,
    )
    const generations = world.store.generations.listForTurn(run.turnId)
    expect(generations).toHaveLength(2)
    expect(
      generations.every((g) => g.usage.inputTokens === 0 && g.usage.outputTokens === 0 && g.usageSource === 'reported'),
    ).toBe(true)
  })
})
