// Migration 0010: conversations, turns, messages, message_parts.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { useTempStores } from './store-fixtures'
import { openAtVersion, seedConversation, tableNames } from './migration-test-helpers'

const { tempDir } = useTempStores()

describe('migration 0010 (conversations)', () => {
  it('creates the conversation tables from an empty database', () => {
    const db = openAtVersion(tempDir(), 0)
    expect(migrate(db, { targetVersion: 10 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(10)
    expect(tableNames(db)).toEqual(['conversations', 'message_parts', 'messages', 'schema_migrations', 'turns'])
    db.close()
  })

  it('enforces statuses, interrupt reasons, failed errors, part shapes and per-conversation seq', () => {
    const db = openAtVersion(tempDir(), 10)
    seedConversation(db)
    const insert = db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, interrupt_reason, error_json, created_at, updated_at)
       VALUES (?, 'c1', 't1', ?, 'assistant', ?, ?, ?, 1, 1)`,
    )
    insert.run('m1', 1, 'streaming', null, null)
    insert.run('m2', 2, 'interrupted', 'user-stop', null)
    insert.run('m3', 3, 'failed', null, '{"kind":"provider","message":"x"}')
    expect(() => insert.run('bad-status', 4, 'done', null, null)).toThrow(/CHECK/)
    expect(() => insert.run('no-reason', 4, 'interrupted', null, null)).toThrow(/CHECK/)
    expect(() => insert.run('bad-reason', 4, 'interrupted', 'cosmic-ray', null)).toThrow(/CHECK/)
    expect(() => insert.run('reason-not-interrupted', 4, 'complete', 'user-stop', null)).toThrow(/CHECK/)
    expect(() => insert.run('failed-no-error', 4, 'failed', null, null)).toThrow(/CHECK/)
    expect(() => insert.run('same-seq', 1, 'complete', null, null)).toThrow(/UNIQUE/)
    // A message can only name a turn of its own conversation.
    seedConversation(db, 'c2', 't2')
    expect(() =>
      db
        .prepare(
          `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES ('x', 'c1', 't2', 9, 'user', 'complete', 1, 1)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/)

    const part = db.prepare(
      'INSERT INTO message_parts (message_id, position, type, text, data_json) VALUES (?, ?, ?, ?, ?)',
    )
    part.run('m1', 0, 'text', 'hello', null)
    part.run('m1', 1, 'tool-call', '', '{"callId":"a"}')
    expect(() => part.run('m1', 2, 'text', 'x', '{}')).toThrow(/CHECK/)
    expect(() => part.run('m1', 2, 'tool-result', '', null)).toThrow(/CHECK/)
    expect(() => part.run('m1', 2, 'tool-result', '', 'not json')).toThrow(/CHECK/)
    expect(() => part.run('m1', 0, 'text', 'dup', null)).toThrow(/UNIQUE|PRIMARY/)
    expect(() => part.run('no-such-message', 0, 'text', 'x', null)).toThrow(/FOREIGN KEY/)
    db.close()
  })

  it('deletes turns, messages and parts with their conversation', () => {
    const db = openAtVersion(tempDir(), 10)
    seedConversation(db)
    db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES ('m1', 'c1', 't1', 1, 'user', 'complete', 1, 1)`,
    ).run()
    db.prepare(`INSERT INTO message_parts (message_id, position, type, text) VALUES ('m1', 0, 'text', 'hi')`).run()
    db.prepare(`DELETE FROM conversations WHERE id = 'c1'`).run()
    for (const table of ['turns', 'messages', 'message_parts']) {
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()).toEqual({ n: 0 })
    }
    db.close()
  })
})
