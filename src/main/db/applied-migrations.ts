import type Database from 'better-sqlite3'
import { LEGACY_MIGRATION_PROBES } from './legacy-migration-probes'
import type { Migration } from './migrations/migration'

/**
 * `schema_migrations`: one row per migration the store has, whatever order they came in.
 * `how`: `ran` (this runner applied it) or `found` (the store had it before migrations were
 * recorded, or a Keel that did not record them applied it). Created in the same transaction as the
 * first row, so a store never has the table without its rows.
 */
const CREATE_TABLE = `
  CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY CHECK (version > 0),
    name TEXT NOT NULL,
    how TEXT NOT NULL CHECK (how IN ('ran', 'found')),
    recorded_at INTEGER NOT NULL
  ) STRICT`

/** What a store has, read without writing. */
export interface AppliedMigrations {
  /** Versions the store has (recorded, or found in a store whose records are behind). */
  applied: ReadonlySet<number>
  /** Versions it has that are not recorded yet (`found`): the runner records them first. */
  unrecorded: readonly number[]
  /** Recorded versions this build does not know: a newer Keel's. */
  unknown: readonly number[]
}

export function hasMigrationRecords(db: Database.Database): boolean {
  return (
    db.prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'`).get() !== undefined
  )
}

function recordedVersions(db: Database.Database): number[] {
  if (!hasMigrationRecords(db)) return []
  return db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[]
}

/**
 * Which of `migrations` the store has. When `user_version` is above every recorded version, a Keel
 * that did not record migrations wrote it last (every store from before records began): then each
 * unrecorded migration is looked for, by its probe when it has one (`user_version` lied for those,
 * see `legacy-migration-probes.ts`), else by `user_version`.
 */
export function readAppliedMigrations(db: Database.Database, migrations: readonly Migration[]): AppliedMigrations {
  const recorded = recordedVersions(db)
  const userVersion = db.pragma('user_version', { simple: true }) as number
  const known = new Set(migrations.map((m) => m.version))
  const applied = new Set(recorded.filter((v) => known.has(v)))
  const unrecorded: number[] = []
  if (userVersion > Math.max(0, ...recorded)) {
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue
      const probe = LEGACY_MIGRATION_PROBES.get(migration.version)
      if (probe ? probe(db) : migration.version <= userVersion) {
        applied.add(migration.version)
        unrecorded.push(migration.version)
      }
    }
  }
  return { applied, unrecorded, unknown: recorded.filter((v) => !known.has(v)) }
}

/** The migrations (up to `targetVersion`) the store lacks, in order. */
export function pendingMigrations(
  db: Database.Database,
  migrations: readonly Migration[],
  targetVersion = Infinity,
): Migration[] {
  const { applied } = readAppliedMigrations(db, migrations)
  return [...migrations]
    .sort((a, b) => a.version - b.version)
    .filter((m) => m.version <= targetVersion && !applied.has(m.version))
}

/** Records what a store from before records has (call inside the runner's transaction). */
export function recordFoundMigrations(db: Database.Database, migrations: readonly Migration[]): readonly number[] {
  const { unrecorded } = readAppliedMigrations(db, migrations)
  if (unrecorded.length === 0) return []
  db.exec(CREATE_TABLE)
  const insert = db.prepare(
    `INSERT OR IGNORE INTO schema_migrations (version, name, how, recorded_at) VALUES (?, ?, 'found', ?)`,
  )
  const now = Date.now()
  for (const version of unrecorded) insert.run(version, migrations.find((m) => m.version === version)?.name ?? '', now)
  return unrecorded
}

/** Whether the store has a migration recorded (read under the runner's write lock). */
export function isRecorded(db: Database.Database, version: number): boolean {
  return (
    hasMigrationRecords(db) &&
    db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(version) !== undefined
  )
}

/** Records a migration the runner just applied (inside its transaction). */
export function recordRanMigration(db: Database.Database, migration: Migration): void {
  db.exec(CREATE_TABLE)
  db.prepare(`INSERT INTO schema_migrations (version, name, how, recorded_at) VALUES (?, ?, 'ran', ?)`).run(
    migration.version,
    migration.name,
    Date.now(),
  )
}
