// Migration 0180: the finer interrupt reason (`window-closed`) beside `interrupt_reason`.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion, seedConversation } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir } = useTempStores()

describe('migration 0180 (interrupt detail)', () => {
  it('adds interrupt_detail to a version-130 database; stored answers keep their reason and get no detail', () => {
    const db = openAtVersion(tempDir(), 130)
    seedConversation(db)
    db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, interrupt_reason, created_at, updated_at) VALUES ('m1', 'c1', 't1', 1, 'assistant', 'interrupted', 'user-stop', 1, 1)`,
    ).run()
    expect(migrate(db, { targetVersion: 180 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(180)
    expect(db.prepare(`SELECT interrupt_reason, interrupt_detail FROM messages WHERE id = 'm1'`).get()).toEqual({
      interrupt_reason: 'user-stop',
      interrupt_detail: null,
    })
    db.close()
  })

  it("holds only 'window-closed', and only on an answer interrupted as 'network'", () => {
    const db = openAtVersion(tempDir(), 180)
    seedConversation(db)
    const insert = db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, interrupt_reason, interrupt_detail, created_at, updated_at) VALUES (?, 'c1', 't1', ?, 'assistant', 'interrupted', ?, ?, 1, 1)`,
    )
    insert.run('ok', 1, 'network', 'window-closed')
    expect(() => insert.run('other-detail', 2, 'network', 'tab-closed')).toThrow(/CHECK/)
    expect(() => insert.run('wrong-reason', 3, 'user-stop', 'window-closed')).toThrow(/CHECK/)
    // The old column still refuses the new word: it goes in the detail column only.
    expect(() => insert.run('in-old-column', 4, 'window-closed', null)).toThrow(/CHECK/)
    db.close()
  })
})
