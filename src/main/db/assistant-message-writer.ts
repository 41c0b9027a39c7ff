import type Database from 'better-sqlite3'
import type { Message, MessageEnd, MessagePart } from '../../shared/conversation'
import type { StorageError } from '../../shared/storage-error'
import { wellFormed } from '../../shared/well-formed-text'
import type { NoticeRef } from '../../shared/fallback-messages'
import type { ProviderId } from '../../shared/provider-id'
import type { ReplayItem } from '../../shared/round-result'
import type { Clock } from './clock'
import { partDataJson, storedInterrupt, webItemJson } from './message-rows'
import { storageErrorOf } from './sqlite-error'

/**
 * How streamed text reaches the disk.
 *
 * Deltas are buffered in memory and written in one short transaction when `flushChars` characters
 * are pending, when `flushIntervalMs` has passed since the last write (checked on every delta, and
 * by a timer so a stream that pauses is still written), when a tool part is added, and on finalize.
 *
 * Each write costs the new text only: a part's first write inserts the part row, later writes
 * append a chunk row (see `message-part-chunks.ts`), never rewriting what is stored; finalize folds
 * the chunks into the part once, in the transaction that sets the final status. Readers see the
 * joined text at any moment.
 *
 * Durability trade-off: each write is a synced commit (synchronous=FULL), so writing every token
 * would cost one fsync per token. Batching bounds that to a few commits per second. The price: if
 * the app crashes, the text that arrived since the last write (at most `flushIntervalMs` of
 * streaming, at most `flushChars` characters) was on the screen but is not on disk. On the next
 * open the message becomes `interrupted` / `app-crash` with the text as of the last write. Tool
 * calls and results are never buffered: they are written at once.
 */
export interface AssistantMessageWriterOptions {
  /** Write at least this often while deltas arrive (default 200 ms). */
  flushIntervalMs?: number
  /** Write as soon as this many characters are pending (default 4096). */
  flushChars?: number
  /**
   * Schedules the idle flush; returns a cancel function. Default: an unref'd `setTimeout`.
   * Tests pass a manual scheduler.
   */
  schedule?: (callback: () => void, delayMs: number) => () => void
  /** The position of the first part written (a continued answer goes on after its stored parts). Default 0. */
  firstPosition?: number
}

/** What the end of an answer keeps besides its status: Keel's notices shown with it, its thinking time. */
export interface MessageDetails {
  notices?: readonly NoticeRef[] | undefined
  reasoningMs?: number | undefined
}

export type WriteResult = { ok: true } | { ok: false; error: StorageError }

type PendingWrite =
  | { kind: 'text'; position: number; type: 'text' | 'reasoning'; text: string; rowExists: boolean }
  | { kind: 'part'; position: number; type: 'tool-call' | 'tool-result'; dataJson: string }
  | { kind: 'replay'; position: number; provider: string; dataJson: string }
  | { kind: 'web'; position: number; type: 'hosted-call' | 'citation'; dataJson: string }

export interface MessageWriterStatements {
  insertPart: Database.Statement<[string, number, string, string, string | null]>
  /** Appends one chunk to a text or reasoning part (message id, position, message id, position, text). */
  appendChunk: Database.Statement<[string, number, string, number, string]>
  /** Folds the message's chunks into its parts (inside the finalize transaction). */
  compactMessage: (messageId: string) => void
  touchMessage: Database.Statement<[number, string]>
  insertReplay: Database.Statement<[string, number, string, string]>
  /** One hosted call or citation (message id, position, kind, JSON). */
  insertWebItem: Database.Statement<[string, number, string, string]>
  finishMessage: Database.Statement<
    [string, string | null, string | null, string | null, string | null, number | null, number, string]
  >
  readMessage: (id: string) => Message | undefined
}

const defaultSchedule = (callback: () => void, delayMs: number): (() => void) => {
  const timer = setTimeout(callback, Math.min(delayMs, 2_147_483_647))
  timer.unref?.()
  return () => clearTimeout(timer)
}

/**
 * Writes one assistant message while it streams. Created by `ConversationStore.startAssistantMessage`
 * (the message row, status `streaming`, is already committed). Not safe to share between streams.
 */
export class AssistantMessageWriter {
  private readonly flushIntervalMs: number
  private readonly flushChars: number
  private readonly schedule: (callback: () => void, delayMs: number) => () => void
  private pending: PendingWrite[] = []
  private pendingChars = 0
  /** The part deltas currently extend, if it is a text or reasoning part. */
  private openPart: { position: number; type: 'text' | 'reasoning'; rowExists: boolean } | undefined
  private nextPosition = 0
  private lastWriteAt: number
  private cancelTimer: (() => void) | undefined
  private finished = false
  /** The last write failure, kept until a later write succeeds (pending text is kept for it). */
  lastError: StorageError | undefined

  constructor(
    private readonly db: Database.Database,
    private readonly statements: MessageWriterStatements,
    private readonly clock: Clock,
    readonly messageId: string,
    options: AssistantMessageWriterOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 200
    this.flushChars = options.flushChars ?? 4096
    this.schedule = options.schedule ?? defaultSchedule
    this.nextPosition = options.firstPosition ?? 0
    this.lastWriteAt = clock()
  }

  get isFinished(): boolean {
    return this.finished
  }

  /** Characters received but not yet written. */
  get pendingCharacters(): number {
    return this.pendingChars
  }

  appendText(delta: string): void {
    this.append('text', delta)
  }

  appendReasoning(delta: string): void {
    this.append('reasoning', delta)
  }

