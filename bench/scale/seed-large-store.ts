// A power user's store for the scale benchmarks: by default 10,000 conversations and 200,000
// messages (mostly short, some long Markdown answers with code, tool calls and their results as the
// harness stores them), one conversation of 5,000 messages (the newest), model calls with usage, a
// few ledger entries and 2,000 measurements, with timestamps over four years. Deterministic: the
// same options and seed give the same rows.
//
// The store is opened with the app's own `openKeelStore` (so the schema is the migrated one), then
// everything is written in ONE transaction with prepared statements, row for row as the app writes
// it (conversation-store, assistant-message-writer, generation-store, tool ledger + apply-once,
// measurement-store). The search indexes are kept by the schema's own triggers, as in the app.
import { statSync } from 'node:fs'
import type Database from 'better-sqlite3'
import { openKeelStore } from '../../src/main/db/keel-store'
import { canonicalJson } from '../../src/main/ledger/canonical-json'
import { computeIdempotencyKey } from '../../src/main/ledger/idempotency-key'
import { measurementView } from '../../src/main/tools/builtin/measurement-schemas'
import {
  MEASUREMENT_KIND_INFO,
  toCanonicalValue,
  type Measurement,
  type MeasurementKind,
  type MeasurementUnit,
} from '../../src/shared/measurement'
import { mulberry32 } from '../../test/support/seeded-random'
import {
  SEARCH_TERMS,
  TOPICS,
  between,
  longAnswer,
  pick,
  question,
  shortAnswer,
  type Random,
  type Topic,
} from './seed-text'

export interface SeedOptions {
  /** Conversations in all, the big one included (default 10,000). */
  conversations?: number
  /** Messages in all, the big conversation's included (default 200,000). */
  messages?: number
  /** Messages of the one big conversation (default 5,000). */
  bigConversationMessages?: number
  /** Measurements in all, those recorded by tool calls included (default 2,000). */
  measurements?: number
  /** PRNG seed (default 13). */
  seed?: number
}

export interface SeedSummary {
  path: string
  conversationCount: number
  messageCount: number
  /** The conversation of `bigConversationMessages` messages: the newest one (first in the list). */
  bigConversationId: string
  bigConversationTitle: string
  bigConversationMessages: number
  generationCount: number
  toolCallCount: number
  ledgerEntryCount: number
  measurementCount: number
  /** What the search benchmark types into the search box (each is known to occur). */
  search: { word: string; phrase: string; prefix: string; rare: string }
  /** How long writing took (not part of any figure). */
  seedMs: number
  fileBytes: number
}

/** Where the conversations end: fixed, so a seed gives the same store on any day. */
const END = Date.UTC(2025, 10, 30, 18, 0, 0)
const SPAN_MS = 4 * 365 * 24 * 3600 * 1000

const PROFILES: ReadonlyArray<{ provider: string; profile: string; model: string }> = [
  { provider: 'openai-responses', profile: 'openai', model: 'gpt-5' },
  { provider: 'anthropic', profile: 'anthropic', model: 'claude-sonnet-4-5' },
  { provider: 'gemini', profile: 'gemini', model: 'gemini-2.5-pro' },
  { provider: 'openai-chat', profile: 'ollama', model: 'llama3.1:8b' },
  { provider: 'openai-chat', profile: 'openrouter', model: 'mistral-large' },
]

/** Writes the store at `path` (created; an existing file must be an empty Keel store). */
export function seedLargeStore(path: string, options: SeedOptions = {}): SeedSummary {
  const conversations = options.conversations ?? 10_000
  const messages = options.messages ?? 200_000
  const bigMessages = Math.min(options.bigConversationMessages ?? 5_000, messages)
  const measurements = options.measurements ?? 2_000
  if (conversations < 1 || messages < conversations || messages - bigMessages < conversations - 1) {
    throw new RangeError(
      `cannot seed ${conversations} conversations with ${messages} messages (${bigMessages} in the big one): every conversation needs a message`,
    )
  }
  const opened = openKeelStore(path, { announcePresence: false })
  if (!opened.ok) throw new Error(`${opened.error.kind}: ${opened.error.message}`)
  const store = opened.store
  const started = performance.now()
  try {
    const existing = store.db.prepare('SELECT count(*) AS n FROM conversations').get() as { n: number }
    if (existing.n > 0) throw new Error(`${path} already holds ${existing.n} conversations; seed an empty store`)
    // One big transaction: a cache that holds it avoids spilling pages to the WAL mid-way (this connection only).
    store.db.pragma('cache_size = -262144')
    const seeder = new Seeder(store.db, mulberry32(options.seed ?? 13), measurements)
    const summary = store.db.transaction(() => seeder.run(conversations, messages, bigMessages))()
    const seedMs = performance.now() - started
    store.db.pragma('wal_checkpoint(TRUNCATE)')
    return {
      path,
      ...summary,
      search: {
        word: SEARCH_TERMS.word,
        phrase: `"${SEARCH_TERMS.phrase}"`,
        prefix: `${SEARCH_TERMS.prefix}*`,
        rare: SEARCH_TERMS.rare,
      },
      seedMs,
      fileBytes: statSync(path).size,
    }
  } finally {
    store.close()
  }
}

