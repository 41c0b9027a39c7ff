// The renderer's bundle: builds the window's renderer for production with the app's own
// renderer config (electron.vite.config.ts, into a temporary folder), then reports
//   first-load JS  the entry script and every chunk it imports statically (what the window must load
//                  and run before it can draw), raw and gzip; the first-load CSS beside it;
//   lazy chunks    everything loaded by dynamic import() (highlighter, KaTeX, Mermaid …), the largest;
//   time to interactive  in Chromium, navigation start → the first frame where the composer has the
//                  focus (the app focuses it once it is ready), with a fake KeelApi (window.keel, as
//                  Electron's preload gives it) and an empty store; against a floor page on the same
//                  server that makes and focuses a textarea, paired, fresh browser context each rep.
// Goals: first-load JS ≤ 50 % of what it was before this work (1,921,525 bytes, one unminified
// 1.92 MB script, measured 2026-12-02 with `npm run build`), and the heavy parts (syntax grammars, math,
// diagrams) not in it. TTI is reported with its floor (no goal of its own).
// Run: `npm run bench -- bundle` (BUNDLE_BENCH_REPS, default 7).
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'
import { build, type Plugin, type UserConfig } from 'vite'
import electronViteConfig from '../electron.vite.config'
import { launchChromium, median, serveDirectory } from './browser-bench'
import { maxGoal, type GoalResult } from './goals'
import { writeBenchResults } from './results-file'

const REPS = Number(process.env.BUNDLE_BENCH_REPS ?? 7)
/** The renderer's first-load JS before the bundle was split (one unminified script), bytes. */
const BEFORE_FIRST_LOAD_BYTES = 1_921_525
const TARGET_SHARE = 0.5
/** Modules that must never be in the first load (they are imported on demand). */
const HEAVY = ['highlight.js', 'lowlight', 'katex', 'mermaid', 'cytoscape']

const started = performance.now()
const loadBefore = loadavg()
const repo = resolve(import.meta.dirname, '..')
const outDir = mkdtempSync(join(tmpdir(), 'keel-bundle-bench-'))
const kb = (n: number): string => `${(n / 1000).toFixed(1)} KB`

interface ChunkInfo {
  file: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  /** Packages (node_modules) with code in this chunk. */
  packages: string[]
}

