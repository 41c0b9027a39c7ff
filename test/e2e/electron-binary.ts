import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Path of the Electron executable, or null when only the npm wrapper is installed.
 * Never `require('electron')` here: from Electron 42 on that call tries to download the binary.
 */
export function electronBinary(): string | null {
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'))
  const pathTxt = join(dir, 'path.txt')
  const rel = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : 'electron'
  const exe = process.env.ELECTRON_OVERRIDE_DIST_PATH
    ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, rel)
    : join(dir, 'dist', rel)
  return existsSync(exe) ? exe : null
}