type Counts = Omit<SeedSummary, 'path' | 'search' | 'seedMs' | 'fileBytes'>

class Seeder {
  private readonly s: ReturnType<typeof prepare>
  private generations = 0
  private toolCalls = 0
  private ledgerEntries = 0
  private measurementsLeft: number
  /** Measurements recorded through tool calls: at most a third of them. */
  private ledgeredLeft: number

  constructor(
    db: Database.Database,
    private readonly random: Random,
    private readonly measurementTarget: number,
  ) {
    this.s = prepare(db)
    this.measurementsLeft = measurementTarget
    this.ledgeredLeft = Math.floor(measurementTarget / 3)
  }

  /** A random v4-shaped UUID (the app's ids are `randomUUID()`). */
  private id(): string {
    const hex = (bits: number) =>
      Math.floor(this.random() * 2 ** bits)
        .toString(16)
        .padStart(bits / 4, '0')
    return `${hex(32)}-${hex(16)}-4${hex(12)}-${(8 + Math.floor(this.random() * 4)).toString(16)}${hex(12)}-${hex(24)}${hex(24)}`
  }

  run(conversations: number, messages: number, bigMessages: number): Counts {
    const counts = this.allocate(conversations - 1, messages - bigMessages)
    // Start times over four years, oldest first; the big conversation is the newest.
    const starts = counts
      .map(() => END - SPAN_MS + Math.floor(this.random() * (SPAN_MS - 40 * 24 * 3600 * 1000)))
      .sort((a, b) => a - b)
    let written = 0
    counts.forEach((count, i) => {
      this.conversation(pick(this.random, TOPICS), count, starts[i]!, false)
      written += count
    })
    const big = this.conversation(TOPICS[0]!, bigMessages, END - 30 * 24 * 3600 * 1000, true)
    written += bigMessages
    this.looseMeasurements()
    return {
      conversationCount: conversations,
      messageCount: written,
      bigConversationId: big.id,
      bigConversationTitle: big.title,
      bigConversationMessages: bigMessages,
      generationCount: this.generations,
      toolCallCount: this.toolCalls,
      ledgerEntryCount: this.ledgerEntries,
      measurementCount: this.measurementTarget - this.measurementsLeft,
    }
  }

  /** `total` messages over `n` conversations, at least one each, skewed (most are short, a few long). */
  private allocate(n: number, total: number): number[] {
    if (n === 0) return []
    const weights = Array.from({ length: n }, () => (-Math.log(1 - this.random())) ** 1.5)
    const sum = weights.reduce((a, b) => a + b, 0)
    const extra = total - n
    const counts = weights.map((w) => 1 + Math.floor((extra * w) / sum))
    let left = total - counts.reduce((a, b) => a + b, 0)
    while (left > 0) {
      counts[Math.floor(this.random() * n)]! += 1
      left--
    }
    return counts
  }

