// What opening checks before it writes anything: a damaged, empty or foreign file is refused with a
// typed error that names the file and says it was not changed, and it is not changed (not even
// switched to WAL, no presence file beside it). A read-only store opens read-only where allowed.
// A full disk at open is `full`.
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { LATEST_SCHEMA_VERSION } from '../../../src/main/db/migrations/index'
import { KEEL_APPLICATION_ID } from '../../../src/main/db/migrations/migration'
import { openAtVersion } from './migration-test-helpers'
import { fillDisk, mountTmpfs, readOnlyView, type Mounted } from './scratch-mounts'
import { useTempStores } from './store-fixtures'

const { tempDir, openAt } = useTempStores()
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')
const listing = (dir: string) => readdirSync(dir).sort()

/** A closed store with `messages` messages in it (a cleanly closed store has no -wal left). */
function storeWithData(dir: string, messages = 300): string {
  const path = join(dir, 'keel.db')
  const store = openAt(path)
  const conversation = store.conversations.createConversation({ title: 'kept' })
  store.db.transaction(() => {
    for (let i = 0; i < messages; i++) {
      store.conversations.addMessage({
        conversationId: conversation.id,
        role: 'user',
        parts: [{ type: 'text', text: `message ${i} `.repeat(20) }],
      })
    }
  })()
  store.close()
  return path
}

/** Opens and expects a refusal of `kind` that names the file, says it was not changed, and changed nothing. */
function expectRefusedUnchanged(path: string, kind: string) {
  const dir = join(path, '..')
  const before = { hash: sha256(path), files: listing(dir) }
  const result = openKeelStore(path)
  if (result.ok) result.store.close()
  expect(result.ok ? 'opened' : result.error.kind).toBe(kind)
  if (result.ok) return undefined
  expect(result.error.message).toContain(path)
  expect(result.error.message).toMatch(/The file was not changed\./)
  expect(sha256(path)).toBe(before.hash)
  // No -wal, -shm or presence file left beside it.
  expect(listing(dir)).toEqual(before.files)
  return result.error
}

describe('checks at open, before any write', () => {
  it('refuses a truncated store as `corrupt` (PRAGMA quick_check), without touching it', () => {
    const path = storeWithData(tempDir())
    truncateSync(path, statSync(path).size - 1234)
    const error = expectRefusedUnchanged(path, 'corrupt')
    expect(error?.message).toMatch(/damaged.*quick_check/)
  })

  it('refuses a damaged store in rollback-journal mode without switching it to WAL first', () => {
    const path = storeWithData(tempDir())
    const raw = new Database(path)
    raw.pragma('journal_mode = DELETE')
    raw.close()
    truncateSync(path, statSync(path).size - 1234)
    expectRefusedUnchanged(path, 'corrupt')
    // Bytes 18-19 of the header: 1 = rollback journal, 2 = WAL.
    expect([...readFileSync(path).subarray(18, 20)]).toEqual([1, 1])
  })

  it('refuses an empty (0-byte) existing file instead of making it a new store', () => {
    const path = join(tempDir(), 'keel.db')
    writeFileSync(path, '')
    const error = expectRefusedUnchanged(path, 'not-a-database')
    expect(error?.message).toMatch(/empty/)
    expect(statSync(path).size).toBe(0)
  })

  it.each([
    ['a negative user_version', -5, 0, true],
    ['user_version 3 (none of Keel’s), no tables', 3, 0, false],
    ['user_version 3 (none of Keel’s), with tables', 3, 0, true],
    [
      `user_version ${LATEST_SCHEMA_VERSION - 5}, not one of Keel's, no Keel application id`,
      LATEST_SCHEMA_VERSION - 5,
      0,
      true,
    ],
    [`user_version ${LATEST_SCHEMA_VERSION + 5} without Keel's application id`, LATEST_SCHEMA_VERSION + 5, 0, true],
    ['a negative user_version with Keel’s application id', -1, KEEL_APPLICATION_ID, true],
  ])('%s is not a Keel database', (_name, version, applicationId, withTable) => {
    const path = join(tempDir(), 'other.db')
    const raw = new Database(path)
    if (withTable) raw.exec('CREATE TABLE notes (body TEXT)')
    if (applicationId) raw.pragma(`application_id = ${applicationId}`)
    raw.pragma(`user_version = ${version}`)
    raw.close()
    expectRefusedUnchanged(path, 'not-a-keel-database')
  })

  it("still opens a store at each of Keel's own versions, and migrates it", () => {
    for (const version of [10, 30, 50]) {
      const dir = tempDir()
      openAtVersion(dir, version).close()
      const store = openAt(join(dir, 'keel.db'))
      expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION)
    }
  })
})

