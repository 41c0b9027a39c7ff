import type Database from 'better-sqlite3'
import type { StorageError } from '../../shared/storage-error'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from './migrations/index'
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

/** Reads `PRAGMA user_version`: the number of the last migration applied. */
export function readSchemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number
}

/**
 * Checks, before anything is written, that the file is a Keel database this build can open:
 * another application's database, a schema version no Keel ever had, and a newer Keel's schema
 * are refused (the caller leaves the file as it is).
 */
export function checkSchemaCompatibility(db: Database.Database, migrations: readonly Migration[] = MIGRATIONS): StorageError | undefined {
  const version = readSchemaVersion(db)
  const latestVersion = Math.max(0, ...migrations.map((m) => m.version))
  const applicationId = db.pragma('application_id', { simple: true }) as number
  if (applicationId !== 0 && applicationId !== KEEL_APPLICATION_ID) {
    return storageError('not-a-keel-database', `Its application id is ${applicationId}; Keel's is ${KEEL_APPLICATION_ID}.`)
  }
  if (version < 0) return storageError('not-a-keel-database', `Its schema version is ${version}; Keel's are never negative.`)
  if (version === 0) {
    const tables = db.prepare(`SELECT count(*) AS n FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'`).get() as { n: number }
    if (tables.n > 0) return storageError('not-a-keel-database', `It has ${tables.n} tables and no Keel schema version.`)
    return undefined
  }
  if (version > latestVersion && applicationId === KEEL_APPLICATION_ID) {
    return storageError('newer-schema', `Its schema version is ${version}; this Keel knows up to ${latestVersion}. Update Keel to open it.`, {
      foundVersion: version,
      targetVersion: latestVersion,
    })
  }
  // Versions only ever are those of migrations (a newer Keel's carry its application id, above).
  if (!migrations.some((m) => m.version === version)) {
    const known = migrations.map((m) => m.version).join(', ')
    const id = applicationId === 0 ? 'no Keel application id' : "Keel's application id"
    return storageError('not-a-keel-database', `Its schema version is ${version}, which is none of Keel's (${known}), and it has ${id}.`)
  }
  return undefined
}

/**
 * Brings the schema up to date, one migration per IMMEDIATE transaction: a migration and its
 * `user_version` bump commit together or not at all, so a crash leaves the old or the new version,
 * never one in between. A schema newer than known is refused, never "fixed".
 */
export function migrate(db: Database.Database, options: MigrateOptions = {}): MigrateResult {
  const migrations = [...(options.migrations ?? MIGRATIONS)].sort((a, b) => a.version - b.version)
  const latest = migrations[migrations.length - 1]?.version ?? 0
  const target = options.targetVersion ?? latest
  const incompatible = checkSchemaCompatibility(db, migrations)
  if (incompatible) return { ok: false, error: incompatible }

  const fromVersion = readSchemaVersion(db)
  const applied: number[] = []
  for (const migration of migrations) {
    if (migration.version <= fromVersion || migration.version > target) continue
    try {
      const ran = db
        .transaction(() => {
          // Re-read under the write lock: another process may have migrated meanwhile.
          if (readSchemaVersion(db) >= migration.version) return false
          if ((db.pragma('application_id', { simple: true }) as number) === 0) {
            db.pragma(`application_id = ${KEEL_APPLICATION_ID}`)
          }
          migration.up(db)
          db.pragma(`user_version = ${migration.version}`)
          return true
        })
        .immediate()
      if (ran) applied.push(migration.version)
    } catch (error) {
      const cause = toStorageError(error)
      return {
        ok: false,
        error: {
          ...cause,
          kind: cause.kind === 'busy' || cause.kind === 'full' || cause.kind === 'io' ? cause.kind : 'migration-failed',
          message: `Migration ${migration.version} (${migration.name}) failed and was rolled back: ${cause.message}`,
          targetVersion: migration.version,
        },
      }
    }
  }
  return { ok: true, fromVersion, toVersion: readSchemaVersion(db), applied }
}
