import type { Migration } from './migration'

/** Key/value settings. Values are JSON, validated by each setting's zod schema on write and on read. */
export const migration0050: Migration = {
  version: 50,
  name: 'settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value_json TEXT NOT NULL CHECK (json_valid(value_json)),
        updated_at INTEGER NOT NULL
      ) STRICT;
    `)
  },
}
