// The benchmarks' big-store generator (bench/scale/seed-large-store.ts), at a small size: the store
// it writes is one the app opens, lists, opens and searches, and whose export imports back as is.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedLargeStore, type SeedSummary } from '../../bench/scale/seed-large-store'
import { KeelAppService } from '../../src/main/app/keel-app-service'
import { createMemoryKeyVault } from '../../src/main/secrets/key-vault'
import { openKeelStore, type KeelStore } from '../../src/main/db/keel-store'
import { stringChunks } from '../../src/main/export/json-record-reader'
import { importStore } from '../../src/main/export/store-import'
import { writeExport } from '../../src/main/export/store-export'

const OPTIONS = { conversations: 40, messages: 1_200, bigConversationMessages: 301, measurements: 60, seed: 7 }

let dir: string
let summary: SeedSummary
let store: KeelStore
let service: KeelAppService

function open(path: string): KeelStore {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.store
}

async function exportOf(s: KeelStore): Promise<string> {
  let text = ''
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk)
      done()
    },
  })
  await writeExport(s, out)
  return text
}

const value = async <T>(
  promise: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>,
): Promise<T> => {
  const result = await promise
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-seed-'))
  summary = seedLargeStore(join(dir, 'big.db'), OPTIONS)
  store = open(join(dir, 'big.db'))
  service = new KeelAppService({ store, env: {}, vault: createMemoryKeyVault() })
})

afterAll(async () => {
  await service?.close()
  store?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('seedLargeStore', () => {
  it('writes as many conversations and messages as asked, the big one first in the list', async () => {
    expect(summary).toMatchObject({
      conversationCount: 40,
      messageCount: 1_200,
      bigConversationMessages: 301,
      measurementCount: 60,
    })
    expect(summary.toolCallCount).toBeGreaterThan(0)
    expect(summary.ledgerEntryCount).toBeGreaterThan(0)
    const count = (table: string) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
    expect(count('messages')).toBe(1_200)
    expect(count('measurements')).toBe(60)
    expect(store.recovery).toMatchObject({
      interruptedMessageIds: [],
      crashedGenerationIds: [],
      unknownLedgerEntries: 0,
    })

    const list = await value(service.handle('conversations.list', { limit: 100 }, { clientId: 't' }))
    expect(list).toHaveLength(40)
    expect(list[0]!.id).toBe(summary.bigConversationId)
    expect(list.reduce((sum, c) => sum + c.messageCount, 0)).toBe(1_200)
    // Timestamps spread over years, newest first.
    expect(list[0]!.updatedAt - list.at(-1)!.updatedAt).toBeGreaterThan(365 * 24 * 3600 * 1000)
  })

  it('opens the big conversation with its usage, tool calls and results', async () => {
    const view = await value(
      service.handle('conversations.open', { conversationId: summary.bigConversationId }, { clientId: 't' }),
    )
    expect(view.messages).toHaveLength(301)
    expect(view.messages.map((m) => m.seq)).toEqual(Array.from({ length: 301 }, (_, i) => i + 1))
    const answers = view.messages.filter((m) => m.role === 'assistant')
    expect(Object.keys(view.usage.perMessage)).toHaveLength(answers.length)
    expect(view.usage.total.usage.outputTokens).toBeGreaterThan(0)
    const parts = view.messages.flatMap((m) => m.parts)
    expect(parts.some((p) => p.type === 'text' && p.text.includes('```'))).toBe(true)
    const all = store.db
      .prepare(`SELECT type, data_json FROM message_parts WHERE type IN ('tool-call', 'tool-result')`)
      .all() as { type: string; data_json: string }[]
    expect(all.length).toBeGreaterThan(0)
    expect(all.every((p) => JSON.parse(p.data_json).callId)).toBe(true)
  })

  it('is found by the app search: word, phrase, prefix and the one rare word', async () => {
    const search = (query: string) => value(service.handle('conversations.search', { query }, { clientId: 't' }))
    for (const query of [summary.search.word, summary.search.phrase, summary.search.prefix])
      expect((await search(query)).results.length, query).toBeGreaterThan(0)
    const rare = await search(summary.search.rare)
    expect(rare.results).toHaveLength(1)
    expect(rare.results[0]).toMatchObject({ kind: 'message', conversationId: summary.bigConversationId, role: 'user' })
    // The index holds every text part that has the word (the triggers ran, as in the app).
    const indexed = store.db
      .prepare(`SELECT count(*) AS n FROM message_text_search WHERE message_text_search MATCH ?`)
      .get(summary.search.word) as { n: number }
    const stored = store.db
      .prepare(`SELECT count(*) AS n FROM message_parts WHERE type = 'text' AND text LIKE ?`)
      .get(`%${summary.search.word}%`) as { n: number }
    expect(indexed.n).toBe(stored.n)
  })

  it('exports and imports back as the app wrote it: nothing added, nothing colliding, the same export', async () => {
    const exported = await exportOf(store)
    const again = importStore(store, stringChunks(exported))
    expect(again.ok && again.report.collisionCount).toBe(0)
    expect(again.ok && again.report.added).toEqual({
      conversations: 0,
      messages: 0,
      generations: 0,
      measurements: 0,
      ledger: 0,
    })

    const copy = open(join(dir, 'copy.db'))
    try {
      const imported = importStore(copy, stringChunks(exported))
      expect(imported.ok && imported.report.added).toMatchObject({ conversations: 40, messages: 1_200 })
      expect(await exportOf(copy)).toBe(exported)
    } finally {
      copy.close()
    }
  })

  it('is deterministic: the same seed gives the same store', () => {
    const other = seedLargeStore(join(dir, 'again.db'), OPTIONS)
    expect({ ...other, path: '', seedMs: 0, fileBytes: 0 }).toEqual({ ...summary, path: '', seedMs: 0, fileBytes: 0 })
    const again = open(join(dir, 'again.db'))
    try {
      const digest = (s: KeelStore) =>
        s.db
          .prepare(
            `SELECT group_concat(id || seq || length(coalesce(parent_id, '')), ',') AS d FROM (SELECT * FROM messages ORDER BY id)`,
          )
          .get()
      expect(digest(again)).toEqual(digest(store))
    } finally {
      again.close()
    }
  })
})