  private conversation(topic: Topic, messageCount: number, start: number, big: boolean): { id: string; title: string } {
    const r = this.random
    const id = this.id()
    const title = big
      ? 'Everything about the render loop'
      : `${pick(r, topic.titles)}${r() < 0.3 ? ` (${between(r, 2, 9)})` : ''}`
    const model = pick(r, PROFILES)
    this.s.insertConversation.run(id, title, start, start)
    let time = start
    let parent: string | null = null
    let seq = 0
    const turns = Math.ceil(messageCount / 2)
    for (let t = 0; t < turns; t++) {
      // Mostly a minute or two between messages; now and then the conversation resumes days later.
      time += r() < 0.01 && !big ? between(r, 1, 20) * 24 * 3600 * 1000 : between(r, 20, 240) * 1000
      const turnTopic = r() < 0.85 ? topic : pick(r, TOPICS)
      const turnId = this.id()
      this.s.insertTurn.run(turnId, id, time)
      const tool =
        (turnTopic.name === 'health' && r() < 0.25) || r() < 0.01
          ? this.ledgeredLeft > 0 && r() < 0.5
            ? 'record'
            : 'list'
          : undefined
      let userText =
        tool === 'record'
          ? `I weighed ${between(r, 60, 95)}.${between(r, 0, 9)} kg this morning, please record it.`
          : question(r, turnTopic)
      if (big && t === Math.floor(turns / 2)) userText += ` By the way, what is ${SEARCH_TERMS.rare}?`
      const userId = this.id()
      this.s.insertMessage.run(userId, id, turnId, parent, ++seq, 'user', 'complete', null, null, null, time, time)
      this.s.insertPart.run(userId, 0, 'text', userText, null)
      parent = userId
      if (seq === messageCount) break
      time += between(r, 3, 60) * 1000
      parent = this.answer(id, turnId, parent, ++seq, time, turnTopic, model, tool, userText)
    }
    this.s.finishConversation.run(time, parent, big || r() < 0.0005 ? time : null, id)
    return { id, title }
  }

  /** One assistant message with its parts, model calls and (for a write tool) ledger entry and measurement. */
  private answer(
    conversationId: string,
    turnId: string,
    parent: string,
    seq: number,
    time: number,
    topic: Topic,
    model: (typeof PROFILES)[number],
    tool: 'record' | 'list' | undefined,
    userText: string,
  ): string {
    const r = this.random
    const id = this.id()
    const interrupted = r() < 0.005
    const reasoningMs = model.provider !== 'openai-chat' && r() < 0.05 ? between(r, 800, 20_000) : null
    this.s.insertMessage.run(
      id,
      conversationId,
      turnId,
      parent,
      seq,
      'assistant',
      interrupted ? 'interrupted' : 'complete',
      interrupted ? 'user-stop' : null,
      null,
      null,
      time,
      time,
    )
    let position = 0
    if (reasoningMs !== null) this.s.insertPart.run(id, position++, 'reasoning', shortAnswer(r, topic), null)
    let round = 1
    if (tool) {
      this.s.insertPart.run(
        id,
        position++,
        'text',
        tool === 'record' ? "I'll record that." : 'Let me look at your measurements.',
        null,
      )
      const callId = `call_${this.id().replace(/-/g, '').slice(0, 24)}`
      const { part, result, answerText } =
        tool === 'record' ? this.recordTool(conversationId, turnId, callId, time, userText) : this.listTool(callId)
      this.s.insertPart.run(id, position++, 'tool-call', '', JSON.stringify(part))
      this.s.insertPart.run(id, position++, 'tool-result', '', JSON.stringify(result))
      this.toolCalls++
      this.generation(turnId, id, round++, model, time, 'tool-calls', 120, seq)
      this.s.insertPart.run(id, position++, 'text', answerText, null)
    } else {
      const long = r() < 0.06
      const text = long ? longAnswer(r, topic) : shortAnswer(r, topic)
      this.s.insertPart.run(
        id,
        position++,
        'text',
        interrupted ? text.slice(0, Math.max(1, Math.floor(text.length / 3))) : text,
        null,
      )
    }
    this.generation(
      turnId,
      id,
      round,
      model,
      time,
      interrupted ? 'user-stop' : 'stop',
      200 + Math.floor(r() * 800),
      seq,
    )
    if (reasoningMs !== null) this.s.setReasoning.run(reasoningMs, id)
    return id
  }

