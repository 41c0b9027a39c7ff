import type { Migration } from './migration'

/**
 * `message_attachments`: the files a user attached to a message (images and text files), with
 * their bytes, so a reopened conversation shows them and later turns send them again. They go with
 * their message (ON DELETE CASCADE, so also with its conversation). The allowed types and sizes
 * are those of `src/shared/attachments.ts` at the time of writing; the core checks them before
 * any row is written, the CHECKs only keep a bug from storing something else.
 */
export const migration0130: Migration = {
  version: 130,
  name: 'message-attachments',
  up(db) {
    db.exec(`
      CREATE TABLE message_attachments (
        id INTEGER PRIMARY KEY,
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
        mime_type TEXT NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/markdown', 'text/csv', 'application/json')),
        size INTEGER NOT NULL CHECK (size >= 1),
        data BLOB NOT NULL CHECK (length(data) = size),
        UNIQUE (message_id, position)
      ) STRICT;
    `)
  },
}
