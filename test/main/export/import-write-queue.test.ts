// While an import holds the store's writer (its transaction open across event-loop turns), writers
// that run from a timer or an event go through `store.whenWritable`: queued, and run in order as
// soon as the import has ended, on the committed store (never inside the import, never lost).
import { describe, expect, it } from 'vitest'
import type { AssistantMessageWriter } from '../../../src/main/db/assistant-message-writer'
import { stringChunks } from '../../../src/main/export/json-record-reader'
import { importStoreInSlices } from '../../../src/main/export/store-import'
import { deferFinalization, retryDeferredFinalizations } from '../../../src/main/harness/deferred-finalizations'
import { countRows, useTempStores } from '../db/store-fixtures'

const { open } = useTempStores()

const backup = (count: number) =>
  JSON.stringify({
    format: 'keel-conversation',
    version: 1,
    conversations: Array.from({ length: count }, (_, k) => ({
      id: `c-${k}`,
      title: `Imported ${k}`,
      messages: [
        { id: `q-${k}`, role: 'user', text: 'Capital of France?' },
        { id: `a-${k}`, role: 'assistant', text: 'Paris.' },
      ],
    })),
  })

const pin = (hash: string) => ({ toolName: 'echo', definitionHash: hash.repeat(64), definition: { name: 'echo' } })

describe('writes from timers while an import runs', () => {
  it('are queued, then run in order once it has committed, on the committed rows', async () => {
    const { store } = open()
    const seen: string[] = []
    // A message end a full disk kept from being written: its retry comes from a timer.
    const writer = {
      messageId: 'm-1',
      isFinished: false,
      finalize: () => {
        seen.push(
          `end written (in a transaction: ${store.db.inTransaction}, imported: ${countRows(store, 'conversations')})`,
        )
        return { ok: true }
      },
    } as unknown as AssistantMessageWriter
    deferFinalization(store, writer, { status: 'complete' })
    let pauses = 0
    const during: boolean[] = []
    const result = await importStoreInSlices(store, stringChunks(backup(6)), {
      sliceMs: 0,
      pause: async () => {
        pauses++
        // An MCP server lists its tools, then lists them again changed; the retry timer fires between.
        if (pauses === 1) store.mcpPins.accept('server-1', [pin('a')])
        if (pauses === 2) expect(retryDeferredFinalizations(store)).toBe(1)
        if (pauses === 3) store.mcpPins.accept('server-1', [pin('b')])
        during.push(store.mcpPins.hasAny('server-1'))
        await new Promise<void>((resolve) => setImmediate(resolve))
      },
    })
    expect(result).toMatchObject({ ok: true, report: { added: { conversations: 6 } } })
    expect(pauses).toBeGreaterThan(3)
    expect(during.every((pinned) => !pinned)).toBe(true) // nothing written inside the import…
    // …and all of it the moment it has ended (not at a timer's next tick), in the order it came.
    expect(seen).toEqual(['end written (in a transaction: false, imported: 6)'])
    expect(store.mcpPins.forServer('server-1').get('echo')?.definitionHash).toBe('b'.repeat(64))
    expect(retryDeferredFinalizations(store)).toBe(0)
  })

  it('run once an import that fails has been undone, and are not undone with it', async () => {
    const { store } = open()
    const broken = backup(4).replace(/]}$/, ',{"id":"x"}]}')
    const result = await importStoreInSlices(store, stringChunks(broken), {
      sliceMs: 0,
      pause: async () => {
        store.mcpPins.accept('server-1', [pin('c')])
        await new Promise<void>((resolve) => setImmediate(resolve))
      },
    })
    expect(result.ok).toBe(false)
    expect(countRows(store, 'conversations')).toBe(0)
    expect(store.mcpPins.forServer('server-1').get('echo')?.definitionHash).toBe('c'.repeat(64))
  })

  it('run at once when no import holds the writer (errors reach the caller)', () => {
    const { store } = open()
    store.mcpPins.accept('server-1', [pin('d')])
    expect(store.mcpPins.hasAny('server-1')).toBe(true)
    store.close()
    expect(() => store.mcpPins.accept('server-1', [pin('e')])).toThrow()
  })
})
