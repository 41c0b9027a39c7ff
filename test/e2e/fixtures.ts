// The E2E specs are written once and run against the real app in two ways (playwright.config.ts
// projects): `browser` — browser mode (start-web, one per worker) in Debian's Chromium —
// and `electron` — the desktop app itself, through Playwright's `_electron.launch`. Specs take
// `page` from here: in the electron project it is the app's window. Where the Electron binary is
// missing (this machine: it cannot be downloaded) every electron test is skipped with the reason.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, test as base, type ElectronApplication, type Page } from '@playwright/test'
import { electronBinary } from './electron-binary'
import { startBrowserMode, startSimulatedProviderProcess, stop } from './global-setup'

export { expect } from '@playwright/test'

export type KeelMode = 'browser' | 'electron'

export const NO_ELECTRON_REASON =
  'Electron binary not installed (offline machine): run `npx install-electron --no` where GitHub is reachable'

const exe = electronBinary()

export const test = base.extend<
  { keelMode: KeelMode; skipWithoutElectron: void },
  { keelServers: void; electronApp: ElectronApplication | undefined }
>({
  keelMode: ['browser', { option: true }],

  skipWithoutElectron: [
    async ({ keelMode }, use, testInfo) => {
      testInfo.skip(keelMode === 'electron' && !exe, NO_ELECTRON_REASON)
      await use()
    },
    { auto: true },
  ],

  /**
   * Each worker's own simulated provider and, in the browser project, its own browser-mode server on
   * a new store, so workers run side by side without sharing a store or a queue of scripted answers.
   * Their addresses reach the specs through this worker's environment (sim.ts reads them).
   */
  keelServers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring.
    async ({}, use, workerInfo) => {
      const dir = mkdtempSync(join(tmpdir(), 'keel-e2e-'))
      const started: ChildProcess[] = []
      try {
        const sim = await startSimulatedProviderProcess()
        started.push(sim.child)
        process.env.KEEL_E2E_SIM_URL = sim.url
        if (workerInfo.project.name === 'browser') {
          const web = await startBrowserMode(join(dir, 'keel.db'), sim.url)
          started.push(web.child)
          process.env.KEEL_E2E_APP_URL = web.url
          process.env.KEEL_E2E_DB = join(dir, 'keel.db')
        }
        await use()
      } finally {
        for (const child of started.reverse()) await stop(child)
        rmSync(dir, { recursive: true, force: true })
      }
    },
    { scope: 'worker', auto: true },
  ],

  /** One desktop app per worker (like the browser-mode server): its own database and profile. */
  electronApp: [
    async ({ keelServers: _servers }, use, workerInfo) => {
      if (workerInfo.project.name !== 'electron' || !exe) return use(undefined)
      const dir = mkdtempSync(join(tmpdir(), 'keel-e2e-electron-'))
      const simUrl = process.env.KEEL_E2E_SIM_URL
      process.env.KEEL_E2E_ELECTRON_DB = join(dir, 'keel.db')
      if (!simUrl) throw new Error('KEEL_E2E_SIM_URL is not set: the keelServers fixture did not run')
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
