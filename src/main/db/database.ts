import { randomBytes } from 'node:crypto'
import {
  accessSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  type Stats,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import type { StorageError } from '../../shared/storage-error'
import { takeVerifiedStamp } from './integrity-check'
import { pendingMigrations, readAppliedMigrations } from './applied-migrations'
import { checkSchemaCompatibility, migrate, readSchemaVersion, type MigrateOptions } from './migrate'
import { MIGRATIONS } from './migrations/index'
import { refineFullDisk, storageError, toStorageError } from './sqlite-error'

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

/**
 * `readOnly`: the file or its folder is not writable and the caller allowed a read-only store.
 * `release`: to call after closing `db` (removes the snapshot a read-only store may be read from).
 */
export type OpenDatabaseResult =
  | {
      ok: true
      db: Database.Database
      readOnly: boolean
      release?: () => void
      /**
       * `checked`: quick_check passed before anything was written (or the file is new);
       * `deferred`: the file is the one Keel verified and closed cleanly last time, untouched since,
       * and the caller runs the check in the background (see `integrity-check.ts`).
       */
      integrity: 'checked' | 'deferred'
    }
  | { ok: false; error: StorageError }

export interface OpenDatabaseOptions {
  /** Passed to the migration runner (tests stop at an older version). */
  migrate?: MigrateOptions
  /**
   * Path of the better-sqlite3 addon to load instead of the package's own build. The Electron app
   * passes the copy built for Electron's ABI (see `native-addon.ts`), so `node_modules` can keep
   * the Node build that tests and the CLI need.
   */
  nativeBinding?: string
  /**
   * When the file or its folder is not writable, open it read-only (no WAL switch, no migrations;
   * a schema older than this build is refused, not updated) instead of refusing it. For readers
   * such as `keel export`; the app and `keel chat` need to write.
   */
  allowReadOnly?: boolean
}

/**
 * How many of quick_check's findings the refusal quotes.
 *
 * quick_check reads the whole file: 200,000 messages (82–240 MiB) cost 260–390 ms with a warm OS
 * cache, ~2 s right after dropping it, and more under load; it grows with the store. A damaged file
 * must not be written at all (a checkpoint or a migration can spread the damage), so the check runs
 * before the first write whenever the file may have changed since Keel last verified it, and in a
 * worker thread, off the startup path, only when it cannot have: see `integrity-check.ts` (the
 * `<db>.verified` stamp of a clean close after a passed check).
 */
const QUICK_CHECK_ERRORS_SHOWN = 3

/**
 * Opens (or creates) Keel's SQLite file. Every check happens *before* anything is written (not even
 * the switch to WAL): the file must be a non-empty SQLite file, a Keel database of a schema version
 * this build knows, and pass `PRAGMA quick_check`; only a file that does not exist yet is created.
 * Then it sets WAL + synchronous=FULL + foreign keys + busy timeout, verifies they took effect, and
 * runs the migrations. Never throws: the error is data, its message names the file and says whether
 * it was changed (a refused file never is). A full disk is `full`, even when SQLite says "disk I/O error".
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): OpenDatabaseResult {
  if (path === ':memory:' || path === '') return openWritable(path, false, options)
  const file = resolve(path)
  const folder = dirname(file)
  const refused = (error: StorageError): OpenDatabaseResult => ({
    ok: false,
    error: located(refineFullDisk(error, folder), file, 'unchanged'),
  })

  let existing: Stats | undefined
  try {
    existing = statSync(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      return refused(storageError('cannot-open', `(${(error as Error).message})`))
  }
  if (!existing) {
    if (!existsSync(folder)) return refused(storageError('cannot-open', `Its folder ${folder} does not exist.`))
    if (!isWritable(folder))
      return refused(storageError('read-only', `Its folder ${folder} is not writable, so the file cannot be created.`))
    return createStore(file, options)
  }
  if (!existing.isFile()) return refused(storageError('cannot-open', 'It is not a regular file.'))
  // An empty file is not a store that was never used: SQLite would silently make it a new one.
  // (A store whose data is all still in its WAL has an empty main file; that one is fine.)
  if (existing.size === 0 && fileSize(`${file}-wal`) === 0) {
    return refused(
      storageError('not-a-database', 'It is empty (0 bytes); Keel only creates a store where no file exists yet.'),
    )
  }

  const migrations = options.migrate?.migrations ?? MIGRATIONS
  const writable =
    isWritable(file) &&
    isWritable(folder) &&
    [`${file}-wal`, `${file}-shm`].every((f) => !existsSync(f) || isWritable(f))
  if (!writable && !options.allowReadOnly) {
    return refused(storageError('read-only', 'The file or its folder is not writable; Keel needs to write to it.'))
  }
  // SQLite cannot read a WAL-mode file in place when it may not create the -shm beside it (a
  // read-only folder): then a snapshot copy (with its -wal) is read instead.
  let snapshot: { file: string; remove: () => void } | undefined
  if (!writable && isWalMode(file) && !existsSync(`${file}-shm`)) {
    try {
      snapshot = snapshotOf(file)
    } catch (error) {
      const kind = (error as NodeJS.ErrnoException).code === 'ENOSPC' ? 'full' : 'cannot-open'
      return refused(
        storageError(kind, `(It is read-only, and a copy to read could not be made: ${(error as Error).message})`),
      )
    }
  }
  // Only a writable open can defer the check (a read-only reader has no clean close to stamp).
  const deferCheck = writable && takeVerifiedStamp(file)
  const probed = probeExisting(snapshot?.file ?? file, migrations, options, deferCheck)
  if (!probed.ok) {
    snapshot?.remove()
    return refused(probed.error)
  }
  if (writable) {
    probed.db.close()
    const opened = openWritable(file, true, options)
    return opened.ok && probed.checkDeferred ? { ...opened, integrity: 'deferred' } : opened
  }
  const latest = Math.max(0, ...migrations.map((m) => m.version))
  const version = readSchemaVersion(probed.db)
  const pending = pendingMigrations(probed.db, migrations)
  if (pending.length > 0) {
    probed.db.close()
    snapshot?.remove()
    const lacks = `migration ${pending.map((m) => `${m.version} (${m.name})`).join(', ')}`
    const needs = version < latest ? `this Keel needs ${latest} (it lacks ${lacks})` : `it lacks ${lacks}`
    return refused(
      storageError(
        'read-only',
        `Its schema version is ${version} and ${needs}: it would have to be updated, but the file or its folder is not writable. Make it writable and open it again.`,
        { foundVersion: version, targetVersion: latest },
      ),
    )
  }
  return {
    ok: true,
    db: probed.db,
    readOnly: true,
    integrity: 'checked',
    ...(snapshot && { release: snapshot.remove }),
  }
}

/** Bytes 18-19 of the header: 2 = WAL. */
function isWalMode(file: string): boolean {
  const header = Buffer.alloc(20)
  let fd: number | undefined
  try {
    fd = openSync(file, 'r')
    return readSync(fd, header, 0, 20, 0) === 20 && header[18] === 2 && header[19] === 2
  } catch {
    return false
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** A private copy of the file and its -wal in a temp folder, removed by `remove`. */
function snapshotOf(file: string): { file: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'keel-read-only-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    const copy = join(dir, basename(file))
    copyFileSync(file, copy)
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`)
    return { file: copy, remove }
  } catch (error) {
    remove()
    throw error
  }
}

/**
 * Reads an existing file through a read-only connection: header, application id, schema version,
 * `quick_check` (left to the caller when `mayDefer` and no migration is due: a migration writes
 * much, so it never runs on an unchecked file). Nothing is written; on refusal, the empty
 * `-wal`/`-shm` files SQLite may have created beside a WAL-mode file are removed again.
 */
function probeExisting(
  file: string,
  migrations: NonNullable<MigrateOptions['migrations']>,
  options: OpenDatabaseOptions,
  mayDefer = false,
): { ok: true; db: Database.Database; checkDeferred: boolean } | { ok: false; error: StorageError } {
  const created = [`${file}-wal`, `${file}-shm`].filter((sidecar) => !existsSync(sidecar))
  let db: Database.Database | undefined
  const refuse = (error: StorageError) => {
    try {
      db?.close()
    } catch {
      // The error we report is the first one.
    }
    for (const sidecar of created)
      if (sidecar.endsWith('-shm') || fileSize(sidecar) === 0) rmSync(sidecar, { force: true })
    return { ok: false as const, error }
  }
  try {
    db = new Database(file, {
      readonly: true,
      fileMustExist: true,
      timeout: BUSY_TIMEOUT_MS,
      ...nativeBindingOf(options),
    })
    // The first read of the file: a non-SQLite file fails here (SQLITE_NOTADB).
    const incompatible = checkSchemaCompatibility(db, migrations)
    if (incompatible) return refuse(incompatible)
    // Nothing to migrate and nothing to record (a store from before records gets its rows written).
    if (
      mayDefer &&
      pendingMigrations(db, migrations, options.migrate?.targetVersion).length === 0 &&
      readAppliedMigrations(db, migrations).unrecorded.length === 0
    ) {
      return { ok: true, db, checkDeferred: true }
    }
    const problems = db.prepare(`PRAGMA quick_check(${QUICK_CHECK_ERRORS_SHOWN})`).pluck().all() as string[]
    if (problems.length !== 1 || problems[0] !== 'ok') {
      return refuse(
        storageError('corrupt', `PRAGMA quick_check found: ${problems.join('; ').replace(/\s+/g, ' ').trim()}.`),
      )
    }
    return { ok: true, db, checkDeferred: false }
  } catch (error) {
    return refuse(toStorageError(error))
  }
}

/** Opens read-write, sets the durable pragmas and migrates: the first writes to the file. */
/**
 * Makes a new store under a staging name beside it, migrated and closed, then links it into place
 * (a link never replaces a file: if another process made the store meanwhile, that one is opened).
 * A crash while it is made (kill -9, power loss) leaves no half-made store at `file` — which the
 * next open would rightly refuse as empty — only a staging file, removed by the next creation.
 */
function createStore(file: string, options: OpenDatabaseOptions): OpenDatabaseResult {
  removeAbandonedStaging(file)
  const staging = `${file}${STAGING_MARK}${process.pid}-${randomBytes(4).toString('hex')}`
  const removeStaging = () => {
    for (const leftover of [staging, `${staging}-wal`, `${staging}-shm`]) rmSync(leftover, { force: true })
  }
  const made = openWritable(staging, false, options, file)
  if (!made.ok) {
    removeStaging()
    return made
  }
  try {
    // The last connection closing checkpoints the WAL into the file and removes it.
    made.db.close()
    moveIntoPlace(staging, file)
    syncFolder(dirname(file))
  } catch (error) {
    removeStaging()
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return openDatabase(file, options)
    return { ok: false, error: located(refineFullDisk(toStorageError(error), dirname(file)), file, 'new') }
  }
  removeStaging()
  return openWritable(file, true, options)
}

/** Links the staging file to its name (fails with EEXIST rather than replace a store); renames where the file system has no links (FAT, some network shares). */
function moveIntoPlace(staging: string, file: string): void {
  try {
    linkSync(staging, file)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error
    if (existsSync(file)) throw Object.assign(new Error('The store was made by another process.'), { code: 'EEXIST' })
    renameSync(staging, file)
  }
}

/** `keel.db.creating-<pid>-<random>`: a store being made (see {@link createStore}). */
const STAGING_MARK = '.creating-'

/** Staging files whose process is gone (a creation that crashed); a live process's are left alone. */
function removeAbandonedStaging(file: string): void {
  const prefix = `${basename(file)}${STAGING_MARK}`
  let names: string[]
  try {
    names = readdirSync(dirname(file)).filter((name) => name.startsWith(prefix))
  } catch {
    return
  }
  for (const name of names) {
    const pid = Number(name.slice(prefix.length).split('-')[0])
    if (Number.isInteger(pid) && pid !== process.pid && processAlive(pid)) continue
    rmSync(join(dirname(file), name), { force: true })
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Makes the new name durable (a folder's entries are synced apart from the file's data); not possible on every OS. */
function syncFolder(folder: string): void {
  let fd: number | undefined
  try {
    fd = openSync(folder, 'r')
    fsyncSync(fd)
  } catch {
    // Windows cannot open a folder this way; its rename/link is journaled by NTFS.
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

function openWritable(
  path: string,
  mustExist: boolean,
  options: OpenDatabaseOptions,
  /** The name errors give (a store being made is named by where it will be). */
  shownAs: string = path,
): OpenDatabaseResult {
  const inFile = path !== ':memory:' && path !== ''
  const folder = inFile ? dirname(path) : undefined
  const withLocation = (error: StorageError, state: 'unchanged' | 'maybe-changed') => {
    if (!folder) return error
    return located(refineFullDisk(error, folder), shownAs, mustExist ? state : 'new')
  }
  let db: Database.Database
  try {
    db = new Database(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: mustExist, ...nativeBindingOf(options) })
  } catch (error) {
    // better-sqlite3 checks the folder itself and throws a plain TypeError when it does not exist.
    const cause = toStorageError(error)
    const detail = error instanceof Error ? error.message : String(error)
    return {
      ok: false,
      error: withLocation(cause.kind === 'unknown' ? storageError('cannot-open', `(${detail})`) : cause, 'unchanged'),
    }
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
    if ((inFile && journalMode !== 'wal') || pragmas.synchronous !== 2 || pragmas.foreignKeys !== 1) {
      return fail(
        withLocation(
          storageError(
            'pragma-mismatch',
            `journal_mode=${journalMode}, synchronous=${pragmas.synchronous}, foreign_keys=${pragmas.foreignKeys}.`,
          ),
          'maybe-changed',
        ),
      )
    }
  } catch (error) {
    return fail(withLocation(toStorageError(error), 'maybe-changed'))
  }

  const migrated = migrate(db, options.migrate)
  // A failed migration rolled back: the data is as it was.
  if (!migrated.ok) return fail(withLocation(migrated.error, 'unchanged'))
  return { ok: true, db, readOnly: false, integrity: 'checked' }
}

/** Puts where the file is, and what became of it, into the error's message (shown as is by the CLI, browser mode and the app). */
function located(error: StorageError, file: string, state: 'unchanged' | 'maybe-changed' | 'new'): StorageError {
  const outcome =
    state === 'unchanged'
      ? 'The file was not changed.'
      : state === 'new'
        ? 'No store was created.'
        : 'The file may have been switched to WAL mode; its data was not changed.'
  return { ...error, message: `Cannot open the store ${file}: ${error.message} ${outcome}` }
}

function isWritable(path: string): boolean {
  try {
    // access(2) answers for this process (root writes through permission bits; not on a read-only mount).
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}

function fileSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0
  }
}

function nativeBindingOf(options: OpenDatabaseOptions): { nativeBinding?: string } {
  return options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {}
}
