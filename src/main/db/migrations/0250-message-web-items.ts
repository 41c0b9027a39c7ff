import type { Migration } from './migration'

/**
 * `message_web_items`: what the provider's own tools did for an answer (its hosted web searches and
 * page reads, final state per call) and the sources the answer cites, one row each, in the answer's
 * part positions (after the round's text they came with).
 *
 * A table beside `message_parts` (as replay items are) rather than a JSON column on `messages`: a
 * round's items are appended in the transaction that writes that round, never rewriting what is
 * stored; they go with the message (ON DELETE CASCADE); and `message_parts`' CHECK on `type` is left
 * as it is (no table rebuild). Never sent back to the model.
 */
export const migration0250: Migration = {
  version: 250,
  name: 'message-web-items',
  up(db) {
    db.exec(`
      CREATE TABLE message_web_items (
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        kind TEXT NOT NULL CHECK (kind IN ('hosted-call', 'citation')),
        data_json TEXT NOT NULL CHECK (json_valid(data_json)),
        PRIMARY KEY (message_id, position)
      ) STRICT;
    `)
  },
}
