// The E2E specs are written once and run against the real app in two ways (playwright.config.ts
// projects): `browser` — browser mode (start-web, started by global-setup) in Debian's Chromium —
// and `electron` — the desktop app itself, through Playwright's `_electron.launch`. Specs take
// `page` from here: in the electron project it is the app's window. Where the Electron binary is
// missing (this machine: it cannot be downloaded) every electron test is skipped with the reason.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, test as base, type ElectronApplication, type Page } from '@playwright/test'
import { electronBinary } from './electron-binary'

export { expect } from '@playwright/test'

export type KeelMode = 'browser' | 'electron'

export const NO_ELECTRON_REASON =
  'Electron binary not installed (offline machine): run `npx install-electron --no` where GitHub is reachable'

const exe = electronBinary()

export const test = base.extend<
  { keelMode: KeelMode; skipWithoutElectron: void },
  { electronApp: ElectronApplication | undefined }
>({
  keelMode: ['browser', { option: true }],

  skipWithoutElectron: [
    async ({ keelMode }, use, testInfo) => {
      testInfo.skip(keelMode === 'electron' && !exe, NO_ELECTRON_REASON)
      await use()
    },
    { auto: true },
  ],

  /** One desktop app per worker (like the one browser-mode server): its own database and profile. */
  electronApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name !== 'electron' || !exe) return use(undefined)
      const dir = mkdtempSync(join(tmpdir(), 'keel-e2e-electron-'))
      const simUrl = process.env.KEEL_E2E_SIM_URL
      process.env.KEEL_E2E_ELECTRON_DB = join(dir, 'keel.db')
      if (!simUrl) throw new Error('KEEL_E2E_SIM_URL is not set: global-setup did not run')
      const app = await _electron.launch({
        executablePath: exe,
        // As root (CI containers) Chromium needs --no-sandbox; the renderer sandbox is still enabled by the app.
        args: ['.', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
        env: {
          ...process.env,
          KEEL_DB: join(dir, 'keel.db'),
          KEEL_USER_DATA_DIR: join(dir, 'profile'),
          KEEL_DEFAULT_PROVIDER: 'anthropic',
          KEEL_ANTHROPIC_BASE_URL: `${simUrl}/anthropic/v1`,
          ANTHROPIC_API_KEY: 'test',
        },
      })
      try {
        await use(app)
      } finally {
        await app.close()
        rmSync(dir, { recursive: true, force: true })
      }
    },
    { scope: 'worker' },
  ],

  page: async ({ keelMode, electronApp, page }, use) => {
    if (keelMode !== 'electron') return use(page)
    const window: Page = await electronApp!.firstWindow()
    // The window exists before its page has loaded (it is about:blank at first).
    await window.waitForURL('app://keel/index.html')
    await use(window)
  },
})

/** True in the electron project (for the few steps that differ between the two ways of running). */
export function isElectron(): boolean {
  return test.info().project.name === 'electron'
}

export type { Browser, Locator, Page } from '@playwright/test'
