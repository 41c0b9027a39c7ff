// Restoring an export into a store: `keel import` and the window's Import both call this. The file is
// read record by record (json-record-reader) and each record is validated (import-records) and
// written at once, all in one transaction: the first record that fails says where and nothing is
// kept. Ids are kept. A record whose id is already in the store with the same content is "already
// present" (so importing a file twice adds nothing); with different content it is a collision,
// listed, and the stored one is left as it is.
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { attachmentProblemMessage, checkAttachment, checkAttachmentSet } from '../../shared/attachments'
import {
  MEASUREMENT_KIND_INFO,
  describePlausibleRange,
  isRepresentableTime,
  measurementTimeProblem,
  measurementValueProblem,
  toCanonicalValue,
} from '../../shared/measurement'
import type { ConversationSettings } from '../../shared/conversation-settings'
import type { MessagePart } from '../../shared/conversation'
import type { StoreWriter } from '../db/keel-store'
import type { ImportCollision, ImportCounts, ImportProblem, ImportReport } from '../../shared/import-report'
import { toStorageError } from '../db/sqlite-error'
import { storedInterrupt } from '../db/message-rows'
import { exportedConversation, stableJson } from './conversation-json'
import { readJsonRecords, JsonShapeError, type ChunkSource, type JsonRecord } from './json-record-reader'
import {
  CONVERSATION_EXPORT_FORMAT,
  CONVERSATION_EXPORT_VERSION,
  importedConversation,
  importedGeneration,
  importedLedgerEntry,
  importedMeasurement,
  type ImportedConversation,
  type ImportedGeneration,
  type ImportedLedgerEntry,
  type ImportedMeasurement,
  type ImportedMessage,
  type ImportedPart,
} from './import-records'

/**
 * A file that fails (nothing of it kept): why, and where: a record path ("conversations.3.messages.2.role",
 * "conversations.3" for a record too deep, too large, or being written when the disk filled up),
 * "line L, column C" where the text stops being JSON, or "(file)".
 */
export type ImportResult =
  | { ok: true; report: ImportReport }
  | { ok: false; problem: ImportProblem; where: string; message: string }

/** Collisions listed in the report (all are counted). */
const MAX_LISTED_COLLISIONS = 1000

class ImportFailure extends Error {
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(message)
  }
}

const zeroCounts = (): ImportCounts => ({ conversations: 0, messages: 0, generations: 0, measurements: 0, ledger: 0 })

/** Imports the whole file in one transaction (all or nothing). Synchronous: see json-record-reader. */
export function importStore(store: StoreWriter, source: ChunkSource): ImportResult {
  const run = new ImportRun(store)
  try {
    store.db
      .transaction(() => {
        for (const record of readJsonRecords(source)) run.take(record)
        run.finish()
      })
      .immediate()
  } catch (error) {
    return failed(error, run)
  } finally {
    source.close?.()
  }
  return { ok: true, report: run.report }
}

/** {@link importStoreInSlices} was stopped between two slices (Keel is quitting); nothing was kept. */
export class ImportStoppedError extends Error {}

export interface SliceOptions {
  /** Work done before the event loop gets a turn, in ms (default 25: under a frame's budget). */
  sliceMs?: number
  /** Hands the event loop a turn (default: `setImmediate`; tests pass their own). */
  pause?: () => Promise<void>
  /** Asked after each pause: a reason to stop (the import is undone), or undefined to go on. */
  stopReason?: () => string | undefined
}

/**
 * {@link importStore} for a process that must keep answering meanwhile (the app: a whole-store
 * backup takes ~20 s, during which the window and every IPC call would hang): the same records, the
 * same single transaction (all or nothing), with the event loop given a turn every `sliceMs`. The
 * transaction stays open across those turns on the store's one connection, so the caller must keep
 * other writers out until this settles (KeelAppService refuses writing commands meanwhile): what
 * they wrote would be undone with a failed import. Reads on that connection would see the rows
 * before they are committed: the app's go to a read-only snapshot meanwhile (`ImportCommands.reader`).
 * A rollback restores everything as it was.
 * It holds the store's writer meanwhile (`holdWriter`): writers that run from a timer or an event
 * (deferred message ends, an MCP server's first pins) go through `store.whenWritable`, queued until
 * it has ended; a new one must do the same.
 */