  private generation(
    turnId: string,
    messageId: string,
    round: number,
    model: (typeof PROFILES)[number],
    time: number,
    end: 'stop' | 'tool-calls' | 'user-stop',
    outputTokens: number,
    seq: number,
  ): void {
    const r = this.random
    // Now and then a first attempt fails on the network and the retry answers.
    let attempt = 1
    if (end !== 'user-stop' && r() < 0.02) {
      const error = JSON.stringify({ kind: 'network', message: 'The connection was reset before the answer ended.' })
      this.s.insertGeneration.run(
        this.id(),
        turnId,
        messageId,
        round,
        attempt++,
        model.provider,
        model.profile,
        model.model,
        time - 4000,
        time - 2000,
        'network',
        null,
        null,
        error,
        null,
        null,
        null,
        null,
        'estimated',
      )
      this.generations++
    }
    const input = Math.min(200_000, 300 + seq * 180)
    const outcome = end === 'user-stop' ? 'user-stop' : 'complete'
    const finish = end === 'user-stop' ? null : end
    const raw =
      end === 'user-stop'
        ? null
        : end === 'tool-calls'
          ? model.provider === 'anthropic'
            ? 'tool_use'
            : 'tool_calls'
          : model.provider === 'anthropic'
            ? 'end_turn'
            : 'stop'
    const cached = r() < 0.5 ? Math.floor(input * 0.8) : null
    this.s.insertGeneration.run(
      this.id(),
      turnId,
      messageId,
      round,
      attempt,
      model.provider,
      model.profile,
      model.model,
      time - 1500,
      time,
      outcome,
      finish,
      raw,
      null,
      input,
      outputTokens,
      null,
      cached,
      'reported',
    )
    this.generations++
  }

  /** `record_measurement` as the registry runs it: ledger claim + call, the measurement, the ledger's success. */
  private recordTool(conversationId: string, turnId: string, callId: string, time: number, userText: string) {
    const value = Number(/(\d+\.\d)/.exec(userText)?.[1] ?? '70.0')
    const args = { kind: 'weight' as const, value, unit: 'kg' as const }
    const toolName = 'record_measurement'
    const idempotencyKey = computeIdempotencyKey({
      conversationId,
      turnId,
      toolName,
      canonicalArguments: { ...args, date: undefined },
    })
    const ledgerId = Number(
      this.s.insertLedger.run(
        idempotencyKey,
        conversationId,
        turnId,
        toolName,
        canonicalJson({ ...args, date: undefined }),
        time,
        time,
      ).lastInsertRowid,
    )
    this.s.insertLedgerCall.run(ledgerId, callId, time)
    const measurement = this.measurement('weight', value, 'kg', time, 'instant', ledgerId, time)
    const output = { recorded: measurementView(measurement) }
    this.s.ledgerSucceeded.run(JSON.stringify(output), time, ledgerId)
    this.ledgerEntries++
    this.ledgeredLeft--
    const argumentsText = JSON.stringify(args)
    return {
      part: { callId, callIdIsLocal: false, toolName, argumentsText, arguments: args },
      result: {
        callId,
        toolName,
        outcome: { callId, toolName, status: 'succeeded', kind: 'write', output, repeated: false, idempotencyKey },
        sent: { content: JSON.stringify(output), isError: false },
      },
      answerText: `Recorded ${value} kg for today.`,
    }
  }

  /** `list_measurements`: a read (no ledger entry), answered from the measurements recorded so far. */
  private listTool(callId: string) {
    const toolName = 'list_measurements'
    const args = { kind: 'weight', limit: 5 }
    const output = {
      measurements: this.s.latestWeights
        .all()
        .map((row) => ({ id: row.id, kind: 'weight', value: row.input_value, unit: row.input_unit })),
    }
    return {
      part: { callId, callIdIsLocal: false, toolName, argumentsText: JSON.stringify(args), arguments: args },
      result: {
        callId,
        toolName,
        outcome: { callId, toolName, status: 'succeeded', kind: 'read', output, repeated: false },
        sent: { content: JSON.stringify(output), isError: false },
      },
      answerText:
        output.measurements.length === 0
          ? 'You have no weight recorded yet.'
          : `Your last weights: ${output.measurements.map((m) => `${m.value} ${m.unit}`).join(', ')}.`,
    }
  }

  private measurement(
    kind: MeasurementKind,
    value: number,
    unit: MeasurementUnit,
    takenAt: number,
    precision: 'day' | 'instant',
    ledgerId: number | null,
    recordedAt: number,
  ): Measurement {
    const offset = -180
    const canonical = toCanonicalValue(value, unit)
    const rowId = Number(
      this.s.insertMeasurement.run(kind, canonical, value, unit, takenAt, precision, offset, recordedAt, ledgerId)
        .lastInsertRowid,
    )
    this.measurementsLeft--
    return {
      id: rowId,
      kind,
      canonicalValue: canonical,
      canonicalUnit: MEASUREMENT_KIND_INFO[kind].canonicalUnit,
      value,
      unit,
      takenAt,
      takenAtPrecision: precision,
      takenAtOffsetMin: offset,
      recordedAt,
      deletedAt: undefined,
    }
  }

