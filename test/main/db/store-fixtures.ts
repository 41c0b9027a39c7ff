// Test helpers for the store: real SQLite files in a temp folder, a fake clock, cleanup after each test.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { Clock } from '../../../src/main/db/clock'
import { openKeelStore, type KeelStore, type OpenKeelStoreOptions } from '../../../src/main/db/keel-store'

export interface FakeClock extends Clock {
  advance(ms: number): void
  set(epochMs: number): void
}

/** A clock that only moves when told (default start: 2025-03-10T09:14:00Z). */
export function fakeClock(start = Date.parse('2025-03-10T09:14:00.000Z')): FakeClock {
  let now = start
  const clock = (() => now) as FakeClock
  clock.advance = (ms) => {
    now += ms
  }
  clock.set = (epochMs) => {
    now = epochMs
  }
  return clock
}

/**
 * Registers cleanup for the calling test file and returns helpers that make temp folders and open
 * stores in them (closed and deleted after each test).
 */
export function useTempStores() {
  const dirs: string[] = []
  const stores: KeelStore[] = []
  afterEach(() => {
    for (const store of stores.splice(0)) store.close()
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'keel-'))
    dirs.push(dir)
    return dir
  }
  const openAt = (path: string, options: OpenKeelStoreOptions = {}): KeelStore => {
    const opened = openKeelStore(path, options)
    if (!opened.ok) throw new Error(`store did not open: ${opened.error.kind}: ${opened.error.message}`)
    stores.push(opened.store)
    return opened.store
  }
  /** A fresh store in a new temp folder; `reopen` closes it and opens the same file again. */
  const open = (options: OpenKeelStoreOptions = {}) => {
    const path = join(tempDir(), 'keel.db')
    let store = openAt(path, options)
    return {
      path,
      get store() {
        return store
      },
      reopen(reopenOptions: OpenKeelStoreOptions = options): KeelStore {
        store.close()
        store = openAt(path, reopenOptions)
        return store
      },
    }
  }
  return { tempDir, openAt, open }
}

/** A conversation with one turn, the usual context of a tool call. */
export function conversationWithTurn(store: KeelStore, userText = 'I weigh 70 kg') {
  const conversation = store.conversations.createConversation({ title: 'test' })
  const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText })
  return { conversationId: conversation.id, turnId: turn.id }
}

export function countRows(store: KeelStore, table: string): number {
  return (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
}
