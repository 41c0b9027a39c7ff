import type { Migration } from './migration'

/**
 * `conversation_settings`: what one conversation sets for itself — the provider and model it
 * writes with (set together), its own system prompt (sent after Keel's date preamble), the output
 * cap and the temperature. NULL means "the default". Deleted with its conversation.
 */
export const migration0110: Migration = {
  version: 110,
  name: 'conversation-settings',
  up(db) {
    db.exec(`
      CREATE TABLE conversation_settings (
        conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
        provider TEXT CHECK (provider IS NULL OR length(provider) BETWEEN 1 AND 200),
        model TEXT CHECK (model IS NULL OR length(model) BETWEEN 1 AND 200),
        system_prompt TEXT CHECK (system_prompt IS NULL OR length(system_prompt) <= 20000),
        max_output_tokens INTEGER CHECK (max_output_tokens IS NULL OR max_output_tokens BETWEEN 1 AND 1000000),
        temperature REAL CHECK (temperature IS NULL OR temperature BETWEEN 0 AND 2),
        updated_at INTEGER NOT NULL,
        CHECK ((provider IS NULL) = (model IS NULL))
      ) STRICT, WITHOUT ROWID;
    `)
  },
}
