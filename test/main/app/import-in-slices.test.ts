// The window's Import restores a backup in one transaction but in slices, giving the event loop a
// turn between them (a whole-store backup took ~20 s during which the app answered nothing). While
// it runs, reads are answered (from a snapshot without the import's rows until it commits) and
// every writing command is refused as busy; a file that fails at its end, or an app that quits
// mid-way, keeps nothing of it; writes that arrive from timers meanwhile (an MCP server's first
// tool list) are queued and made as soon as it has ended, not undone with it.
import { readdirSync, readlinkSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { stringChunks } from '../../../src/main/export/json-record-reader'
import { importStoreInSlices } from '../../../src/main/export/store-import'
import { countRows, isRunEnd, startAppWorld, weight, type AppWorld, type TestClient } from './app-helpers'

let world: AppWorld
let a: TestClient
beforeEach(async () => {
  world = await startAppWorld({ importSliceMs: 0 })
  a = world.client('window')
})
afterEach(async () => {
  await world.close()
})

/** A whole-store export of `copies` conversations: one real conversation, its ids suffixed per copy. */
async function backup(copies: number): Promise<{ text: string; sourceId: string }> {
  world.server.enqueue({ type: 'turn', text: 'Paris is the capital.' })
  await a.value('turns.start', { text: 'Capital of France?' })
  const end = (await a.waitFor(isRunEnd)) as { conversationId: string }
  await world.service.whenIdle()
  const one = JSON.parse(
    (await a.value('conversations.export', { conversationId: end.conversationId, format: 'json' })).text,
  ) as {
    conversation: { id: string; messages: Array<{ id: string; turnId?: string }> }
  }
  const ids = [
    one.conversation.id,
    ...one.conversation.messages.flatMap((m) => [m.id, ...(m.turnId ? [m.turnId] : [])]),
  ]
  const text = JSON.stringify(one.conversation)
  const conversations = Array.from({ length: copies }, (_, k) =>
    ids.reduce((t, id) => t.replaceAll(id, `${id}-copy${k}`), text),
  )
  return {
    text: `{"format":"keel-conversation","version":1,"conversations":[${conversations.join(',')}]}`,
    sourceId: end.conversationId,
  }
}

/** Reads, giving the event loop turns, until the import's transaction holds at least `rows` new conversations. */
async function untilImported(rows: number, before: number): Promise<void> {
  // `world.store.db` is the import's own connection: it sees the rows before they are committed.
  // Each poll also answers a read (a read alone settles in microtasks; the interval lets the import go on).
  await vi.waitFor(
    async () => {
      await a.call('conversations.list', {})
      if (countRows(world.store, 'conversations') < before + rows) throw new Error('the import wrote nothing yet')
    },
    { timeout: 10_000, interval: 1 },
  )
  expect(world.store.db.inTransaction).toBe(true)
}

/** How many of this process's file descriptors are open on the store's file and its companions (Linux). */
function openDescriptors(): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(world.dbPath)
    } catch {
      return false
    }
  }).length
}

