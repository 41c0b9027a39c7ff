// Opening a 5,000-message conversation and scrolling it from bottom to top, in
// Chromium, on two pages built with vite:
//   app    Keel's real renderer (App, ChatStore, the virtualized message list, Markdown, styles)
//          with a fake KeelApi that holds the conversation (bench/open-conversation/workload.ts);
//   floor  the same messages as plain text, every one in the DOM (one <article><pre> each).
// Both receive the same view JSON after a macrotask hop and parse it (the transport's share).
// Per rep (a fresh page each, order alternating, paired): time from the user's click to the last
// screen painted and scrollable; longest main-thread task while opening (Chrome trace); JS heap
// and DOM nodes once open (CDP Performance.getMetrics after a GC); then scrolling from the end to
// the top one step per frame: longest main-thread task (trace) and longest frame interval.
// Goals (bench/goals.ts, area long-conversation): open ≤ 2× floor; no task over 50 ms; no frame over 50 ms.
// Run: `npm run bench -- open-conversation` (OPEN_BENCH_REPS=n, OPEN_BENCH_QUICK=1 or --quick).
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext } from '@playwright/test'
import { median, openPageBench, type PageBench } from './browser-bench'
import { maxGoal, ratioGoal, type GoalResult } from './goals'
import { writeBenchResults } from './results-file'
import { eventsWithin, longestTask, mainThreadTasks, startTrace, type TaskStats } from './renderer/trace'
import { LAST_MARK, MESSAGES, type OpenResult, type ScrollResult } from './open-conversation/workload'

const QUICK = process.argv.includes('--quick') || process.env.OPEN_BENCH_QUICK === '1'
const REPS = Number(process.env.OPEN_BENCH_REPS ?? (QUICK ? 1 : 5))
/** Scrolling is long (thousands of frames): measured in this many of the reps. */
const SCROLL_REPS = Math.min(REPS, Number(process.env.OPEN_BENCH_SCROLL_REPS ?? (QUICK ? 1 : 2)))
/** Pixels per frame going up: a fast wheel (60,000 px/s at 60 Hz). */
const SCROLL_STEP = 1000
/** OPEN_BENCH_PROFILE=1: a CPU profile of each scroll, its top functions by self time printed (to find what costs). */
const PROFILE = process.env.OPEN_BENCH_PROFILE === '1'
const PAGES = ['app', 'floor'] as const

interface CpuProfile {
  nodes: Array<{
    id: number
    callFrame: { functionName: string; url: string; lineNumber: number }
    hitCount?: number
    children?: number[]
  }>
  startTime: number
  samples?: number[]
  timeDeltas?: number[]
}
/** Self time by function over the whole scroll, then inclusive time within its longest main-thread task. */
function printProfile(name: string, profile: CpuProfile, longest: { ts: number; dur: number } | undefined): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const label = (id: number): string => {
    const f = byId.get(id)!.callFrame
    return `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber}`
  }
  const self = new Map<string, number>()
  const inTask = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let at = profile.startTime
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0
    if (!byId.has(samples[i]!)) continue
    self.set(label(samples[i]!), (self.get(label(samples[i]!)) ?? 0) + (deltas[i] ?? 0) / 1000)
    if (longest && at >= longest.ts && at <= longest.ts + longest.dur) {
      const onStack = new Set<string>()
      for (let n: number | undefined = samples[i]; n !== undefined; n = parent.get(n)) onStack.add(label(n))
      for (const l of onStack) inTask.set(l, (inTask.get(l) ?? 0) + (deltas[i] ?? 0) / 1000)
    }
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)
  process.stderr.write(
    `  profile of the ${name} scroll (self ms):\n${top.map(([k, ms]) => `    ${ms.toFixed(1).padStart(8)}  ${k}`).join('\n')}\n`,
  )
  if (longest) {
    const topIn = [...inTask.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)
    process.stderr.write(
      `  its longest task (${(longest.dur / 1000).toFixed(1)} ms), inclusive ms:\n${topIn.map(([k, ms]) => `    ${ms.toFixed(1).padStart(8)}  ${k}`).join('\n')}\n`,
    )
  }
}
type PageName = (typeof PAGES)[number]

