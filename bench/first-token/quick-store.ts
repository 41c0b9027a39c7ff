// A stand-in for the large store while `bench/scale/seed-large-store.ts` is not there: N
// conversations of M messages (short questions, answers of a few sentences, one in ten with code),
// written with plain statements in one transaction through the real schema (migrations and the
// search triggers run as in the app).
import { openKeelStore } from '../../src/main/db/keel-store'

export function seedQuickStore(
  path: string,
  options: { conversations: number; messagesPerConversation: number },
): void {
  const opened = openKeelStore(path, { announcePresence: false })
  if (!opened.ok) throw new Error(opened.error.message)
  const { db } = opened.store
  const words =
    'the of and to a in is it you that he was for on are with as his they be at one have this from or had by word but what some we can out other were all there when up use your how said an each she which do their time if will way about many then them write would like so these her long make thing see him two has look more day could go come did number sound no most people my over know water than call first who may down side been now find'.split(
      ' ',
    )
  let seed = 1
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648)
  const sentence = (n: number) => Array.from({ length: n }, () => words[Math.floor(rand() * words.length)]).join(' ')
  const insertConversation = db.prepare(
    'INSERT INTO conversations (id, title, created_at, updated_at, current_leaf_id) VALUES (?, ?, ?, ?, ?)',
  )
  const insertTurn = db.prepare('INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)')
  const insertMessage = db.prepare(
    'INSERT INTO messages (id, conversation_id, turn_id, parent_id, seq, role, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const insertPart = db.prepare("INSERT INTO message_parts (message_id, position, type, text) VALUES (?, 0, 'text', ?)")
  const start = Date.UTC(2024, 0, 1)
  db.transaction(() => {
    for (let c = 0; c < options.conversations; c++) {
      const id = `conv-${String(c).padStart(6, '0')}`
      const at = start + c * 60_000
      const last = `${id}-m${options.messagesPerConversation}`
      insertConversation.run(id, sentence(4), at, at + options.messagesPerConversation * 1000, last)
      let parent: string | null = null
      let turn = ''
      for (let m = 1; m <= options.messagesPerConversation; m++) {
        const role = m % 2 === 1 ? 'user' : 'assistant'
        if (role === 'user') {
          turn = `${id}-t${m}`
          insertTurn.run(turn, id, at + m * 1000)
        }
        const messageId = `${id}-m${m}`
        insertMessage.run(messageId, id, turn, parent, m, role, 'complete', at + m * 1000, at + m * 1000)
        const text =
          role === 'user'
            ? sentence(12)
            : sentence(60) + (rand() < 0.1 ? '\n\n```ts\nconst x = 1\n```\n' + sentence(30) : '')
        insertPart.run(messageId, text)
        parent = messageId
      }
    }
  })()
  opened.store.close()
}
