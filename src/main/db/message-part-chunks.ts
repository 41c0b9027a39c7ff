import type Database from 'better-sqlite3'

/**
 * Streamed text as append-only chunk rows (`message_part_chunks`, migration 0060).
 *
 * A part's text is `message_parts.text` followed by its chunks in `seq` order. The writer's first
 * flush of a part inserts the part row with its text; every later flush inserts one chunk, so a
 * flush writes only the new text, whatever the length of the answer (appending to the part row
 * rewrote all of it: quadratic). Finalize and crash recovery fold the chunks into the part row
 * once, in the transaction that settles the message's status.
 */

/**
 * The full text of the part row aliased `p`: every reader of `message_parts` selects this rather
 * than `p.text`, so a message that is still streaming (or was left streaming by a crash) reads whole.
 */
export const PART_TEXT_SQL = `p.text || coalesce((SELECT group_concat(c.text, '' ORDER BY c.seq) FROM message_part_chunks c
  WHERE c.message_id = p.message_id AND c.position = p.position), '')`

/** `message_parts` columns with the joined text, for `SELECT … FROM message_parts p`. */
export const PART_COLUMNS_SQL = `p.message_id, p.position, p.type, p.data_json, ${PART_TEXT_SQL} AS text`

const FOLD_INTO_PART = `text = text || (SELECT group_concat(c.text, '' ORDER BY c.seq) FROM message_part_chunks c
  WHERE c.message_id = message_parts.message_id AND c.position = message_parts.position)`

export interface ChunkStatements {
  /** Appends one chunk to a part; its `seq` is allocated in the statement (the caller holds the write lock). */
  appendChunk: Database.Statement<[string, number, string, number, string]>
  /** Folds a message's chunks into its part rows and deletes them. Runs inside the caller's transaction. */
  compactMessage(messageId: string): void
}

export function prepareChunkStatements(db: Database.Database): ChunkStatements {
  const appendChunk = db.prepare<[string, number, string, number, string]>(
    `INSERT INTO message_part_chunks (message_id, position, seq, text)
     VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM message_part_chunks WHERE message_id = ? AND position = ?), ?)`,
  )
  const fold = db.prepare<[string]>(
    `UPDATE message_parts SET ${FOLD_INTO_PART}
     WHERE (message_id, position) IN (SELECT DISTINCT message_id, position FROM message_part_chunks WHERE message_id = ?)`,
  )
  const drop = db.prepare<[string]>('DELETE FROM message_part_chunks WHERE message_id = ?')
  return {
    appendChunk,
    compactMessage(messageId) {
      if (fold.run(messageId).changes > 0) drop.run(messageId)
    },
  }
}

/**
 * Folds the chunks of every message that is no longer `streaming` (crash recovery: the messages it
 * has just marked interrupted, and any leftover of a finalize that settled without folding).
 * Driven by the chunk table, which holds only unfinished answers, so it costs nothing on a big store.
 * Returns the number of parts folded. Runs inside the caller's transaction.
 */
export function compactSettledChunks(db: Database.Database): number {
  const settled = `SELECT DISTINCT c.message_id, c.position FROM message_part_chunks c JOIN messages m ON m.id = c.message_id WHERE m.status <> 'streaming'`
  const folded = db
    .prepare(`UPDATE message_parts SET ${FOLD_INTO_PART} WHERE (message_id, position) IN (${settled})`)
    .run().changes
  if (folded > 0) {
    db.prepare(
      `DELETE FROM message_part_chunks WHERE message_id IN (SELECT id FROM messages WHERE status <> 'streaming')`,
    ).run()
  }
  return folded
}