const f1 = (n: number): string => n.toFixed(1)

const started = performance.now()
const loadBefore = loadavg()
const root = join(import.meta.dirname, 'open-conversation')

interface Sample {
  page: PageName
  open: OpenResult
  openMs: number
  openTrace: TaskStats
  heapMb: number
  nodes: number
  scroll?: ScrollResult
  scrollTrace?: TaskStats
  /** JS heap after the scroll reached the top, after a GC: what scrolling the whole conversation keeps. */
  scrollHeapMb?: number
}

let bench: PageBench | undefined
try {
  // The pages built (production mode, like the packaged app), served on 127.0.0.1, Chromium open.
  bench = await openPageBench(root, 'keel-open-bench-', PAGES, { minify: !PROFILE, gc: true })
  const { port, browser } = bench
  const chromeVersion = browser.version()
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  console.log(
    `open-conversation.bench: Chromium ${chromeVersion}, ${cpus().length} cores, load avg ${loadBefore.map((l) => l.toFixed(1)).join(' ')}; ` +
      `${MESSAGES} messages; ${REPS} reps (scroll in ${SCROLL_REPS}, ${SCROLL_STEP} px a frame)${QUICK ? ' [quick]' : ''}`,
  )

  const runOnce = async (name: PageName, scroll: boolean): Promise<Sample> => {
    const page = await context.newPage()
    try {
      await page.goto(`http://127.0.0.1:${port}/${name}.html`)
      await page.waitForFunction(() => window.__benchReady === true || window.__benchError !== undefined, undefined, {
        timeout: 60_000,
      })
      const pageError = await page.evaluate(() => window.__benchError)
      if (pageError) throw new Error(`${name} page failed to start: ${pageError}`)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Performance.enable')
      const metrics = async (): Promise<Record<string, number>> =>
        Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]))
      let stopTrace = await startTrace(cdp)
      const open = await page.evaluate(() => window.__benchOpen!())
      const openTrace = mainThreadTasks(await stopTrace())
      if (open.error) throw new Error(`${name}: ${open.error}`)
      await page.evaluate(() => (window as { gc?: () => void }).gc?.())
      const after = await metrics()
      const sample: Sample = {
        page: name,
        open,
        openMs: open.paintedAt - open.startedAt,
        openTrace,
        heapMb: after.JSHeapUsedSize! / 1e6,
        nodes: after.Nodes!,
      }
      if (scroll) {
        stopTrace = await startTrace(cdp)
        if (PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'))
        sample.scroll = await page.evaluate((step) => window.__benchScroll!(step), SCROLL_STEP)
        const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : undefined
        const scrollEvents = await stopTrace()
        sample.scrollTrace = mainThreadTasks(scrollEvents)
        const longest = longestTask(scrollEvents)
        if (profile) printProfile(name, profile, longestTask(scrollEvents, true))
        if (longest)
          process.stderr.write(
            `  ${name}'s longest scroll task, ${(longest.dur / 1000).toFixed(1)} ms, held (trace events, ms): ${eventsWithin(scrollEvents, longest)}\n`,
          )
        if (sample.scroll.error) throw new Error(`${name} scroll: ${sample.scroll.error}`)
        await page.evaluate(() => (window as { gc?: () => void }).gc?.())
        sample.scrollHeapMb = (await metrics()).JSHeapUsedSize! / 1e6
      }
      await cdp.detach()
      return sample
    } finally {
      await page.close()
    }
  }

  await runOnce('floor', false) // warm-up (browser caches, Chromium's first-page costs)
  const samples: Record<PageName, Sample[]> = { app: [], floor: [] }
  for (let r = 0; r < REPS; r++) {
    const order = r % 2 === 0 ? PAGES : [...PAGES].reverse()
    for (const name of order) {
      const s = await runOnce(name, r < SCROLL_REPS)
      samples[name].push(s)
      process.stderr.write(
        `  rep ${r + 1} ${name.padEnd(5)} open ${f1(s.openMs)} ms (parsed at +${f1(s.open.parsedAt - s.open.startedAt)}, shown at +${f1(s.open.shownAt - s.open.startedAt)}), ` +
          `longest task ${f1(s.openTrace.longestMs)} ms, heap ${f1(s.heapMb)} MB, ${s.nodes} nodes, ${s.open.mountedMessages} messages in the DOM` +
          (s.scroll
            ? `; scroll ${s.scroll.frames} frames in ${f1(s.scroll.ms)} ms, longest task ${f1(s.scrollTrace!.longestMs)} ms, longest frame ${f1(s.scroll.maxFrameMs)} ms, ${s.scroll.slowFrames} over 50 ms, at most ${s.scroll.maxMountedMessages} messages in the DOM, heap after ${f1(s.scrollHeapMb!)} MB`
            : '') +
          '\n',
      )
    }
  }

  // Checks: the work was really done.
  const failures: string[] = []
  for (const name of PAGES)
    for (const [i, s] of samples[name].entries()) {
      if (!s.open.lastText.includes(LAST_MARK.slice(0, 6)) && !s.open.lastText.length)
        failures.push(`${name} rep ${i + 1}: the last message had no text`)
      if (s.open.scrollHeight <= s.open.clientHeight * 2)
        failures.push(`${name} rep ${i + 1}: not scrollable (${s.open.scrollHeight} ≤ 2 × ${s.open.clientHeight})`)
      if (name === 'floor' && s.open.mountedMessages !== MESSAGES)
        failures.push(`floor rep ${i + 1}: ${s.open.mountedMessages} messages in the DOM`)
      if (name === 'app' && s.open.mountedMessages > 100)
        failures.push(`app rep ${i + 1}: ${s.open.mountedMessages} messages in the DOM (not virtualized?)`)
      if (s.scroll && (!s.scroll.reachedTop || !s.scroll.firstText.includes('1.')))
        failures.push(
          `${name} rep ${i + 1}: the scroll did not end on the first message (${s.scroll.firstText.slice(0, 30)})`,
        )
    }

  const m = (name: PageName, f: (s: Sample) => number | undefined): number =>
    median(samples[name].map(f).filter((x): x is number => x !== undefined))
  const pairedOpen = median(samples.app.map((s, i) => s.openMs / samples.floor[i]!.openMs))
  const row = (name: PageName) => ({
    page: name,
    openMs: m(name, (s) => s.openMs),
    parseMs: m(name, (s) => s.open.parsedAt - s.open.startedAt),
    openLongestTaskMs: m(name, (s) => s.openTrace.longestMs),
    openMaxLongestTaskMs: Math.max(...samples[name].map((s) => s.openTrace.longestMs)),
    openMainThreadMs: m(name, (s) => s.openTrace.busyMs),
    heapMb: m(name, (s) => s.heapMb),
    nodes: m(name, (s) => s.nodes),
    mountedMessages: m(name, (s) => s.open.mountedMessages),
    scrollFrames: m(name, (s) => s.scroll?.frames),
    scrollLongestTaskMs: m(name, (s) => s.scrollTrace?.longestMs),
    scrollMaxFrameMs: m(name, (s) => s.scroll?.maxFrameMs),
    scrollSlowFrames: m(name, (s) => s.scroll?.slowFrames),
    scrollMaxMountedMessages: m(name, (s) => s.scroll?.maxMountedMessages),
    scrollHeapMb: m(name, (s) => s.scrollHeapMb),
    samples: {
      openMs: samples[name].map((s) => Math.round(s.openMs * 10) / 10),
      openLongestTaskMs: samples[name].map((s) => Math.round(s.openTrace.longestMs * 10) / 10),
      scrollLongestTaskMs: samples[name].flatMap((s) =>
        s.scrollTrace ? [Math.round(s.scrollTrace.longestMs * 10) / 10] : [],
      ),
    },
  })
  const app = row('app')
  const floor = row('floor')

  const header = [
    'page',
    'open ms',
    'parse ms',
    'longest task',
    'main thread',
    'heap MB',
    'DOM nodes',
    'messages',
    'scroll frames',
    'scroll longest task',
    'longest frame',
    'frames > 50 ms',
    'heap after scroll',
  ]
  const cells = (r: typeof app) => [
    r.page,
    f1(r.openMs),
    f1(r.parseMs),
    f1(r.openLongestTaskMs),
    f1(r.openMainThreadMs),
    f1(r.heapMb),
    String(r.nodes),
    String(r.mountedMessages),
    String(r.scrollFrames),
    f1(r.scrollLongestTaskMs),
    f1(r.scrollMaxFrameMs),
    String(r.scrollSlowFrames),
    f1(r.scrollHeapMb),
  ]
  const table = [
    cells(app),
    cells(floor),
    [
      'app÷floor',
      `${pairedOpen.toFixed(2)}×`,
      '',
      '',
      '',
      `${(app.heapMb / floor.heapMb).toFixed(2)}×`,
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ],
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)))
  const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ')
  console.log()
  console.log(line(header))
  console.log(widths.map((w) => '─'.repeat(w)).join('  '))
  for (const r of table) console.log(line(r))
  console.log()
  console.log(
    `  checks (every rep: the end shown and scrollable, app virtualized, floor whole, the scroll reached the first message): ${failures.length === 0 ? 'PASS' : 'FAIL'}`,
  )
  for (const f of failures.slice(0, 10)) console.log(`    ${f}`)
  console.log(
    'Notes:\n' +
      '  open ms        = the user opens the conversation → the frame after its last screen was complete at the end (painted);\n' +
      '                   app÷floor is the median of per-rep ratios. parse = the view JSON parsed (both pages, same text).\n' +
      '  longest task   = longest top-level task on the renderer main thread (Chrome trace) from the click to 300 ms after the paint.\n' +
      '  heap / nodes   = CDP Performance.getMetrics (JSHeapUsedSize, Nodes) after a GC, once open;\n' +
      '                   heap after scroll = the same once the scroll reached the top (what scrolling everything keeps).\n' +
      `  scroll         = ${SCROLL_STEP} px up per frame until the first message is on screen; longest task from the trace,\n` +
      '                   longest frame = longest interval between animation frames (page clock).',
  )

  const loadNote = `load avg ${loadBefore.map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores`
  const goals: GoalResult[] = [
    ratioGoal(
      'long-conversation',
      'open 5,000-message conversation: last screen painted',
      app.openMs,
      floor.openMs,
      2,
      'ms',
      {
        note: `paired median ${pairedOpen.toFixed(2)}×; heap ${f1(app.heapMb)} MB vs floor ${f1(floor.heapMb)} MB; ${loadNote}`,
      },
    ),
    maxGoal('long-conversation', 'open 5,000-message conversation: longest task', app.openMaxLongestTaskMs, 50, 'ms', {
      floor: `${f1(floor.openLongestTaskMs)} ms`,
      inclusive: true,
      note: `worst of ${REPS} reps (median ${f1(app.openLongestTaskMs)} ms); includes parsing the view JSON (${f1(app.parseMs)} ms to parsed)`,
    }),
    maxGoal(
      'long-conversation',
      'scroll 5,000 messages bottom → top: longest frame (main-thread task)',
      app.scrollLongestTaskMs,
      50,
      'ms',
      {
        floor: `${f1(floor.scrollLongestTaskMs)} ms`,
        inclusive: true,
        note: `longest frame interval ${f1(app.scrollMaxFrameMs)} ms (floor ${f1(floor.scrollMaxFrameMs)} ms), ${app.scrollSlowFrames} frames over 50 ms; heap after the scroll ${f1(app.scrollHeapMb)} MB (floor ${f1(floor.scrollHeapMb)} MB)`,
      },
    ),
  ]
  const totalSeconds = (performance.now() - started) / 1000
  console.log(
    `  total ${totalSeconds.toFixed(1)} s; load avg now ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  writeBenchResults('open-conversation', loadBefore, {
    chromium: chromeVersion,
    workload: { messages: MESSAGES, reps: REPS, scrollReps: SCROLL_REPS, scrollStepPx: SCROLL_STEP, quick: QUICK },
    rows: [app, floor],
    ratios: { open: pairedOpen, heap: app.heapMb / floor.heapMb },
    checks: { pass: failures.length === 0, failures },
    goals,
    totalSeconds,
  })
  if (failures.length > 0) process.exitCode = 1
} finally {
  await bench?.close()
}
