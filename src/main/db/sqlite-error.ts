import { statfsSync } from 'node:fs'
import { dirname } from 'node:path'
import type Database from 'better-sqlite3'
import type { StorageError, StorageErrorKind } from '../../shared/storage-error'

/** better-sqlite3 throws `SqliteError` with SQLite's extended result code in `code`. */
function sqliteCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && code.startsWith('SQLITE_') ? code : undefined
}

function kindOfCode(code: string | undefined): StorageErrorKind {
  if (code === undefined) return 'unknown'
  if (code === 'SQLITE_NOTADB') return 'not-a-database'
  if (code.startsWith('SQLITE_CORRUPT')) return 'corrupt'
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_PERM') || code.startsWith('SQLITE_AUTH'))
    return 'cannot-open'
  if (code.startsWith('SQLITE_READONLY')) return 'read-only'
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy'
  if (code === 'SQLITE_FULL') return 'full'
  if (code.startsWith('SQLITE_IOERR')) return 'io'
  if (code.startsWith('SQLITE_CONSTRAINT')) return 'constraint'
  return 'unknown'
}

const MESSAGES: Record<StorageErrorKind, string> = {
  'not-a-database': 'The file is not an SQLite database.',
  'not-a-keel-database': 'The file is an SQLite database of another application.',
  'newer-schema': 'The database was written by a newer version of Keel.',
  corrupt: 'The database file is damaged.',
  'cannot-open': 'The database file cannot be opened.',
  'read-only': 'The database is read-only.',
  busy: 'The database is busy (another process holds it).',
  full: 'The disk is full.',
  io: 'The operating system reported a disk error.',
  constraint: 'A write broke a database constraint.',
  'pragma-mismatch': 'A required database setting did not take effect.',
  'migration-failed': 'Updating the database to this version of Keel failed.',
  unknown: 'The database reported an unexpected error.',
}

/** Turns anything thrown by better-sqlite3 into a {@link StorageError}. Non-SQLite errors become `unknown`. */
export function toStorageError(error: unknown): StorageError {
  const sqliteCode = sqliteCodeOf(error)
  const kind = kindOfCode(sqliteCode)
  const detail = error instanceof Error ? error.message : String(error)
  return {
    kind,
    message: `${MESSAGES[kind]} (${detail})`,
    retryable: kind === 'busy' || kind === 'io',
    sqliteCode,
  }
}

export function storageError(kind: StorageErrorKind, detail: string, extra: Partial<StorageError> = {}): StorageError {
  return { kind, message: `${MESSAGES[kind]} ${detail}`.trim(), retryable: false, sqliteCode: undefined, ...extra }
}

/** True for an error thrown by SQLite (as opposed to a bug in our code). */
export function isSqliteError(error: unknown): boolean {
  return sqliteCodeOf(error) !== undefined
}

/**
 * Below this much free space, an I/O error is taken to be a full disk. SQLite reports ENOSPC on a
 * plain write as SQLITE_FULL, but as SQLITE_IOERR_* when it happens while it grows its shared-memory
 * file (at open) or syncs; by then the disk has (almost) nothing left.
 */
export const FULL_DISK_MARGIN_BYTES = 1024 * 1024

/** True when the file system holding `folder` has (almost) no space or no inodes left. */
export function isDiskFull(folder: string): boolean {
  try {
    const stats = statfsSync(folder)
    return stats.bavail * stats.bsize < FULL_DISK_MARGIN_BYTES || (stats.files > 0 && stats.ffree === 0)
  } catch {
    return false
  }
}

/** Turns an `io` error into `full` when the folder of the database has no room left; anything else as it is. */
export function refineFullDisk(error: StorageError, folder: string): StorageError {
  if (error.kind !== 'io' || !isDiskFull(folder)) return error
  const detail = error.message.startsWith(MESSAGES.io) ? error.message.slice(MESSAGES.io.length) : ` (${error.message})`
  return { ...error, kind: 'full', message: `${MESSAGES.full}${detail}`, retryable: false }
}

/** {@link toStorageError} for an error of a write on `db`: a full disk reported as an I/O error is `full`. */
export function storageErrorOf(db: Database.Database, error: unknown): StorageError {
  const converted = toStorageError(error)
  const file = db.name
  return file === '' || file === ':memory:' ? converted : refineFullDisk(converted, dirname(file))
}
