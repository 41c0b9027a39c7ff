// Start-up: from launching browser mode (spawning `start-web` on a store) to
// the composer accepting input in Chromium (the message field enabled and focused, which the window
// does once its first data, the first page of conversations included, has arrived), with the large
// store (10,000 conversations, 200,000 messages) against the same with an empty store. Reps are
// paired (empty and large back to back, order alternating), figures are medians; goal: large ≤ 1.2×
// empty. Where the time goes, per store: process start to Keel's own code (`main`: Node, tsx,
// module loading), the store opened, the service ready, listening, the page loaded
// (DOMContentLoaded), the first list shown, the composer ready (`start-web --timing`, and the page's
// clock: both read `performance.timeOrigin + performance.now()`).
// The desktop app (Electron's main process, to the same composer) is measured where the Electron
// binary is installed; otherwise the bench says it skipped it and why.
//
// Run: `npm run bench -- startup` (or `npx tsx bench/startup.bench.ts`), `--quick` for a few reps;
// STARTUP_REPS=N sets the reps.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron, chromium, type Browser, type Page } from '@playwright/test'
import { electronBinary } from '../test/e2e/electron-binary'
import { epochNow, ensureRendererBuilt, repoRoot, startKeelWeb } from './first-token/keel-web-process'
import { f1, f2, median, pairedRatio } from './first-token/stats'
import { createEmptyStore, createLargeStore, storeSize } from './first-token/stores'
import { ratioGoal, type GoalResult } from './goals'
import { writeBenchResults } from './results-file'

const QUICK = process.argv.includes('--quick')
const REPS = Number(process.env.STARTUP_REPS ?? (QUICK ? 3 : 10))
const STORES = ['empty', 'large'] as const
type StoreName = (typeof STORES)[number]
const GOAL_RATIO = 1.2
/** The simulated provider is not needed to start: a closed port stands in for its address. */
const NO_PROVIDER = 'http://127.0.0.1:9'

/** Page-side marks, installed before the page's scripts: the first conversation listed, the composer ready. */
const READY_PROBE = String.raw`(() => {
  const now = () => performance.timeOrigin + performance.now()
  window.__startup = {}
  document.addEventListener('DOMContentLoaded', () => (window.__startup.domContentLoaded = now()))
  const check = () => {
    const marks = window.__startup
    if (marks.listShown === undefined && document.querySelector('[data-testid="conversation-item"]')) marks.listShown = now()
    const box = document.querySelector('form.composer textarea')
    if (marks.composerReady === undefined && box && !box.disabled && !box.readOnly && document.activeElement === box) marks.composerReady = now()
    // Until both are seen (an empty store lists nothing: stop 2 s after the composer is ready).
    if (marks.composerReady === undefined || (marks.listShown === undefined && now() - marks.composerReady < 2000)) requestAnimationFrame(check)
  }
  requestAnimationFrame(check)
})()`

interface Marks {
  domContentLoaded?: number
  listShown?: number
  composerReady?: number
}

interface Sample {
  /** Spawn → composer ready. */
  totalMs: number
  /** Spawn → each phase (ms). */
  phases: Record<string, number>
}

const PHASES = [
  'main',
  'store-open',
  'service-ready',
  'listening',
  'page-loaded',
  'list-shown',
  'composer-ready',
] as const

