// Storing a long answer costs the new text per flush, not the whole text so far (it was quadratic:
// `text = text || ?` rewrote the growing part on every flush). Proved by what each flush writes to
// the WAL, never by timing; and every reader sees the whole text while it streams.
import { statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ConversationStore } from '../../../src/main/db/conversation-store'
import { openDatabase } from '../../../src/main/db/database'
import { conversationWithTurn, countRows, fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()
const never = () => () => {}
const FLUSH = 4096

/** A second connection's view, as another window or process would read (no recovery at open). */
function otherReader(path: string): ConversationStore {
  const opened = openDatabase(path)
  if (!opened.ok) throw new Error(opened.error.message)
  return new ConversationStore(opened.db, fakeClock())
}

describe('streaming text into chunk rows', () => {
  it('each flush appends only its own text to the WAL, however long the answer already is', () => {
    const handle = open()
    const { store } = handle
    // No checkpoints, so the WAL's size is everything written since the start.
    store.db.pragma('wal_autocheckpoint = 0')
    const pageSize = store.db.pragma('page_size', { simple: true }) as number
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: FLUSH,
      flushIntervalMs: 60_000,
      schedule: never,
    })
    const walSize = () => statSync(`${handle.path}-wal`).size
    const flushes = 256
    const growth: number[] = []
    let expected = ''
    for (let i = 0; i < flushes; i++) {
      const before = walSize()
      const piece = `${String(i).padStart(5, '0')} ${'lorem ipsum, então é '.repeat(300)}`.slice(0, FLUSH)
      expected += piece
      writer.appendText(piece) // reaches flushChars: one commit
      expect(writer.pendingCharacters).toBe(0)
      growth.push(walSize() - before)
    }
    // A flush writes its chunk (~4-5 KiB of UTF-8: two pages) plus a few b-tree pages (more when
    // one splits): bounded by a constant. Rewriting the part would write the whole text so far (up to 1 MiB here).
    const bound = 2 * Buffer.byteLength(expected.slice(0, FLUSH)) + 16 * (pageSize + 24)
    expect(Math.max(...growth)).toBeLessThan(bound)
    expect(Buffer.byteLength(expected)).toBeGreaterThan(12 * bound)
    // The late flushes cost what the early ones did.
    const early = growth.slice(1, 11).reduce((a, b) => a + b, 0)
    const late = growth.slice(-10).reduce((a, b) => a + b, 0)
    expect(late).toBeLessThan(early * 1.5)
    expect(countRows(store, 'message_part_chunks')).toBe(flushes - 1)
    expect(store.conversations.getMessage(writer.messageId)!.parts).toEqual([{ type: 'text', text: expected }])
  })

  it('every reader sees the joined text while the message streams, for text and reasoning parts', () => {
    const handle = open()
    const { store } = handle
    const ids = conversationWithTurn(store)
    const writer = store.conversations.startAssistantMessage(ids, {
      flushChars: 5,
      flushIntervalMs: 60_000,
      schedule: never,
    })
    const other = otherReader(handle.path)
    writer.appendReasoning('think ')
    writer.appendReasoning('harder ')
    writer.appendText('Hello ')
    writer.appendText('there, ')
    writer.appendText('world.')
    expect(countRows(store, 'message_part_chunks')).toBeGreaterThan(0)
    const expected = [
      { type: 'reasoning', text: 'think harder ' },
      { type: 'text', text: 'Hello there, world.' },
    ]
    for (const reader of [store.conversations, other]) {
      expect(reader.getMessage(writer.messageId)).toMatchObject({ status: 'streaming', parts: expected })
      expect(reader.getMessages(ids.conversationId).at(-1)).toMatchObject({ id: writer.messageId, parts: expected })
    }
  })

  it('finalize folds the chunks into the part in the transaction that sets the status', () => {
    const handle = open()
    const { store } = handle
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 3,
      flushIntervalMs: 60_000,
      schedule: never,
    })
    for (const delta of ['one ', 'two ', 'three ', 'four']) writer.appendText(delta)
    expect(countRows(store, 'message_part_chunks')).toBe(3)

    // A finalize that fails (after folding) rolls the folding back too: chunks and status as they were.
    store.db.exec(
      `CREATE TEMP TRIGGER refuse_finish BEFORE UPDATE OF status ON main.messages BEGIN SELECT RAISE(ABORT, 'no'); END`,
    )
    writer.appendText('!')
    expect(writer.finalize({ status: 'complete' }).ok).toBe(false)
    expect(countRows(store, 'message_part_chunks')).toBe(3)
    expect(store.conversations.getMessage(writer.messageId)).toMatchObject({
      status: 'streaming',
      parts: [{ type: 'text', text: 'one two three four' }],
    })
    store.db.exec('DROP TRIGGER temp.refuse_finish')

    const finished = writer.finalize({ status: 'complete' })
    expect(finished.ok && finished.message).toMatchObject({
      status: 'complete',
      parts: [{ type: 'text', text: 'one two three four!' }],
    })
    expect(countRows(store, 'message_part_chunks')).toBe(0)
    const row = store.db.prepare('SELECT text FROM message_parts WHERE message_id = ?').get(writer.messageId)
    expect(row).toEqual({ text: 'one two three four!' })
  })

  it('crash recovery folds the chunks of the messages it interrupts', () => {
    const handle = open()
    const ids = conversationWithTurn(handle.store)
    const writer = handle.store.conversations.startAssistantMessage(ids, {
      flushChars: 2,
      flushIntervalMs: 60_000,
      schedule: never,
    })
    for (const delta of ['ab', 'cd', 'ef']) writer.appendText(delta)
    writer.appendReasoning('xy')
    writer.appendText('z') // below flushChars: only on screen
    expect(countRows(handle.store, 'message_part_chunks')).toBe(2)
    const reopened = handle.reopen() // the writer is never finalized: a crash
    expect(reopened.recovery.interruptedMessageIds).toEqual([writer.messageId])
    expect(countRows(reopened, 'message_part_chunks')).toBe(0)
    expect(
      reopened.db
        .prepare('SELECT type, text FROM message_parts WHERE message_id = ? ORDER BY position')
        .all(writer.messageId),
    ).toEqual([
      { type: 'text', text: 'abcdef' },
      { type: 'reasoning', text: 'xy' },
    ])
    expect(reopened.conversations.getMessage(writer.messageId)).toMatchObject({
      status: 'interrupted',
      interruptReason: 'app-crash',
    })
  })

  it('deleting a conversation while its answer streams removes the chunks', () => {
    const { store } = open()
    const ids = conversationWithTurn(store)
    const writer = store.conversations.startAssistantMessage(ids, {
      flushChars: 1,
      flushIntervalMs: 60_000,
      schedule: never,
    })
    for (const delta of ['a', 'b', 'c']) writer.appendText(delta)
    expect(countRows(store, 'message_part_chunks')).toBe(2)
    expect(store.conversations.deleteConversation(ids.conversationId)).toBe(true)
    expect(countRows(store, 'message_part_chunks')).toBe(0)
    expect(store.db.pragma('foreign_key_check')).toEqual([])
  })
})