let server: Server | undefined
let browser: Browser | undefined
try {
  // 1. Build: the app's renderer config, as electron-vite applies it (root src/renderer, base './',
  // no modulepreload polyfill, not minified unless asked), into a temporary folder.
  const config = electronViteConfig as { renderer?: UserConfig }
  const renderer = config.renderer ?? {}
  const chunks = new Map<string, ChunkInfo>()
  const record: Plugin = {
    name: 'keel-bundle-bench-record',
    generateBundle(_options, bundle) {
      for (const [file, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue
        const packages = new Set<string>()
        for (const id of Object.keys(item.modules)) {
          const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)
          if (match) packages.add(match[1]!)
        }
        chunks.set(file, {
          file,
          isEntry: item.isEntry,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          packages: [...packages],
        })
      }
    },
  }
  const buildStarted = performance.now()
  await build({
    ...renderer,
    configFile: false,
    root: join(repo, 'src/renderer'),
    base: './',
    mode: 'production',
    logLevel: 'warn',
    plugins: [...(renderer.plugins ?? []), record],
    // electron-vite's renderer defaults (minify off unless the config turns it on), then the app's config.
    build: {
      minify: false,
      ...renderer.build,
      outDir,
      emptyOutDir: true,
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
    },
  })
  const buildSeconds = (performance.now() - buildStarted) / 1000

  // 2. First load = the entry and its static imports (transitively); the rest of the JS is lazy.
  const size = (file: string) => {
    const bytes = readFileSync(join(outDir, file))
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  }
  const entries = [...chunks.values()].filter((c) => c.isEntry)
  const firstLoad = new Set<string>()
  const visit = (file: string): void => {
    if (firstLoad.has(file)) return
    firstLoad.add(file)
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported)
  }
  for (const entry of entries) visit(entry.file)
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  // What the page itself names (entry script, modulepreloads, stylesheets): all must be first-load files.
  const named = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!)
  const namedScripts = named.filter((f) => f.endsWith('.js'))
  const firstLoadCss = named.filter((f) => f.endsWith('.css'))
  const stray = namedScripts.filter((f) => !firstLoad.has(f))
  const sum = (files: Iterable<string>) =>
    [...files].reduce((acc, f) => ({ raw: acc.raw + size(f).raw, gzip: acc.gzip + size(f).gzip }), { raw: 0, gzip: 0 })
  const firstLoadJs = sum(firstLoad)
  const css = sum(firstLoadCss)
  const allJs = readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`)
  const lazy = allJs
    .filter((f) => !firstLoad.has(f))
    .map((file) => ({ file, ...size(file), packages: chunks.get(file)?.packages ?? [] }))
  lazy.sort((a, b) => b.raw - a.raw)
  const lazyTotal = lazy.reduce((acc, c) => ({ raw: acc.raw + c.raw, gzip: acc.gzip + c.gzip }), { raw: 0, gzip: 0 })
  const heavyInFirstLoad = HEAVY.filter((pkg) => [...firstLoad].some((f) => chunks.get(f)?.packages.includes(pkg)))
  const lazyOf = (pkg: string) => lazy.filter((c) => c.packages.includes(pkg)).map((c) => c.file)

  console.log(
    `bundle.bench: renderer built in ${buildSeconds.toFixed(1)} s; load avg ${loadBefore.map((l) => l.toFixed(1)).join(' ')}`,
  )
  console.log(
    `  first-load JS  ${[...firstLoad].join(', ')}: ${kb(firstLoadJs.raw)} raw, ${kb(firstLoadJs.gzip)} gzip (before: ${kb(BEFORE_FIRST_LOAD_BYTES)} raw; ${((100 * firstLoadJs.raw) / BEFORE_FIRST_LOAD_BYTES).toFixed(0)} %)`,
  )
  console.log(`  first-load CSS ${firstLoadCss.join(', ')}: ${kb(css.raw)} raw, ${kb(css.gzip)} gzip`)
  console.log(`  lazy chunks    ${lazy.length}, ${kb(lazyTotal.raw)} raw, ${kb(lazyTotal.gzip)} gzip; largest:`)
  for (const c of lazy.slice(0, 8))
    console.log(
      `    ${c.file.padEnd(48)} ${kb(c.raw).padStart(9)} raw ${kb(c.gzip).padStart(9)} gzip  ${c.packages.slice(0, 4).join(', ')}`,
    )
  for (const pkg of HEAVY)
    console.log(
      `  ${pkg.padEnd(12)} ${heavyInFirstLoad.includes(pkg) ? 'IN THE FIRST LOAD' : `on demand (${lazyOf(pkg).length} chunk(s))`}`,
    )

  // 3. Time to interactive: the built page on 127.0.0.1, Electron's API faked as window.keel.
  writeFileSync(
    join(outDir, 'floor.html'),
    '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="./floor.js"></script></head><body></body></html>',
  )
  writeFileSync(
    join(outDir, 'floor.js'),
    "const t = document.createElement('textarea'); document.body.append(t); t.focus()\n",
  )
  const served = await serveDirectory(outDir)
  server = served.server
  const port = served.port
  browser = await launchChromium()

  // In the page before its scripts: a fake KeelApi (an empty store) and a frame loop that notes the
  // first frame at which a focused textarea is on screen.
  // (A string: tsx would wrap named inner functions in a helper the page does not have.)
  const initScript = `(() => {
    const settings = { language: 'en', languageChoice: 'en', theme: 'system', defaultProvider: 'anthropic', firstRun: null, maxToolRounds: 8, turnTimeoutSeconds: 900, toolPermissions: {}, providers: [], keyStorage: 'memory-only', corruptSettings: [] }
    const values = { 'settings.get': settings, 'conversations.list': [] }
    if (!location.pathname.endsWith('floor.html')) {
      window.keel = new Proxy({}, {
        get: (_target, name) => {
          if (name === 'onRunEvent') return () => () => {}
          if (name === 'then') return undefined
          return () => new Promise((resolve) => setTimeout(() => resolve(name in values
            ? { ok: true, value: values[name] }
            : { ok: false, error: { kind: 'internal', message: 'bench: ' + String(name) + ' not faked', owner: 'system', retryable: false } }), 0))
        },
      })
    }
    const onFrame = () => {
      if (document.activeElement instanceof HTMLTextAreaElement) window.__interactiveAt = performance.now()
      else requestAnimationFrame(onFrame)
    }
    requestAnimationFrame(onFrame)
  })()`

  const pages = { app: 'index.html', floor: 'floor.html' } as const
  type PageName = keyof typeof pages
  const runOnce = async (name: PageName): Promise<{ ms: number; longestTaskMs: number }> => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      await context.addInitScript({ content: initScript })
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(`http://127.0.0.1:${port}/${pages[name]}`)
      await page.waitForFunction(
        () => (window as { __interactiveAt?: number }).__interactiveAt !== undefined,
        undefined,
        { timeout: 30_000 },
      )
      const result = await page.evaluate(() => {
        const longest = performance.getEntriesByType('longtask').reduce((max, e) => Math.max(max, e.duration), 0)
        return { ms: (window as { __interactiveAt?: number }).__interactiveAt!, longestTaskMs: longest }
      })
      if (errors.length > 0) throw new Error(`${name}: ${errors.join('; ')}`)
      return result
    } finally {
      await context.close()
    }
  }
  await runOnce('floor')
  await runOnce('app')
  const samples: Record<PageName, number[]> = { app: [], floor: [] }
  for (let r = 0; r < REPS; r++) {
    const order: PageName[] = r % 2 === 0 ? ['app', 'floor'] : ['floor', 'app']
    for (const name of order) samples[name].push((await runOnce(name)).ms)
  }
  const tti = {
    app: median(samples.app),
    floor: median(samples.floor),
    ratio: median(samples.app.map((a, i) => a / samples.floor[i]!)),
  }
  console.log(
    `  time to interactive (composer focused): app ${tti.app.toFixed(1)} ms, floor ${tti.floor.toFixed(1)} ms, paired ratio ${tti.ratio.toFixed(2)}× (${REPS} reps)`,
  )
  console.log(
    `    app samples ${samples.app.map((x) => x.toFixed(0)).join(' ')}; floor ${samples.floor.map((x) => x.toFixed(0)).join(' ')}`,
  )

  const failures: string[] = []
  if (stray.length > 0)
    failures.push(`scripts named by index.html but not in the entry's static graph: ${stray.join(', ')}`)
  if (entries.length !== 1) failures.push(`${entries.length} entry chunks`)
  const load = `load avg ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before the run`
  const goals: GoalResult[] = [
    maxGoal(
      'bundle',
      'renderer first-load JS (raw)',
      firstLoadJs.raw / 1000,
      Math.round((BEFORE_FIRST_LOAD_BYTES * TARGET_SHARE) / 100) / 10,
      'KB',
      {
        inclusive: true,
        floor: `${kb(BEFORE_FIRST_LOAD_BYTES)} before`,
        note: `${((100 * firstLoadJs.raw) / BEFORE_FIRST_LOAD_BYTES).toFixed(0)} % of before; ${kb(firstLoadJs.gzip)} gzip`,
      },
    ),
    {
      area: 'bundle',
      name: 'syntax grammars, math, diagrams loaded on demand',
      figure:
        heavyInFirstLoad.length === 0 ? 'none in the first load' : `in the first load: ${heavyInFirstLoad.join(', ')}`,
      floor: '—',
      target: `${HEAVY.join(', ')} only in lazy chunks`,
      pass: heavyInFirstLoad.length === 0,
    },
    {
      area: 'bundle',
      name: 'time to interactive (built page, composer focused)',
      figure: `${tti.app.toFixed(1)} ms (${tti.ratio.toFixed(2)}× paired)`,
      floor: `${tti.floor.toFixed(1)} ms (page with a textarea)`,
      target: 'reported (no goal set)',
      pass: true,
      note: load,
    },
  ]
  if (failures.length > 0)
    for (const goal of goals) Object.assign(goal, { pass: false, note: `checks failed: ${failures[0]}` })
  for (const goal of goals)
    console.log(
      `  goal ${goal.area}: ${goal.name}: ${goal.figure} (floor ${goal.floor}; target ${goal.target}): ${goal.pass ? 'PASS' : 'FAIL'}`,
    )
  console.log(
    `  checks (one entry; index.html names only first-load scripts): ${failures.length === 0 ? 'PASS' : 'FAIL'}`,
  )
  for (const f of failures) console.log(`    ${f}`)
  const totalSeconds = (performance.now() - started) / 1000
  console.log(
    `  total ${totalSeconds.toFixed(1)} s; load avg now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )

  writeBenchResults('bundle', loadBefore, {
    goals,
    before: { firstLoadJsRaw: BEFORE_FIRST_LOAD_BYTES },
    firstLoad: { files: [...firstLoad], js: firstLoadJs, css: { files: firstLoadCss, ...css } },
    lazy: { count: lazy.length, total: lazyTotal, largest: lazy.slice(0, 15) },
    heavyInFirstLoad,
    timeToInteractive: { ...tti, samples, reps: REPS },
    checks: { pass: failures.length === 0, failures },
    buildSeconds,
    totalSeconds,
  })
  if (failures.length > 0) process.exitCode = 1
} finally {
  await browser?.close()
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()))
  rmSync(outDir, { recursive: true, force: true })
}
