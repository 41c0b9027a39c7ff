import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'
import type { KeelMode } from './test/e2e/fixtures'

// Debian's Chromium (Playwright's own browser download is blocked offline); see docs/toolchain.md §6.6.
const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const executablePath = existsSync(systemChromium) ? systemChromium : undefined

export default defineConfig<{ keelMode: KeelMode }>({
  testDir: 'test/e2e',
  testMatch: /.*\.e2e\.ts$/,
  // Builds the renderer when it is missing. Each worker starts its own simulated provider and
  // browser-mode server on a store of its own (fixtures.ts), so spec files run two at a time.
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: Number(process.env.KEEL_E2E_WORKERS ?? 2),
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  // Every spec runs against both: browser mode in Chromium (always), the desktop app through
  // Playwright's Electron support (skipped, with the reason, where the binary is missing).
  projects: [
    { name: 'browser', use: { keelMode: 'browser' } },
    { name: 'electron', use: { keelMode: 'electron' } },
  ],
  use: {
    headless: !process.env.HEADED,
    viewport: { width: 1200, height: 800 },
    // Recording a trace costs about 40 % of the specs' CPU (measured on accessibility.e2e.ts: 106 s
    // with traces, 64 s without; most of it the GPU process drawing trace frames), even when it is
    // thrown away on success. KEEL_E2E_TRACE=1 records them (kept for failed tests) to debug a failure;
    // a failure always keeps a screenshot and the page's error context.
    trace: process.env.KEEL_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})
