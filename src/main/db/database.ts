import Database from 'better-sqlite3'
import type { StorageError } from '../../shared/storage-error'
import { checkSchemaCompatibility, migrate, type MigrateOptions } from './migrate'
import { storageError, toStorageError } from './sqlite-error'

/** The busy timeout every connection uses: how long to wait for another writer before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000

/** The settings that make the store durable, as read back from SQLite. */
export interface DatabasePragmas {
  journalMode: string
  /** 2 = FULL: every commit is synced to disk (better-sqlite3 would default WAL to NORMAL = 1). */
  synchronous: number
  foreignKeys: number
  busyTimeoutMs: number
  userVersion: number
  applicationId: number
}

export function readDatabasePragmas(db: Database.Database): DatabasePragmas {
  const get = (name: string) => db.pragma(name, { simple: true })
  return {
    journalMode: String(get('journal_mode')),
    synchronous: Number(get('synchronous')),
    foreignKeys: Number(get('foreign_keys')),
    busyTimeoutMs: Number(get('busy_timeout')),
    userVersion: Number(get('user_version')),
    applicationId: Number(get('application_id')),
  }
}

export type OpenDatabaseResult = { ok: true; db: Database.Database } | { ok: false; error: StorageError }

export interface OpenDatabaseOptions {
  /** Passed to the migration runner (tests stop at an older version). */
  migrate?: MigrateOptions
  /**
   * Path of the better-sqlite3 addon to load instead of the package's own build. The Electron app
   * passes the copy built for Electron's ABI (see `native-addon.ts`), so `node_modules` can keep
   * the Node build that tests and the CLI need.
   */
  nativeBinding?: string
}

/**
 * Opens (or creates) Keel's SQLite file: checks it is a Keel database this build understands
 * *before* writing anything, sets WAL + synchronous=FULL + foreign keys + busy timeout, verifies
 * they took effect, and runs the migrations. Never throws for a bad file: the error is data, and
 * the file is left as it was.
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): OpenDatabaseResult {
  let db: Database.Database
  try {
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS, ...(options.nativeBinding !== undefined && { nativeBinding: options.nativeBinding }) })
  } catch (error) {
    // better-sqlite3 checks the folder itself and throws a plain TypeError when it does not exist.
    const cause = toStorageError(error)
    const detail = error instanceof Error ? error.message : String(error)
    return { ok: false, error: cause.kind === 'unknown' ? storageError('cannot-open', `(${detail})`) : cause }
  }
  const fail = (error: StorageError): OpenDatabaseResult => {
    try {
      db.close()
    } catch {
      // Closing a connection that failed to open properly can itself fail; the error we report is the first one.
    }
    return { ok: false, error }
  }
  try {
    // The first read of the file: a non-SQLite file fails here (SQLITE_NOTADB) with nothing written.
    const incompatible = checkSchemaCompatibility(db, latestVersionOf(options))
    if (incompatible) return fail(incompatible)

    // Order matters: journal_mode first, then synchronous (switching to WAL applies better-sqlite3's
    // compiled-in WAL default of NORMAL).
    const journalMode = String(db.pragma('journal_mode = WAL', { simple: true }))
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    if (process.platform === 'darwin') {
      // macOS fsync does not reach the platter; F_FULLFSYNC does (SQLite leaves it off by default).
      db.pragma('fullfsync = ON')
      db.pragma('checkpoint_fullfsync = ON')
    }
    const pragmas = readDatabasePragmas(db)
    const wantWal = path !== ':memory:' && path !== ''
    if ((wantWal && journalMode !== 'wal') || pragmas.synchronous !== 2 || pragmas.foreignKeys !== 1) {
      return fail(
        storageError(
          'pragma-mismatch',
          `journal_mode=${journalMode}, synchronous=${pragmas.synchronous}, foreign_keys=${pragmas.foreignKeys}.`,
        ),
      )
    }
  } catch (error) {
    return fail(toStorageError(error))
  }

  const migrated = migrate(db, options.migrate)
  if (!migrated.ok) return fail(migrated.error)
  return { ok: true, db }
}

function latestVersionOf(options: OpenDatabaseOptions): number | undefined {
  const migrations = options.migrate?.migrations
  if (!migrations) return undefined
  return Math.max(0, ...migrations.map((m) => m.version))
}
