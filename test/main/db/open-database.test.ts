import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { BUSY_TIMEOUT_MS, openDatabase, readDatabasePragmas } from '../../../src/main/db/database'
import { openKeelStore } from '../../../src/main/db/keel-store'
import { LATEST_SCHEMA_VERSION } from '../../../src/main/db/migrations/index'
import { KEEL_APPLICATION_ID } from '../../../src/main/db/migrations/migration'
import { useTempStores } from './store-fixtures'

const { tempDir, open } = useTempStores()
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')

describe('openDatabase', () => {
  it('reads back WAL, synchronous=FULL, foreign keys on, busy timeout ≥ 5 s, and the latest schema version', () => {
    const { store } = open()
    const pragmas = readDatabasePragmas(store.db)
    expect(pragmas.journalMode).toBe('wal')
    expect(pragmas.synchronous).toBe(2)
    expect(pragmas.foreignKeys).toBe(1)
    expect(pragmas.busyTimeoutMs).toBeGreaterThanOrEqual(5000)
    expect(BUSY_TIMEOUT_MS).toBeGreaterThanOrEqual(5000)
    expect(pragmas.userVersion).toBe(LATEST_SCHEMA_VERSION)
    expect(pragmas.applicationId).toBe(KEEL_APPLICATION_ID)
  })

  it('keeps the pragmas after a reopen (they are per connection, so open must set them every time)', () => {
    const handle = open()
    const reopened = handle.reopen()
    const pragmas = readDatabasePragmas(reopened.db)
    expect([pragmas.journalMode, pragmas.synchronous, pragmas.foreignKeys]).toEqual(['wal', 2, 1])
  })

  it('declares every table STRICT', () => {
    const { store } = open()
    // FTS5 search indexes (migration 0120) and their shadow tables are SQLite's own, not declared by Keel.
    const tables = store.db
      .prepare(
        `SELECT name, strict FROM pragma_table_list WHERE schema = 'main' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%\\_search%' ESCAPE '\\'`,
      )
      .all() as { name: string; strict: number }[]
    expect(tables.map((t) => t.name).sort()).toEqual(
      [
        'conversation_settings',
        'conversations',
        'generations',
        'mcp_tool_pins',
        'measurements',
        'message_attachments',
        'message_part_chunks',
        'message_parts',
        'message_replay_items',
        'message_web_items',
        'messages',
        'schema_migrations',
        'settings',
        'tool_ledger',
        'tool_ledger_calls',
        'turns',
      ].sort(),
    )
    expect(tables.filter((t) => t.strict !== 1)).toEqual([])
  })

  it('refuses a database from a newer Keel with a typed error and leaves the file untouched', () => {
    const path = join(tempDir(), 'newer.db')
    const raw = new Database(path)
    raw.pragma(`application_id = ${KEEL_APPLICATION_ID}`)
    raw.exec('CREATE TABLE from_the_future (x INTEGER) STRICT')
    raw.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 10}`)
    raw.close()
    const before = sha256(path)

    const result = openKeelStore(path)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe('newer-schema')
    expect(result.error.foundVersion).toBe(LATEST_SCHEMA_VERSION + 10)
    expect(result.error.targetVersion).toBe(LATEST_SCHEMA_VERSION)
    expect(result.error.message).toMatch(/newer version of Keel/)
    expect(sha256(path)).toBe(before)
    const check = new Database(path, { readonly: true })
    expect(check.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION + 10)
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete')
    check.close()
  })

  it('refuses a file that is not SQLite with `not-a-database` and leaves it untouched', () => {
    const path = join(tempDir(), 'notes.db')
    writeFileSync(path, 'These are my notes, not a database. '.repeat(200))
    const before = sha256(path)
    const result = openDatabase(path)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe('not-a-database')
    expect(result.error.sqliteCode).toBe('SQLITE_NOTADB')
    expect(sha256(path)).toBe(before)
  })

  it("refuses another application's SQLite database (no Keel schema) and leaves it untouched", () => {
    const path = join(tempDir(), 'other.db')
    const raw = new Database(path)
    raw.exec('CREATE TABLE contacts (name TEXT)')
    raw.prepare('INSERT INTO contacts VALUES (?)').run('Ada')
    raw.close()
    const before = sha256(path)
    const result = openDatabase(path)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.kind).toBe('not-a-keel-database')
    expect(sha256(path)).toBe(before)

    const otherAppPath = join(tempDir(), 'other-app.db')
    const other = new Database(otherAppPath)
    other.pragma('application_id = 42')
    other.close()
    const second = openDatabase(otherAppPath)
    expect(second.ok ? 'opened' : second.error.kind).toBe('not-a-keel-database')
  })

  it('reports a path that cannot be opened as `cannot-open`', () => {
    const result = openDatabase(join(tempDir(), 'missing-folder', 'keel.db'))
    expect(result.ok ? 'opened' : result.error.kind).toBe('cannot-open')
  })

  it('creates a new file, and a second open changes nothing (no migration re-runs)', () => {
    const handle = open()
    handle.store.conversations.createConversation({ id: 'c1', title: 'kept' })
    const reopened = handle.reopen()
    expect(reopened.conversations.getConversation('c1')?.title).toBe('kept')
    expect(readDatabasePragmas(reopened.db).userVersion).toBe(LATEST_SCHEMA_VERSION)
  })
})
