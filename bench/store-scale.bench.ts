// Opening a long conversation and the sidebar's pages, the core's share, on the big seeded store (bench/scale/large-store.ts):
//   open     `buildConversationView` of the 5,000-message conversation (what `conversations.open`
//            answers: the branch shown with parts, usage per answer, versions, models, attachments)
//            vs. the plain queries that read the same rows (its messages, their parts, its turns'
//            model calls), unmapped;
//   list     `conversations.list` pages of 100 (the first, and one 5,000 conversations down) vs. the
//            same SQL through a plain prepared statement, unmapped.
// No goal is for these alone (the window's figures are the renderer benchmarks'):
// reported as figures. Paired runs, medians. `--quick`: fewer runs. Run: `npm run bench -- store-scale`.
import { loadavg } from 'node:os'
import { buildConversationView } from '../src/main/app/conversation-view'
import { openKeelStore } from '../src/main/db/keel-store'
import { PART_COLUMNS_SQL } from '../src/main/db/message-part-chunks'
import { writeBenchResults } from './results-file'
import { largeStore } from './scale/large-store'
import { paired, type PairedResult } from './store/timing'

const quick = process.argv.includes('--quick')
const loadBefore = loadavg()
console.log(`Store at scale benchmark (1-min load ${loadBefore[0]?.toFixed(1)})`)
const big = largeStore()
const opened = openKeelStore(big.path)
if (!opened.ok) throw new Error(opened.error.message)
const store = opened.store
const db = store.db
const id = big.summary.bigConversationId

const messagesFloor = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq')
const partsFloor = db.prepare(
  `SELECT ${PART_COLUMNS_SQL} FROM messages m JOIN message_parts p ON p.message_id = m.id WHERE m.conversation_id = ? ORDER BY m.seq, p.position`,
)
const generationsFloor = db.prepare(
  'SELECT g.* FROM turns t CROSS JOIN generations g ON g.turn_id = t.id WHERE t.conversation_id = ?',
)

let shown = 0
const view = paired({
  warmups: 2,
  reps: quick ? 5 : 15,
  app: () => {
    shown = buildConversationView(store, id)?.messages.length ?? 0
  },
  floor: () => {
    messagesFloor.all(id)
    partsFloor.all(id)
    generationsFloor.all(id)
  },
})
if (shown !== big.summary.bigConversationMessages) throw new Error(`the view showed ${shown} messages`)

const LIST_SQL = `SELECT c.id, c.title, c.created_at, c.updated_at, c.pinned_at, (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count FROM conversations c`
const firstFloor = db.prepare(`${LIST_SQL} ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`)
const beforeFloor = db.prepare(
  `${LIST_SQL} WHERE c.updated_at < ? OR (c.updated_at = ? AND c.id < ?) ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
)
const deep = db
  .prepare<[], { updated_at: number; id: string }>(
    'SELECT updated_at, id FROM conversations ORDER BY updated_at DESC, id DESC LIMIT 1 OFFSET 4999',
  )
  .get()!
const cursor = { updatedAt: deep.updated_at, id: deep.id }
const listFirst = paired({
  warmups: 3,
  reps: quick ? 9 : 31,
  app: () => {
    if (store.conversations.listConversations({ limit: 100 }).length !== 100) throw new Error('short page')
  },
  floor: () => {
    firstFloor.all(100)
  },
})
const listDeep = paired({
  warmups: 3,
  reps: quick ? 9 : 31,
  app: () => {
    if (store.conversations.listConversations({ limit: 100, before: cursor }).length !== 100)
      throw new Error('short page')
  },
  floor: () => {
    beforeFloor.all(cursor.updatedAt, cursor.updatedAt, cursor.id, 100)
  },
})
store.close()

const line = (name: string, r: PairedResult) =>
  console.log(
    `  ${name.padEnd(52)} Keel ${r.appMs.toFixed(1).padStart(7)} ms, floor ${r.floorMs.toFixed(1).padStart(7)} ms, ${r.ratio.toFixed(2)}× (best ${r.bestAppMs.toFixed(1)} / ${r.bestFloorMs.toFixed(1)} ms)`,
  )
console.log()
line(
  `open the ${big.summary.bigConversationMessages.toLocaleString('en')}-message conversation (buildConversationView)`,
  view,
)
line('list: first page of 100', listFirst)
line('list: a page of 100, 5,000 conversations down', listDeep)
writeBenchResults('store-scale', loadBefore, {
  store: { messages: big.summary.messageCount, conversations: big.summary.conversationCount },
  openBigConversation: { messages: shown, ...view },
  listFirstPage: listFirst,
  listDeepPage: listDeep,
  // Figures only: no goal is for the core's share alone.
  goals: [],
})