export async function importStoreInSlices(
  store: StoreWriter,
  source: ChunkSource,
  options: SliceOptions = {},
): Promise<ImportResult> {
  const sliceMs = options.sliceMs ?? 25
  const pause = options.pause ?? (() => new Promise<void>((resolve) => setImmediate(resolve)))
  const run = new ImportRun(store)
  // The transaction stays open across event-loop turns: writers from timers wait in the store's queue.
  return store.holdWriter(async (): Promise<ImportResult> => {
    store.db.exec('BEGIN IMMEDIATE')
    try {
      let sliceStarted = performance.now()
      for (const record of readJsonRecords(source)) {
        run.take(record)
        if (performance.now() - sliceStarted < sliceMs) continue
        await pause()
        const reason = options.stopReason?.()
        if (reason !== undefined) throw new ImportStoppedError(reason)
        sliceStarted = performance.now()
      }
      run.finish()
      store.db.exec('COMMIT')
    } catch (error) {
      // A failed COMMIT (a full disk) may leave the transaction open: it is undone here too.
      if (store.db.inTransaction) store.db.exec('ROLLBACK')
      return failed(error, run)
    } finally {
      source.close?.()
    }
    return { ok: true, report: run.report }
  })
}

function failed(error: unknown, run: ImportRun): ImportResult {
  if (error instanceof ImportFailure)
    return { ok: false, problem: 'invalid', where: error.where, message: error.message }
  if (error instanceof JsonShapeError)
    return { ok: false, problem: error.problem, where: error.where, message: error.message }
  // SQLITE_FULL: the disk (or the database's size limit) has no room for what this record writes.
  if (toStorageError(error).kind === 'full')
    return {
      ok: false,
      problem: 'disk-full',
      where: run.writing,
      message: 'The disk is full: free some space and import the file again.',
    }
  throw error
}

/** One import: what it added, found and skipped so far. */
class ImportRun {
  readonly report: ImportReport = {
    imported: [],
    skipped: [],
    added: zeroCounts(),
    present: zeroCounts(),
    collisions: [],
    collisionCount: 0,
  }
  /** Turns of conversations left out (collisions): their generations and ledger entries go with them. */
  private readonly turnsLeftOut = new Set<string>()
  private sawConversations = false
  /** Measurements added here and the ledger key of the call that stored each (tied in `finish`: the ledger comes after them). */
  private readonly ledgerLinks: Array<{ measurementId: number; key: string }> = []
  private readonly sql: ReturnType<typeof statements>
  /** The record being written (or "(saving)" once all are): where a full disk stopped the import. */
  writing = '(start)'

  constructor(private readonly store: StoreWriter) {
    this.sql = statements(store)
  }

  take(record: JsonRecord): void {
    const where = record.index === undefined ? record.key : `${record.key}.${record.index}`
    this.writing = where
    switch (record.key) {
      case 'format':
        if (record.value !== CONVERSATION_EXPORT_FORMAT)
          throw new ImportFailure('format', `Not a Keel export (format "${String(record.value)}").`)
        return
      case 'version':
        if (record.value !== CONVERSATION_EXPORT_VERSION)
          throw new ImportFailure(
            'version',
            `This export's version (${String(record.value)}) is not one this Keel reads.`,
          )
        return
      case 'conversation':
      case 'conversations':
        this.sawConversations = true
        return this.conversation(parse(importedConversation, record.value, where), where)
      case 'generations':
        return this.generation(parse(importedGeneration, record.value, where), where)
      case 'measurements':
        return this.measurement(parse(importedMeasurement, record.value, where), where)
      case 'ledger':
        return this.ledgerEntry(parse(importedLedgerEntry, record.value, where), where)
      default:
        // exportedAt, and keys a newer Keel may add: not needed to restore.
        return
    }
  }

