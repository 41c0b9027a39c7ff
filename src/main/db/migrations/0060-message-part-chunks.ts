import type { Migration } from './migration'

/**
 * Streamed text arrives in chunks. Appending each flush to `message_parts.text` (`text = text || ?`)
 * rewrote the whole growing text on every flush: quadratic (a 5 MiB answer wrote 6.2 GiB). Each
 * flush now inserts one chunk row instead; readers join a part's chunks (in `seq` order) after its
 * `text`, and finalize (or crash recovery) folds them into `message_parts.text` once. Chunks go
 * with their part (and so with their message and conversation).
 */
export const migration0060: Migration = {
  version: 60,
  name: 'message-part-chunks',
  up(db) {
    db.exec(`
      CREATE TABLE message_part_chunks (
        message_id TEXT NOT NULL,
        position INTEGER NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        text TEXT NOT NULL,
        PRIMARY KEY (message_id, position, seq),
        FOREIGN KEY (message_id, position) REFERENCES message_parts (message_id, position) ON DELETE CASCADE
      ) STRICT;
    `)
  },
}