describe('reads while an import runs', () => {
  it('see the store as it was until the import commits, then all of it at once', async () => {
    const { text, sourceId } = await backup(40)
    const before = countRows(world.store, 'conversations')
    const word = (await a.value('conversations.search', { query: 'Paris' })).results.length
    expect(word).toBeGreaterThan(0)
    const importing = a.call('conversations.import', { text })
    await untilImported(5, before)
    const copy = `${sourceId}-copy0`
    const list = await a.value('conversations.list', { limit: 100 })
    expect(list.map((c) => c.id)).not.toContain(copy)
    expect(list).toHaveLength(before)
    expect(await a.call('conversations.open', { conversationId: copy })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
    expect(await a.call('conversations.settings', { conversationId: copy })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
    expect((await a.value('conversations.search', { query: 'Paris' })).results).toHaveLength(word)
    // The conversation that was there before reads as ever.
    expect((await a.value('conversations.open', { conversationId: sourceId })).messages.length).toBeGreaterThan(0)
    expect(await importing).toMatchObject({ ok: true, value: { added: { conversations: 40 } } })
    expect(await a.value('conversations.list', { limit: 100 })).toHaveLength(before + 40)
    expect((await a.value('conversations.open', { conversationId: copy })).conversation.id).toBe(copy)
    expect((await a.value('conversations.search', { query: 'Paris', limit: 50 })).results.length).toBeGreaterThan(word)
  })

  it('never show a conversation that a failing import then takes back', async () => {
    const { text, sourceId } = await backup(30)
    const before = countRows(world.store, 'conversations')
    const broken = text.replace(/]}$/, ',{"id":"x","title":"t","messages":[{"id":"m","role":"robot","parts":[]}]}]}')
    const importing = a.call('conversations.import', { text: broken })
    await untilImported(3, before)
    expect(await a.call('conversations.open', { conversationId: `${sourceId}-copy1` })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
    expect(await a.value('conversations.list', { limit: 100 })).toHaveLength(before)
    expect(await importing).toMatchObject({ ok: false, error: { detail: { code: 'import-invalid' } } })
    expect(await a.value('conversations.list', { limit: 100 })).toHaveLength(before)
  })

  it.skipIf(process.platform !== 'linux')(
    'come from a second connection, opened for each import and closed after it',
    async () => {
      const { text } = await backup(20)
      const before = countRows(world.store, 'conversations')
      const alone = openDescriptors()
      const importing = a.call('conversations.import', { text })
      await untilImported(2, before)
      const during = openDescriptors()
      expect(during).toBe(alone + 2) // the reader's file and its WAL
      expect(await importing).toMatchObject({ ok: true })
      // SQLite keeps a closed connection's file descriptor while another connection of the process
      // holds locks on the file, and the next connection reuses it: at most that one stays.
      const after = openDescriptors()
      expect(after).toBeLessThanOrEqual(alone + 1)
      // A failing import, and then many more: the same connection count each time, nothing piles up.
      const failing = a.call('conversations.import', {
        text: text.replace(/-copy/g, '-again').replace(/]}$/, ',{"id":"x"}]}'),
      })
      await untilImported(2, before + 20) // two more rows, inside the second transaction
      expect(openDescriptors()).toBe(during)
      expect(await failing).toMatchObject({ ok: false })
      for (let i = 0; i < 5; i++)
        expect(await a.call('conversations.import', { text })).toMatchObject({
          ok: true,
          value: { added: { conversations: 0 } },
        })
      expect(openDescriptors()).toBe(after)
    },
  )
})