  finish(): void {
    this.writing = '(saving)'
    if (!this.sawConversations)
      throw new ImportFailure('(top level)', 'Not a Keel export: it has no "conversations" (or "conversation").')
    // A key whose entry is not in the store (left out with its conversation) stays unlinked, as
    // when a conversation is deleted; an entry already tied to another measurement is not taken.
    for (const { measurementId, key } of this.ledgerLinks) this.sql.linkMeasurement.run(key, measurementId)
  }

  private collide(collision: ImportCollision): void {
    this.report.collisionCount++
    if (this.report.collisions.length < MAX_LISTED_COLLISIONS) this.report.collisions.push(collision)
  }

  private conversation(conversation: ImportedConversation, where: string): void {
    const messages = resolveTree(conversation, where)
    const stored = this.store.conversations.getConversation(conversation.id)
    if (stored) {
      if (sameConversation(this.store, conversation)) {
        this.report.present.conversations++
        this.report.present.messages += conversation.messages.length
        this.report.skipped.push({ id: conversation.id, title: conversation.title })
      } else {
        this.leaveOut(messages)
        this.collide({
          kind: 'conversation',
          id: conversation.id,
          where,
          reason: 'a conversation with this id is in the store with different content',
        })
      }
      return
    }
    for (const [index, message] of messages.entries()) {
      const owner = this.sql.messageOwner.get(message.id)
      const turnOwner = message.turnId ? this.sql.turnOwner.get(message.turnId) : undefined
      if (owner || turnOwner) {
        this.leaveOut(messages)
        const [kind, id] = owner ? (['message', message.id] as const) : (['turn', message.turnId!] as const)
        this.collide({
          kind,
          id,
          where: `${where}.messages.${index}`,
          reason: `this ${kind} id is in the store, in conversation ${(owner ?? turnOwner)!.conversation_id}`,
        })
        return
      }
    }
    this.write(conversation, messages, where)
  }

  private leaveOut(messages: readonly ResolvedMessage[]): void {
    for (const message of messages) if (message.turnId) this.turnsLeftOut.add(message.turnId)
  }

  private write(conversation: ImportedConversation, messages: readonly ResolvedMessage[], _where: string): void {
    const now = this.store.clock()
    const createdAt = conversation.createdAt ?? messages[0]?.source.createdAt ?? now
    const updatedAt = conversation.updatedAt ?? messages.at(-1)?.source.createdAt ?? createdAt
    this.sql.insertConversation.run(conversation.id, conversation.title, createdAt, updatedAt)
    if (conversation.pinnedAt !== undefined) this.sql.setPinned.run(conversation.pinnedAt, conversation.id)
    const turns = new Set<string>()
    for (const [index, { id, parentId, turnId, files, source: m }] of messages.entries()) {
      const created = m.createdAt ?? updatedAt
      if (turnId && !turns.has(turnId)) {
        turns.add(turnId)
        this.sql.insertTurn.run(turnId, conversation.id, created)
      }
      // A message cut off where it was exported (streaming) is interrupted here, as after a crash.
      const status = m.status === 'streaming' ? 'interrupted' : (m.status ?? 'complete')
      const interrupt = status === 'interrupted' ? storedInterrupt(m.interruptReason ?? 'app-crash') : null
      const error =
        status === 'failed'
          ? JSON.stringify(m.error ?? { kind: 'imported', message: 'This answer had failed where it was exported.' })
          : null
      this.sql.insertMessage.run({
        id,
        conversation: conversation.id,
        turn: turnId ?? null,
        parent: parentId ?? null,
        seq: index + 1,
        role: m.role,
        status,
        interrupt: interrupt?.reason ?? null,
        interruptDetail: interrupt?.detail ?? null,
        error,
        notices: m.noticeRefs && m.noticeRefs.length > 0 ? JSON.stringify(m.noticeRefs) : null,
        reasoningMs: m.reasoningMs ?? null,
        created,
        updated: m.updatedAt ?? created,
      })
      for (const [position, part] of partsOf(m).entries()) {
        if (part.type === 'replay') this.sql.insertReplay.run(id, position, part.provider, JSON.stringify(part.item))
        else if (part.type === 'hosted-call')
          this.sql.insertWebItem.run(id, position, 'hosted-call', JSON.stringify(part.call))
        else if (part.type === 'citation')
          this.sql.insertWebItem.run(id, position, 'citation', JSON.stringify(part.citation))
        else if (part.type === 'text' || part.type === 'reasoning')
          this.sql.insertPart.run(id, position, part.type, part.text, null)
        else {
          const { type: _type, ...data } = part
          this.sql.insertPart.run(id, position, part.type, '', JSON.stringify(data))
        }
      }
      for (const [position, file] of files.entries())
        this.sql.insertAttachment.run(id, position, file.name, file.mimeType, file.bytes.length, file.bytes)
    }
    const leaf = conversation.currentLeafId ?? messages.at(-1)?.id ?? null
    this.sql.setLeaf.run(leaf, conversation.id)
    if (conversation.settings && Object.keys(conversation.settings).length > 0)
      this.store.conversationSettings.set(conversation.id, conversation.settings as ConversationSettings)
    this.report.added.conversations++
    this.report.added.messages += messages.length
    this.report.imported.push({ id: conversation.id, title: conversation.title, messages: messages.length })
  }