  /** The rest of the measurements, entered in the window (no ledger entry), a few deleted since. */
  private looseMeasurements(): void {
    const r = this.random
    const kinds: Array<[MeasurementKind, MeasurementUnit, number, number]> = [
      ['weight', 'kg', 60, 95],
      ['weight', 'lb', 130, 210],
      ['resting-heart-rate', 'bpm', 48, 75],
      ['body-fat', '%', 12, 30],
      ['waist', 'cm', 70, 100],
      ['height', 'cm', 160, 190],
    ]
    while (this.measurementsLeft > 0) {
      const [kind, unit, min, max] = pick(r, kinds)
      const day = r() < 0.6
      // A day is stored as its local midnight (offset -180 min: UTC-3), an instant as itself.
      const raw = END - Math.floor(r() * SPAN_MS)
      const takenAt = day ? Math.floor(raw / 86_400_000) * 86_400_000 + 180 * 60_000 : raw
      const value = Math.round((min + r() * (max - min)) * 10) / 10
      const m = this.measurement(
        kind,
        value,
        unit,
        takenAt,
        day ? 'day' : 'instant',
        null,
        takenAt + between(r, 0, 3600) * 1000,
      )
      if (r() < 0.01) this.s.softDelete.run(m.recordedAt + 60_000, m.id)
    }
  }
}

function prepare(db: Database.Database) {
  return {
    insertConversation: db.prepare<[string, string, number, number]>(
      'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
    ),
    // As ConversationStore: updated_at = the last message's time, current_leaf_id = the last message.
    finishConversation: db.prepare<[number, string | null, number | null, string]>(
      'UPDATE conversations SET updated_at = ?, current_leaf_id = ?, pinned_at = ? WHERE id = ?',
    ),
    insertTurn: db.prepare<[string, string, number]>(
      'INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)',
    ),
    insertMessage: db.prepare<
      [
        string,
        string,
        string,
        string | null,
        number,
        string,
        string,
        string | null,
        string | null,
        string | null,
        number,
        number,
      ]
    >(
      `INSERT INTO messages (id, conversation_id, turn_id, parent_id, seq, role, status, interrupt_reason, error_json, notices_json, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    setReasoning: db.prepare<[number, string]>('UPDATE messages SET reasoning_ms = ? WHERE id = ?'),
    insertPart: db.prepare<[string, number, string, string, string | null]>(
      'INSERT INTO message_parts (message_id, position, type, text, data_json) VALUES (?, ?, ?, ?, ?)',
    ),
    insertGeneration: db.prepare<
      [
        string,
        string,
        string,
        number,
        number,
        string,
        string,
        string,
        number,
        number,
        string,
        string | null,
        string | null,
        string | null,
        number | null,
        number | null,
        number | null,
        number | null,
        string,
      ]
    >(
      `INSERT INTO generations (id, turn_id, message_id, round, attempt, provider, profile, model, started_at, ended_at, outcome, finish_reason, raw_finish_reason, error_json,
         input_tokens, output_tokens, reasoning_tokens, cached_input_tokens, usage_source)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertLedger: db.prepare<[string, string, string, string, string, number, number]>(
      `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'unknown', ?, ?)`,
    ),
    insertLedgerCall: db.prepare<[number, string, number]>(
      'INSERT INTO tool_ledger_calls (ledger_id, call_id, referenced_at) VALUES (?, ?, ?)',
    ),
    ledgerSucceeded: db.prepare<[string, number, number]>(
      `UPDATE tool_ledger SET state = 'succeeded', output_json = ?, updated_at = ? WHERE id = ? AND state = 'unknown'`,
    ),
    insertMeasurement: db.prepare<
      [string, number, number, string, number, string, number | null, number, number | null]
    >(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, taken_at_offset_min, recorded_at, created_by_ledger_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    softDelete: db.prepare<[number, number]>(
      'UPDATE measurements SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL',
    ),
    latestWeights: db.prepare<[], { id: number; input_value: number; input_unit: string }>(
      `SELECT id, input_value, input_unit FROM measurements WHERE kind = 'weight' AND deleted_at IS NULL ORDER BY taken_at DESC, id DESC LIMIT 5`,
    ),
  }
}
