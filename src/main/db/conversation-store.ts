import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3'
import type {
  Conversation,
  ConversationSummary,
  Message,
  MessagePart,
  MessageVersions,
  Turn,
} from '../../shared/conversation'
import { insertAttachments, type NewAttachment } from './attachment-store'
import {
  AssistantMessageWriter,
  type AssistantMessageWriterOptions,
  type MessageWriterStatements,
} from './assistant-message-writer'
import { wellFormed } from '../../shared/well-formed-text'
import type { Clock } from './clock'
import { PART_COLUMNS_SQL, prepareChunkStatements } from './message-part-chunks'
import {
  partDataJson,
  toMessage,
  toMessagePart,
  webItemJson,
  type MessagePartRow,
  type MessageRow,
} from './message-rows'

interface ConversationRow {
  id: string
  title: string
  created_at: number
  updated_at: number
}

/** Keyset cursor for paging the conversation list (pass the last summary of the previous page). */
export interface ConversationCursor {
  updatedAt: number
  id: string
}

/**
 * Conversations, turns and messages. Every method runs synchronously; writes that touch more than
 * one row run in one transaction. Storage failures throw better-sqlite3's `SqliteError`
 * (convert with `toStorageError`); a call naming a conversation or turn that does not exist is a
 * caller bug and throws too.
 */
