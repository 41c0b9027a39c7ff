import { existsSync, readdirSync, unlinkSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import Database from 'better-sqlite3'

/**
 * Which Keel processes have a database open (the app, browser mode and the CLI share one file).
 * Crash recovery may only run when no *other* live process has the file open: otherwise a
 * `streaming` message is not a crash's leftover but another process's answer, still arriving.
 *
 * Each process keeps `<db>.open-<pid>` beside the database, a tiny SQLite file on which it holds an
 * exclusive lock for as long as it has the store open. The operating system drops that lock when
 * the process dies, however it dies (POSIX fcntl and Windows LockFileEx locks belong to the
 * process), so a file nobody holds is stale whatever its pid now names: a pid is reused, a lock
 * is not. Others probe each file with a zero busy timeout: SQLITE_BUSY means its owner is alive.
 */
export interface ProcessPresence {
  /** Another live Keel process had this database open when we opened it. */
  readonly othersAlive: boolean
  release(): void
}

export interface PresenceOptions {
  /** better-sqlite3 addon to load (the Electron app's build; see `native-addon.ts`). */
  nativeBinding?: string
}

/** Presence files this process holds, shared by the stores it has open on the same database. */
const held = new Map<string, { db: Database.Database; users: number }>()

export function announcePresence(databasePath: string, options: PresenceOptions = {}): ProcessPresence {
  const dir = dirname(resolve(databasePath))
  const prefix = `${basename(databasePath)}.open-`
  const own = join(dir, `${prefix}${process.pid}`)
  hold(own, options)
  let othersAlive = false
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue
    const path = join(dir, name)
    if (path === own) continue
    if (isHeldByLiveProcess(path, options)) othersAlive = true
  }
  let released = false
  return {
    othersAlive,
    release() {
      if (released) return
      released = true
      letGo(own)
    },
  }
}

function hold(path: string, options: PresenceOptions): void {
  const existing = held.get(path)
  if (existing) {
    existing.users++
    return
  }
  // A prober that found the file before we locked it may remove it (it does so under its own lock,
  // so we wait for that lock, then see the file gone): then start again with a new file.
  for (let attempt = 0; attempt < 5; attempt++) {
    const db = new Database(path, {
      timeout: 2_000,
      ...(options.nativeBinding !== undefined && { nativeBinding: options.nativeBinding }),
    })
    try {
      // No journal file beside it (better-sqlite3's defensive mode refuses OFF).
      db.pragma('journal_mode = MEMORY')
      // The first write takes an exclusive lock, and EXCLUSIVE locking mode never gives it back.
      db.pragma('locking_mode = EXCLUSIVE')
      db.exec('CREATE TABLE IF NOT EXISTS presence (pid INTEGER NOT NULL, opened_at INTEGER NOT NULL)')
      db.exec('DELETE FROM presence')
      db.prepare('INSERT INTO presence (pid, opened_at) VALUES (?, ?)').run(process.pid, Date.now())
    } catch (error) {
      db.close()
      // A leftover under our pid that is no lock file (an older Keel's plain file, a damaged one): replace it.
      const code = (error as { code?: unknown }).code
      if (code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))) {
        removeQuietly(path)
        continue
      }
      throw error
    }
    if (existsSync(path)) {
      held.set(path, { db, users: 1 })
      return
    }
    db.close()
  }
  throw new Error(`could not keep the presence file ${path}`)
}

function letGo(path: string): void {
  const entry = held.get(path)
  if (!entry || --entry.users > 0) return
  held.delete(path)
  // Removed while still locked where the OS allows it (a prober never sees it unlocked); Windows
  // does not delete a file that is open, so there it goes after the close.
  if (process.platform !== 'win32') removeQuietly(path)
  entry.db.close()
  if (process.platform === 'win32') removeQuietly(path)
}

/**
 * True when a live process holds the presence file's lock. A file nobody holds (its process died,
 * or it is a leftover of an older Keel that wrote plain files) is removed, under our lock.
 */
function isHeldByLiveProcess(path: string, options: PresenceOptions): boolean {
  let db: Database.Database | undefined
  try {
    db = new Database(path, {
      fileMustExist: true,
      timeout: 0,
      ...(options.nativeBinding !== undefined && { nativeBinding: options.nativeBinding }),
    })
    db.exec('BEGIN EXCLUSIVE')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('SQLITE_BUSY')) {
      db?.close()
      return true
    }
    // Not a lock file we can take (not SQLite, or gone already): stale either way.
  }
  // POSIX lets us remove it while we hold its lock, so its owner (if it was just starting) sees it gone.
  if (process.platform !== 'win32') removeQuietly(path)
  try {
    if (db?.inTransaction) db.exec('ROLLBACK')
  } finally {
    db?.close()
  }
  if (process.platform === 'win32') removeQuietly(path)
  return false
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone (or, on Windows, still open elsewhere)
  }
}
