// Local store speed, against a floor measured in the same run on the same database:
//   append   10,000 streamed text deltas to an assistant message through the batching writer
//            (default policy: a commit per 4096 characters or 200 ms, plus finalize) vs. the same
//            commits done with plain prepared statements (no buffering logic, chunks precomputed);
//            plus, for scale, plain statements committing every delta (what batching saves).
//   list     1,000 conversations of 100 messages each: the conversation list (with message counts)
//            vs. the same SQL through a plain prepared statement, rows unmapped;
//   open     every one of those conversations' messages with their parts vs. the same two queries.
//   long answers  a 5 MiB and a 50 MiB answer streamed in ~20-character deltas vs. plain INSERTs of
//            the same chunks in as many transactions (see store/long-answers.ts): linear when the
//            50 MiB / 5 MiB time ratio is ≈ 10;
//   open large    opening a store of 200,000 messages (PRAGMA quick_check and all) vs. a bare open.
// Both sides use the app's pragmas (WAL, synchronous=FULL). Ratios are reported, never asserted.
// `--quick`: skips the 50 MiB answer and uses a 20,000-message store for `open large`.
// Run: `npm run bench -- store` or `node --expose-gc --import tsx bench/store.bench.ts`.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openKeelStore, type KeelStore } from '../src/main/db/keel-store'
import { PART_COLUMNS_SQL } from '../src/main/db/message-part-chunks'
import { writeBenchResults } from './results-file'
import { openLargeStore, streamLongAnswer, type OpenResult, type StreamResult } from './store/long-answers'
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
  const { turn } = store.conversations.startTurn({
    conversationId: store.conversations.createConversation().id,
    userText: 'hi',
  })
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
  // The writer's statements: later flushes append a chunk row; finalize folds them into the part.
  const appendChunk = db.prepare(
    `INSERT INTO message_part_chunks (message_id, position, seq, text) VALUES (?, 0, ?, ?)`,
  )
  const fold = db.prepare(
    `UPDATE message_parts SET text = text || (SELECT group_concat(text, '' ORDER BY seq) FROM message_part_chunks WHERE message_id = ? AND position = 0)
     WHERE message_id = ? AND position = 0`,
  )
  const dropChunks = db.prepare('DELETE FROM message_part_chunks WHERE message_id = ?')
  const touch = db.prepare('UPDATE messages SET updated_at = ? WHERE id = ?')
  const finish = db.prepare(`UPDATE messages SET status = 'complete', updated_at = ? WHERE id = ?`)
  let floorCount = 0
  const floorRun = (pieces: readonly string[]) => {
    const id = `floor-${floorCount++}`
    db.transaction(() =>
      insertMessage.run(id, ids.conversationId, ids.turnId, ids.conversationId, Date.now(), Date.now()),
    ).immediate()
    pieces.forEach((piece, index) => {
      db.transaction(() => {
        if (index === 0) insertPart.run(id, piece)
        else appendChunk.run(id, index, piece)
        touch.run(Date.now(), id)
      })()
    })
    db.transaction(() => {
      if (pieces.length > 1) {
        fold.run(id, id)
        dropChunks.run(id)
      }
      finish.run(Date.now(), id)
    })()
  }

  let lastAppText = ''
  const result = paired({
    // The writer's per-delta path needs a few runs to be optimized by the JIT (as in a long-running app).
    warmups: 8,
    reps: 21,
    app: () => {
      const writer = store.conversations.startAssistantMessage(ids, {
        flushChars: FLUSH_CHARS,
        flushIntervalMs: FLUSH_INTERVAL_MS,
      })
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
    `SELECT ${PART_COLUMNS_SQL} FROM messages m JOIN message_parts p ON p.message_id = m.id WHERE m.conversation_id = ? ORDER BY m.seq, p.position`,
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

const quick = process.argv.includes('--quick')
const dir = mkdtempSync(join(tmpdir(), 'keel-bench-'))
try {
  const loadBefore = loadavg()
  const load = loadBefore[0] ?? 0
  console.log(`Store benchmark (better-sqlite3, WAL, synchronous=FULL; ${cpus().length} cores, 1-min load ${f1(load)})`)
  if (load > cpus().length * 0.75)
    console.log('  note: the machine is busy; absolute times are noisy, ratios are paired.')

  const streamStore = open(join(dir, 'stream.db'))
  const append = appendBenchmark(streamStore)
  streamStore.close()

  const listStore = open(join(dir, 'list.db'))
  const seedStart = performance.now()
  seedConversations(listStore.db, CONVERSATIONS, MESSAGES_PER_CONVERSATION)
  const seedMs = performance.now() - seedStart
  const { list, openAll } = listBenchmarks(listStore)
  listStore.close()

  const longStore = open(join(dir, 'long.db'))
  const long: StreamResult[] = [streamLongAnswer(longStore, 5, 3)]
  if (!quick) long.push(streamLongAnswer(longStore, 50, 1))
  longStore.close()
  const large: OpenResult = quick
    ? openLargeStore(join(dir, 'large.db'), 200, 100, 5)
    : openLargeStore(join(dir, 'large.db'), 2_000, 100, 5)

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
    row(
      `open all ${CONVERSATIONS.toLocaleString('en')} conversations (${(CONVERSATIONS * MESSAGES_PER_CONVERSATION).toLocaleString('en')} messages)`,
      openAll,
      f1,
    ),
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)))
  const line = (row: string[]) =>
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
  console.log()
  console.log(line(rows[0]!))
  console.log(widths.map((w) => '─'.repeat(w)).join('  '))
  for (const row of rows.slice(1)) console.log(line(row))
  console.log()
  console.log('Notes:')
  console.log(
    `  floor = the same statements and commits with plain prepared statements, no app logic; medians (and best) of paired runs.`,
  )
  console.log(
    `  batching: ${append.commits} synced commits for ${DELTAS.toLocaleString('en')} deltas (policy: ${FLUSH_CHARS} chars / ${FLUSH_INTERVAL_MS} ms, plus start and finalize);` +
      ` committing every delta would cost ~${f2(append.unbatchedPerDeltaMs)} ms/delta here, ~${f1(append.unbatchedPerDeltaMs * DELTAS)} ms for all (measured on ${UNBATCHED_SAMPLE.toLocaleString('en')}).`,
  )
  console.log(
    `  seeding ${(CONVERSATIONS * MESSAGES_PER_CONVERSATION).toLocaleString('en')} messages took ${f1(seedMs)} ms (one transaction, not part of any ratio).`,
  )
  console.log()
  console.log('Long answers (writer vs. plain INSERTs of the same chunks in as many transactions; medians):')
  for (const r of long) {
    console.log(
      `  ${String(r.mib).padStart(2)} MiB  ${r.deltas.toLocaleString('en')} deltas, ${r.commits.toLocaleString('en')} commits:` +
        ` app ${f1(r.appMs)} ms, floor ${f1(r.floorMs)} ms, app/floor ${f2(r.ratio)}`,
    )
  }
  const [five, fifty] = long
  if (five && fifty) {
    console.log(
      `  growth 50 MiB / 5 MiB: app ${f2(fifty.appMs / five.appMs)}, floor ${f2(fifty.floorMs / five.floorMs)} (linear ≈ 10)`,
    )
  }
  console.log(
    `Open large: ${large.messages.toLocaleString('en')} messages (${f1(large.fileMiB)} MiB): openKeelStore ${f1(large.openMs)} ms vs. bare open ${f2(large.floorMs)} ms` +
      ` (app/floor ${f1(large.ratio)}); PRAGMA quick_check alone ${f1(large.quickCheckMs)} ms (warm OS cache; seeding took ${f1(large.seedMs)} ms)`,
  )
  writeBenchResults('store', loadBefore, {
    append: { commits: append.commits, ...append.result },
    list,
    openAll,
    longAnswers: long,
    growth50over5: five && fifty ? { app: fifty.appMs / five.appMs, floor: fifty.floorMs / five.floorMs } : undefined,
    openLarge: large,
  })
} finally {
  rmSync(dir, { recursive: true, force: true })
}