export class ConversationStore {
  private readonly statements: ReturnType<typeof prepare>
  private readonly writerStatements: MessageWriterStatements

  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock,
    private readonly newId: () => string = randomUUID,
  ) {
    this.statements = prepare(db)
    const chunks = prepareChunkStatements(db)
    this.writerStatements = {
      insertPart: this.statements.insertPart,
      insertReplay: this.statements.insertReplay,
      insertWebItem: this.statements.insertWebItem,
      appendChunk: chunks.appendChunk,
      compactMessage: chunks.compactMessage,
      touchMessage: this.statements.touchMessage,
      finishMessage: this.statements.finishMessage,
      readMessage: (id) => this.getMessage(id),
    }
  }

  createConversation(input: { id?: string; title?: string } = {}): Conversation {
    const now = this.clock()
    const conversation: Conversation = {
      id: input.id ?? this.newId(),
      title: wellFormed(input.title ?? ''),
      createdAt: now,
      updatedAt: now,
    }
    this.statements.insertConversation.run(conversation.id, conversation.title, now, now)
    return conversation
  }

  getConversation(id: string): Conversation | undefined {
    const row = this.statements.selectConversation.get(id)
    return row ? toConversation(row) : undefined
  }

  renameConversation(id: string, title: string): boolean {
    return this.statements.renameConversation.run(wellFormed(title), id).changes === 1
  }

  /**
   * Deletes a conversation and everything that belongs to it, in one transaction: its turns,
   * messages and parts, model calls (generations) and its tool-ledger entries (ON DELETE CASCADE).
   * Measurements are the user's data and outlive the conversation that recorded them: their
   * `created_by_ledger_id` / `deleted_by_ledger_id` links become NULL (ON DELETE SET NULL), the
   * rows (live or soft-deleted) stay. Dropping the ledger entries cannot let an action run twice:
   * an idempotency key includes its turn id, and the turn is gone with them.
   * Returns false when there was no such conversation.
   */
  deleteConversation(id: string): boolean {
    return this.db.transaction(() => this.statements.deleteConversation.run(id).changes === 1).immediate()
  }

  /** Newest first (by last message), with message counts. Page with `before` = the last item's cursor. */
  listConversations(options: { limit?: number; before?: ConversationCursor } = {}): ConversationSummary[] {
    const limit = options.limit ?? 100
    const rows = options.before
      ? this.statements.listConversationsBefore.all(
          options.before.updatedAt,
          options.before.updatedAt,
          options.before.id,
          limit,
        )
      : this.statements.listConversations.all(limit)
    return rows.map((row) => ({
      ...toConversation(row),
      messageCount: row.message_count,
      ...(row.pinned_at !== null ? { pinnedAt: row.pinned_at } : {}),
    }))
  }

  /**
   * Oldest first (by last message, then id): the export's order. Page with `after` = the last
   * item's cursor; one page at a time, so a caller never holds the whole list.
   */
  listConversationsOldestFirst(options: { limit: number; after?: ConversationCursor }): Conversation[] {
    const rows = options.after
      ? this.statements.listOldestFirstAfter.all(
          options.after.updatedAt,
          options.after.updatedAt,
          options.after.id,
          options.limit,
        )
      : this.statements.listOldestFirst.all(options.limit)
    return rows.map(toConversation)
  }

  /** The ids of a conversation's turns, in the order their first message appears. */
  turnIdsInOrder(conversationId: string): string[] {
    return this.statements.selectTurnIdsInOrder.all(conversationId).map((row) => row.turn_id)
  }

  /**
   * Starts a turn: stores the turn and the user's message (status `complete`) in one transaction.
   * A regenerated answer does not start a new turn: it adds an assistant message to the same one.
   */
  startTurn(input: {
    conversationId: string
    userText: string
    turnId?: string
    /**
     * The message the question follows: by default the end of the branch shown; an edited question
     * names its original's parent (`null`: the original was the first message), so it becomes a
     * version of it.
     */
    parentId?: string | null
    attachments?: readonly NewAttachment[]
  }): { turn: Turn; message: Message } {
    const now = this.clock()
    const turn: Turn = { id: input.turnId ?? this.newId(), conversationId: input.conversationId, createdAt: now }
    const messageId = this.newId()
    this.db
      .transaction(() => {
        this.statements.insertTurn.run(turn.id, turn.conversationId, now)
        const parentId = input.parentId === undefined ? this.currentLeafId(turn.conversationId) : input.parentId
        this.insertMessage(messageId, turn.conversationId, turn.id, 'user', 'complete', now, parentId ?? null)
        if (input.userText.length > 0)
          this.statements.insertPart.run(messageId, 0, 'text', wellFormed(input.userText), null)
        // The files go with the message, in the same transaction.
        if (input.attachments?.length) insertAttachments(this.db, messageId, input.attachments)
      })
      .immediate()
    return { turn, message: this.mustGetMessage(messageId) }
  }

  getTurn(id: string): Turn | undefined {
    const row = this.statements.selectTurn.get(id)
    return row ? { id: row.id, conversationId: row.conversation_id, createdAt: row.created_at } : undefined
  }

  /**
   * Creates an assistant message in status `streaming` (committed before the first delta, so a
   * crash always leaves a row to mark `interrupted`) and returns the writer that streams into it.
   */
  startAssistantMessage(
    input: {
      conversationId: string
      turnId: string
      /** The question it answers: by default the end of the branch shown; a regenerated answer names its original's question. */
      parentId?: string
    },
    options?: AssistantMessageWriterOptions,
  ): AssistantMessageWriter {
    const now = this.clock()
    const messageId = this.newId()
    this.db
      .transaction(() => {
        const parentId = input.parentId ?? this.currentLeafId(input.conversationId)
        this.insertMessage(
          messageId,
          input.conversationId,
          input.turnId,
          'assistant',
          'streaming',
          now,
          parentId ?? null,
        )
      })
      .immediate()
    return new AssistantMessageWriter(this.db, this.writerStatements, this.clock, messageId, options)
  }

  /**
   * Opens a stored answer again to write more into it ("Continue" after a length cut): status
   * `streaming` again (its old end is cleared), new parts go after the stored ones. Returns
   * `undefined` when there is no such finished assistant message.
   */
  resumeAssistantMessage(
    messageId: string,
    options?: AssistantMessageWriterOptions,
  ): AssistantMessageWriter | undefined {
    const firstPosition = this.db
      .transaction(() => {
        if (this.statements.reopenMessage.run(this.clock(), messageId).changes !== 1) return undefined
        return this.statements.nextPosition.get(messageId, messageId, messageId)?.next ?? 0
      })
      .immediate()
    if (firstPosition === undefined) return undefined
    return new AssistantMessageWriter(this.db, this.writerStatements, this.clock, messageId, {
      ...options,
      firstPosition,
    })
  }

  /** Adds a complete message in one go (system notes, imported history, tests). */
  addMessage(input: { conversationId: string; turnId?: string; role: Message['role']; parts: MessagePart[] }): Message {
    const now = this.clock()
    const messageId = this.newId()
    this.db
      .transaction(() => {
        this.insertMessage(
          messageId,
          input.conversationId,
          input.turnId ?? null,
          input.role,
          'complete',
          now,
          this.currentLeafId(input.conversationId) ?? null,
        )
        input.parts.forEach((part, position) => {
          if (part.type === 'text' || part.type === 'reasoning')
            this.statements.insertPart.run(messageId, position, part.type, wellFormed(part.text), null)
          else if (part.type === 'replay')
            this.statements.insertReplay.run(messageId, position, part.provider, JSON.stringify(part.item))
          else if (part.type === 'hosted-call' || part.type === 'citation')
            this.statements.insertWebItem.run(messageId, position, part.type, webItemJson(part))
          else this.statements.insertPart.run(messageId, position, part.type, '', partDataJson(part))
        })
      })
      .immediate()
    return this.mustGetMessage(messageId)
  }

  getMessage(id: string): Message | undefined {
    const row = this.statements.selectMessage.get(id)
    if (!row) return undefined
    return toMessage(row, this.statements.selectPartsOfMessage.all(id, id, id).map(toMessagePart))
  }

  /**
   * The conversation as the user sees it and the model is sent it: the messages on the path from
   * the first message to the current leaf, in order, each with its parts. Other versions (earlier
   * answers, the branch before an edit) are in {@link getAllMessages}.
   */
  getMessages(conversationId: string): Message[] {
    return this.readConversation(conversationId).messages
  }

  /**
   * What opening a conversation needs, from one read of its messages and one of their parts: the
   * branch shown ({@link getMessages}), every message's versions ({@link versionsOf}) and its turn
   * ids in order ({@link turnIdsInOrder}).
   */
  readConversation(conversationId: string): {
    messages: Message[]
    versions: Record<string, MessageVersions>
    turnIds: string[]
  } {
    const leaf = this.currentLeafId(conversationId)
    if (leaf === undefined) return { messages: [], versions: {}, turnIds: [] }
    // The conversation's rows by its index, the path walked here: a recursive query looked each
    // message up one by one (5,000 lookups for a 5,000-message conversation). Other versions' rows
    // are read too and dropped; they are few.
    const rows = this.statements.selectMessages.all(conversationId)
    const byId = new Map(rows.map((row) => [row.id, row]))
    const onPath = new Set<string>()
    for (let id: string | null | undefined = leaf; id && !onPath.has(id); id = byId.get(id)?.parent_id) {
      if (!byId.has(id)) break
      onPath.add(id)
    }
    const partRows = this.statements.selectPartsOfConversation.all(conversationId, conversationId, conversationId)
    const messages =
      onPath.size === rows.length
        ? withParts(rows, partRows)
        : withParts(
            rows.filter((row) => onPath.has(row.id)),
            partRows.filter((part) => onPath.has(part.message_id)),
          )
    const turnIds = [...new Set(rows.flatMap((row) => (row.turn_id === null ? [] : [row.turn_id])))]
    return {
      messages,
      versions: versionsFromTree(rows.map((row) => ({ id: row.id, parent_id: row.parent_id ?? null, role: row.role }))),
      turnIds,
    }
  }

  /** The messages from the first one down to `messageId` (included), in order. */
  getPath(messageId: string): Message[] {
    return withParts(this.statements.selectPath.all(messageId), this.statements.selectPartsOfPath.all(messageId))
  }

  /** Every message of the conversation, every branch, in creation order (the export). */
  getAllMessages(conversationId: string): Message[] {
    return withParts(
      this.statements.selectMessages.all(conversationId),
      this.statements.selectPartsOfConversation.all(conversationId, conversationId, conversationId),
    )
  }

  /** The last message of the branch shown (`undefined` for an empty conversation). */
  currentLeafId(conversationId: string): string | undefined {
    return this.statements.selectLeaf.get(conversationId, conversationId)?.id
  }

  /** For every message of the conversation: its place among its versions (siblings of the same role). */
  versionsOf(conversationId: string): Record<string, MessageVersions> {
    return versionsFromTree(this.statements.selectTree.all(conversationId))
  }

  /**
   * Shows another version of a message: the branch shown becomes that version and, below it, the
   * newest message under it (where the user last was in that branch). Returns false when there is
   * no such message.
   */
  selectVersion(messageId: string): boolean {
    return this.db
      .transaction(() => {
        const message = this.statements.selectMessage.get(messageId)
        if (!message) return false
        const leaf = this.statements.selectNewestUnder.get(messageId)?.id ?? messageId
        this.statements.setLeaf.run(leaf, message.conversation_id)
        return true
      })
      .immediate()
  }

  /**
   * Deletes one message; a question goes with its answers (every version). What followed them is
   * kept and now follows the deleted message's parent, so no branch is cut off. When the branch
   * shown ended in a deleted message, it now ends at the newest message under that parent. The
   * answers' tool parts go with them; model calls stay (their usage was spent) and the idempotency
   * ledger stays (a write is never repeated). Returns the deleted ids, or `undefined` when there was
   * no such message.
   */
  deleteMessage(messageId: string): { conversationId: string; deleted: string[] } | undefined {
    return this.db
      .transaction(() => {
        const message = this.statements.selectMessage.get(messageId)
        if (!message) return undefined
        const conversationId = message.conversation_id
        const children = (id: string) => this.statements.selectChildren.all(id)
        const removed = [
          message.id,
          ...(message.role === 'user'
            ? children(message.id)
                .filter((c) => c.role === 'assistant')
                .map((c) => c.id)
            : []),
        ]
        const removing = new Set(removed)
        const parentId = message.parent_id ?? null
        for (const id of removed)
          for (const child of children(id))
            if (!removing.has(child.id)) this.statements.setParent.run(parentId, child.id)
        const leaf = this.currentLeafId(conversationId)
        for (const id of [...removed].reverse()) this.statements.deleteMessage.run(id)
        if (leaf === undefined || removing.has(leaf)) {
          const next =
            parentId === null
              ? this.statements.selectNewest.get(conversationId)?.id
              : (this.statements.selectNewestUnder.get(parentId)?.id ?? parentId)
          this.statements.setLeaf.run(next ?? null, conversationId)
        }
        return { conversationId, deleted: removed }
      })
      .immediate()
  }

  private insertMessage(
    id: string,
    conversationId: string,
    turnId: string | null,
    role: Message['role'],
    status: 'streaming' | 'complete',
    now: number,
    parentId: string | null,
  ): void {
    const result = this.statements.insertMessage.run(
      id,
      conversationId,
      turnId,
      parentId,
      conversationId,
      role,
      status,
      now,
      now,
    )
    if (result.changes !== 1) throw new Error(`could not add a message to conversation ${conversationId}`)
    this.statements.touchConversation.run(now, conversationId)
    // A new message is the end of the branch shown.
    this.statements.setLeaf.run(id, conversationId)
  }

  private mustGetMessage(id: string): Message {
    const message = this.getMessage(id)
    if (!message) throw new Error(`message ${id} vanished after being written`)
    return message
  }
}

