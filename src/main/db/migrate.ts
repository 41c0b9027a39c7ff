import type Database from 'better-sqlite3'
import type { StorageError } from '../../shared/storage-error'
import {
  isRecorded,
  pendingMigrations,
  readAppliedMigrations,
  recordFoundMigrations,
  recordRanMigration,
} from './applied-migrations'
import { MIGRATIONS } from './migrations/index'
import { KEEL_APPLICATION_ID, type Migration } from './migrations/migration'
import { storageError, toStorageError } from './sqlite-error'

export type MigrateResult =
  | { ok: true; fromVersion: number; toVersion: number; applied: number[] }
  | { ok: false; error: StorageError }

export interface MigrateOptions {
  /** The migrations to consider (default: all of Keel's). */
  migrations?: readonly Migration[]
  /** Stop after this version (tests migrate step by step). Default: the newest. */
  targetVersion?: number
}

/** Reads `PRAGMA user_version`: the highest migration version applied (what an older Keel compares to refuse a newer store). */
export function readSchemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Checks, before anything is written, that the file is a Keel database this build can open:
 * another application's database, a schema version no Keel ever had, and a newer Keel's schema
 * are refused (the caller leaves the file as it is).
 */
export function checkSchemaCompatibility(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS,
): StorageError | undefined {
  const version = readSchemaVersion(db)
  const latestVersion = Math.max(0, ...migrations.map((m) => m.version))
  const applicationId = db.pragma('application_id', { simple: true }) as number
  if (applicationId !== 0 && applicationId !== KEEL_APPLICATION_ID) {
    return storageError(
      'not-a-keel-database',
      `Its application id is ${applicationId}; Keel's is ${KEEL_APPLICATION_ID}.`,
    )
  }
  if (version < 0)
    return storageError('not-a-keel-database', `Its schema version is ${version}; Keel's are never negative.`)
  if (version === 0) {
    const tables = db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`).get() as {
      n: number
    }
    if (tables.n > 0)
      return storageError('not-a-keel-database', `It has ${tables.n} tables and no Keel schema version.`)
    return undefined
  }
  if (version > latestVersion && applicationId === KEEL_APPLICATION_ID) {
    return storageError(
      'newer-schema',
      `Its schema version is ${version}; this Keel knows up to ${latestVersion}. Update Keel to open it.`,
      {
        foundVersion: version,
        targetVersion: latestVersion,
      },
    )
  }
  // Versions only ever are those of migrations (a newer Keel's carry its application id, above).
  if (!migrations.some((m) => m.version === version)) {
    const known = migrations.map((m) => m.version).join(', ')
    const id = applicationId === 0 ? 'no Keel application id' : "Keel's application id"
    return storageError(
      'not-a-keel-database',
      `Its schema version is ${version}, which is none of Keel's (${known}), and it has ${id}.`,
    )
  }
  const { unknown } = readAppliedMigrations(db, migrations)
  if (unknown.length > 0) {
    return storageError(
      'newer-schema',
      `It has migration ${unknown.join(', ')}, which this Keel does not know. Update Keel to open it.`,
      {
        foundVersion: version,
        targetVersion: latestVersion,
      },
    )
  }
  return undefined
}

/**
 * Brings the schema up to date: every migration the store lacks, in order, whatever its number
 * (migrations reached main out of numeric order, so `user_version` alone cannot say what a store
 * has: `schema_migrations` records each one, see `applied-migrations.ts`). A store from before
 * records first gets rows for what it has, in one transaction; then each missing migration runs in
 * its own IMMEDIATE transaction with its row and the `user_version` bump (to the highest version
 * applied, which is what an older Keel compares to refuse a newer store): a crash leaves each one
 * whole or absent. A schema newer than known is refused, never "fixed".
 */
export function migrate(db: Database.Database, options: MigrateOptions = {}): MigrateResult {
  const migrations = [...(options.migrations ?? MIGRATIONS)].sort((a, b) => a.version - b.version)
  const target = options.targetVersion ?? Infinity
  const incompatible = checkSchemaCompatibility(db, migrations)
  if (incompatible) return { ok: false, error: incompatible }

  const fromVersion = readSchemaVersion(db)
  const applied: number[] = []
  let current: Migration | undefined
  try {
    if (readAppliedMigrations(db, migrations).unrecorded.length > 0) {
      // Under the write lock, so two processes record it once.
      db.transaction(() => recordFoundMigrations(db, migrations)).immediate()
    }
    for (const migration of pendingMigrations(db, migrations, target)) {
      current = migration
      const ran = db
        .transaction(() => {
          // Re-read under the write lock: another process may have migrated meanwhile.
          if (isRecorded(db, migration.version)) return false
          if ((db.pragma('application_id', { simple: true }) as number) === 0) {
            db.pragma(`application_id = ${KEEL_APPLICATION_ID}`)
          }
          migration.up(db)
          recordRanMigration(db, migration)
          if (readSchemaVersion(db) < migration.version) db.pragma(`user_version = ${migration.version}`)
          return true
        })
        .immediate()
      if (ran) applied.push(migration.version)
    }
  } catch (error) {
    const cause = toStorageError(error)
    const what = current
      ? `Migration ${current.version} (${current.name})`
      : 'Recording the migrations the store already has'
    return {
      ok: false,
      error: {
        ...cause,
        kind: cause.kind === 'busy' || cause.kind === 'full' || cause.kind === 'io' ? cause.kind : 'migration-failed',
        message: `${what} failed and was rolled back: ${cause.message}`,
        ...(current && { targetVersion: current.version }),
      },
    }
  }
  return { ok: true, fromVersion, toVersion: readSchemaVersion(db), applied }
}