const started = performance.now()
const loadBefore = loadavg()
const dir = mkdtempSync(join(tmpdir(), 'keel-startup-'))
let browser: Browser | undefined
try {
  ensureRendererBuilt()
  const paths: Record<StoreName, string> = { empty: join(dir, 'empty.db'), large: join(dir, 'large.db') }
  createEmptyStore(paths.empty)
  const seeded = await createLargeStore(paths.large)
  const largeSize = storeSize(paths.large)
  console.log(
    `startup.bench: large store ${largeSize.conversations} conversations, ${largeSize.messages} messages (${seeded.generator}, ${f1(seeded.ms / 1000)} s, not measured)`,
  )

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  console.log(
    `  Chromium ${browser.version()}, Node ${process.versions.node}, ${cpus().length} cores, load avg ${loadBefore.map(f1).join(' ')}; ${REPS} paired reps (+1 warm-up each)`,
  )

  /** Waits in the page until the composer is ready (and, with conversations, the list shown). */
  const waitReady = async (page: Page, expectList: boolean): Promise<Marks> => {
    await page.waitForFunction(
      (list) => window.__startup?.composerReady !== undefined && (!list || window.__startup.listShown !== undefined),
      expectList,
      { timeout: 120_000, polling: 50 },
    )
    return (await page.evaluate(() => window.__startup)) as Marks
  }

  const runOnce = async (store: StoreName): Promise<Sample> => {
    const web = await startKeelWeb(paths[store], NO_PROVIDER, { timing: true })
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      await context.addInitScript(READY_PROBE)
      const page = await context.newPage()
      await page.goto(web.url)
      const marks = await waitReady(page, store === 'large')
      // Accepting input: what is typed lands in the field.
      await page.keyboard.type('hi')
      const typed = await page.locator('form.composer textarea').inputValue()
      if (typed !== 'hi')
        throw new Error(`${store}: the composer did not take input (it holds ${JSON.stringify(typed)})`)
      const server = Object.fromEntries(
        [...web.stderr().matchAll(/^\[keel\] timing (\S+) (\d+(?:\.\d+)?)$/gm)].map((m) => [m[1]!, Number(m[2])]),
      )
      const since = (at: number | undefined) => (at === undefined ? Number.NaN : at - web.spawnedAt)
      const phases: Record<string, number> = {
        main: since(server.main),
        'store-open': since(server['store-open']),
        'service-ready': since(server['service-ready']),
        listening: since(server.listening),
        'page-loaded': since(marks.domContentLoaded),
        'list-shown': since(marks.listShown),
        'composer-ready': since(marks.composerReady),
      }
      return { totalMs: since(marks.composerReady), phases }
    } finally {
      await context.close()
      await web.stop()
    }
  }

  for (const store of STORES) await runOnce(store)
  const samples: Record<StoreName, Sample[]> = { empty: [], large: [] }
  for (let r = 0; r < REPS; r++) {
    const order = r % 2 === 0 ? STORES : ([...STORES].reverse() as StoreName[])
    for (const store of order) samples[store].push(await runOnce(store))
    process.stderr.write(
      `  rep ${r + 1}: empty ${f1(samples.empty.at(-1)!.totalMs)} ms, large ${f1(samples.large.at(-1)!.totalMs)} ms\n`,
    )
  }

  const medianPhase = (store: StoreName, phase: string) =>
    median(samples[store].map((s) => s.phases[phase]!).filter((n) => !Number.isNaN(n)))
  const header = ['phase (ms since spawn)', 'empty', 'large', 'large − empty']
  const table = PHASES.map((phase) => {
    const e = medianPhase('empty', phase)
    const l = medianPhase('large', phase)
    return [
      phase,
      Number.isNaN(e) ? '—' : f1(e),
      Number.isNaN(l) ? '—' : f1(l),
      Number.isNaN(e) || Number.isNaN(l) ? '' : f1(l - e),
    ]
  })
  const empty = median(samples.empty.map((s) => s.totalMs))
  const large = median(samples.large.map((s) => s.totalMs))
  const ratio = pairedRatio(
    samples.large.map((s) => s.totalMs),
    samples.empty.map((s) => s.totalMs),
  )
  table.push(['to composer ready', f1(empty), f1(large), `${f1(large - empty)} (${f2(ratio)}×)`])
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)))
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log()
  console.log(fmt(header))
  console.log(widths.map((w) => '─'.repeat(w)).join('  '))
  for (const row of table) console.log(fmt(row))
  console.log()
  console.log(
    'Notes:\n' +
      '  main = Node started and loaded Keel (tsx compiles the TypeScript sources in browser mode; the desktop app runs a bundle);\n' +
      '  store-open = the store opened (integrity check, migrations, crash recovery); list-shown = the first conversation listed\n' +
      '  (none in the empty store); composer-ready = the message field enabled and focused. The ratio is the median of per-rep ratios.',
  )

  // The desktop app, where it exists.
  const electron = electronBinary()
  let desktop: { empty: number; large: number; ratio: number } | { skipped: string }
  if (!electron) {
    desktop = { skipped: 'the Electron binary is not installed (npm run electron:install needs the network)' }
    console.log(`  desktop app (Electron main process): skipped: ${desktop.skipped}`)
  } else {
    const launchOnce = async (store: StoreName): Promise<number> => {
      const profile = mkdtempSync(join(dir, 'profile-'))
      const launchedAt = epochNow()
      const app = await _electron.launch({
        executablePath: electron,
        cwd: repoRoot,
        args: ['.', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
        env: {
          ...process.env,
          KEEL_DB: paths[store],
          KEEL_USER_DATA_DIR: profile,
          KEEL_DEFAULT_PROVIDER: 'anthropic',
          KEEL_ANTHROPIC_BASE_URL: `${NO_PROVIDER}/anthropic/v1`,
          ANTHROPIC_API_KEY: 'bench',
        },
      })
      try {
        const window = await app.firstWindow()
        await window.waitForFunction(
          () => {
            const box = document.querySelector('form.composer textarea')
            return box !== null && document.activeElement === box
          },
          undefined,
          { timeout: 120_000, polling: 'raf' },
        )
        return (await window.evaluate(() => performance.timeOrigin + performance.now())) - launchedAt
      } finally {
        await app.close()
      }
    }
    const runs: Record<StoreName, number[]> = { empty: [], large: [] }
    for (const store of STORES) await launchOnce(store)
    for (let r = 0; r < Math.max(3, Math.ceil(REPS / 2)); r++)
      for (const store of r % 2 === 0 ? STORES : [...STORES].reverse())
        runs[store].push(await launchOnce(store as StoreName))
    desktop = { empty: median(runs.empty), large: median(runs.large), ratio: pairedRatio(runs.large, runs.empty) }
    console.log(
      `  desktop app (Electron, launch → composer ready): empty ${f1(desktop.empty)} ms, large ${f1(desktop.large)} ms (${f2(desktop.ratio)}×)`,
    )
  }

  /** The goal on the paired ratio (the median of per-rep ratios), the figures being the medians. */
  const pairedGoal = (name: string, figure: number, floor: number, paired: number, note: string): GoalResult => ({
    ...ratioGoal('startup', name, figure, floor, GOAL_RATIO, 'ms', { note }),
    figure: `${f1(figure)} ms (${f2(paired)}×)`,
    pass: paired <= GOAL_RATIO,
  })
  const opening = (store: StoreName) => medianPhase(store, 'store-open') - medianPhase(store, 'main')
  const goals: GoalResult[] = [
    pairedGoal(
      'startup (browser mode, to composer ready)',
      large,
      empty,
      ratio,
      `empty store as the floor; opening the store ${f1(opening('large'))} ms large vs ${f1(opening('empty'))} ms empty`,
    ),
  ]
  if ('ratio' in desktop)
    goals.push(
      pairedGoal(
        'startup (desktop app, to composer ready)',
        desktop.large,
        desktop.empty,
        desktop.ratio,
        'empty store as the floor',
      ),
    )
  for (const g of goals)
    console.log(
      `  ${g.pass ? 'PASS' : 'FAIL'}  ${g.name}: ${g.figure} vs ${g.floor} (target ${g.target}; ${g.note ?? ''})`,
    )
  const totalSeconds = (performance.now() - started) / 1000
  console.log(`  total ${f1(totalSeconds)} s; load avg now ${loadavg().map(f1).join(' ')}`)
  writeBenchResults('startup', loadBefore, {
    chromium: browser.version(),
    workload: { reps: REPS, largeStore: { ...largeSize, generator: seeded.generator } },
    phasesMs: Object.fromEntries(STORES.map((s) => [s, Object.fromEntries(PHASES.map((p) => [p, medianPhase(s, p)]))])),
    totalMs: { empty, large, ratio },
    samples: Object.fromEntries(STORES.map((s) => [s, samples[s].map((x) => Math.round(x.totalMs * 10) / 10)])),
    desktop,
    goals,
    totalSeconds,
  })
} finally {
  await browser?.close()
  rmSync(dir, { recursive: true, force: true })
}

declare global {
  interface Window {
    __startup?: Marks
  }
}
