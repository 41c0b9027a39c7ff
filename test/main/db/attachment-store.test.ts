// The files of users' messages in real SQLite: migration 0130 on an older store, stored with the
// message in one transaction, read back after reopening, gone with their message or conversation.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion, seedConversation } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir, open } = useTempStores()
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg==',
  'base64',
)
const NOTES = Buffer.from('# Notes\n')

describe('migration 0130 (message attachments)', () => {
  it('adds message_attachments to a version-90 store and keeps its messages', () => {
    const db = openAtVersion(tempDir(), 90)
    seedConversation(db)
    const before = db.prepare('SELECT count(*) AS n FROM messages').get()
    expect(migrate(db, { targetVersion: 130 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(130)
    expect(db.prepare('SELECT count(*) AS n FROM messages').get()).toEqual(before)
    expect(db.prepare('SELECT count(*) AS n FROM message_attachments').get()).toEqual({ n: 0 })
    db.close()
  })

  it('refuses a row a bug could write: an unknown type, a size that is not the bytes, an empty name, an unknown message', () => {
    const db = openAtVersion(tempDir(), 130)
    seedConversation(db)
    const messageId = 'm1'
    db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES (?, 'c1', 't1', 1, 'user', 'complete', 1, 1)`,
    ).run(messageId)
    const insert = db.prepare(
      'INSERT INTO message_attachments (message_id, position, name, mime_type, size, data) VALUES (?, ?, ?, ?, ?, ?)',
    )
    expect(() => insert.run(messageId, 0, 'a.png', 'image/png', PNG.length, PNG)).not.toThrow()
    expect(() => insert.run(messageId, 0, 'b.png', 'image/png', PNG.length, PNG)).toThrow(/UNIQUE/)
    expect(() => insert.run(messageId, 1, 'a.svg', 'image/svg+xml', 3, Buffer.from('<a>'))).toThrow(/CHECK/)
    expect(() => insert.run(messageId, 2, 'a.png', 'image/png', 5, PNG)).toThrow(/CHECK/)
    expect(() => insert.run(messageId, 3, '', 'text/plain', 1, Buffer.from('a'))).toThrow(/CHECK/)
    expect(() => insert.run('no-such-message', 4, 'a.txt', 'text/plain', 1, Buffer.from('a'))).toThrow(/FOREIGN KEY/)
    expect(() => insert.run(messageId, 5, 'a.txt', 'text/plain', 1, 'a')).toThrow(/datatype|BLOB/i)
    db.close()
  })
})

describe('attachment store', () => {
  it('stores files with the message, reads them back in order after reopening, by conversation and by id', () => {
    const opened = open()
    const conversation = opened.store.conversations.createConversation({ title: 't' })
    const { message } = opened.store.conversations.startTurn({
      conversationId: conversation.id,
      userText: 'look',
      attachments: [
        { name: 'dot.png', mimeType: 'image/png', bytes: new Uint8Array(PNG) },
        { name: 'notes.md', mimeType: 'text/markdown', bytes: new Uint8Array(NOTES) },
      ],
    })
    const store = opened.reopen()
    const info = store.attachments.infoByMessage(conversation.id).get(message.id)!
    expect(info.map(({ name, mimeType, size }) => ({ name, mimeType, size }))).toEqual([
      { name: 'dot.png', mimeType: 'image/png', size: PNG.length },
      { name: 'notes.md', mimeType: 'text/markdown', size: NOTES.length },
    ])
    const withBytes = store.attachments.withBytesByMessage(conversation.id).get(message.id)!
    expect(withBytes.map((file) => Buffer.compare(file.bytes, file.name === 'dot.png' ? PNG : NOTES))).toEqual([0, 0])
    expect(Buffer.compare(store.attachments.get(info[0]!.id)!.bytes, PNG)).toBe(0)
    expect(store.attachments.get(info[1]!.id + 1000)).toBeUndefined()
  })

  it('a failed write stores neither the message nor any file (one transaction)', () => {
    const { store } = open()
    const conversation = store.conversations.createConversation({ title: 't' })
    expect(() =>
      store.conversations.startTurn({
        conversationId: conversation.id,
        userText: 'look',
        // The second file breaks a CHECK: the whole turn is rolled back.
        attachments: [
          { name: 'dot.png', mimeType: 'image/png', bytes: new Uint8Array(PNG) },
          { name: 'x'.repeat(300), mimeType: 'text/plain', bytes: new Uint8Array(NOTES) },
        ],
      }),
    ).toThrow(/CHECK/)
    expect(store.conversations.getMessages(conversation.id)).toEqual([])
    expect(store.db.prepare('SELECT count(*) AS n FROM message_attachments').get()).toEqual({ n: 0 })
  })

  it('deleting the conversation deletes its files (ON DELETE CASCADE); other conversations keep theirs', () => {
    const { store } = open()
    const keep = store.conversations.createConversation({ title: 'keep' })
    const drop = store.conversations.createConversation({ title: 'drop' })
    for (const conversation of [keep, drop]) {
      store.conversations.startTurn({
        conversationId: conversation.id,
        userText: 'x',
        attachments: [{ name: 'dot.png', mimeType: 'image/png', bytes: new Uint8Array(PNG) }],
      })
    }
    expect(store.conversations.deleteConversation(drop.id)).toBe(true)
    expect(store.attachments.infoByMessage(drop.id).size).toBe(0)
    expect(store.attachments.infoByMessage(keep.id).size).toBe(1)
    expect(store.db.prepare('SELECT count(*) AS n FROM message_attachments').get()).toEqual({ n: 1 })
  })
})
