// First token: from the provider writing the first text delta to the word
// painted in Keel's window, through the real core and the browser-mode WebSocket, against a floor
// page that reads the same stream from the simulator with `fetch` and appends it to the DOM. Same
// for the first tool-card draft (the provider's first write of a tool call → the card painted).
//
//   provider  the simulated provider (in this process): `turn.marks` notes when the write holding
//             the first text delta (and the tool call's start) is handed to the socket, on the
//             epoch high-resolution clock (`performance.timeOrigin + performance.now()`);
//   keel      browser mode (`start-web`, its own process) on an empty store and on the large store
//             (10,000 conversations, 200,000 messages), each in a Chromium tab: per rep a new
//             conversation, a question, an answer whose first word is unique to the rep, then a
//             read-only tool call (list_measurements, no approval) and a short final answer;
//   floor     a page on the simulator's origin that fetches the same stream and appends the text.
// In both pages the same probe (first-token/paint-probe.ts) notes the DOM mutation and the paint of
// the frame that shows it, on the same clock. Reps are paired (floor, empty, large; order rotated),
// figures are medians; the goal is Keel within one frame of the floor (keel − floor ≤ 16.7 ms).
//
// Run: `npm run bench -- first-token` (or `npx tsx bench/first-token.bench.ts`), `--quick` for a few
// reps; FIRST_TOKEN_REPS=N sets the reps; FIRST_TOKEN_CPU_PROF=DIR writes CPU profiles of both
// servers there (`--cpu-prof`); FIRST_TOKEN_DELAY_MS sets the provider's gap between events (20),
// FIRST_TOKEN_TTFB_MS its wait before the response starts (300).
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { startSimulatedProvider, type SimulatedProvider } from '../test/support/simulated-provider'
import { FLOOR_HTML, FLOOR_PATH } from './first-token/floor-page'
import { ensureRendererBuilt, startKeelWeb, type KeelWeb } from './first-token/keel-web-process'
import { PAINT_PROBE, type PaintMark } from './first-token/paint-probe'
import { f1, f2, median, pairedDifference, pairedRatio, percentile } from './first-token/stats'
import { createEmptyStore, createLargeStore, storeSize } from './first-token/stores'
import { WS_ARRIVALS } from './first-token/ws-arrivals'
import { maxGoal, type GoalResult } from './goals'
import { writeBenchResults } from './results-file'

const QUICK = process.argv.includes('--quick')
const REPS = Number(process.env.FIRST_TOKEN_REPS ?? (QUICK ? 5 : 20))
const WARMUP = QUICK ? 1 : 2
const DELAY_MS = Number(process.env.FIRST_TOKEN_DELAY_MS ?? 20)
/** The provider's time to first byte (a real one takes a few hundred ms: the core's writer has flushed by then). */
const TTFB_MS = Number(process.env.FIRST_TOKEN_TTFB_MS ?? 300)
const FRAME_MS = 16.7
const TOOL = 'list_measurements'
const TARGETS = ['floor', 'empty', 'large'] as const
type Target = (typeof TARGETS)[number]

interface Sample {
  /** Provider write → painted. */
  textMs: number
  toolMs: number
  /** Provider write → the page received it (WebSocket message, or the fetch chunk). */
  textArrivalMs: number
  /** Provider write → DOM mutation. */
  textMutationMs: number
  toolArrivalMs: number
}