describe('a read-only store', () => {
  const mounts: Mounted[] = []
  afterAll(() => {
    for (const mount of mounts) if (mount.ok) mount.unmount()
  })
  const readOnlyCopyOf = (prepare: (dir: string) => void): { dir: string; path: string } | string => {
    const source = tempDir()
    prepare(source)
    const view = readOnlyView(source)
    mounts.push(view)
    return view.ok ? { dir: view.dir, path: join(view.dir, 'keel.db') } : view.reason
  }

  it('is refused for writing with `read-only`, named and unchanged', (context) => {
    const copy = readOnlyCopyOf((dir) => storeWithData(dir, 5))
    if (typeof copy === 'string') return context.skip(copy)
    const result = openKeelStore(copy.path)
    expect(result.ok ? 'opened' : result.error.kind).toBe('read-only')
    if (!result.ok)
      expect(result.error.message).toMatch(new RegExp(`${copy.path}.*not writable.*The file was not changed`))
  })

  it.for([
    ['in WAL mode, as Keel leaves it (read from a snapshot: SQLite cannot make its -shm there)', 'wal'],
    ['in rollback-journal mode', 'delete'],
  ] as const)(
    'opens read-only when allowed, %s: reads everything, writes nothing (no WAL switch, no recovery, no presence file)',
    ([, journalMode], context) => {
      let streamingId = ''
      const copy = readOnlyCopyOf((dir) => {
        const path = join(dir, 'keel.db')
        const store = openAt(path)
        const conversation = store.conversations.createConversation({ title: 'kept' })
        const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText: 'hi' })
        const writer = store.conversations.startAssistantMessage(
          { conversationId: conversation.id, turnId: turn.id },
          { flushChars: 2 },
        )
        writer.appendText('cut ')
        writer.appendText('off')
        streamingId = writer.messageId
        // Never finalized: the message stays streaming, its text partly in chunks.
        store.close()
        if (journalMode === 'delete') {
          const raw = new Database(path)
          raw.pragma('journal_mode = DELETE')
          raw.close()
        }
      })
      if (typeof copy === 'string') return context.skip(copy)
      const before = { hash: sha256(copy.path), files: listing(copy.dir) }
      const result = openKeelStore(copy.path, { allowReadOnly: true })
      expect(result.ok ? 'opened' : result.error.message).toBe('opened')
      if (!result.ok) return
      const store: KeelStore = result.store
      try {
        expect(store.readOnly).toBe(true)
        expect(store.recovery.interruptedMessageIds).toEqual([])
        expect(store.conversations.getMessage(streamingId)).toMatchObject({
          status: 'streaming',
          parts: [{ type: 'text', text: 'cut off' }],
        })
        expect(store.db.pragma('journal_mode', { simple: true })).toBe(journalMode)
        expect(() => store.conversations.createConversation({ title: 'x' })).toThrow(/readonly/)
      } finally {
        store.close()
      }
      expect(sha256(copy.path)).toBe(before.hash)
      expect(listing(copy.dir)).toEqual(before.files)
    },
  )

  it('with a schema older than this build, says so instead of migrating', (context) => {
    const copy = readOnlyCopyOf((dir) => openAtVersion(dir, 50).close())
    if (typeof copy === 'string') return context.skip(copy)
    const result = openKeelStore(copy.path, { allowReadOnly: true })
    expect(result.ok ? 'opened' : result.error.kind).toBe('read-only')
    if (!result.ok) {
      expect(result.error.message).toMatch(
        new RegExp(`schema version is 50 and this Keel needs ${LATEST_SCHEMA_VERSION}.*not writable`),
      )
      expect(result.error).toMatchObject({ foundVersion: 50, targetVersion: LATEST_SCHEMA_VERSION })
    }
  })
})