  /** Adds a tool call or tool result part and writes it (with any pending text) at once. */
  addPart(part: Extract<MessagePart, { type: 'tool-call' | 'tool-result' }>): WriteResult {
    this.assertOpen()
    this.pending.push({ kind: 'part', position: this.nextPosition++, type: part.type, dataJson: partDataJson(part) })
    this.openPart = undefined
    return this.flush()
  }

  /** Adds a round's provider replay data (kept in part order) and writes it (with any pending text) at once. */
  addReplay(provider: ProviderId, items: readonly ReplayItem[]): WriteResult {
    this.assertOpen()
    if (items.length === 0) return { ok: true }
    for (const item of items)
      this.pending.push({ kind: 'replay', position: this.nextPosition++, provider, dataJson: JSON.stringify(item) })
    this.openPart = undefined
    return this.flush()
  }

  /**
   * Adds a round's hosted calls (final state per id) and citations, after its text. Not written at
   * once: they go in the transaction that writes the round's next part, or the answer's end.
   */
  addWebItems(parts: readonly Extract<MessagePart, { type: 'hosted-call' | 'citation' }>[]): void {
    this.assertOpen()
    if (parts.length === 0) return
    for (const part of parts)
      this.pending.push({ kind: 'web', position: this.nextPosition++, type: part.type, dataJson: webItemJson(part) })
    this.openPart = undefined
  }

  /**
   * Writes everything pending in one transaction. On failure the pending text is kept for the next
   * try and nothing committed before is touched; a full disk is `full`, even when SQLite reports it
   * as an I/O error.
   */
  flush(): WriteResult {
    this.cancelScheduledFlush()
    if (this.pending.length === 0) return { ok: true }
    try {
      this.db.transaction(() => this.writePending())()
    } catch (error) {
      this.lastError = storageErrorOf(this.db, error)
      return { ok: false, error: this.lastError }
    }
    this.afterWrite()
    return { ok: true }
  }

  /**
   * Writes what is pending and the final status in one transaction, and returns the stored message.
   * `interrupted` keeps everything that arrived (what the user saw is saved).
   */
  finalize(
    end: MessageEnd,
    details: MessageDetails = {},
  ): { ok: true; message: Message } | { ok: false; error: StorageError } {
    this.assertOpen()
    this.cancelScheduledFlush()
    const now = this.clock()
    try {
      this.db.transaction(() => {
        this.writePending()
        this.statements.compactMessage(this.messageId)
        this.statements.finishMessage.run(
          end.status,
          end.status === 'interrupted' ? storedInterrupt(end.reason).reason : null,
          end.status === 'interrupted' ? storedInterrupt(end.reason).detail : null,
          end.status === 'failed' ? JSON.stringify(end.error) : null,
          details.notices && details.notices.length > 0 ? JSON.stringify(details.notices) : null,
          details.reasoningMs ?? null,
          now,
          this.messageId,
        )
      })()
    } catch (error) {
      this.lastError = storageErrorOf(this.db, error)
      return { ok: false, error: this.lastError }
    }
    this.afterWrite()
    this.finished = true
    const message = this.statements.readMessage(this.messageId)
    if (!message) return { ok: false, error: storageErrorOf(this.db, new Error(`message ${this.messageId} vanished`)) }
    return { ok: true, message }
  }

  private append(type: 'text' | 'reasoning', raw: string): void {
    this.assertOpen()
    if (raw.length === 0) return
    // SQLite holds UTF-8: a lone surrogate would read back as three replacement characters. (The
    // turn's stream keeps a pair split across deltas together before it gets here.)
    const delta = wellFormed(raw)
    if (!this.openPart || this.openPart.type !== type) {
      this.openPart = { position: this.nextPosition++, type, rowExists: false }
    }
    const last = this.pending[this.pending.length - 1]
    if (last && last.kind === 'text' && last.position === this.openPart.position) {
      last.text += delta
    } else {
      this.pending.push({
        kind: 'text',
        position: this.openPart.position,
        type,
        text: delta,
        rowExists: this.openPart.rowExists,
      })
    }
    this.pendingChars += delta.length
    if (this.pendingChars >= this.flushChars || this.clock() - this.lastWriteAt >= this.flushIntervalMs) {
      this.flush()
    } else if (!this.cancelTimer) {
      this.cancelTimer = this.schedule(() => {
        this.cancelTimer = undefined
        if (!this.finished) this.flush()
      }, this.flushIntervalMs)
    }
  }

  /** The statements of one write; runs inside the caller's transaction. */
  private writePending(): void {
    const { insertPart, appendChunk, touchMessage } = this.statements
    for (const write of this.pending) {
      if (write.kind === 'part') insertPart.run(this.messageId, write.position, write.type, '', write.dataJson)
      else if (write.kind === 'replay')
        this.statements.insertReplay.run(this.messageId, write.position, write.provider, write.dataJson)
      else if (write.kind === 'web')
        this.statements.insertWebItem.run(this.messageId, write.position, write.type, write.dataJson)
      else if (write.rowExists)
        appendChunk.run(this.messageId, write.position, this.messageId, write.position, write.text)
      else insertPart.run(this.messageId, write.position, write.type, write.text, null)
    }
    touchMessage.run(this.clock(), this.messageId)
  }

  private afterWrite(): void {
    this.pending = []
    this.pendingChars = 0
    if (this.openPart) this.openPart.rowExists = true
    this.lastWriteAt = this.clock()
    this.lastError = undefined
  }

  private cancelScheduledFlush(): void {
    this.cancelTimer?.()
    this.cancelTimer = undefined
  }

  private assertOpen(): void {
    if (this.finished) throw new Error(`message ${this.messageId} is already finalized`)
  }
}
