// Migration 0070: what an answer showed beyond its text (notices, thinking time) and its replay data.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion, seedConversation, tableNames } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir } = useTempStores()

describe('migration 0070 (answer details)', () => {
  it('adds notices, thinking time and the replay table to a version-60 database and keeps what was there', () => {
    const db = openAtVersion(tempDir(), 60)
    seedConversation(db)
    db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES ('m1', 'c1', 't1', 1, 'assistant', 'complete', 1, 1)`,
    ).run()
    db.prepare(`INSERT INTO message_parts (message_id, position, type, text) VALUES ('m1', 0, 'text', 'before')`).run()
    expect(migrate(db, { targetVersion: 70 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(70)
    expect(tableNames(db)).toContain('message_replay_items')
    expect(db.prepare(`SELECT strict FROM pragma_table_list WHERE name = 'message_replay_items'`).get()).toEqual({
      strict: 1,
    })
    // An answer stored before: no notices, no thinking time; its text untouched.
    expect(db.prepare(`SELECT notices_json, reasoning_ms FROM messages WHERE id = 'm1'`).get()).toEqual({
      notices_json: null,
      reasoning_ms: null,
    })
    expect(db.prepare(`SELECT text FROM message_parts WHERE message_id = 'm1'`).get()).toEqual({ text: 'before' })
    db.close()
  })

  it('checks what it stores: notices are JSON, thinking time is not negative, replay data is JSON and goes with its conversation', () => {
    const db = openAtVersion(tempDir(), 70)
    seedConversation(db)
    db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES ('m1', 'c1', 't1', 1, 'assistant', 'complete', 1, 1)`,
    ).run()
    const setDetails = db.prepare(`UPDATE messages SET notices_json = ?, reasoning_ms = ? WHERE id = 'm1'`)
    setDetails.run('[{"id":"max-rounds","values":{"max":8}}]', 1200)
    expect(() => setDetails.run('not json', 0)).toThrow(/CHECK/)
    expect(() => setDetails.run(null, -1)).toThrow(/CHECK/)
    const replay = db.prepare(
      'INSERT INTO message_replay_items (message_id, position, provider, data_json) VALUES (?, ?, ?, ?)',
    )
    replay.run('m1', 1, 'anthropic', '{"type":"anthropic-thinking","thinking":"…","signature":"sig"}')
    expect(() => replay.run('m1', 1, 'anthropic', '{}')).toThrow(/UNIQUE|PRIMARY/)
    expect(() => replay.run('m1', 2, 'anthropic', 'nope')).toThrow(/CHECK/)
    expect(() => replay.run('missing', 0, 'anthropic', '{}')).toThrow(/FOREIGN KEY/)
    db.prepare(`DELETE FROM conversations WHERE id = 'c1'`).run()
    expect(db.prepare('SELECT count(*) AS n FROM message_replay_items').get()).toEqual({ n: 0 })
    db.close()
  })
})
