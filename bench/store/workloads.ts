// Data for the store benchmark: streamed deltas, and a database of many conversations.
import type Database from 'better-sqlite3'

/** `count` token-sized deltas (1–9 characters, some multibyte), deterministic. */
export function streamedDeltas(count: number): string[] {
  const words = [
    'the',
    ' weight',
    ' you',
    ' recorded',
    ' on',
    ' Monday',
    ' was',
    ' 70.4',
    ' kg',
    ',',
    ' então',
    ' 🙂',
    '\n\n',
    ' about',
    ' 2%',
    ' less',
  ]
  let state = 12345
  const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0)
  return Array.from({ length: count }, () => words[next() % words.length] as string)
}

/**
 * Fills a migrated store with `conversations` × `messagesPerConversation` messages (one text part
 * each, ~120 characters, a turn per user/assistant pair, one linear branch) with plain statements in
 * one transaction.
 */
export function seedConversations(db: Database.Database, conversations: number, messagesPerConversation: number): void {
  const insertConversation = db.prepare(
    'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
  )
  const insertTurn = db.prepare('INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)')
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, conversation_id, turn_id, parent_id, seq, role, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'complete', ?, ?)`,
  )
  const setLeaf = db.prepare('UPDATE conversations SET current_leaf_id = ? WHERE id = ?')
  const insertPart = db.prepare(`INSERT INTO message_parts (message_id, position, type, text) VALUES (?, 0, 'text', ?)`)
  const text =
    'I weighed myself this morning after a run; the scale said 70.4 kg, which is a little less than last week. '
  db.transaction(() => {
    let time = Date.UTC(2025, 0, 1)
    for (let c = 0; c < conversations; c++) {
      const conversationId = `conv-${String(c).padStart(5, '0')}`
      insertConversation.run(conversationId, `Conversation ${c}`, time, time + messagesPerConversation * 1000)
      let turnId = ''
      let parentId: string | null = null
      for (let m = 0; m < messagesPerConversation; m++) {
        if (m % 2 === 0) {
          turnId = `${conversationId}-turn-${m / 2}`
          insertTurn.run(turnId, conversationId, time)
        }
        const messageId = `${conversationId}-msg-${m}`
        // Each message follows the one before (the branch shown is the whole conversation).
        insertMessage.run(
          messageId,
          conversationId,
          turnId,
          parentId,
          m + 1,
          m % 2 === 0 ? 'user' : 'assistant',
          time,
          time,
        )
        insertPart.run(messageId, `${text}(${c}/${m})`)
        parentId = messageId
        time += 1000
      }
      setLeaf.run(parentId, conversationId)
    }
  })()
}
