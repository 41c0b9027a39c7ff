// Storing long answers, and checking a large store at open: the store benchmark's two scale cases.
//
//   stream   a 5 MiB and a 50 MiB answer through the writer, as the harness streams it (~20-character
//            deltas, production flush policy: 4096 characters or 200 ms, then finalize, which folds the
//            chunks into the part) vs. plain INSERTs of the same chunks in as many transactions into a
//            bare table. Linear means app(50)/app(5) ≈ 10, like the floor's.
//   open     a store of 200,000 messages: openKeelStore (probe, PRAGMA quick_check, WAL, migrations
//            check, presence lock, recovery) vs. opening it with the same pragmas and nothing else;
//            plus quick_check alone.
import Database from 'better-sqlite3'
import { openKeelStore, type KeelStore } from '../../src/main/db/keel-store'
import { median } from './timing'
import { seedConversations } from './workloads'

const MiB = 1024 * 1024
const FLUSH_CHARS = 4096
const FLUSH_INTERVAL_MS = 200

/** ~20-character deltas (words, punctuation, some multibyte), deterministic, `totalChars` in all. */
export function answerDeltas(totalChars: number): string[] {
  const words = [
    'The weight',
    ' you recorded',
    ' on Monday',
    ' was 70.4 kg,',
    ' então',
    ' about 2% less',
    ' than the week',
    ' before 🙂.\n\n',
    ' Keep going!',
  ]
  const deltas: string[] = []
  let state = 7
  let length = 0
  while (length < totalChars) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    const first = words[state % words.length] as string
    const second = words[(state >>> 8) % words.length] as string
    const delta = `${first}${second}`.slice(0, 24)
    deltas.push(delta)
    length += delta.length
  }
  return deltas
}

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

export interface StreamResult {
  mib: number
  deltas: number
  commits: number
  appMs: number
  floorMs: number
  ratio: number
}

/** Streams `mib` MiB through the writer and the floor, `reps` pairs alternating; medians. */
export function streamLongAnswer(store: KeelStore, mib: number, reps: number): StreamResult {
  const db = store.db
  const conversation = store.conversations.createConversation({ title: `${mib} MiB` })
  const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText: 'write a long answer' })
  const deltas = answerDeltas(mib * MiB)
  const chunks = chunksOf(deltas)
  const expectedLength = deltas.reduce((n, d) => n + d.length, 0)

  db.exec(
    'CREATE TABLE IF NOT EXISTS floor_chunks (message_id TEXT NOT NULL, seq INTEGER NOT NULL, text TEXT NOT NULL, PRIMARY KEY (message_id, seq)) STRICT',
  )
  const insertChunk = db.prepare<[string, number, string]>(
    'INSERT INTO floor_chunks (message_id, seq, text) VALUES (?, ?, ?)',
  )
  let floorRun = 0
  const floor = () => {
    const id = `floor-${mib}-${floorRun++}`
    chunks.forEach((chunk, seq) => db.transaction(() => insertChunk.run(id, seq, chunk))())
  }
  const app = () => {
    const writer = store.conversations.startAssistantMessage(
      { conversationId: conversation.id, turnId: turn.id },
      { flushChars: FLUSH_CHARS, flushIntervalMs: FLUSH_INTERVAL_MS },
    )
    for (const delta of deltas) writer.appendText(delta)
    const finished = writer.finalize({ status: 'complete' })
    const stored =
      finished.ok && finished.message.parts[0]?.type === 'text' ? finished.message.parts[0].text.length : -1
    if (stored !== expectedLength) throw new Error(`stored ${stored} characters of ${expectedLength}`)
  }
  const appMs: number[] = []
  const floorMs: number[] = []
  for (let i = 0; i < reps; i++) {
    const order: [number[], () => void][] =
      i % 2 === 0
        ? [
            [appMs, app],
            [floorMs, floor],
          ]
        : [
            [floorMs, floor],
            [appMs, app],
          ]
    for (const [times, run] of order) {
      ;(globalThis as { gc?: () => void }).gc?.()
      const start = performance.now()
      run()
      times.push(performance.now() - start)
    }
    db.exec('DELETE FROM floor_chunks')
  }
  const app_ = median(appMs)
  const floor_ = median(floorMs)
  return { mib, deltas: deltas.length, commits: chunks.length, appMs: app_, floorMs: floor_, ratio: app_ / floor_ }
}

export interface OpenResult {
  messages: number
  fileMiB: number
  seedMs: number
  openMs: number
  floorMs: number
  ratio: number
  quickCheckMs: number
}

/** Seeds `conversations` × `perConversation` messages at `path`, then times opening it. */
export function openLargeStore(path: string, conversations: number, perConversation: number, reps: number): OpenResult {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(opened.error.message)
  const seedStart = performance.now()
  seedConversations(opened.store.db, conversations, perConversation)
  const seedMs = performance.now() - seedStart
  opened.store.db.pragma('wal_checkpoint(TRUNCATE)')
  const pageCount = opened.store.db.pragma('page_count', { simple: true }) as number
  const pageSize = opened.store.db.pragma('page_size', { simple: true }) as number
  opened.store.close()

  const open = () => {
    const store = openKeelStore(path)
    if (!store.ok) throw new Error(store.error.message)
    store.store.close()
  }
  const floor = () => {
    const db = new Database(path, { fileMustExist: true, timeout: 5000 })
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('user_version')
    db.close()
  }
  const quickCheck = () => {
    const db = new Database(path, { readonly: true, fileMustExist: true })
    if (db.pragma('quick_check', { simple: true }) !== 'ok') throw new Error('quick_check failed')
    db.close()
  }
  open() // warm the OS cache: the numbers are for a warm start (a cold one is in database.ts's comment)
  const openMs: number[] = []
  const floorMs: number[] = []
  const quickMs: number[] = []
  for (let i = 0; i < reps; i++) {
    for (const [times, run] of [
      [openMs, open],
      [floorMs, floor],
      [quickMs, quickCheck],
    ] as const) {
      const start = performance.now()
      run()
      times.push(performance.now() - start)
    }
  }
  const openMedian = median(openMs)
  const floorMedian = median(floorMs)
  return {
    messages: conversations * perConversation,
    fileMiB: (pageCount * pageSize) / MiB,
    seedMs,
    openMs: openMedian,
    floorMs: floorMedian,
    ratio: openMedian / floorMedian,
    quickCheckMs: median(quickMs),
  }
}