  private turnOf(turnId: string, where: string, what: string): string | 'left-out' {
    const turn = this.sql.turnOwner.get(turnId)
    if (turn) return turn.conversation_id
    if (this.turnsLeftOut.has(turnId)) return 'left-out'
    throw new ImportFailure(
      `${where}.turnId`,
      `No conversation in the file or the store has this ${what}'s turn (${turnId}).`,
    )
  }

  private generation(g: ImportedGeneration, where: string): void {
    if (this.turnOf(g.turnId, where, 'model call') === 'left-out') {
      return this.collide({
        kind: 'generation',
        id: g.id ?? `${g.turnId}/${g.round}/${g.attempt}`,
        where,
        reason: 'its conversation was left out',
      })
    }
    const stored =
      (g.id ? this.sql.generationById.get(g.id) : undefined) ??
      this.sql.generationBySlot.get(g.turnId, g.round, g.attempt)
    if (stored) {
      const same =
        stored.turn_id === g.turnId &&
        stored.round === g.round &&
        stored.attempt === g.attempt &&
        stored.provider === g.provider &&
        (stored.profile ?? stored.provider) === (g.profile ?? g.provider) &&
        stored.model === g.model &&
        stored.input_tokens === (g.usage.inputTokens ?? null) &&
        stored.output_tokens === (g.usage.outputTokens ?? null)
      if (same && (g.id === undefined || g.id === stored.id)) this.report.present.generations++
      else
        this.collide({
          kind: 'generation',
          id: g.id ?? stored.id,
          where,
          reason: 'a model call with this id (or turn, round and attempt) is in the store with different content',
        })
      return
    }
    // A call running when exported ended there: as after a crash, its end and usage are unknown.
    const outcome = g.outcome === 'running' ? 'app-crash' : g.outcome
    const known = outcome !== 'app-crash'
    const startedAt = g.startedAt ?? this.store.clock()
    const messageId = g.messageId && this.sql.messageOwner.get(g.messageId) ? g.messageId : null
    this.sql.insertGeneration.run({
      id: g.id ?? randomUUID(),
      turn: g.turnId,
      message: messageId,
      round: g.round,
      attempt: g.attempt,
      provider: g.provider,
      profile: g.profile ?? g.provider,
      model: g.model,
      startedAt,
      endedAt: known ? (g.endedAt ?? startedAt) : (g.endedAt ?? null),
      outcome,
      finishReason: g.finishReason ?? null,
      rawFinishReason: g.rawFinishReason ?? null,
      error: g.error ? JSON.stringify(g.error) : null,
      input: g.usage.inputTokens ?? null,
      output: g.usage.outputTokens ?? null,
      reasoning: g.usage.reasoningTokens ?? null,
      cached: g.usage.cachedInputTokens ?? null,
      searches: g.usage.hostedSearches || null,
      usageSource: g.usage.estimated === true ? 'estimated' : g.usage.estimated === false || known ? 'reported' : null,
    })
    this.report.added.generations++
  }

