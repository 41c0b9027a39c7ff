// Defect 23: `npm start` offline. The Electron download (prestart) is forced to fail with an
// unreachable mirror and an empty cache; the failure must say in one line what failed, that it
// needs the internet once, and that browser mode works without it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, runProcess } from '../support/run-process'

const installed = existsSync(join(ROOT, 'node_modules', 'electron', 'dist', 'version'))

describe('npm run electron:install (prestart)', () => {
  it.skipIf(installed)(
    'offline: one line that names the download, the internet needed once, and npm run start:web',
    async () => {
      const cache = mkdtempSync(join(tmpdir(), 'keel-electron-cache-'))
      try {
        const run = await runProcess(process.execPath, ['scripts/install-electron.mjs'], {
          // Port 9 (discard) on loopback: nothing answers, like a machine without internet.
          env: {
            ELECTRON_MIRROR: 'http://127.0.0.1:9/',
            electron_config_cache: cache,
            force_no_cache: 'true',
            KEEL_VERBOSE: '',
          },
        })
        expect(run.code).not.toBe(0)
        const lines = run.stderr.trimEnd().split('\n')
        expect(lines).toHaveLength(1)
        expect(lines[0]).toMatch(
          /^keel: the Electron download failed \(.+\); the desktop app needs the internet once .* npm run start:web$/,
        )
        expect(run.stderr).not.toMatch(/\n\s+at /)
      } finally {
        rmSync(cache, { recursive: true, force: true })
      }
    },
  )
})
