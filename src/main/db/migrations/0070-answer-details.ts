import type { Migration } from './migration'

/**
 * What an answer showed beyond its text, kept so a stored answer reads like the live one:
 * - `messages.notices_json`: Keel's own messages shown with it (ids and values, not words: the
 *   window words them in its language; `[{"id":"max-rounds","values":{"max":8}}]`);
 * - `messages.reasoning_ms`: how long the model thought before answering ("Thought for 12 s");
 * - `message_replay_items`: the provider's replay data (Anthropic thinking signatures and redacted
 *   thinking, OpenAI encrypted reasoning, Gemini thought signatures), in the message's part order
 *   (positions shared with `message_parts`), sent back to that provider in later requests.
 */
export const migration0070: Migration = {
  version: 70,
  name: 'answer-details',
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN notices_json TEXT CHECK (notices_json IS NULL OR json_valid(notices_json));
      ALTER TABLE messages ADD COLUMN reasoning_ms INTEGER CHECK (reasoning_ms IS NULL OR reasoning_ms >= 0);
      CREATE TABLE message_replay_items (
        message_id TEXT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position >= 0),
        provider TEXT NOT NULL,
        data_json TEXT NOT NULL CHECK (json_valid(data_json)),
        PRIMARY KEY (message_id, position)
      ) STRICT;
    `)
  },
}
