import type { Migration } from './migration'

/** One row per model call: turn, round, attempt, provider, model, timings, outcome, usage. */
export const migration0020: Migration = {
  version: 20,
  name: 'generations',
  up(db) {
    db.exec(`
      CREATE TABLE generations (
        id TEXT PRIMARY KEY,
        turn_id TEXT NOT NULL REFERENCES turns (id) ON DELETE CASCADE,
        message_id TEXT REFERENCES messages (id) ON DELETE SET NULL,
        round INTEGER NOT NULL CHECK (round >= 1),
        attempt INTEGER NOT NULL CHECK (attempt >= 1),
        provider TEXT NOT NULL,
        model TEXT NOT NULL,
        started_at INTEGER NOT NULL,
        ended_at INTEGER,
        outcome TEXT NOT NULL CHECK (outcome IN ('running', 'complete', 'truncated', 'provider-error', 'network', 'user-stop', 'app-crash')),
        finish_reason TEXT CHECK (finish_reason IN ('stop', 'tool-calls', 'length', 'content-filter', 'error', 'other')),
        raw_finish_reason TEXT,
        error_json TEXT CHECK (error_json IS NULL OR json_valid(error_json)),
        input_tokens INTEGER CHECK (input_tokens >= 0),
        output_tokens INTEGER CHECK (output_tokens >= 0),
        reasoning_tokens INTEGER CHECK (reasoning_tokens >= 0),
        cached_input_tokens INTEGER CHECK (cached_input_tokens >= 0),
        usage_source TEXT CHECK (usage_source IN ('reported', 'estimated')),
        -- running: no end yet; app-crash: the end is unknown; every other outcome has an end and a usage source
        CHECK (outcome <> 'running' OR (ended_at IS NULL AND usage_source IS NULL)),
        CHECK (outcome IN ('running', 'app-crash') OR (ended_at IS NOT NULL AND usage_source IS NOT NULL)),
        UNIQUE (turn_id, round, attempt)
      ) STRICT;
      CREATE INDEX generations_running ON generations (outcome) WHERE outcome = 'running';
      CREATE INDEX generations_by_message ON generations (message_id);
    `)
  },
}