describe('a read-only store from before migrations were recorded', () => {
  const mounts: Mounted[] = []
  afterAll(() => {
    for (const mount of mounts) if (mount.ok) mount.unmount()
  })
  /** A legacy store as a read-only view; `updated`: first brought up to date by a writable open. */
  const readOnlyFixture = (file: string, updated = false): { dir: string; path: string } | string => {
    const source = tempDir()
    copyFileSync(join(import.meta.dirname, '../../fixtures/legacy-stores', file), join(source, 'keel.db'))
    if (updated) {
      const opened = openKeelStore(join(source, 'keel.db'))
      if (!opened.ok) throw new Error(opened.error.message)
      opened.store.close()
    }
    const view = readOnlyView(source)
    mounts.push(view)
    return view.ok ? { dir: view.dir, path: join(view.dir, 'keel.db') } : view.reason
  }

  it('that lacks a migration below its version is refused, naming it, instead of read with a column missing', (context) => {
    const copy = readOnlyFixture('made-at-0120-used-at-0180-without-0160.sqlite')
    if (typeof copy === 'string') return context.skip(copy)
    const result = openKeelStore(copy.path, { allowReadOnly: true })
    expect(result.ok ? 'opened' : result.error.kind).toBe('read-only')
    if (!result.ok)
      expect(result.error.message).toMatch(
        /schema version is 180 and .*lacks migration 160 \(generation-profiles\).*not writable/,
      )
  })

  it('that has every migration opens read-only, unchanged', (context) => {
    // Complete as of this build (every later migration applied while it was writable).
    const copy = readOnlyFixture('made-at-0130-used-at-0180-complete.sqlite', true)
    if (typeof copy === 'string') return context.skip(copy)
    const before = sha256(copy.path)
    const result = openKeelStore(copy.path, { allowReadOnly: true })
    expect(result.ok ? result.store.readOnly : result.error.message).toBe(true)
    if (result.ok) {
      expect(result.store.conversations.listConversations().length).toBeGreaterThan(0)
      result.store.close()
    }
    expect(sha256(copy.path)).toBe(before)
  })
})

describe('a full disk at open', () => {
  const mounts: Mounted[] = []
  afterAll(() => {
    for (const mount of mounts) if (mount.ok) mount.unmount()
  })
  const smallDisk = (): Mounted => {
    const mount = mountTmpfs(2 * 1024 * 1024)
    mounts.push(mount)
    return mount
  }

  it('is `full` for an existing store (SQLite says "disk I/O error" when it cannot grow the -shm file)', (context) => {
    const disk = smallDisk()
    if (!disk.ok) return context.skip(disk.reason)
    const path = storeWithData(disk.dir, 20)
    const before = sha256(path)
    fillDisk(disk.dir)
    const result = openKeelStore(path)
    if (result.ok) result.store.close()
    expect(result.ok ? 'opened' : result.error.kind).toBe('full')
    if (!result.ok) {
      // What SQLite itself says here: SQLITE_IOERR_SHMSIZE ("disk I/O error") while it grows the -shm file.
      expect(result.error.sqliteCode).toMatch(/^SQLITE_IOERR/)
      expect(result.error.message).toMatch(/disk is full/)
      expect(result.error.message).toContain(path)
    }
    expect(sha256(path)).toBe(before)
  })

  it('is `full` for a new store', (context) => {
    const disk = smallDisk()
    if (!disk.ok) return context.skip(disk.reason)
    fillDisk(disk.dir)
    const path = join(disk.dir, 'keel.db')
    const result = openKeelStore(path)
    if (result.ok) result.store.close()
    expect(result.ok ? 'opened' : result.error.kind).toBe('full')
    if (!result.ok) expect(result.error.message).toContain(path)
    // Nothing half-made is left to be refused as an empty file once there is room again.
    expect(existsSync(path)).toBe(false)
  })
})
