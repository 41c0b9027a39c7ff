// Migration 0250: an answer's hosted calls and citations, beside its parts. Existing answers read
// back unchanged; rows take only the two kinds and valid JSON; they go with their message.
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src/main/db/migrate'
import { openAtVersion } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir } = useTempStores()

describe('migration 0250 (message web items)', () => {
  it('adds the table, refuses unknown kinds and bad JSON, and deletes rows with their message', () => {
    const db = openAtVersion(tempDir(), 240)
    db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'One', 1, 1)").run()
    db.prepare(
      "INSERT INTO messages (id, conversation_id, seq, role, status, created_at, updated_at) VALUES ('m1', 'c1', 1, 'assistant', 'complete', 1, 1)",
    ).run()
    db.prepare(
      "INSERT INTO message_parts (message_id, position, type, text) VALUES ('m1', 0, 'text', 'Old answer')",
    ).run()
    expect(migrate(db, { targetVersion: 250 }).ok).toBe(true)
    expect(db.prepare("SELECT text FROM message_parts WHERE message_id = 'm1'").all()).toEqual([{ text: 'Old answer' }])
    const insert = db.prepare(
      'INSERT INTO message_web_items (message_id, position, kind, data_json) VALUES (?, ?, ?, ?)',
    )
    insert.run('m1', 1, 'citation', '{"url":"https://example.org"}')
    expect(() => insert.run('m1', 2, 'tool-call', '{}')).toThrow(/CHECK/)
    expect(() => insert.run('m1', 3, 'citation', 'not json')).toThrow(/CHECK/)
    expect(() => insert.run('nope', 4, 'citation', '{}')).toThrow(/FOREIGN KEY/)
    db.prepare("DELETE FROM messages WHERE id = 'm1'").run()
    expect(db.prepare('SELECT count(*) AS n FROM message_web_items').get()).toEqual({ n: 0 })
    db.close()
  })
})
