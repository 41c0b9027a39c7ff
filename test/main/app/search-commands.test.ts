// conversations.search and conversations.pin through the app service (real store, real simulated provider).
import { afterEach, describe, expect, it } from 'vitest'
import { startAppWorld, type AppWorld } from './app-helpers'

let world: AppWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

describe('conversations.search', () => {
  it('finds a streamed answer and the question by folded words, and pages with a cursor', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    world.server.enqueue({ type: 'turn', text: 'A sua última medição foi 72,5 kg.' })
    await a.value('turns.start', { text: 'Qual foi a medição?' })
    await world.service.whenIdle()
    const page = await a.value('conversations.search', { query: 'medicao', limit: 1 })
    expect(page.results).toHaveLength(1)
    expect(page.nextCursor).toBe('1')
    const all = [...page.results]
    for (let cursor = page.nextCursor; cursor !== undefined; ) {
      const next = await a.value('conversations.search', { query: 'medicao', limit: 1, cursor })
      all.push(...next.results)
      cursor = next.nextCursor
    }
    // The title (the first question), the question and the answer: each once.
    expect(all.map((r) => (r.kind === 'message' ? r.role : r.kind)).sort()).toEqual(['assistant', 'title', 'user'])
    expect(all.every((r) => r.segments.some((s) => s.match && /medi[cç][aã]o/i.test(s.text)))).toBe(true)
    expect(await a.value('conversations.search', { query: '"' })).toEqual({ results: [] })
  })
})

describe('conversations.pin', () => {
  it('pins and unpins; the pinned list and the summaries say so; an unknown id is not-found', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    world.server.enqueue({ type: 'turn', text: 'ok' })
    await a.value('turns.start', { text: 'one' })
    await world.service.whenIdle()
    const [summary] = await a.value('conversations.list', {})
    expect(summary).not.toHaveProperty('pinnedAt')
    const pinned = await a.value('conversations.pin', { conversationId: summary!.id, pinned: true })
    expect(pinned.map((c) => c.id)).toEqual([summary!.id])
    expect((await a.value('conversations.list', { pinned: true })).map((c) => c.id)).toEqual([summary!.id])
    expect((await a.value('conversations.list', {}))[0]!.pinnedAt).toBeTypeOf('number')
    expect(await a.value('conversations.pin', { conversationId: summary!.id, pinned: false })).toEqual([])
    expect(await a.call('conversations.pin', { conversationId: 'nope', pinned: true })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
  })
})
