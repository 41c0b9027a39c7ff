import type Database from 'better-sqlite3'

/**
 * One schema step. `up` runs inside the transaction the runner opens (together with its
 * `schema_migrations` row and the `user_version` bump), so it must be synchronous and must not open
 * its own transaction. Versions go in steps of 10; a new one is numbered above every migration
 * already on main and appended to `released.txt` beside it (its test says why).
 */
export interface Migration {
  version: number
  /** kebab-case, matches the file name (`0010-conversations.ts`). */
  name: string
  up(db: Database.Database): void
}

/** Keel's `PRAGMA application_id` ('KEEL' in ASCII): tells a Keel database from any other SQLite file. */
export const KEEL_APPLICATION_ID = 0x4b45454c