const started = performance.now()
const loadBefore = loadavg()
const dir = mkdtempSync(join(tmpdir(), 'keel-first-token-'))
let sim: SimulatedProvider | undefined
let browser: Browser | undefined
const servers: KeelWeb[] = []
try {
  ensureRendererBuilt()
  const emptyPath = join(dir, 'empty.db')
  const largePath = join(dir, 'large.db')
  createEmptyStore(emptyPath)
  const seeded = await createLargeStore(largePath)
  const largeSize = storeSize(largePath)
  console.log(
    `first-token.bench: large store ${largeSize.conversations} conversations, ${largeSize.messages} messages (${seeded.generator}, ${f1(seeded.ms / 1000)} s, not measured)`,
  )

  sim = await startSimulatedProvider()
  const cpuProfDir = process.env.FIRST_TOKEN_CPU_PROF
  const empty = await startKeelWeb(emptyPath, sim.origin, { cpuProfDir: cpuProfDir && join(cpuProfDir, 'empty') })
  servers.push(empty)
  const large = await startKeelWeb(largePath, sim.origin, { cpuProfDir: cpuProfDir && join(cpuProfDir, 'large') })
  servers.push(large)

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
    ],
  })
  console.log(
    `  Chromium ${browser.version()}, Node ${process.versions.node}, ${cpus().length} cores, load avg ${loadBefore.map(f1).join(' ')}; ` +
      `${REPS} paired reps (+${WARMUP} warm-up), provider answers after ${TTFB_MS} ms, events ${DELAY_MS} ms apart`,
  )

  const openKeel = async (server: KeelWeb): Promise<Page> => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addInitScript(WS_ARRIVALS)
    const page = await context.newPage()
    await page.goto(server.url)
    await page.getByRole('button', { name: 'New conversation' }).waitFor({ timeout: 60_000 })
    await page.getByRole('textbox', { name: 'Message' }).waitFor({ timeout: 60_000 })
    await page.evaluate(PAINT_PROBE)
    return page
  }
  const openFloor = async (): Promise<Page> => {
    const context = await browser!.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    // Served at the simulator's origin (same-origin fetch); the route is dropped once loaded, so the stream itself is never intercepted.
    await page.route(`${sim!.origin}${FLOOR_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: FLOOR_HTML }),
    )
    await page.goto(`${sim!.origin}${FLOOR_PATH}`)
    await page.unrouteAll()
    await page.evaluate(PAINT_PROBE)
    return page
  }
  const pages: Record<Target, Page> = {
    floor: await openFloor(),
    empty: await openKeel(empty),
    large: await openKeel(large),
  }

  /** The provider's answer for rep `id`: a unique first word, more words, then the tool call. */
  const firstTurn = (marker: string) => ({
    type: 'turn' as const,
    text: [marker, ' is', ' the', ' first', ' word.', ' Let', ' me', ' look.'],
    toolCalls: [{ name: TOOL, arguments: { limit: 5 } }],
    faults: { delayMs: DELAY_MS, headersDelayMs: TTFB_MS },
    marks: { text: marker, tool: TOOL },
  })

  const arm = (page: Page, marker: string) =>
    page.evaluate(`(() => {
      window.__ft = { text: window.__paintProbe.watch('text', ${JSON.stringify(marker)}), tool: window.__paintProbe.watch('selector', '[data-testid="tool-card"]') }
      if (window.__wsArrivals) { window.__wsArrivals.watched = [${JSON.stringify(marker)}, ${JSON.stringify(TOOL)}]; window.__wsArrivals.seen = {} }
      return true
    })()`)
  const marks = (): { text: number; tool: number } => {
    const served = sim!.requests[0]?.served
    const m = served?.kind === 'turn' ? served.marks : undefined
    if (m?.text === undefined || m.tool === undefined)
      throw new Error(`the provider did not record its marks: ${JSON.stringify(served)}`)
    return { text: m.text, tool: m.tool }
  }
  const withTimeout = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
    Promise.race([
      promise,
      new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms)),
    ])

  const runFloor = async (id: string): Promise<Sample> => {
    const page = pages.floor
    const marker = `Zephyr${id}`
    sim!.reset()
    sim!.enqueue(firstTurn(marker))
    await page.bringToFront()
    await arm(page, marker)
    const body = JSON.stringify({
      model: 'sim-model',
      max_tokens: 1024,
      stream: true,
      messages: [{ role: 'user', content: `Question ${id}` }],
    })
    const arrivals = (await withTimeout(
      page.evaluate(([path, b]) => window.__floorStart!(path, b), ['/anthropic/v1/messages', body] as const),
      30_000,
      'floor stream',
    )) as { at: number; text: string }[]
    const painted = (await page.evaluate('Promise.all([window.__ft.text, window.__ft.tool])')) as [PaintMark, PaintMark]
    const m = marks()
    const arrival = (text: string) => arrivals.find((a) => a.text.includes(text))?.at ?? Number.NaN
    await page.evaluate(`document.getElementById('out').replaceChildren()`)
    return {
      textMs: painted[0].paintedAt - m.text,
      toolMs: painted[1].paintedAt - m.tool,
      textArrivalMs: arrival(marker) - m.text,
      textMutationMs: painted[0].mutationAt - m.text,
      toolArrivalMs: arrival(TOOL) - m.tool,
    }
  }

  const runKeel = async (target: 'empty' | 'large', id: string): Promise<Sample> => {
    const page = pages[target]
    const marker = `Zephyr${id}`
    const finished = `Finished${id}`
    sim!.reset()
    sim!.enqueue(firstTurn(marker), { type: 'turn', text: [`${finished}.`] })
    await page.bringToFront()
    await page.getByRole('button', { name: 'New conversation' }).click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.fill(`Question ${id}: what did I record?`)
    await arm(page, marker)
    await box.press('Enter')
    const painted = (await withTimeout(
      page.evaluate('Promise.all([window.__ft.text, window.__ft.tool])'),
      30_000,
      `${target}: first word and card`,
    )) as [PaintMark, PaintMark]
    // The turn ends (the tool ran, the final answer is stored and shown) before the next rep starts.
    await page.getByTestId('message-assistant').filter({ hasText: finished }).waitFor({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Send' }).waitFor({ timeout: 30_000 })
    const m = marks()
    const ws = (await page.evaluate('window.__wsArrivals.seen')) as Record<string, number>
    return {
      textMs: painted[0].paintedAt - m.text,
      toolMs: painted[1].paintedAt - m.tool,
      textArrivalMs: (ws[marker] ?? Number.NaN) - m.text,
      textMutationMs: painted[0].mutationAt - m.text,
      toolArrivalMs: (ws[TOOL] ?? Number.NaN) - m.tool,
    }
  }
  const runOne = (target: Target, id: string): Promise<Sample> =>
    target === 'floor' ? runFloor(id) : runKeel(target, id)

  for (let w = 0; w < WARMUP; w++) for (const target of TARGETS) await runOne(target, `w${w}x`)
  const samples: Record<Target, Sample[]> = { floor: [], empty: [], large: [] }
  for (let r = 0; r < REPS; r++) {
    const order = [...TARGETS.slice(r % 3), ...TARGETS.slice(0, r % 3)]
    const line: string[] = []
    for (const target of order) {
      const s = await runOne(target, `r${r}x`)
      samples[target].push(s)
      line.push(`${target} ${f1(s.textMs)}/${f1(s.toolMs)}`)
    }
    process.stderr.write(`  rep ${r + 1}: ${line.join(', ')} ms (text/card)\n`)
  }

  const m = (target: Target, f: (s: Sample) => number) => median(samples[target].map(f))
  const text = (s: Sample) => s.textMs
  const tool = (s: Sample) => s.toolMs
  const over = (target: 'empty' | 'large', f: (s: Sample) => number) =>
    pairedDifference(samples[target].map(f), samples.floor.map(f))
  const ratio = (target: 'empty' | 'large', f: (s: Sample) => number) =>
    pairedRatio(samples[target].map(f), samples.floor.map(f))
  const rows = TARGETS.map((target) => ({
    target,
    textMs: m(target, text),
    textP90Ms: percentile(samples[target].map(text), 90),
    textMaxMs: Math.max(...samples[target].map(text)),
    toolMs: m(target, tool),
    toolP90Ms: percentile(samples[target].map(tool), 90),
    toolMaxMs: Math.max(...samples[target].map(tool)),
    textArrivalMs: m(target, (s) => s.textArrivalMs),
    textMutationMs: m(target, (s) => s.textMutationMs),
    toolArrivalMs: m(target, (s) => s.toolArrivalMs),
  }))
  const header = [
    '',
    'first word ms',
    'p90',
    'max',
    'card ms',
    'p90',
    'max',
    'arrived ms',
    'in DOM ms',
    '− floor (word/card)',
    '÷ floor',
  ]
  const table = rows.map((r) => [
    r.target === 'floor' ? 'floor (fetch + append)' : `keel, ${r.target} store`,
    f1(r.textMs),
    f1(r.textP90Ms),
    f1(r.textMaxMs),
    f1(r.toolMs),
    f1(r.toolP90Ms),
    f1(r.toolMaxMs),
    f1(r.textArrivalMs),
    f1(r.textMutationMs),
    r.target === 'floor' ? '' : `${f1(over(r.target, text))} / ${f1(over(r.target, tool))}`,
    r.target === 'floor' ? '' : `${f2(ratio(r.target, text))} / ${f2(ratio(r.target, tool))}`,
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)))
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  console.log()
  console.log(fmt(header))
  console.log(widths.map((w) => '─'.repeat(w)).join('  '))
  for (const row of table) console.log(fmt(row))
  console.log()
  console.log('Notes:')
  console.log(
    '  ms from the provider handing the write to its socket to the paint of the frame that shows it (medians of ' +
      `${REPS} reps);\n` +
      '  arrived = the page received it (Keel: WebSocket message; floor: fetch chunk); in DOM = the mutation was observed;\n' +
      '  − floor and ÷ floor are medians of per-rep differences and ratios (each rep ran all three back to back).',
  )

  const goal = (
    target: 'empty' | 'large',
    what: 'first token' | 'first tool-card draft',
    f: (s: Sample) => number,
  ): GoalResult => {
    const keel = m(target, f)
    const floor = m('floor', f)
    return maxGoal(
      'first-token',
      `${what}, ${target === 'large' ? 'large store (10k conversations)' : 'empty store'} − floor`,
      over(target, f),
      FRAME_MS,
      'ms',
      {
        inclusive: true,
        floor: `${f1(floor)} ms`,
        note: `Keel ${f1(keel)} ms, ${f2(ratio(target, f))}× the floor`,
      },
    )
  }
  const goals = [
    goal('large', 'first token', text),
    goal('large', 'first tool-card draft', tool),
    goal('empty', 'first token', text),
    goal('empty', 'first tool-card draft', tool),
  ]
  for (const g of goals)
    console.log(
      `  ${g.pass ? 'PASS' : 'FAIL'}  ${g.name}: ${g.figure} (target ${g.target}; floor ${g.floor}; ${g.note})`,
    )
  const totalSeconds = (performance.now() - started) / 1000
  console.log(`  total ${f1(totalSeconds)} s; load avg now ${loadavg().map(f1).join(' ')}`)
  writeBenchResults('first-token', loadBefore, {
    chromium: browser.version(),
    workload: {
      reps: REPS,
      warmup: WARMUP,
      providerEventGapMs: DELAY_MS,
      providerTtfbMs: TTFB_MS,
      largeStore: { ...largeSize, generator: seeded.generator },
    },
    rows,
    overFloorMs: {
      emptyText: over('empty', text),
      emptyTool: over('empty', tool),
      largeText: over('large', text),
      largeTool: over('large', tool),
    },
    samples: Object.fromEntries(
      TARGETS.map((t) => [
        t,
        samples[t].map((s) => ({ text: Math.round(s.textMs * 10) / 10, tool: Math.round(s.toolMs * 10) / 10 })),
      ]),
    ),
    goals,
    totalSeconds,
  })
} finally {
  await browser?.close()
  for (const server of servers) await server.stop()
  await sim?.close()
  rmSync(dir, { recursive: true, force: true })
}

declare global {
  interface Window {
    __floorStart?: (path: string, body: string) => Promise<{ at: number; text: string }[]>
  }
}
