// The message tree (migration 0100): versions of answers and questions, the branch shown, delete.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { migrate } from '../../../src/main/db/migrate'
import { openAtVersion } from './migration-test-helpers'
import { fakeClock, useTempStores } from './store-fixtures'

const { open, tempDir, openAt } = useTempStores()

function textOf(store: KeelStore, conversationId: string): string[] {
  return store.conversations
    .getMessages(conversationId)
    .map((m) => `${m.role}:${m.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')}`)
}

function answer(store: KeelStore, conversationId: string, turnId: string, text: string, parentId?: string): string {
  const writer = store.conversations.startAssistantMessage({
    conversationId,
    turnId,
    ...(parentId ? { parentId } : {}),
  })
  writer.appendText(text)
  writer.finalize({ status: 'complete' })
  return writer.messageId
}

/** Q1 → A1, Q2 → A2: a two-turn conversation. */
function twoTurns(store: KeelStore) {
  const { id } = store.conversations.createConversation({ title: 't' })
  const q1 = store.conversations.startTurn({ conversationId: id, userText: 'Q1' })
  const a1 = answer(store, id, q1.turn.id, 'A1')
  const q2 = store.conversations.startTurn({ conversationId: id, userText: 'Q2' })
  const a2 = answer(store, id, q2.turn.id, 'A2')
  return { id, q1, a1, q2, a2 }
}

describe('message tree', () => {
  it('a regenerated answer is a version of the first (same turn, same question); the transcript shows one question and the newest answer', () => {
    const { store } = open({ clock: fakeClock() })
    const { id, q2, a2 } = twoTurns(store)
    const a2b = answer(store, id, q2.turn.id, 'A2 again', q2.message.id)
    expect(textOf(store, id)).toEqual(['user:Q1', 'assistant:A1', 'user:Q2', 'assistant:A2 again'])
    const versions = store.conversations.versionsOf(id)
    expect(versions[a2b]).toEqual({ index: 1, count: 2, ids: [a2, a2b] })
    expect(versions[q2.message.id]).toMatchObject({ index: 0, count: 1 })
    // Back to the first answer, and forth again.
    expect(store.conversations.selectVersion(a2)).toBe(true)
    expect(textOf(store, id)).toEqual(['user:Q1', 'assistant:A1', 'user:Q2', 'assistant:A2'])
    store.conversations.selectVersion(a2b)
    expect(textOf(store, id).at(-1)).toBe('assistant:A2 again')
    // Every version is kept (the export reads them all).
    expect(store.conversations.getAllMessages(id)).toHaveLength(5)
  })

  it('an edited question starts a new branch; the old branch stays reachable and opens where it ended', () => {
    const { store } = open({ clock: fakeClock() })
    const { id, q1, a1, q2, a2 } = twoTurns(store)
    // Edit Q1: the new question follows Q1's parent (none: it was first).
    const edited = store.conversations.startTurn({ conversationId: id, userText: 'Q1 edited', parentId: null })
    const a1b = answer(store, id, edited.turn.id, 'A1b')
    expect(textOf(store, id)).toEqual(['user:Q1 edited', 'assistant:A1b'])
    expect(store.conversations.versionsOf(id)[edited.message.id]).toEqual({
      index: 1,
      count: 2,
      ids: [q1.message.id, edited.message.id],
    })
    // The old question as version: the branch below it comes back whole, to its last answer.
    store.conversations.selectVersion(q1.message.id)
    expect(textOf(store, id)).toEqual(['user:Q1', 'assistant:A1', 'user:Q2', 'assistant:A2'])
    // A new message continues the branch shown.
    const q3 = store.conversations.startTurn({ conversationId: id, userText: 'Q3' })
    expect(q3.message.parentId).toBe(a2)
    store.conversations.selectVersion(edited.message.id)
    expect(store.conversations.getMessages(id).map((m) => m.id)).toEqual([edited.message.id, a1b])
    void a1
    void q2
  })

  it('deleting a question removes its answers (every version); what followed is kept and nothing is cut off', () => {
    const { store } = open({ clock: fakeClock() })
    const { id, q1, a1, q2, a2 } = twoTurns(store)
    answer(store, id, q1.turn.id, 'A1 again', q1.message.id)
    store.conversations.selectVersion(a1)
    const deleted = store.conversations.deleteMessage(q1.message.id)
    expect(deleted?.deleted).toHaveLength(3)
    expect(textOf(store, id)).toEqual(['user:Q2', 'assistant:A2'])
    expect(store.conversations.getMessage(q2.message.id)?.parentId).toBeUndefined()
    expect(store.conversations.getMessage(a2)?.parentId).toBe(q2.message.id)
  })

  it('deleting the answer shown switches to its other version, or ends the branch at the question', () => {
    const { store } = open({ clock: fakeClock() })
    const { id, q2, a2 } = twoTurns(store)
    const a2b = answer(store, id, q2.turn.id, 'A2 again', q2.message.id)
    store.conversations.deleteMessage(a2b)
    expect(textOf(store, id)).toEqual(['user:Q1', 'assistant:A1', 'user:Q2', 'assistant:A2'])
    expect(store.conversations.versionsOf(id)[a2]).toMatchObject({ count: 1 })
    store.conversations.deleteMessage(a2)
    expect(textOf(store, id)).toEqual(['user:Q1', 'assistant:A1', 'user:Q2'])
    // A message sent now follows the question left at the end.
    const q3 = store.conversations.startTurn({ conversationId: id, userText: 'Q3' })
    expect(q3.message.parentId).toBe(q2.message.id)
    expect(store.conversations.deleteMessage('no-such-message')).toBeUndefined()
  })

  it('deleting an answer in the middle keeps the later turns on the branch shown', () => {
    const { store } = open({ clock: fakeClock() })
    const { id, a1, q2 } = twoTurns(store)
    store.conversations.deleteMessage(a1)
    expect(textOf(store, id)).toEqual(['user:Q1', 'user:Q2', 'assistant:A2'])
    expect(store.conversations.listConversations()[0]?.messageCount).toBe(3)
    void q2
  })

  it('a continued answer gets its new text after the stored parts, in the same message', () => {
    const { store } = open({ clock: fakeClock() })
    const { id, q2 } = twoTurns(store)
    const writer = store.conversations.startAssistantMessage({
      conversationId: id,
      turnId: q2.turn.id,
      parentId: q2.message.id,
    })
    writer.appendText('The list: one, two')
    writer.finalize({ status: 'interrupted', reason: 'provider-error' })
    const resumed = store.conversations.resumeAssistantMessage(writer.messageId)!
    expect(store.conversations.getMessage(writer.messageId)).toMatchObject({
      status: 'streaming',
      interruptReason: undefined,
    })
    resumed.appendText(', three.')
    resumed.finalize({ status: 'complete' })
    const message = store.conversations.getMessage(writer.messageId)!
    expect(message.status).toBe('complete')
    expect(message.parts).toEqual([
      { type: 'text', text: 'The list: one, two' },
      { type: 'text', text: ', three.' },
    ])
    expect(store.conversations.resumeAssistantMessage(q2.message.id)).toBeUndefined()
  })

  it('deleting a conversation with branches deletes every message', () => {
    const { store } = open({ clock: fakeClock() })
    const { id, q2 } = twoTurns(store)
    answer(store, id, q2.turn.id, 'again', q2.message.id)
    expect(store.conversations.deleteConversation(id)).toBe(true)
    expect(store.conversations.getAllMessages(id)).toEqual([])
  })
})