  private measurement(m: ImportedMeasurement, where: string): void {
    // The rules of the tools and the measurements view (measurementValueProblem, measurementTimeProblem).
    const info = MEASUREMENT_KIND_INFO[m.kind]
    const valueProblem = measurementValueProblem(m.kind, m.value, m.unit)
    if (valueProblem === 'unit-not-for-kind')
      throw new ImportFailure(`${where}.unit`, `"${m.unit}" is not a unit of ${info.label}.`)
    if (valueProblem)
      throw new ImportFailure(
        `${where}.value`,
        `${m.value} ${m.unit} is outside the plausible range for ${info.label} (${describePlausibleRange(m.kind, m.unit)}).`,
      )
    if (m.canonicalValue !== toCanonicalValue(m.value, m.unit))
      throw new ImportFailure(
        `${where}.canonicalValue`,
        `${m.canonicalValue} is not ${m.value} ${m.unit} in ${info.canonicalUnit}.`,
      )
    const takenAtField = m.takenAt !== undefined ? 'takenAt' : 'measuredAt'
    const takenAt = m.takenAt ?? (m.measuredAt ? Date.parse(m.measuredAt) : undefined)
    if (takenAt === undefined)
      throw new ImportFailure(`${where}.takenAt`, 'The measurement has no date (takenAt or measuredAt).')
    const now = this.store.clock()
    switch (measurementTimeProblem(takenAt, now)) {
      case 'not-a-time':
        throw new ImportFailure(`${where}.${takenAtField}`, `${takenAt} is not a real date.`)
      case 'too-early':
        throw new ImportFailure(`${where}.${takenAtField}`, `${new Date(takenAt).toISOString()} is before 1900.`)
      case 'in-the-future':
        throw new ImportFailure(
          `${where}.${takenAtField}`,
          `${new Date(takenAt).toISOString()} is in the future: a measurement can be dated today or earlier.`,
        )
    }
    if (m.recordedAt !== undefined && !isRepresentableTime(m.recordedAt))
      throw new ImportFailure(`${where}.recordedAt`, `${m.recordedAt} is not a real date.`)
    const stored = this.sql.measurementById.get(m.id)
    if (stored) {
      const same =
        stored.deleted_at === null &&
        stored.kind === m.kind &&
        stored.canonical_value === m.canonicalValue &&
        stored.input_value === m.value &&
        stored.input_unit === m.unit &&
        stored.taken_at === takenAt
      if (same) this.report.present.measurements++
      else
        this.collide({
          kind: 'measurement',
          id: String(m.id),
          where,
          reason: 'a measurement with this id is in the store with different content',
        })
      return
    }
    const precision =
      m.precision ?? (m.measuredAtLocal && /^\d{4}-\d{2}-\d{2}$/.test(m.measuredAtLocal) ? 'day' : 'instant')
    this.sql.insertMeasurement.run(
      m.id,
      m.kind,
      m.canonicalValue,
      m.value,
      m.unit,
      takenAt,
      precision,
      m.recordedAt ?? now,
      m.takenAtOffsetMin ?? null,
    )
    if (m.createdByLedgerKey) this.ledgerLinks.push({ measurementId: m.id, key: m.createdByLedgerKey })
    this.report.added.measurements++
  }

