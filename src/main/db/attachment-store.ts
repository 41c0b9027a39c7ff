import type Database from 'better-sqlite3'
import type { AttachmentInfo, AttachmentMimeType } from '../../shared/attachments'

/** A file to store with a user's message (already checked: type, magic bytes, size). */
export interface NewAttachment {
  name: string
  mimeType: AttachmentMimeType
  bytes: Uint8Array
}

/** A stored file with its bytes. */
export interface StoredAttachment extends AttachmentInfo {
  messageId: string
  bytes: Buffer
}

interface AttachmentRow {
  id: number
  message_id: string
  name: string
  mime_type: AttachmentMimeType
  size: number
}

const statementsByDb = new WeakMap<Database.Database, ReturnType<typeof prepare>>()

function statementsOf(db: Database.Database): ReturnType<typeof prepare> {
  let statements = statementsByDb.get(db)
  if (!statements) statementsByDb.set(db, (statements = prepare(db)))
  return statements
}

/**
 * Stores a message's files. Runs inside the caller's transaction (the conversation store's
 * `startTurn`), so the message and its files are written together or not at all.
 */
export function insertAttachments(
  db: Database.Database,
  messageId: string,
  attachments: readonly NewAttachment[],
): void {
  const { insert } = statementsOf(db)
  attachments.forEach((file, position) =>
    insert.run(
      messageId,
      position,
      file.name,
      file.mimeType,
      file.bytes.length,
      Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length),
    ),
  )
}

/** The files of users' messages (migration 0130), read by conversation and by id. */
export class AttachmentStore {
  /** False only for an older store opened read-only (never migrated): it has no files to read. */
  private readonly present: boolean

  constructor(private readonly db: Database.Database) {
    this.present =
      db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'message_attachments'`).get() !==
      undefined
  }

  /** Every file of a conversation, without bytes, by message (in the order they were attached). */
  infoByMessage(conversationId: string): Map<string, AttachmentInfo[]> {
    const byMessage = new Map<string, AttachmentInfo[]>()
    if (!this.present) return byMessage
    for (const row of statementsOf(this.db).infoOfConversation.all(conversationId)) {
      let list = byMessage.get(row.message_id)
      if (!list) byMessage.set(row.message_id, (list = []))
      list.push(toInfo(row))
    }
    return byMessage
  }

  /** Every file of a conversation with its bytes, by message (what later turns send again). */
  withBytesByMessage(conversationId: string): Map<string, StoredAttachment[]> {
    const byMessage = new Map<string, StoredAttachment[]>()
    if (!this.present) return byMessage
    for (const row of statementsOf(this.db).fullOfConversation.all(conversationId)) {
      let list = byMessage.get(row.message_id)
      if (!list) byMessage.set(row.message_id, (list = []))
      list.push({ ...toInfo(row), messageId: row.message_id, bytes: row.data })
    }
    return byMessage
  }

  /** The files of one message with their bytes, in the order they were attached (an edited question keeps them). */
  withBytesOfMessage(messageId: string): StoredAttachment[] {
    if (!this.present) return []
    return statementsOf(this.db)
      .fullOfMessage.all(messageId)
      .map((row) => ({ ...toInfo(row), messageId: row.message_id, bytes: row.data }))
  }

  /** One file with its bytes (the window's thumbnails), or `undefined`. */
  get(id: number): StoredAttachment | undefined {
    if (!this.present) return undefined
    const row = statementsOf(this.db).byId.get(id)
    return row ? { ...toInfo(row), messageId: row.message_id, bytes: row.data } : undefined
  }
}

function toInfo(row: AttachmentRow): AttachmentInfo {
  return { id: row.id, name: row.name, mimeType: row.mime_type, size: row.size }
}

function prepare(db: Database.Database) {
  return {
    insert: db.prepare<[string, number, string, string, number, Buffer]>(
      'INSERT INTO message_attachments (message_id, position, name, mime_type, size, data) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    infoOfConversation: db.prepare<[string], AttachmentRow>(
      `SELECT a.id, a.message_id, a.name, a.mime_type, a.size FROM message_attachments a JOIN messages m ON m.id = a.message_id
       WHERE m.conversation_id = ? ORDER BY m.seq, a.position`,
    ),
    fullOfConversation: db.prepare<[string], AttachmentRow & { data: Buffer }>(
      `SELECT a.id, a.message_id, a.name, a.mime_type, a.size, a.data FROM message_attachments a JOIN messages m ON m.id = a.message_id
       WHERE m.conversation_id = ? ORDER BY m.seq, a.position`,
    ),
    fullOfMessage: db.prepare<[string], AttachmentRow & { data: Buffer }>(
      'SELECT id, message_id, name, mime_type, size, data FROM message_attachments WHERE message_id = ? ORDER BY position',
    ),
    byId: db.prepare<[number], AttachmentRow & { data: Buffer }>(
      'SELECT id, message_id, name, mime_type, size, data FROM message_attachments WHERE id = ?',
    ),
  }
}
