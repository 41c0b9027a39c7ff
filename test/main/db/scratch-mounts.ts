// Real file systems for storage tests: a small tmpfs that really fills up, and a read-only view of
// a folder. Both need mount(2) (root with CAP_SYS_ADMIN); where it is not permitted the helpers
// say why, and the tests skip with that reason.
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type Mounted = { ok: true; dir: string; unmount(): void } | { ok: false; reason: string }

function run(command: string, args: string[]): string | undefined {
  try {
    execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    return undefined
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim()
    return stderr || (error as Error).message
  }
}

/** A fresh tmpfs of `sizeBytes` (rounded up to pages by the kernel). */
export function mountTmpfs(sizeBytes: number): Mounted {
  const dir = mkdtempSync(join(tmpdir(), 'keel-tmpfs-'))
  const failed = run('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir])
  if (failed) {
    rmSync(dir, { recursive: true, force: true })
    return { ok: false, reason: `cannot mount a tmpfs here (${failed})` }
  }
  return { ok: true, dir, unmount: () => unmountAndRemove(dir) }
}

/**
 * A read-only view of `source`: a read-only bind mount as root (permission bits do not stop root),
 * else the folder and its files made read-only with chmod.
 */
export function readOnlyView(source: string): Mounted {
  if (process.getuid?.() !== 0) {
    for (const name of readdirSync(source)) chmodSync(join(source, name), 0o444)
    chmodSync(source, 0o555)
    return { ok: true, dir: source, unmount: () => chmodSync(source, 0o755) }
  }
  const dir = mkdtempSync(join(tmpdir(), 'keel-ro-'))
  const bound = run('mount', ['--bind', source, dir])
  if (bound) {
    rmSync(dir, { recursive: true, force: true })
    return { ok: false, reason: `cannot bind-mount here (${bound})` }
  }
  const readOnly = run('mount', ['-o', 'remount,bind,ro', dir])
  if (readOnly) {
    unmountAndRemove(dir)
    return { ok: false, reason: `cannot remount read-only here (${readOnly})` }
  }
  return { ok: true, dir, unmount: () => unmountAndRemove(dir) }
}

/** Fills the file system holding `dir` with one file until the disk says ENOSPC; returns its path. */
export function fillDisk(dir: string, name = 'filler.bin'): string {
  const path = join(dir, name)
  // dd stops at ENOSPC (exit 1): what we want.
  run('dd', ['if=/dev/zero', `of=${path}`, 'bs=4096'])
  return path
}

function unmountAndRemove(dir: string): void {
  const failed = run('umount', [dir]) === undefined ? undefined : run('umount', ['-l', dir])
  if (failed === undefined) {
    try {
      if (statSync(dir).isDirectory()) rmSync(dir, { recursive: true, force: true })
    } catch {
      // already gone
    }
  }
}
