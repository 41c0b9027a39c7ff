import type Database from 'better-sqlite3'

/**
 * How to tell whether a store has a migration that ran before Keel recorded applied migrations
 * (`schema_migrations`). Those stores only had `user_version`, and it lied: 0120 reached main
 * before 0100 and 0110, 0180 before 0160, and the runner only ran versions above `user_version`,
 * so a store used in between never got the lower ones. Each probe looks for the first thing its
 * migration made (a migration ran in one transaction: all of it or nothing).
 *
 * Frozen: a migration added after records began needs no probe (its row says whether it ran).
 */
export const LEGACY_MIGRATION_PROBES: ReadonlyMap<number, (db: Database.Database) => boolean> = new Map([
  [10, (db) => hasTable(db, 'conversations')],
  [20, (db) => hasTable(db, 'generations')],
  [30, (db) => hasTable(db, 'tool_ledger')],
  [40, (db) => hasTable(db, 'measurements')],
  [50, (db) => hasTable(db, 'settings')],
  [60, (db) => hasTable(db, 'message_part_chunks')],
  [70, (db) => hasTable(db, 'message_replay_items')],
  [80, (db) => hasColumn(db, 'measurements', 'taken_at_offset_min')],
  [90, (db) => hasTable(db, 'mcp_tool_pins')],
  [100, (db) => hasColumn(db, 'messages', 'parent_id')],
  [110, (db) => hasTable(db, 'conversation_settings')],
  [120, (db) => hasTable(db, 'conversation_title_search')],
  [130, (db) => hasTable(db, 'message_attachments')],
  [160, (db) => hasColumn(db, 'generations', 'profile')],
  [180, (db) => hasColumn(db, 'messages', 'interrupt_detail')],
])

function hasTable(db: Database.Database, name: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?`).get(name) !== undefined
}

function hasColumn(db: Database.Database, table: string, column: string): boolean {
  return db.prepare(`SELECT 1 FROM pragma_table_info(?) WHERE name = ?`).get(table, column) !== undefined
}
