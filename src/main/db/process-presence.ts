import { readdirSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

/**
 * Which Keel processes have a database open (the app, browser mode and the CLI share one file).
 * Each process leaves `<db>.open-<pid>` beside it while the store is open. Crash recovery may only
 * run when no *other* live process has the file open: otherwise a `streaming` message is not a
 * crash's leftover but another process's answer, still arriving. Files of dead processes (a crash,
 * a SIGKILL) are stale and removed.
 */
export interface ProcessPresence {
  /** Another live Keel process had this database open when we opened it. */
  readonly othersAlive: boolean
  release(): void
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to someone else; ESRCH: gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function announcePresence(databasePath: string, options: { pid?: number; isAlive?: (pid: number) => boolean } = {}): ProcessPresence {
  const pid = options.pid ?? process.pid
  const isAlive = options.isAlive ?? isProcessAlive
  const dir = dirname(databasePath)
  const prefix = `${basename(databasePath)}.open-`
  const own = join(dir, `${prefix}${pid}`)
  writeFileSync(own, `${Date.now()}\n`)
  let othersAlive = false
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue
    const other = Number(name.slice(prefix.length))
    if (!Number.isInteger(other) || other === pid) continue
    if (isAlive(other)) othersAlive = true
    else removeQuietly(join(dir, name))
  }
  let released = false
  return {
    othersAlive,
    release() {
      if (released) return
      released = true
      removeQuietly(own)
    },
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path)
  } catch {
    // already gone
  }
}