describe('an import in slices', () => {
  it('answers reads and refuses writes while it runs, then adds everything', async () => {
    const { text, sourceId } = await backup(40)
    const before = countRows(world.store, 'conversations')
    let settled = false
    const importing = a.call('conversations.import', { text }).finally(() => (settled = true))
    // The event loop is free: a read is answered before the import has finished.
    const list = await a.call('conversations.list', {})
    expect(list.ok).toBe(true)
    expect(settled).toBe(false)
    const busy = { ok: false, error: { kind: 'busy', retryable: true, detail: { code: 'import-running' } } }
    expect(await a.call('conversations.rename', { conversationId: sourceId, title: 'Renamed' })).toMatchObject(busy)
    expect(await a.call('turns.start', { text: 'Another question' })).toMatchObject(busy)
    expect(await a.call('measurements.add', weight)).toMatchObject(busy)
    expect(await a.call('conversations.import', { text })).toMatchObject(busy)
    expect(settled).toBe(false)
    const result = await importing
    expect(result).toMatchObject({ ok: true, value: { added: { conversations: 40, messages: 80 }, collisionCount: 0 } })
    expect(countRows(world.store, 'conversations')).toBe(before + 40)
    // Over: writing works again, and importing the same file again adds nothing.
    expect(await a.call('conversations.rename', { conversationId: sourceId, title: 'Renamed' })).toMatchObject({
      ok: true,
    })
    expect(await a.value('conversations.import', { text })).toMatchObject({
      added: { conversations: 0 },
      present: { conversations: 40 },
    })
  })

  it('a file that fails at its very end keeps nothing, though slices were written before', async () => {
    const { text } = await backup(30)
    const before = {
      conversations: countRows(world.store, 'conversations'),
      messages: countRows(world.store, 'messages'),
    }
    const broken = text.replace(/]}$/, ',{"id":"x","title":"t","messages":[{"id":"m","role":"robot","parts":[]}]}]}')
    const result = await a.call('conversations.import', { text: broken })
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        detail: { code: 'import-invalid', where: expect.stringMatching(/^conversations\.30\b/) },
      },
    })
    expect({
      conversations: countRows(world.store, 'conversations'),
      messages: countRows(world.store, 'messages'),
    }).toEqual(before)
    expect(world.store.db.inTransaction).toBe(false)
  })

  it('begins only once a write that was already under way has ended (new ones are refused meanwhile)', async () => {
    const { text } = await backup(3)
    // A key store that answers when the test says: `keys.set` is in flight, past the gate.
    const vault = world.vault
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const slowSet = vault.set.bind(vault)
    vault.set = async (...args) => {
      await held
      return slowSet(...args)
    }
    const saving = a.call('keys.set', { provider: 'anthropic', key: 'sk-ant-test-key-0123456789' })
    let settled = false
    const importing = a.call('conversations.import', { text }).finally(() => (settled = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(settled).toBe(false)
    expect(world.store.db.inTransaction).toBe(false) // the import has not begun its transaction
    expect(await a.call('measurements.add', weight)).toMatchObject({
      ok: false,
      error: { kind: 'busy', detail: { code: 'import-running' } },
    })
    release()
    expect(await saving).toMatchObject({ ok: true })
    expect(await importing).toMatchObject({ ok: true, value: { added: { conversations: 3 } } })
  })

  it('awaits that write, with no timer: it begins as soon as the write has ended', async () => {
    const { text } = await backup(3)
    const vault = world.vault
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const slowSet = vault.set.bind(vault)
    vault.set = async (...args) => {
      await held
      return slowSet(...args)
    }
    const saving = a.call('keys.set', { provider: 'anthropic', key: 'sk-ant-test-key-0123456789' })
    // Timers stand still from here: an import that polled for the write to end would never begin.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] })
    try {
      let settled = false
      const importing = a.call('conversations.import', { text }).finally(() => (settled = true))
      const turns = async (n: number) => {
        for (let i = 0; i < n && !settled; i++) await new Promise<void>((resolve) => setImmediate(resolve))
      }
      await turns(20)
      expect(settled).toBe(false)
      expect(world.store.db.inTransaction).toBe(false) // waiting for the write, not importing yet
      release()
      await turns(500)
      expect(settled).toBe(true)
      expect(await saving).toMatchObject({ ok: true })
      expect(await importing).toMatchObject({ ok: true, value: { added: { conversations: 3 } } })
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits until no answer is being written', async () => {
    const { text } = await backup(2)
    world.server.enqueue({ type: 'turn', text: 'one two three four', faults: { stallAfterEvents: 2 } })
    const { runId } = await a.value('turns.start', { text: 'hi' })
    await a.waitFor((e) => e.type === 'run-start')
    expect(await a.call('conversations.import', { text })).toMatchObject({
      ok: false,
      error: { kind: 'busy', detail: { code: 'runs-active' } },
    })
    await a.value('turns.stop', { runId })
    await world.service.whenIdle()
    expect(await a.call('conversations.import', { text })).toMatchObject({
      ok: true,
      value: { added: { conversations: 2 } },
    })
  })

  it('quitting mid-way undoes the import and the app closes', async () => {
    const { text } = await backup(40)
    const before = countRows(world.store, 'conversations')
    const importing = a.call('conversations.import', { text })
    await a.call('conversations.list', {}) // the import has begun and paused at least once
    await world.service.close()
    expect(await importing).toMatchObject({ ok: false, error: { detail: { code: 'shutting-down' } } })
    expect(countRows(world.store, 'conversations')).toBe(before)
    expect(world.store.db.inTransaction).toBe(false)
  })

  it("an MCP server's first tool list that arrives meanwhile is pinned after the import, even one that fails", async () => {
    const { text } = await backup(5)
    const broken = text.replace(/]}$/, ',{"id":"x"}]}')
    const tool = { toolName: 'echo', definitionHash: 'a'.repeat(64), definition: { name: 'echo' } }
    let pinnedDuring: boolean | undefined
    let pauses = 0
    const result = await importStoreInSlices(world.store, stringChunks(broken), {
      sliceMs: 0,
      pause: async () => {
        if (++pauses === 2) {
          world.store.mcpPins.accept('server-1', [tool])
          pinnedDuring = world.store.mcpPins.hasAny('server-1')
        }
        await new Promise<void>((resolve) => setImmediate(resolve))
      },
    })
    expect(result.ok).toBe(false)
    expect(pinnedDuring).toBe(false) // not written inside the import's transaction…
    // …but as soon as it has ended (queued by the store's write gate, not retried on a timer).
    expect(world.store.mcpPins.forServer('server-1').get('echo')).toMatchObject({ definitionHash: 'a'.repeat(64) })
  })
})
