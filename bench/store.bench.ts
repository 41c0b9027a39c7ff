// Local store speed, against a floor measured in the same run on the same database:
//   append   10,000 streamed text deltas to an assistant message through the batching writer
//            (default policy: a commit per 4096 characters or 200 ms, plus finalize) vs. the same
//            commits done with plain prepared statements (no buffering logic, chunks precomputed);
//            plus, for scale, plain statements committing every delta (what batching saves).
//   list     1,000 conversations of 100 messages each: the conversation list (with message counts)
//            vs. the same SQL through a plain prepared statement, rows unmapped;
//   open     every one of those conversations' messages with their parts vs. the same two queries.
// Both sides use the app's pragmas (WAL, synchronous=FULL). Ratios are reported, never asserted.
// Run: `npm run bench -- store` or `node --expose-gc --import tsx bench/store.bench.ts`.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openKeelStore, type KeelStore } from '../src/main/db/keel-store'
import { paired, type PairedResult } from './store/timing'
import { seedConversations, streamedDeltas } from './store/workloads'

const DELTAS = 10_000
const FLUSH_CHARS = 4096
const FLUSH_INTERVAL_MS = 200
const CONVERSATIONS = 1_000
const MESSAGES_PER_CONVERSATION = 100
const UNBATCHED_SAMPLE = 1_000

const f1 = (n: number) => n.toFixed(1)
const f2 = (n: number) => n.toFixed(2)

function open(path: string): KeelStore {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(`${opened.error.kind}: ${opened.error.message}`)
  return opened.store
}

/** The writes the batching writer makes for `deltas`, precomputed: one chunk per commit. */
function chunksOf(deltas: readonly string[]): string[] {
  const chunks: string[] = []
  let pending = ''
  for (const delta of deltas) {
    pending += delta
    if (pending.length >= FLUSH_CHARS) {
      chunks.push(pending)
      pending = ''
    }
  }
  if (pending.length > 0) chunks.push(pending)
  return chunks
}

function appendBenchmark(store: KeelStore): { result: PairedResult; commits: number; unbatchedPerDeltaMs: number } {
  const db = store.db
  const { turn } = store.conversations.startTurn({ conversationId: store.conversations.createConversation().id, userText: 'hi' })
  const ids = { conversationId: turn.conversationId, turnId: turn.id }
  const deltas = streamedDeltas(DELTAS)
  const chunks = chunksOf(deltas)
  const expected = deltas.join('')

  // Floor: the same rows and commits with plain statements, no buffering logic.
  const insertMessage = db.prepare(
    `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at)
     VALUES (?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE conversation_id = ?), 'assistant', 'streaming', ?, ?)`,
  )
  const insertPart = db.prepare(`INSERT INTO message_parts (message_id, position, type, text) VALUES (?, 0, 'text', ?)`)
  const appendPart = db.prepare(`UPDATE message_parts SET text = text || ? WHERE message_id = ? AND position = 0`)
  const touch = db.prepare('UPDATE messages SET updated_at = ? WHERE id = ?')
  const finish = db.prepare(`UPDATE messages SET status = 'complete', updated_at = ? WHERE id = ?`)
  let floorCount = 0
  const floorRun = (pieces: readonly string[]) => {
    const id = `floor-${floorCount++}`
    db.transaction(() => insertMessage.run(id, ids.conversationId, ids.turnId, ids.conversationId, Date.now(), Date.now())).immediate()
    pieces.forEach((piece, index) => {
      db.transaction(() => {
        if (index === 0) insertPart.run(id, piece)
        else appendPart.run(piece, id)
        touch.run(Date.now(), id)
      })()
    })
    db.transaction(() => finish.run(Date.now(), id))()
  }

  let lastAppText = ''
  const result = paired({
    // The writer's per-delta path needs a few runs to be optimized by the JIT (as in a long-running app).
    warmups: 8,
    reps: 21,
    app: () => {
      const writer = store.conversations.startAssistantMessage(ids, { flushChars: FLUSH_CHARS, flushIntervalMs: FLUSH_INTERVAL_MS })
      for (const delta of deltas) writer.appendText(delta)
      const finished = writer.finalize({ status: 'complete' })
      lastAppText = finished.ok ? finished.message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : ''
    },
    floor: () => floorRun(chunks),
  })
  if (lastAppText !== expected) throw new Error('the writer stored different text than it was given')

  // For scale: one commit per delta (no batching), on a sample.
  const sample = deltas.slice(0, UNBATCHED_SAMPLE)
  const start = performance.now()
  floorRun(sample)
  const unbatchedPerDeltaMs = (performance.now() - start) / sample.length
  return { result, commits: chunks.length + 2, unbatchedPerDeltaMs }
}