/** Versions of a message are its siblings of the same role; `rows` in `seq` order. */
function versionsFromTree(
  rows: ReadonlyArray<{ id: string; parent_id: string | null; role: string }>,
): Record<string, MessageVersions> {
  const groups = new Map<string, string[]>()
  const keyOf = new Map<string, string>()
  for (const row of rows) {
    const key = `${row.parent_id ?? ''}\u0000${row.role}`
    const ids = groups.get(key) ?? []
    ids.push(row.id)
    groups.set(key, ids)
    keyOf.set(row.id, key)
  }
  const versions: Record<string, MessageVersions> = {}
  for (const [id, key] of keyOf) {
    const ids = groups.get(key)!
    versions[id] = { index: ids.indexOf(id), count: ids.length, ids }
  }
  return versions
}

function withParts(rows: readonly MessageRow[], partRows: readonly MessagePartRow[]): Message[] {
  const partsByMessage = new Map<string, MessagePart[]>()
  for (const partRow of partRows) {
    let parts = partsByMessage.get(partRow.message_id)
    if (!parts) partsByMessage.set(partRow.message_id, (parts = []))
    parts.push(toMessagePart(partRow))
  }
  return rows.map((row) => toMessage(row, partsByMessage.get(row.id) ?? []))
}

/** The ids from a message (the one parameter) up to the first message of its branch. */
const PATH_CTE = `WITH RECURSIVE path(id, parent_id) AS (
  SELECT id, parent_id FROM messages WHERE id = ?
  UNION ALL SELECT m.id, m.parent_id FROM messages m JOIN path ON m.id = path.parent_id)`

