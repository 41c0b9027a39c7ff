import type { Migration } from './migration'

/**
 * The idempotency ledger: one row per logical write action (idempotency key), and the call ids
 * that referred to it. A row's effect commits in the same transaction as its `succeeded` state.
 */
export const migration0030: Migration = {
  version: 30,
  name: 'tool-ledger',
  up(db) {
    db.exec(`
      CREATE TABLE tool_ledger (
        id INTEGER PRIMARY KEY,
        idempotency_key TEXT NOT NULL UNIQUE,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        turn_id TEXT NOT NULL,
        tool_name TEXT NOT NULL,
        arguments_json TEXT NOT NULL CHECK (json_valid(arguments_json)),
        state TEXT NOT NULL CHECK (state IN ('succeeded', 'failed', 'unknown')),
        output_json TEXT CHECK (output_json IS NULL OR json_valid(output_json)),
        error_json TEXT CHECK (error_json IS NULL OR json_valid(error_json)),
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        CHECK ((state = 'succeeded') = (output_json IS NOT NULL)),
        CHECK ((state = 'failed') = (error_json IS NOT NULL)),
        FOREIGN KEY (turn_id, conversation_id) REFERENCES turns (id, conversation_id) ON DELETE CASCADE
      ) STRICT;
      CREATE INDEX tool_ledger_by_turn ON tool_ledger (turn_id);
      CREATE INDEX tool_ledger_by_conversation ON tool_ledger (conversation_id);
      CREATE INDEX tool_ledger_unknown ON tool_ledger (state) WHERE state = 'unknown';

      CREATE TABLE tool_ledger_calls (
        ledger_id INTEGER NOT NULL REFERENCES tool_ledger (id) ON DELETE CASCADE,
        call_id TEXT NOT NULL,
        referenced_at INTEGER NOT NULL,
        PRIMARY KEY (ledger_id, call_id)
      ) STRICT;
    `)
  },
}
