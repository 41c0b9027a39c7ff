// A real, small disk for "the disk is full" tests: a tmpfs of a few MiB mounted on a temporary
// folder (needs root, as CI runs; elsewhere the tests skip and say why), filled on demand.
import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface SmallDisk {
  dir: string
  /** Writes a file until the disk is full (ENOSPC). */
  fill(): void
  /** Deletes what {@link fill} wrote. */
  free(): void
  unmount(): void
}

/** Why small disks cannot be made here, or undefined when they can. */
export const smallDiskUnavailable: string | undefined = (() => {
  if (process.platform !== 'linux') return 'a tmpfs small disk needs Linux'
  try {
    const disk = mountSmallDisk(1)
    disk.unmount()
    return undefined
  } catch (error) {
    return `cannot mount a tmpfs (needs root): ${(error as Error).message.split('\n')[0]}`
  }
})()

export function mountSmallDisk(megabytes: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'keel-small-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { stdio: 'pipe' })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  const filler = join(dir, 'filler')
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a')
      const block = Buffer.alloc(64 * 1024, 1)
      try {
        for (;;) writeSync(fd, block)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
        // The last partial block: fill the remaining bytes one small write at a time.
        try {
          for (;;) writeSync(fd, Buffer.alloc(512, 1))
        } catch {
          // full
        }
      } finally {
        closeSync(fd)
      }
    },
    free() {
      try {
        unlinkSync(filler)
      } catch {
        // not there
      }
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' })
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