  private ledgerEntry(entry: ImportedLedgerEntry, where: string): void {
    const conversationId = this.turnOf(entry.turnId, where, 'ledger entry')
    if (conversationId === 'left-out')
      return this.collide({ kind: 'ledger', id: entry.key, where, reason: 'its conversation was left out' })
    const stored = this.sql.ledgerByKey.get(entry.key)
    if (stored) {
      if (stored.tool_name === entry.tool && stored.state === entry.state && stored.turn_id === entry.turnId)
        this.report.present.ledger++
      else
        this.collide({
          kind: 'ledger',
          id: entry.key,
          where,
          reason: 'a ledger entry with this key is in the store with different content',
        })
      return
    }
    const createdAt = entry.createdAt ?? (entry.recordedAt ? Date.parse(entry.recordedAt) : this.store.clock())
    const result = this.sql.insertLedger.run({
      key: entry.key,
      conversation: conversationId,
      turn: entry.turnId,
      tool: entry.tool,
      arguments: JSON.stringify(entry.arguments ?? {}),
      state: entry.state,
      // An older export has no output or error: a succeeded entry keeps a null output.
      output: entry.state === 'succeeded' ? JSON.stringify(entry.output ?? null) : null,
      error:
        entry.state === 'failed'
          ? JSON.stringify(
              entry.error ?? { kind: 'unknown', message: 'The failure was not in the export.', retryable: false },
            )
          : null,
      createdAt,
      updatedAt: entry.updatedAt ?? createdAt,
    })
    for (const callId of new Set(entry.callIds))
      this.sql.insertLedgerCall.run(Number(result.lastInsertRowid), callId, createdAt)
    this.report.added.ledger++
  }
}

interface ResolvedMessage {
  id: string
  parentId: string | undefined
  turnId: string | undefined
  /** Its files, decoded and checked as the composer's are. */
  files: Array<{ name: string; mimeType: string; bytes: Buffer }>
  source: ImportedMessage
}

/**
 * Each message's id, parent and turn, checked: ids unique, a parent is an earlier message of the
 * same conversation, an answer belongs to a question's turn, the shown leaf is one of the messages.
 * A file without them (hand-made) reads as one linear conversation.
 */
function resolveTree(conversation: ImportedConversation, where: string): ResolvedMessage[] {
  if (
    conversation.settings &&
    (conversation.settings.provider === undefined) !== (conversation.settings.model === undefined)
  ) {
    throw new ImportFailure(`${where}.settings`, 'provider and model are chosen together.')
  }
  const seen = new Map<string, ResolvedMessage>()
  const resolved: ResolvedMessage[] = []
  let lastTurn: string | undefined
  let questions = 0
  for (const [index, m] of conversation.messages.entries()) {
    const at = `${where}.messages.${index}`
    if (m.role === 'user') questions++
    if (m.role === 'assistant' && questions === 0) throw new ImportFailure(at, 'An answer must follow a question.')
    const id = m.id ?? randomUUID()
    if (seen.has(id)) throw new ImportFailure(`${at}.id`, 'Two messages have this id.')
    const parentId = m.parentId === undefined ? resolved.at(-1)?.id : (m.parentId ?? undefined)
    if (parentId !== undefined && !seen.has(parentId))
      throw new ImportFailure(`${at}.parentId`, 'A message must follow an earlier message of its conversation.')
    let turnId = m.turnId ?? undefined
    if (m.turnId === undefined) {
      if (m.role === 'user') turnId = randomUUID()
      else if (m.role === 'assistant') turnId = lastTurn
    }
    if (m.role === 'assistant' && turnId === undefined) throw new ImportFailure(at, 'An answer must follow a question.')
    if (m.role === 'user') lastTurn = turnId
    if (m.attachments?.length && m.role !== 'user')
      throw new ImportFailure(`${at}.attachments`, 'Only a question has files.')
    const message = { id, parentId, turnId, files: checkedFiles(m, at), source: m }
    seen.set(id, message)
    resolved.push(message)
  }
  if (conversation.currentLeafId && !seen.has(conversation.currentLeafId))
    throw new ImportFailure(
      `${where}.currentLeafId`,
      'The branch shown ends at a message that is not in this conversation.',
    )
  return resolved
}

/**
 * A question's files, checked by the composer's rules (`checkAttachment`, `checkAttachmentSet`): the
 * bytes are the type they claim (an SVG is no PNG), a text file is text, each within its size, at
 * most 10 files and 10 MiB on one message. Names were checked by the schema (no paths).
 */
