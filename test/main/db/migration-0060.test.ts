// Migration 0060: message_part_chunks, the append-only rows of streamed text.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion, seedConversation, tableNames } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir } = useTempStores()

describe('migration 0060 (message part chunks)', () => {
  it('adds the chunk table to a version-50 database and keeps what was there', () => {
    const db = openAtVersion(tempDir(), 50)
    seedConversation(db)
    db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES ('m1', 'c1', 't1', 1, 'assistant', 'streaming', 1, 1)`,
    ).run()
    db.prepare(`INSERT INTO message_parts (message_id, position, type, text) VALUES ('m1', 0, 'text', 'before')`).run()
    expect(migrate(db, { targetVersion: 60 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(60)
    expect(tableNames(db)).toContain('message_part_chunks')
    expect(db.prepare(`SELECT strict FROM pragma_table_list WHERE name = 'message_part_chunks'`).get()).toEqual({
      strict: 1,
    })
    expect(db.prepare(`SELECT text FROM message_parts WHERE message_id = 'm1'`).get()).toEqual({ text: 'before' })
    db.close()
  })

  it('a chunk needs its part, a positive seq unique within the part; it goes with its conversation', () => {
    const db = openAtVersion(tempDir(), 60)
    seedConversation(db)
    db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES ('m1', 'c1', 't1', 1, 'assistant', 'streaming', 1, 1)`,
    ).run()
    db.prepare(`INSERT INTO message_parts (message_id, position, type, text) VALUES ('m1', 0, 'text', 'a')`).run()
    const chunk = db.prepare('INSERT INTO message_part_chunks (message_id, position, seq, text) VALUES (?, ?, ?, ?)')
    chunk.run('m1', 0, 1, 'b')
    chunk.run('m1', 0, 2, 'c')
    expect(() => chunk.run('m1', 0, 2, 'again')).toThrow(/UNIQUE|PRIMARY/)
    expect(() => chunk.run('m1', 0, 0, 'zero')).toThrow(/CHECK/)
    expect(() => chunk.run('m1', 1, 1, 'no such part')).toThrow(/FOREIGN KEY/)
    db.prepare(`DELETE FROM conversations WHERE id = 'c1'`).run()
    expect(db.prepare('SELECT count(*) AS n FROM message_part_chunks').get()).toEqual({ n: 0 })
    db.close()
  })
})
