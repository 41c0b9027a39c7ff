import type { Migration } from './migration'

/**
 * Body measurements. The canonical value (kg, cm, %, bpm) and what the user gave (value + unit)
 * are both stored. Deletion is soft, so the ledger's effect rows stay whole: `created_by_ledger_id`
 * and `deleted_by_ledger_id` tie each effect to the one ledger entry that made it (UNIQUE: one
 * effect per entry at most). Measurements outlive conversations (the ledger link becomes NULL).
 */
export const migration0040: Migration = {
  version: 40,
  name: 'measurements',
  up(db) {
    db.exec(`
      CREATE TABLE measurements (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('height', 'weight', 'body-fat', 'waist', 'resting-heart-rate')),
        canonical_value REAL NOT NULL,
        input_value REAL NOT NULL,
        input_unit TEXT NOT NULL CHECK (input_unit IN ('cm', 'm', 'in', 'ft', 'kg', 'lb', '%', 'bpm')),
        taken_at INTEGER NOT NULL,
        taken_at_precision TEXT NOT NULL CHECK (taken_at_precision IN ('day', 'instant')),
        recorded_at INTEGER NOT NULL,
        deleted_at INTEGER,
        created_by_ledger_id INTEGER UNIQUE REFERENCES tool_ledger (id) ON DELETE SET NULL,
        deleted_by_ledger_id INTEGER UNIQUE REFERENCES tool_ledger (id) ON DELETE SET NULL,
        CHECK (deleted_by_ledger_id IS NULL OR deleted_at IS NOT NULL)
      ) STRICT;
      CREATE INDEX measurements_by_kind_time ON measurements (kind, taken_at DESC, id DESC) WHERE deleted_at IS NULL;
      CREATE INDEX measurements_by_time ON measurements (taken_at DESC, id DESC) WHERE deleted_at IS NULL;
    `)
  },
}
