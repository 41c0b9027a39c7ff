// Dev aid (not a benchmark, not run by `npm run bench`): builds the renderer bench's pages, runs the app page once with a Chrome
// trace and a CPU profile, and prints what its longest main-thread tasks spent their time on.
// Run: `npx tsx bench/renderer/profile-app.ts [page=app] [tasks=3]`.
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { chromium } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { startTrace, TRACE_CATEGORIES } from './trace'

const pageName = process.argv[2] ?? 'app'
const topTasks = Number(process.argv[3] ?? 3)
const root = import.meta.dirname
const outDir = mkdtempSync(join(tmpdir(), 'keel-renderer-profile-'))
await build({
  root,
  configFile: false,
  logLevel: 'warn',
  base: './',
  mode: 'production',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    minify: false,
    reportCompressedSize: false,
    rollupOptions: { input: { app: join(root, 'app.html'), floor: join(root, 'floor.html') } },
  },
})
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }
const server = createServer((req, res) => {
  const file = join(
    outDir,
    normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, ''),
  )
  if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end()
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' })
  createReadStream(file).pipe(res)
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const port = (server.address() as { port: number }).port
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--js-flags=--expose-gc'],
})
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(`http://127.0.0.1:${port}/${pageName}.html`)
  await page.waitForFunction(() => window.__benchReady === true || window.__benchError !== undefined, undefined, {
    timeout: 30_000,
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const stopTrace = await startTrace(cdp, [
    ...TRACE_CATEGORIES,
    'disabled-by-default-devtools.timeline.invalidationTracking',
  ])
  const result = await page.evaluate(() => window.__benchStart!())
  const { profile } = await cdp.send('Profiler.stop')
  const events = (await stopTrace()) as unknown as Array<{
    name: string
    ph: string
    pid: number
    tid: number
    ts: number
    dur?: number
    args?: Record<string, unknown> & { name?: string }
  }>
  console.log(
    `wall ${(result.lastCharVisibleAt - result.startedAt).toFixed(0)} ms, renders ${result.renders}, frames ${result.frames}`,
  )
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  )
  const onMain = events.filter((e) => mains.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.dur !== undefined)
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    .sort((a, b) => b.dur! - a.dur!)
  const t0 = Math.min(...onMain.map((e) => e.ts))
  // CPU profile: sample i at profile.startTime + sum(timeDeltas[0..i]) (µs, same clock as the trace).
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const sampleTimes: number[] = []
  let t = profile.startTime
  for (const d of profile.timeDeltas ?? []) sampleTimes.push((t += d))
  const label = (id: number): string => {
    const f = nodes.get(id)!.callFrame
    return `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}`
  }
  {
    // The whole run: where the JS time went (self and inclusive), and the trace's rendering work.
    const self = new Map<string, number>()
    const incl = new Map<string, number>()
    for (const id of profile.samples ?? []) {
      self.set(label(id), (self.get(label(id)) ?? 0) + 1)
      const onStack = new Set<string>()
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) onStack.add(label(n))
      for (const l of onStack) incl.set(l, (incl.get(l) ?? 0) + 1)
    }
    const total = profile.samples?.length ?? 1
    const pct = (n: number) => `${((100 * n) / total).toFixed(1)}%`
    console.log(`\n== whole run: ${total} samples; self:`)
    for (const [l, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`    ${pct(n)} ${l}`)
    console.log('  inclusive:')
    for (const [l, n] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_LINES ?? 40)))
      console.log(`    ${pct(n)} ${l}`)
    const byName = new Map<string, number>()
    for (const e of onMain)
      if (
        [
          'Layout',
          'UpdateLayoutTree',
          'PrePaint',
          'Paint',
          'Layerize',
          'FunctionCall',
          'FireAnimationFrame',
          'MinorGC',
          'MajorGC',
          'ParseHTML',
          'HitTest',
        ].includes(e.name)
      )
        byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur! / 1000)
    console.log(
      '  trace:',
      [...byName]
        .sort((a, b) => b[1] - a[1])
        .map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`)
        .join(', '),
    )
  }
  const seen = new Set<string>()
  for (const task of tasks) {
    if (seen.size >= topTasks) break
    const end = task.ts + task.dur!
    if (
      [...seen].some((k) => {
        const [a, b] = k.split('-').map(Number)
        return task.ts < b! && end > a!
      })
    )
      continue
    seen.add(`${task.ts}-${end}`)
    console.log(`\n== task ${(task.dur! / 1000).toFixed(1)} ms at +${((task.ts - t0) / 1000).toFixed(0)} ms`)
    const byName = new Map<string, number>()
    for (const e of onMain)
      if (e.ts >= task.ts && e.ts + e.dur! <= end && e !== task && !e.name.includes('RunTask'))
        byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur! / 1000)
    console.log(
      '  trace events (inclusive, nested ones double count):',
      [...byName]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([n, ms]) => `${n} ${ms.toFixed(1)}`)
        .join(', '),
    )
    for (const e of onMain)
      if (
        e.ts >= task.ts &&
        e.ts + e.dur! <= end &&
        (e.name === 'Layout' || e.name === 'UpdateLayoutTree' || e.name === 'PrePaint')
      )
        console.log(`  ${e.name} ${(e.dur! / 1000).toFixed(1)} ms ${JSON.stringify(e.args).slice(0, 300)}`)
    const reasons = new Map<string, number>()
    const lastFrameStart = Math.max(
      ...onMain
        .filter(
          (e) => e.name === 'RunTask' && e.ts + e.dur! < task.ts && e.ts + e.dur! > task.ts - 400_000 && e.dur! > 0,
        )
        .map((e) => e.ts)
        .slice(-1),
      task.ts - 50_000,
    )
    for (const e of events)
      if (e.name.includes('InvalidationTracking') && e.ts >= task.ts - 200_000 && e.ts <= end) {
        const d = (
          e.args as {
            data?: {
              reason?: string
              nodeName?: string
              changedClass?: string
              changedAttribute?: string
              invalidationList?: unknown
            }
          }
        ).data
        const k = `${e.name.replace('InvalidationTracking', '')} ${d?.reason ?? ''} ${d?.nodeName ?? ''} ${d?.changedClass ?? ''}${d?.changedAttribute ?? ''} ${e.ts < task.ts ? 'before' : 'during'}`
        reasons.set(k, (reasons.get(k) ?? 0) + 1)
      }
    void lastFrameStart
    console.log('  invalidations (200 ms before and during):')
    for (const [k, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`   ${n} ${k}`)
    const self = new Map<string, number>()
    const incl = new Map<string, number>()
    let count = 0
    for (let i = 0; i < sampleTimes.length; i++) {
      if (sampleTimes[i]! < task.ts || sampleTimes[i]! > end) continue
      count++
      const id = profile.samples![i]!
      self.set(label(id), (self.get(label(id)) ?? 0) + 1)
      const onStack = new Set<string>()
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) onStack.add(label(n))
      for (const l of onStack) incl.set(l, (incl.get(l) ?? 0) + 1)
    }
    const pct = (n: number) => `${((100 * n) / Math.max(count, 1)).toFixed(0)}%`
    console.log(`  ${count} samples; self:`)
    for (const [l, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${pct(n)} ${l}`)
    console.log('  inclusive:')
    for (const [l, n] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`    ${pct(n)} ${l}`)
  }
} finally {
  await browser.close()
  server.close()
  rmSync(outDir, { recursive: true, force: true })
}