function listBenchmarks(store: KeelStore): { list: PairedResult; openAll: PairedResult } {
  const db = store.db
  // The same SQL the conversation store runs (kept in step with conversation-store.ts).
  const listFloor = db.prepare(
    `SELECT c.id, c.title, c.created_at, c.updated_at,
            (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
     FROM conversations c ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
  )
  const messagesFloor = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq')
  const partsFloor = db.prepare(
    `SELECT p.* FROM messages m JOIN message_parts p ON p.message_id = m.id WHERE m.conversation_id = ? ORDER BY m.seq, p.position`,
  )
  const ids = (db.prepare('SELECT id FROM conversations').all() as { id: string }[]).map((r) => r.id)

  let listed = 0
  const list = paired({
    warmups: 3,
    reps: 31,
    app: () => {
      listed = store.conversations.listConversations({ limit: CONVERSATIONS }).length
    },
    floor: () => {
      listFloor.all(CONVERSATIONS)
    },
  })
  if (listed !== CONVERSATIONS) throw new Error(`listed ${listed} conversations`)

  let messages = 0
  const openAll = paired({
    warmups: 1,
    reps: 5,
    app: () => {
      messages = 0
      for (const id of ids) messages += store.conversations.getMessages(id).length
    },
    floor: () => {
      for (const id of ids) {
        messagesFloor.all(id)
        partsFloor.all(id)
      }
    },
  })
  if (messages !== CONVERSATIONS * MESSAGES_PER_CONVERSATION) throw new Error(`opened ${messages} messages`)
  return { list, openAll }
}

const dir = mkdtempSync(join(tmpdir(), 'keel-bench-'))
try {
  const load = loadavg()[0] ?? 0
  console.log(`Store benchmark (better-sqlite3, WAL, synchronous=FULL; ${cpus().length} cores, 1-min load ${f1(load)})`)
  if (load > cpus().length * 0.75) console.log('  note: the machine is busy; absolute times are noisy, ratios are paired.')

  const streamStore = open(join(dir, 'stream.db'))
  const append = appendBenchmark(streamStore)
  streamStore.close()

  const listStore = open(join(dir, 'list.db'))
  const seedStart = performance.now()
  seedConversations(listStore.db, CONVERSATIONS, MESSAGES_PER_CONVERSATION)
  const seedMs = performance.now() - seedStart
  const { list, openAll } = listBenchmarks(listStore)
  listStore.close()

  const row = (name: string, r: PairedResult, format: (n: number) => string) => [
    name,
    format(r.appMs),
    format(r.floorMs),
    f2(r.ratio),
    format(r.bestAppMs),
    format(r.bestFloorMs),
    f2(r.bestRatio),
  ]
  const rows = [
    ['workload', 'app ms', 'floor ms', 'app/floor', 'best app', 'best floor', 'best ratio'],
    row(`append ${DELTAS.toLocaleString('en')} deltas (${append.commits} commits)`, append.result, f2),
    row(`list ${CONVERSATIONS.toLocaleString('en')} conversations × ${MESSAGES_PER_CONVERSATION} messages`, list, f2),
    row(`open all ${CONVERSATIONS.toLocaleString('en')} conversations (${(CONVERSATIONS * MESSAGES_PER_CONVERSATION).toLocaleString('en')} messages)`, openAll, f1),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)))
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log()
  console.log(line(rows[0]!))
  console.log(widths.map((w) => '─'.repeat(w)).join('  '))
  for (const row of rows.slice(1)) console.log(line(row))
  console.log()
  console.log('Notes:')
  console.log(`  floor = the same statements and commits with plain prepared statements, no app logic; medians (and best) of paired runs.`)
  console.log(
    `  batching: ${append.commits} synced commits for ${DELTAS.toLocaleString('en')} deltas (policy: ${FLUSH_CHARS} chars / ${FLUSH_INTERVAL_MS} ms, plus start and finalize);` +
      ` committing every delta would cost ~${f2(append.unbatchedPerDeltaMs)} ms/delta here, ~${f1(append.unbatchedPerDeltaMs * DELTAS)} ms for all (measured on ${UNBATCHED_SAMPLE.toLocaleString('en')}).`,
  )
  console.log(`  seeding ${(CONVERSATIONS * MESSAGES_PER_CONVERSATION).toLocaleString('en')} messages took ${f1(seedMs)} ms (one transaction, not part of any ratio).`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
