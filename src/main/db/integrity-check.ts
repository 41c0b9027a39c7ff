import { existsSync, readFileSync, rmSync, statSync, writeFileSync, renameSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * Keeping `PRAGMA quick_check` off the startup path without writing to a damaged file.
 *
 * quick_check reads the whole file: 0.3–2 s at 200,000 messages, paid before the window could show
 * anything, and growing with the store. It stays in front of the first write whenever
 * the file may have been damaged since Keel last checked it, and moves to a worker thread when
 * it cannot have been, by Keel's own account:
 *
 * - When a store is closed cleanly (the last connection gone, so the WAL is checkpointed and
 *   removed) after this run's check passed, a stamp `<db>.verified` records the file's identity:
 *   size, modification time in nanoseconds, inode and device.
 * - At the next open, the stamp is read and removed at once (a run that crashes leaves none). If
 *   it matches the file exactly and no WAL is beside it, nothing has written the file since it was
 *   verified and closed cleanly: the check runs in a worker thread on its own read-only
 *   connection, and the store opens without waiting. Otherwise (first open, a crash, another
 *   process still had it open, the file was copied, restored, edited or touched) it runs before
 *   anything is written, as always, and a damaged file is refused unchanged.
 * - The worker's finding is acted on: a damaged file puts the store's connection in
 *   `query_only` (every write fails, nothing more is written) and the store reports it
 *   (`KeelStore.integrity`); no stamp is written, so the next open checks first and refuses it.
 *
 * What this gives up: a file that the disk itself damaged while Keel was not running (no write by
 * anyone, so size and time unchanged) is found by the background check a moment after start
 * rather than before it; writes made in that moment went to a file Keel had verified and closed.
 */

/** What the background check found. `unknown`: it could not run (the file busy or gone); nothing is assumed. */
export type IntegrityVerdict =
  | { state: 'ok' }
  | { state: 'damaged'; problems: string[] }
  | { state: 'unknown'; reason: string }

interface Stamp {
  size: number
  mtimeNs: string
  ino: string
  dev: string
}

const stampPath = (file: string) => `${file}.verified`

function identity(file: string): Stamp | undefined {
  try {
    const stat = statSync(file, { bigint: true })
    return { size: Number(stat.size), mtimeNs: String(stat.mtimeNs), ino: String(stat.ino), dev: String(stat.dev) }
  } catch {
    return undefined
  }
}

/**
 * Reads the stamp: true when the file is exactly the one a clean close left after a passed check
 * (and no WAL is beside it), so the check may run in the background. A stamp that matches is
 * removed at once (a run that crashes must leave none); one that does not is left to
 * `dropVerifiedStamp` once the store has opened (a refused file's folder is left as it was).
 */
export function takeVerifiedStamp(file: string): boolean {
  const path = stampPath(file)
  if (!existsSync(path)) return false
  let stamp: Partial<Stamp> | undefined
  try {
    stamp = JSON.parse(readFileSync(path, 'utf8')) as Partial<Stamp>
  } catch {
    stamp = undefined
  }
  const now = identity(file)
  const walSize = identity(`${file}-wal`)?.size ?? 0
  const matches =
    now !== undefined &&
    stamp !== undefined &&
    walSize === 0 &&
    stamp.size === now.size &&
    stamp.mtimeNs === now.mtimeNs &&
    stamp.ino === now.ino &&
    stamp.dev === now.dev
  if (matches) rmSync(path, { force: true })
  return matches
}

/** Removes a stamp that no longer matches (the store is open for writing: it will change the file). */
export function dropVerifiedStamp(file: string): void {
  rmSync(stampPath(file), { force: true })
}

/** After a clean close: stamps the file as verified when its WAL is gone (no other connection left). */
export function writeVerifiedStamp(file: string): void {
  const walSize = identity(`${file}-wal`)?.size ?? 0
  const now = identity(file)
  if (!now || walSize > 0 || existsSync(`${file}-wal`)) return
  const tmp = `${stampPath(file)}.tmp-${process.pid}`
  try {
    writeFileSync(tmp, JSON.stringify(now))
    renameSync(tmp, stampPath(file))
  } catch {
    // No stamp: the next open checks before writing, as without one.
    rmSync(tmp, { force: true })
  }
}

// The worker is plain JavaScript (no build step of its own, the same in tsx, vitest and the bundled app).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
// Below the app's own threads, so the check does not slow the window's start on a small machine.
// Linux only: there a thread's nice value is its own; on macOS and Windows this would lower the whole app.
if (process.platform === 'linux') { try { require('node:os').setPriority(0, 10) } catch {} }
const Database = require(workerData.module)
let db
let verdict
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true, timeout: 5000, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) })
  const problems = db.prepare('PRAGMA quick_check(3)').pluck().all()
  verdict = problems.length === 1 && problems[0] === 'ok' ? { state: 'ok' } : { state: 'damaged', problems: problems.map(String) }
} catch (error) {
  const code = String((error && error.code) || '')
  const message = String((error && error.message) || error)
  verdict = code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' ? { state: 'damaged', problems: [message] } : { state: 'unknown', reason: message }
}
// Closed before answering: a connection still open when the store closes would keep its WAL (and so its stamp) from going.
try { if (db) db.close() } catch {}
parentPort.postMessage(verdict)
`

export interface BackgroundCheck {
  readonly verdict: Promise<IntegrityVerdict>
  /** Stops the check (the store is closing); the verdict becomes `unknown`. */
  stop(): void
}

/** Runs quick_check on `file` in a worker thread, on its own read-only connection. */
export function checkInBackground(file: string, options: { nativeBinding?: string | undefined } = {}): BackgroundCheck {
  let settle: (verdict: IntegrityVerdict) => void = () => {}
  const verdict = new Promise<IntegrityVerdict>((resolve) => (settle = resolve))
  let worker: Worker
  try {
    const module = createRequire(import.meta.url).resolve('better-sqlite3')
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, module, nativeBinding: options.nativeBinding },
    })
  } catch (error) {
    settle({ state: 'unknown', reason: (error as Error).message })
    return { verdict, stop: () => {} }
  }
  worker.unref()
  worker.once('message', (message: IntegrityVerdict) => settle(message))
  worker.once('error', (error) => settle({ state: 'unknown', reason: error.message }))
  worker.once('exit', () => settle({ state: 'unknown', reason: 'the check stopped' }))
  return {
    verdict,
    stop() {
      settle({ state: 'unknown', reason: 'the store was closed' })
      void worker.terminate()
    },
  }
}
