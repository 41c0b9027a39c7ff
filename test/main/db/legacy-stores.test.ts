// Stores written by earlier versions of main (test/fixtures/legacy-stores, made from git history by
// scripts/make-legacy-stores.ts) open with today's code with every table, column and row, and their
// conversations go on. Some of them lack a migration their user_version claims (migrations reached
// main out of numeric order).
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { writeExport } from '../../../src/main/export/store-export'
import { migrate } from '../../../src/main/db/migrate'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../src/main/db/migrations/index'
import { fakeClock, useTempStores } from './store-fixtures'

const FIXTURES = join(import.meta.dirname, '../../fixtures/legacy-stores')
const lives = JSON.parse(readFileSync(join(FIXTURES, 'lives.json'), 'utf8')) as {
  file: string
  what: string
  openedBy: string[]
  applied: number[]
}[]
const { tempDir, openAt } = useTempStores()

/** Tables with their own rows (not FTS indexes and their shadow tables, which follow their content). */
function dataTables(db: Database.Database): string[] {
  return db
    .prepare(
      `SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' AND name NOT LIKE '%_search_%' ORDER BY name`,
    )
    .pluck()
    .all() as string[]
}

/** Everything a table holds, one canonical string per row (BLOBs as hex), sorted. */
function rowsOf(db: Database.Database, table: string, columns: string[]): string[] {
  const rows = db
    .prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM "${table}"`)
    .raw()
    .all() as unknown[][]
  return rows
    .map((row) => JSON.stringify(row.map((value) => (Buffer.isBuffer(value) ? `x'${value.toString('hex')}'` : value))))
    .sort()
}

function columnsOf(db: Database.Database, table: string): string[] {
  return db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]
}

/** Tables (columns with type, nullability, default, key), indexes and triggers, independent of column order. */
function schemaOf(db: Database.Database): Record<string, unknown> {
  const objects = db
    .prepare(`SELECT type, name, tbl_name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`)
    .all() as { type: string; name: string }[]
  const shape: Record<string, unknown> = {}
  for (const { type, name } of objects) {
    shape[`${type} ${name}`] =
      type === 'table'
        ? (db
            .prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo(?) ORDER BY name`)
            .all(name) as unknown[])
        : true
  }
  return shape
}

function freshSchema(): Record<string, unknown> {
  const store = openAt(join(tempDir(), 'fresh.db'))
  return schemaOf(store.db)
}

async function exported(
  store: Parameters<typeof writeExport>[0],
): Promise<{ conversations: { id: string; settings?: unknown }[] }> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  await writeExport(store, out)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { conversations: { id: string; settings?: unknown }[] }
}

describe('stores written by earlier versions of main', () => {
  it('has a fixture for every life the generator describes', () => {
    expect(lives.length).toBeGreaterThanOrEqual(6)
  })

  for (const life of lives) {
    it(`opens ${life.file} (${life.what}) with every table, column and row, and its conversations go on`, async () => {
      const path = join(tempDir(), 'keel.db')
      copyFileSync(join(FIXTURES, life.file), path)
      const before = new Database(path, { readonly: true })
      const stored = new Map(
        dataTables(before).map((table) => [
          table,
          { columns: columnsOf(before, table), rows: rowsOf(before, table, columnsOf(before, table)) },
        ]),
      )
      before.close()
      expect(stored.get('messages')?.rows.length).toBeGreaterThan(0)

      const clock = fakeClock(Date.parse('2027-01-01T10:00:00.000Z'))
      let store = openAt(path, { clock })
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION)
      // Every table, column, index and trigger a fresh store has, and nothing pending any more.
      expect(schemaOf(store.db)).toEqual(freshSchema())
      expect(migrate(store.db)).toMatchObject({ ok: true, applied: [] })
      // What the store had is recorded as found; what it lacked ran now (whatever its number).
      const records = store.db.prepare('SELECT version, how FROM schema_migrations ORDER BY version').all()
      expect(records).toEqual(
        MIGRATIONS.map((m) => ({ version: m.version, how: life.applied.includes(m.version) ? 'found' : 'ran' })),
      )

      // Every row is still there, with the values it had.
      for (const [table, { columns, rows }] of stored) expect(rowsOf(store.db, table, columns), table).toEqual(rows)

      const conversations = store.db
        .prepare('SELECT id FROM conversations ORDER BY created_at')
        .pluck()
        .all() as string[]
      const settings = store.conversationSettings
      for (const id of conversations) {
        const { messages } = store.conversations.readConversation(id)
        // The branch shown is the whole conversation (old ones became one chain).
        expect(messages.map((m) => m.id)).toEqual(
          store.db.prepare('SELECT id FROM messages WHERE conversation_id = ? ORDER BY seq').pluck().all(id),
        )
        expect(settings.get(id)).toBeDefined()
        expect(store.generations.listForConversation(id).size).toBeGreaterThan(0)
      }
      expect(store.search.search('medicao', { limit: 50 }).results.length).toBeGreaterThan(0)
      const exportedStore = await exported(store)
      expect(exportedStore.conversations.map((c) => c.id).sort()).toEqual([...conversations].sort())

      // An old conversation goes on: a question, a priced model call, an answer, and its own settings.
      const oldest = conversations[0]!
      const lengthBefore = store.conversations.readConversation(oldest).messages.length
      const { turn } = store.conversations.startTurn({ conversationId: oldest, userText: 'E agora?' })
      const generation = store.generations.start({
        turnId: turn.id,
        round: 1,
        attempt: 1,
        provider: 'openai-chat',
        profile: 'ollama',
        model: 'llama3',
      })
      const writer = store.conversations.startAssistantMessage({ conversationId: oldest, turnId: turn.id })
      writer.appendText('Continuando.')
      expect(writer.finalize({ status: 'complete' }).ok).toBe(true)
      expect(
        store.generations.finish(generation.id, {
          outcome: 'complete',
          finishReason: 'stop',
          usage: { inputTokens: 5, outputTokens: 2, reasoningTokens: undefined, cachedInputTokens: undefined },
          usageSource: 'reported',
        }),
      ).toBe(true)
      expect(settings.set(oldest, { temperature: 1 })).toEqual({ temperature: 1 })

      store.close()
      store = openAt(path, { clock })
      const after = store.conversations.readConversation(oldest).messages
      expect(after).toHaveLength(lengthBefore + 2)
      expect(after.at(-1)?.parts).toEqual([{ type: 'text', text: 'Continuando.' }])
      expect(store.generations.get(generation.id)?.profile).toBe('ollama')
      expect(store.conversationSettings.get(oldest)).toEqual({ temperature: 1 })
    })
  }
})