/** The ids of a message (the one parameter) and everything under it. */
const SUBTREE_CTE = `WITH RECURSIVE sub(id) AS (
  SELECT id FROM messages WHERE id = ?
  UNION ALL SELECT m.id FROM messages m JOIN sub ON m.parent_id = sub.id)`

function toConversation(row: ConversationRow): Conversation {
  return { id: row.id, title: row.title, createdAt: row.created_at, updatedAt: row.updated_at }
}

const CONVERSATION_SUMMARY = `
  SELECT c.id, c.title, c.created_at, c.updated_at, c.pinned_at,
         (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
  FROM conversations c`

function prepare(db: Database.Database) {
  return {
    insertConversation: db.prepare<[string, string, number, number]>(
      'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
    ),
    selectConversation: db.prepare<[string], ConversationRow>('SELECT * FROM conversations WHERE id = ?'),
    deleteConversation: db.prepare<[string]>('DELETE FROM conversations WHERE id = ?'),
    renameConversation: db.prepare<[string, string]>('UPDATE conversations SET title = ? WHERE id = ?'),
    touchConversation: db.prepare<[number, string]>(
      'UPDATE conversations SET updated_at = max(updated_at, ?) WHERE id = ?',
    ),
    listConversations: db.prepare<[number], ConversationRow & { message_count: number; pinned_at: number | null }>(
      `${CONVERSATION_SUMMARY} ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
    ),
    listConversationsBefore: db.prepare<
      [number, number, string, number],
      ConversationRow & { message_count: number; pinned_at: number | null }
    >(
      `${CONVERSATION_SUMMARY} WHERE c.updated_at < ? OR (c.updated_at = ? AND c.id < ?) ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`,
    ),
    listOldestFirst: db.prepare<[number], ConversationRow>(
      'SELECT * FROM conversations ORDER BY updated_at, id LIMIT ?',
    ),
    listOldestFirstAfter: db.prepare<[number, number, string, number], ConversationRow>(
      'SELECT * FROM conversations WHERE updated_at > ? OR (updated_at = ? AND id > ?) ORDER BY updated_at, id LIMIT ?',
    ),
    selectTurnIdsInOrder: db.prepare<[string], { turn_id: string }>(
      'SELECT turn_id FROM messages WHERE conversation_id = ? AND turn_id IS NOT NULL GROUP BY turn_id ORDER BY min(seq)',
    ),
    insertTurn: db.prepare<[string, string, number]>(
      'INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)',
    ),
    selectTurn: db.prepare<[string], { id: string; conversation_id: string; created_at: number }>(
      'SELECT * FROM turns WHERE id = ?',
    ),
    // The seq is allocated in the same statement (the caller's transaction holds the write lock).
    insertMessage: db.prepare<[string, string, string | null, string | null, string, string, string, number, number]>(
      `INSERT INTO messages (id, conversation_id, turn_id, parent_id, seq, role, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE conversation_id = ?), ?, ?, ?, ?)`,
    ),
    // The stored leaf when it is still a message of this conversation, else its newest message.
    selectLeaf: db.prepare<[string, string], { id: string }>(
      `SELECT coalesce(
         (SELECT m.id FROM conversations c JOIN messages m ON m.id = c.current_leaf_id AND m.conversation_id = c.id WHERE c.id = ?),
         (SELECT id FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1)) AS id WHERE id IS NOT NULL`,
    ),
    setLeaf: db.prepare<[string | null, string]>('UPDATE conversations SET current_leaf_id = ? WHERE id = ?'),
    setParent: db.prepare<[string | null, string]>('UPDATE messages SET parent_id = ? WHERE id = ?'),
    // CROSS JOIN fixes the join order (the path drives, each row looked up by key): with a plain JOIN
    // SQLite, knowing nothing of the path's size, scanned every message part of the store instead
    // (1 s per conversation opened on a store of 200,000 messages; test/main/db/query-plans.test.ts).
    selectPath: db.prepare<[string], MessageRow>(
      `${PATH_CTE} SELECT m.* FROM path CROSS JOIN messages m ON m.id = path.id ORDER BY m.seq`,
    ),
    selectPartsOfPath: db.prepare<[string], MessagePartRow>(
      `${PATH_CTE} SELECT * FROM (
         SELECT ${PART_COLUMNS_SQL}, NULL AS provider, m.seq AS seq FROM path CROSS JOIN messages m ON m.id = path.id CROSS JOIN message_parts p ON p.message_id = m.id
         UNION ALL SELECT r.message_id, r.position, 'replay', r.data_json, '', r.provider, m.seq FROM path CROSS JOIN messages m ON m.id = path.id CROSS JOIN message_replay_items r ON r.message_id = m.id
         UNION ALL SELECT w.message_id, w.position, w.kind, w.data_json, '', NULL, m.seq FROM path CROSS JOIN messages m ON m.id = path.id CROSS JOIN message_web_items w ON w.message_id = m.id)
       ORDER BY seq, position`,
    ),
    // A message's descendants were all written after it: the newest one has no children (a leaf).
    selectNewestUnder: db.prepare<[string], { id: string }>(
      `${SUBTREE_CTE} SELECT m.id FROM sub CROSS JOIN messages m ON m.id = sub.id ORDER BY m.seq DESC LIMIT 1`,
    ),
    selectNewest: db.prepare<[string], { id: string }>(
      'SELECT id FROM messages WHERE conversation_id = ? ORDER BY seq DESC LIMIT 1',
    ),
    selectTree: db.prepare<[string], { id: string; parent_id: string | null; role: string }>(
      'SELECT id, parent_id, role FROM messages WHERE conversation_id = ? ORDER BY seq',
    ),
    selectChildren: db.prepare<[string], { id: string; role: string }>(
      'SELECT id, role FROM messages WHERE parent_id = ? ORDER BY seq',
    ),
    deleteMessage: db.prepare<[string]>('DELETE FROM messages WHERE id = ?'),
    reopenMessage: db.prepare<[number, string]>(
      `UPDATE messages SET status = 'streaming', interrupt_reason = NULL, interrupt_detail = NULL, error_json = NULL, updated_at = ? WHERE id = ? AND role = 'assistant' AND status <> 'streaming'`,
    ),
    nextPosition: db.prepare<[string, string, string], { next: number }>(
      `SELECT coalesce(max(position), -1) + 1 AS next FROM (SELECT position FROM message_parts WHERE message_id = ? UNION ALL SELECT position FROM message_replay_items WHERE message_id = ? UNION ALL SELECT position FROM message_web_items WHERE message_id = ?)`,
    ),
    selectMessage: db.prepare<[string], MessageRow>('SELECT * FROM messages WHERE id = ?'),
    selectMessages: db.prepare<[string], MessageRow>('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq'),
    // Streamed text may still be in chunk rows: every part read joins them (PART_COLUMNS_SQL).
    // Replay items share the parts' positions: read in one ordered list with them.
    selectPartsOfMessage: db.prepare<[string, string, string], MessagePartRow>(
      `SELECT * FROM (SELECT ${PART_COLUMNS_SQL}, NULL AS provider FROM message_parts p WHERE p.message_id = ?
       UNION ALL SELECT r.message_id, r.position, 'replay', r.data_json, '', r.provider FROM message_replay_items r WHERE r.message_id = ?
       UNION ALL SELECT w.message_id, w.position, w.kind, w.data_json, '', NULL FROM message_web_items w WHERE w.message_id = ?)
       ORDER BY position`,
    ),
    selectPartsOfConversation: db.prepare<[string, string, string], MessagePartRow>(
      `SELECT * FROM (
         SELECT ${PART_COLUMNS_SQL}, NULL AS provider, m.seq AS seq FROM messages m JOIN message_parts p ON p.message_id = m.id WHERE m.conversation_id = ?
         UNION ALL SELECT r.message_id, r.position, 'replay', r.data_json, '', r.provider, m.seq FROM messages m JOIN message_replay_items r ON r.message_id = m.id WHERE m.conversation_id = ?
         UNION ALL SELECT w.message_id, w.position, w.kind, w.data_json, '', NULL, m.seq FROM messages m JOIN message_web_items w ON w.message_id = m.id WHERE m.conversation_id = ?)
       ORDER BY seq, position`,
    ),
    insertPart: db.prepare<[string, number, string, string, string | null]>(
      'INSERT INTO message_parts (message_id, position, type, text, data_json) VALUES (?, ?, ?, ?, ?)',
    ),
    touchMessage: db.prepare<[number, string]>('UPDATE messages SET updated_at = ? WHERE id = ?'),
    finishMessage: db.prepare<
      [string, string | null, string | null, string | null, string | null, number | null, number, string]
    >(
      `UPDATE messages SET status = ?, interrupt_reason = ?, interrupt_detail = ?, error_json = ?, notices_json = ?, reasoning_ms = ?, updated_at = ? WHERE id = ? AND status = 'streaming'`,
    ),
    insertReplay: db.prepare<[string, number, string, string]>(
      'INSERT INTO message_replay_items (message_id, position, provider, data_json) VALUES (?, ?, ?, ?)',
    ),
    insertWebItem: db.prepare<[string, number, string, string]>(
      'INSERT INTO message_web_items (message_id, position, kind, data_json) VALUES (?, ?, ?, ?)',
    ),
  }
}
