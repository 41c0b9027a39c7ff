import type { Migration } from './migration'

/**
 * Conversations, turns, messages and their parts.
 * A message's parts are rows (not one JSON blob) so that streaming appends touch only the last part.
 */
export const migration0010: Migration = {
  version: 10,
  name: 'conversations',
  up(db) {
    db.exec(`
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL DEFAULT '',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX conversations_by_updated ON conversations (updated_at DESC, id DESC);

      CREATE TABLE turns (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        -- target of the composite foreign keys below: a row can only name a turn of its own conversation
        UNIQUE (id, conversation_id)
      ) STRICT;
      CREATE INDEX turns_by_conversation ON turns (conversation_id);

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        turn_id TEXT,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system')),
        status TEXT NOT NULL CHECK (status IN ('streaming', 'complete', 'interrupted', 'failed')),
        interrupt_reason TEXT CHECK (interrupt_reason IN ('user-stop', 'network', 'provider-error', 'app-crash')),
        error_json TEXT CHECK (error_json IS NULL OR json_valid(error_json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        CHECK ((status = 'interrupted') = (interrupt_reason IS NOT NULL)),
        CHECK ((status = 'failed') = (error_json IS NOT NULL)),
        UNIQUE (conversation_id, seq),
        FOREIGN KEY (turn_id, conversation_id) REFERENCES turns (id, conversation_id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX messages_by_turn ON messages (turn_id);
      CREATE INDEX messages_streaming ON messages (status) WHERE status = 'streaming';

      CREATE TABLE message_parts (
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        type TEXT NOT NULL CHECK (type IN ('text', 'reasoning', 'tool-call', 'tool-result')),
        text TEXT NOT NULL DEFAULT '',
        data_json TEXT CHECK (data_json IS NULL OR json_valid(data_json)),
        CHECK ((type IN ('text', 'reasoning')) = (data_json IS NULL)),
        PRIMARY KEY (message_id, position)
      ) STRICT;
    `)
  },
}