function checkedFiles(m: ImportedMessage, at: string): ResolvedMessage['files'] {
  const files: ResolvedMessage['files'] = []
  for (const [position, file] of (m.attachments ?? []).entries()) {
    const bytes = Buffer.from(file.dataBase64, 'base64')
    if (bytes.length !== file.size)
      throw new ImportFailure(
        `${at}.attachments.${position}.size`,
        `The file's size (${file.size}) is not the size of its data (${bytes.length}).`,
      )
    const checked = checkAttachment(
      file.name,
      file.mimeType,
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    )
    if (!checked.ok) throw new ImportFailure(`${at}.attachments.${position}`, attachmentProblemMessage(checked.problem))
    files.push({ name: file.name, mimeType: file.mimeType, bytes })
  }
  const setProblem = checkAttachmentSet(files.map((file) => file.bytes.length))
  if (setProblem) throw new ImportFailure(`${at}.attachments`, attachmentProblemMessage(setProblem))
  return files
}

/** The stored parts: `parts` when the file has them, else rebuilt from the readable fields (as export omits them). */
function partsOf(m: ImportedMessage): (MessagePart | Extract<ImportedPart, { type: 'replay' }>)[] {
  if (m.parts) return m.parts as MessagePart[]
  const calls = (m.toolCalls ?? []).flatMap((call): MessagePart[] => {
    const request: MessagePart = {
      type: 'tool-call',
      callId: call.callId,
      callIdIsLocal: false,
      toolName: call.name,
      argumentsText: call.argumentsText ?? JSON.stringify(call.arguments ?? {}),
      arguments: (call.arguments ?? undefined) as Extract<MessagePart, { type: 'tool-call' }>['arguments'],
    }
    if (!call.result) return [request]
    return [
      request,
      {
        type: 'tool-result',
        callId: call.callId,
        toolName: call.name,
        outcome: call.result as unknown as Extract<MessagePart, { type: 'tool-result' }>['outcome'],
      },
    ]
  })
  return [
    ...(m.reasoning ? [{ type: 'reasoning' as const, text: m.reasoning }] : []),
    ...calls,
    ...(m.text ? [{ type: 'text' as const, text: m.text }] : []),
  ]
}

/**
 * Everything the file says of this conversation is already stored: the same title, and each of its
 * messages stored in it with the same tree place, role, text, reasoning and calls. (The window's
 * export holds only the branch shown, so stored messages beyond the file's are not a difference.)
 * A file without message ids is compared with the branch shown, in order.
 */
function sameConversation(store: StoreWriter, incoming: ImportedConversation): boolean {
  const stored = store.conversations.getConversation(incoming.id)!
  if (stored.title !== incoming.title) return false
  const withIds = incoming.messages.every((m) => m.id !== undefined)
  const messages = withIds ? store.conversations.getAllMessages(stored.id) : store.conversations.getMessages(stored.id)
  const exported = importedConversation.parse(exportedConversation(stored, messages)).messages
  const view = (m: ImportedMessage) =>
    stableJson({
      ...(withIds ? { id: m.id, parentId: m.parentId ?? null } : {}),
      role: m.role,
      text: m.text,
      reasoning: m.reasoning ?? '',
      calls: (m.toolCalls ?? []).map((call) => call.callId),
    })
  if (!withIds)
    return (
      exported.length === incoming.messages.length && exported.every((m, i) => view(m) === view(incoming.messages[i]!))
    )
  const byId = new Map(exported.map((m) => [m.id, view(m)]))
  return incoming.messages.every((m) => byId.get(m.id) === view(m))
}

function parse<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  throw new ImportFailure([where, ...issue.path.map(String)].join('.'), issue.message)
}

interface GenerationRow {
  id: string
  turn_id: string
  round: number
  attempt: number
  provider: string
  profile: string | null
  model: string
  input_tokens: number | null
  output_tokens: number | null
}

