// Migration 0120: pins and the search indexes, built for what a version-90 database already holds.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion, seedConversation } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir, openAt } = useTempStores()

describe('migration 0120 (search and pins)', () => {
  it('indexes the titles and text parts of an existing database (not tool data), and adds pinned_at', () => {
    const dir = tempDir()
    const db = openAtVersion(dir, 90)
    seedConversation(db, 'c1', 't1')
    db.prepare(`UPDATE conversations SET title = 'Caminhada diária' WHERE id = 'c1'`).run()
    const insertMessage = db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES (?, 'c1', 't1', ?, ?, 'complete', 1, 1)`,
    )
    insertMessage.run('m1', 1, 'user')
    insertMessage.run('m2', 2, 'assistant')
    const insertPart = db.prepare(
      'INSERT INTO message_parts (message_id, position, type, text, data_json) VALUES (?, ?, ?, ?, ?)',
    )
    insertPart.run('m1', 0, 'text', 'Quanto andei na medição de ontem?', null)
    insertPart.run('m2', 0, 'tool-call', '', '{"name":"list_measurements","note":"hiddenword"}')
    insertPart.run('m2', 1, 'text', 'Você andou 5 km.', null)
    expect(migrate(db, { targetVersion: 120 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(120)
    expect(db.prepare(`SELECT pinned_at FROM conversations WHERE id = 'c1'`).get()).toEqual({ pinned_at: null })
    db.close()

    const store = openAt(join(dir, 'keel.db'))
    const ids = (q: string) =>
      store.search
        .search(q, { limit: 10 })
        .results.map((r) => (r.kind === 'message' ? r.messageId : `title:${r.conversationId}`))
    expect(ids('medicao')).toEqual(['m1'])
    expect(ids('voce')).toEqual(['m2'])
    expect(ids('diaria')).toEqual(['title:c1'])
    expect(ids('hiddenword')).toEqual([])
    // New writes after the migration are indexed by the triggers.
    store.conversations.renameConversation('c1', 'Passeio')
    expect(ids('passeio')).toEqual(['title:c1'])
  })
})
