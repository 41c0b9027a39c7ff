/**
 * What went wrong with the local database, as plain data (it crosses IPC and is shown to the user).
 * - `not-a-database`: the file exists but is not an SQLite database (SQLITE_NOTADB).
 * - `not-a-keel-database`: an SQLite database that belongs to another application; left untouched.
 * - `newer-schema`: written by a newer Keel (`user_version` above what this build knows); left untouched.
 * - `corrupt`: SQLite reported the file as malformed (SQLITE_CORRUPT).
 * - `cannot-open`: the file or its folder cannot be opened or created (SQLITE_CANTOPEN, permissions).
 * - `read-only`: the database or its folder is read-only (SQLITE_READONLY).
 * - `busy`: another connection held the write lock longer than the busy timeout (SQLITE_BUSY/LOCKED).
 * - `full`: the disk (or the database's page limit) is full (SQLITE_FULL).
 * - `io`: an operating-system I/O error (SQLITE_IOERR_*).
 * - `constraint`: a write broke a table constraint: a bug, since input is validated before writing.
 * - `pragma-mismatch`: a required setting (WAL, synchronous=FULL, foreign keys) did not take effect.
 * - `migration-failed`: a migration threw; its transaction rolled back, the previous version remains.
 * - `unknown`: anything else.
 */
export type StorageErrorKind =
  | 'not-a-database'
  | 'not-a-keel-database'
  | 'newer-schema'
  | 'corrupt'
  | 'cannot-open'
  | 'read-only'
  | 'busy'
  | 'full'
  | 'io'
  | 'constraint'
  | 'pragma-mismatch'
  | 'migration-failed'
  | 'unknown'

export interface StorageError {
  kind: StorageErrorKind
  /** For diagnostics and for the user (no SQL, no data values). */
  message: string
  /** Whether the same operation may succeed later without anything being fixed (busy, I/O). */
  retryable: boolean
  /** SQLite's extended result code (`SQLITE_NOTADB`, `SQLITE_FULL`, …), when there was one. */
  sqliteCode: string | undefined
  /** For `newer-schema`: the version found in the file. */
  foundVersion?: number
  /** For `newer-schema` and `migration-failed`: the newest version this build knows / the one that failed. */
  targetVersion?: number
}