function statements(store: StoreWriter) {
  const db = store.db
  return {
    insertConversation: db.prepare<[string, string, number, number]>(
      'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
    ),
    setPinned: db.prepare<[number, string]>('UPDATE conversations SET pinned_at = ? WHERE id = ?'),
    linkMeasurement: db.prepare<[string, number]>(
      `UPDATE measurements SET created_by_ledger_id = l.id FROM (SELECT id FROM tool_ledger WHERE idempotency_key = ?) AS l
       WHERE measurements.id = ? AND measurements.created_by_ledger_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM measurements other WHERE other.created_by_ledger_id = l.id)`,
    ),
    setLeaf: db.prepare<[string | null, string]>('UPDATE conversations SET current_leaf_id = ? WHERE id = ?'),
    insertTurn: db.prepare<[string, string, number]>(
      'INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)',
    ),
    turnOwner: db.prepare<[string], { conversation_id: string }>('SELECT conversation_id FROM turns WHERE id = ?'),
    messageOwner: db.prepare<[string], { conversation_id: string }>(
      'SELECT conversation_id FROM messages WHERE id = ?',
    ),
    insertMessage: db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, parent_id, seq, role, status, interrupt_reason, interrupt_detail, error_json, notices_json, reasoning_ms, created_at, updated_at)
       VALUES (@id, @conversation, @turn, @parent, @seq, @role, @status, @interrupt, @interruptDetail, @error, @notices, @reasoningMs, @created, @updated)`,
    ),
    insertPart: db.prepare<[string, number, string, string, string | null]>(
      'INSERT INTO message_parts (message_id, position, type, text, data_json) VALUES (?, ?, ?, ?, ?)',
    ),
    insertReplay: db.prepare<[string, number, string, string]>(
      'INSERT INTO message_replay_items (message_id, position, provider, data_json) VALUES (?, ?, ?, ?)',
    ),
    insertWebItem: db.prepare<[string, number, string, string]>(
      'INSERT INTO message_web_items (message_id, position, kind, data_json) VALUES (?, ?, ?, ?)',
    ),
    insertAttachment: db.prepare<[string, number, string, string, number, Buffer]>(
      'INSERT INTO message_attachments (message_id, position, name, mime_type, size, data) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    generationById: db.prepare<[string], GenerationRow>('SELECT * FROM generations WHERE id = ?'),
    generationBySlot: db.prepare<[string, number, number], GenerationRow>(
      'SELECT * FROM generations WHERE turn_id = ? AND round = ? AND attempt = ?',
    ),
    insertGeneration: db.prepare(
      `INSERT INTO generations (id, turn_id, message_id, round, attempt, provider, profile, model, started_at, ended_at, outcome, finish_reason, raw_finish_reason, error_json,
         input_tokens, output_tokens, reasoning_tokens, cached_input_tokens, hosted_searches, usage_source)
       VALUES (@id, @turn, @message, @round, @attempt, @provider, @profile, @model, @startedAt, @endedAt, @outcome, @finishReason, @rawFinishReason, @error,
         @input, @output, @reasoning, @cached, @searches, @usageSource)`,
    ),
    measurementById: db.prepare<
      [number],
      {
        kind: string
        canonical_value: number
        input_value: number
        input_unit: string
        taken_at: number
        deleted_at: number | null
      }
    >('SELECT * FROM measurements WHERE id = ?'),
    insertMeasurement: db.prepare<[number, string, number, number, string, number, string, number, number | null]>(
      'INSERT INTO measurements (id, kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at, taken_at_offset_min) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    ledgerByKey: db.prepare<[string], { tool_name: string; state: string; turn_id: string }>(
      'SELECT tool_name, state, turn_id FROM tool_ledger WHERE idempotency_key = ?',
    ),
    insertLedger: db.prepare(
      `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, output_json, error_json, created_at, updated_at)
       VALUES (@key, @conversation, @turn, @tool, @arguments, @state, @output, @error, @createdAt, @updatedAt)`,
    ),
    insertLedgerCall: db.prepare<[number, string, number]>(
      'INSERT INTO tool_ledger_calls (ledger_id, call_id, referenced_at) VALUES (?, ?, ?)',
    ),
  }
}