describe('migration 0100 (message tree)', () => {
  it('backfills an old conversation as one chain ending at its last message: it reads as before', () => {
    const dir = tempDir()
    const db = openAtVersion(dir, 90)
    db.prepare(
      "INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'old', 1, 1), ('c2', 'empty', 1, 1)",
    ).run()
    db.prepare("INSERT INTO turns (id, conversation_id, created_at) VALUES ('t1', 'c1', 1), ('t2', 'c1', 1)").run()
    const insert = db.prepare(
      "INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES (?, 'c1', ?, ?, ?, 'complete', 1, 1)",
    )
    const part = db.prepare("INSERT INTO message_parts (message_id, position, type, text) VALUES (?, 0, 'text', ?)")
    const rows: [string, string, number, string][] = [
      ['m1', 't1', 1, 'user'],
      ['m2', 't1', 2, 'assistant'],
      ['m3', 't2', 3, 'user'],
      ['m4', 't2', 4, 'assistant'],
    ]
    for (const [id, turn, seq, role] of rows) {
      insert.run(id, turn, seq, role)
      part.run(id, `${role} ${seq}`)
    }
    expect(migrate(db, { targetVersion: 100 }).ok).toBe(true)
    expect(db.prepare('SELECT id, parent_id FROM messages ORDER BY seq').all()).toEqual([
      { id: 'm1', parent_id: null },
      { id: 'm2', parent_id: 'm1' },
      { id: 'm3', parent_id: 'm2' },
      { id: 'm4', parent_id: 'm3' },
    ])
    expect(db.prepare('SELECT id, current_leaf_id FROM conversations ORDER BY id').all()).toEqual([
      { id: 'c1', current_leaf_id: 'm4' },
      { id: 'c2', current_leaf_id: null },
    ])
    db.close()
    const store = openAt(join(dir, 'keel.db'))
    expect(textOf(store, 'c1')).toEqual([
      'user:user 1',
      'assistant:assistant 2',
      'user:user 3',
      'assistant:assistant 4',
    ])
    expect(store.conversations.getMessages('c2')).toEqual([])
    // The next message follows the old chain.
    expect(store.conversations.startTurn({ conversationId: 'c1', userText: 'new' }).message.parentId).toBe('m4')
  })
})
