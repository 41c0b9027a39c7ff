// Stream-parser throughput, per provider, on large synthetic streams built in memory:
//   text     50,000 events of a few words each
//   tool     one tool call, ~1 MB of arguments in 10,000 deltas
//   tool10x  the same call with ~10 MB in 100,000 deltas (must take ≤ 11× the `tool` time)
// Each is fed in ~16 KiB reads (some ending mid-UTF-8) and compared with
//   floor  TextDecoder(stream) + eventsource-parser + JSON.parse per event, on the same reads;
//   SDK    the official SDK's stream parser, fed the same reads through a custom fetch.
// Targets (reported, not asserted): parser ≤ 1.3× floor; parser faster than each SDK;
// 10× arguments ≤ 11× time. Run: `npm run bench -- parsers` or `npx tsx bench/parsers.bench.ts [--quick]`.
import { cpus, loadavg } from 'node:os'
import v8 from 'node:v8'
import vm from 'node:vm'
import { PROVIDER_IDS, type ProviderId } from '../src/shared/provider-id'
import { ratioGoal, type GoalResult } from './goals'
import { writeBenchResults } from './results-file'
import {
  floorRunner,
  loadSdkComparisons,
  parserOverResponseRunner,
  parserRunner,
  SDK_DEADLINE_MS,
  SdkFailure,
  type Runner,
  type Sample,
} from './parsers/runners'
import { buildStream, GEMINI_TOOL_NOTE, sliceReads, type BuildSpec, type WorkloadKind } from './parsers/streams'

const f1 = (n: number): string => n.toFixed(1)
const f2 = (n: number): string => n.toFixed(2)

const READ_SIZE = 16 * 1024
const TARGET_FLOOR_RATIO = 1.3
const TARGET_SCALING = 11

interface WorkloadSpec extends BuildSpec {
  /** Warm-up runs of the floor and the parser before timing (SDK and parser-over-Response: at most 1). */
  warmups: number
  /** Timed repetitions of the floor and the parser (the medians reported). */
  reps: number
  /** Timed repetitions of the SDK and of the parser fed from a Response (far apart: fewer suffice). */
  sdkReps: number
}

/** `--quick` (or KEEL_BENCH_QUICK=1): fewer repetitions, for a look rather than a figure. */
const QUICK = process.argv.includes('--quick') || process.env.KEEL_BENCH_QUICK === '1'

const WORKLOADS: Record<WorkloadKind, WorkloadSpec> = {
  text: { kind: 'text', events: 50_000, argumentBytes: 0, warmups: 1, reps: QUICK ? 3 : 5, sdkReps: QUICK ? 1 : 3 },
  tool: {
    kind: 'tool',
    events: 10_000,
    argumentBytes: 1_000_000,
    warmups: QUICK ? 1 : 2,
    reps: QUICK ? 3 : 7,
    sdkReps: QUICK ? 1 : 3,
  },
  // Warmed up by `tool` (same code paths), and timed interleaved with it so the 10× ratio is not
  // skewed by load that changes between the two.
  tool10x: {
    kind: 'tool10x',
    events: 100_000,
    argumentBytes: 10_000_000,
    warmups: 0,
    reps: QUICK ? 1 : 3,
    sdkReps: QUICK ? 1 : 2,
  },
}
/** Workloads timed together, interleaved. */
const GROUPS: WorkloadKind[][] = [['text'], ['tool', 'tool10x']]

// ---------------------------------------------------------------------------------------------

function findGc(): { gc: (() => void) | undefined; how: string } {
  const exposed = (globalThis as { gc?: () => void }).gc
  if (typeof exposed === 'function') return { gc: exposed, how: '--expose-gc' }
  try {
    v8.setFlagsFromString('--expose-gc')
    const gc = vm.runInNewContext('gc') as unknown
    if (typeof gc === 'function') return { gc: gc as () => void, how: 'exposed at runtime (v8.setFlagsFromString)' }
  } catch {
    // fall through
  }
  return { gc: undefined, how: 'unavailable (numbers include GC noise)' }
}

const { gc, how: gcHow } = findGc()

/**
 * Median over repetitions of `a[r] / b[r]`: the two ran back to back in repetition r, so a change
 * in machine load between repetitions cancels out (other engineers' jobs share these cores).
 */
function pairedRatio(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length)
  const ratios: number[] = []
  for (let r = 0; r < n; r++) ratios.push(a[r]! / b[r]!)
  return median(ratios)
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

type ContenderName = 'floor' | 'parser' | 'parserResponse' | 'sdk'

interface Contender {
  workload: WorkloadKind
  name: ContenderName
  run: Runner
  warmups: number
  reps: number
  times: number[]
  cpuTimes: number[]
  /** A run hit the SDK deadline: `times` holds that one lower bound and the contender stops. */
  capped: boolean
}

async function measure(contenders: Contender[]): Promise<void> {
  const record = (c: Contender, sample: Sample): void => {
    if (sample.capped) {
      c.capped = true
      c.times = [sample.ms]
      c.cpuTimes = [sample.cpuMs]
    } else {
      c.times.push(sample.ms)
      c.cpuTimes.push(sample.cpuMs)
    }
  }
  const maxWarmups = Math.max(...contenders.map((c) => c.warmups))
  for (let w = 0; w < maxWarmups; w++) {
    for (const c of contenders) {
      if (w >= c.warmups || c.capped) continue
      const sample = await c.run()
      if (sample.capped) record(c, sample)
    }
  }
  const maxReps = Math.max(...contenders.map((c) => c.reps))
  for (let r = 0; r < maxReps; r++) {
    // Rotate the order each repetition so no contender always runs right after the same one.
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(k + r) % contenders.length]!
      if (r >= c.reps || c.capped) continue
      gc?.()
      record(c, await c.run())
    }
  }
}

// ---------------------------------------------------------------------------------------------

interface Row {
  provider: ProviderId
  workload: WorkloadKind
  bytes: number
  events: number
  deltas: number
  argumentBytes: number | undefined
  reads: number
  midCharSplits: number
  parserMs: number
  parserMBps: number
  parserEventsPerSec: number
  floorMs: number
  floorMBps: number
  /** Median of per-repetition parser ÷ floor (each pair ran back to back). */
  parserVsFloor: number
  /** median(parser) ÷ median(floor), for reference. */
  parserVsFloorOfMedians: number
  /** Like parserVsFloor on process CPU time (all threads, so V8's background GC work counts too). */
  parserVsFloorCpu: number
  floorTarget: 'PASS' | 'FAIL'
  /** The parser fed from a Response body (the SDK's transport). */
  parserResponseMs: number | undefined
  sdk: string | undefined
  /** Median SDK time; a lower bound when `sdkCapped`. */
  sdkMs: number | undefined
  sdkCapped: boolean
  sdkMBps: number | undefined
  /** Parser (fed from a Response body, like the SDK) time ÷ SDK time: < 1 is faster (an upper bound when capped). */
  parserVsSdk: number | undefined
  /** Parser (synchronous push of the reads) time ÷ SDK time. */
  parserSyncVsSdk: number | undefined
  sdkTarget: 'PASS' | 'FAIL' | 'n/a'
  sdkSkipped: string | undefined
  samplesMs: Partial<Record<ContenderName, number[]>>
  cpuSamplesMs: Partial<Record<ContenderName, number[]>>
}

const started = performance.now()
const loadBefore = loadavg()
const sdks = await loadSdkComparisons()
const rows: Row[] = []

console.log(
  `parsers.bench: Node ${process.versions.node}, ${cpus().length} cores, load avg ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, ` +
    `gc ${gcHow}; reads of ${READ_SIZE / 1024} KiB (every 3rd moved mid-UTF-8); medians after warm-up; MB = 10^6 bytes`,
)

if (loadBefore[0]! > cpus().length * 0.75) {
  console.log(
    `  note: the machine is busy (1-min load ${loadBefore[0]!.toFixed(1)} on ${cpus().length} cores): absolute times are noisy; ratios are paired.`,
  )
}

for (const provider of PROVIDER_IDS) {
  const sdk = sdks[provider]
  for (const group of GROUPS) {
    const contenders: Contender[] = []
    const streams = group.map((kind) => {
      const spec = WORKLOADS[kind]
      const stream = buildStream(provider, spec)
      const reads = sliceReads(stream.bytes, READ_SIZE)
      const add = (name: ContenderName, run: Runner, warmups: number, reps: number): void => {
        contenders.push({ workload: kind, name, run, warmups, reps, times: [], cpuTimes: [], capped: false })
      }
      add('floor', floorRunner(stream, reads.slices), spec.warmups, spec.reps)
      add('parser', parserRunner(stream, reads.slices), spec.warmups, spec.reps)
      if (sdk.runner) {
        const sdkWarmups = Math.min(spec.warmups, 1)
        add('parserResponse', parserOverResponseRunner(stream, reads.slices), sdkWarmups, spec.sdkReps)
        add('sdk', sdk.runner(stream, reads.slices), sdkWarmups, spec.sdkReps)
      }
      return { kind, stream, reads }
    })
    let sdkError: string | undefined
    try {
      await measure(contenders)
    } catch (error) {
      if (!(error instanceof SdkFailure)) throw error
      // An SDK that fails on these streams is reported and dropped; the parser must not fail.
      sdkError = `failed: ${error.message}`
      for (let i = contenders.length - 1; i >= 0; i--) {
        if (contenders[i]!.name === 'sdk' || contenders[i]!.name === 'parserResponse') contenders.splice(i, 1)
      }
      for (const c of contenders) {
        c.times.length = 0
        c.cpuTimes.length = 0
      }
      await measure(contenders)
    }

    for (const { kind, stream, reads } of streams) {
      const get = (name: ContenderName) => contenders.find((c) => c.workload === kind && c.name === name)
      const parserMs = median(get('parser')!.times)
      const floorMs = median(get('floor')!.times)
      const sdkC = get('sdk')
      const sdkMs = sdkC ? median(sdkC.times) : undefined
      const respC = get('parserResponse')
      const parserResponseMs = respC ? median(respC.times) : undefined
      const mb = stream.bytes.length / 1e6
      const parserVsSdk =
        sdkC === undefined || respC === undefined || parserResponseMs === undefined
          ? undefined
          : sdkC.capped
            ? parserResponseMs / sdkC.times[0]!
            : pairedRatio(respC.times, sdkC.times)
      const parserVsFloor = pairedRatio(get('parser')!.times, get('floor')!.times)
      const row: Row = {
        provider,
        workload: kind,
        bytes: stream.bytes.length,
        events: stream.events,
        deltas: stream.deltas,
        argumentBytes: stream.expectedArguments === undefined ? undefined : Buffer.byteLength(stream.expectedArguments),
        reads: reads.slices.length,
        midCharSplits: reads.midCharSplits,
        parserMs,
        parserMBps: mb / (parserMs / 1000),
        parserEventsPerSec: stream.events / (parserMs / 1000),
        floorMs,
        floorMBps: mb / (floorMs / 1000),
        parserVsFloor,
        parserVsFloorOfMedians: parserMs / floorMs,
        parserVsFloorCpu: pairedRatio(get('parser')!.cpuTimes, get('floor')!.cpuTimes),
        floorTarget: parserVsFloor <= TARGET_FLOOR_RATIO ? 'PASS' : 'FAIL',
        parserResponseMs,
        sdk: sdkC ? sdk.label : undefined,
        sdkMs,
        sdkCapped: sdkC?.capped ?? false,
        sdkMBps: sdkMs === undefined ? undefined : mb / (sdkMs / 1000),
        parserVsSdk,
        parserSyncVsSdk: sdkMs === undefined ? undefined : parserMs / sdkMs,
        sdkTarget: parserVsSdk === undefined ? 'n/a' : parserVsSdk < 1 ? 'PASS' : 'FAIL',
        sdkSkipped: sdkError ?? sdk.skipped,
        samplesMs: Object.fromEntries(
          contenders
            .filter((c) => c.workload === kind)
            .map((c) => [c.name, c.times.map((t) => Math.round(t * 100) / 100)]),
        ),
        cpuSamplesMs: Object.fromEntries(
          contenders
            .filter((c) => c.workload === kind)
            .map((c) => [c.name, c.cpuTimes.map((t) => Math.round(t * 100) / 100)]),
        ),
      }
      rows.push(row)
      process.stderr.write(
        `  ${provider.padEnd(19)} ${kind.padEnd(7)} parser ${f1(parserMs)} ms, floor ${f1(floorMs)} ms` +
          (sdkMs !== undefined ? `, SDK ${row.sdkCapped ? '>' : ''}${f1(sdkMs)} ms` : '') +
          '\n',
      )
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const kev = (n: number): string => `${Math.round(n / 1000)}k`

const header = [
  'provider',
  'workload',
  'MB',
  'events',
  'parser ms',
  'MB/s',
  'ev/s',
  'floor ms',
  'floor MB/s',
  '×floor',
  '≤1.3×',
  'cpu×floor',
  'SDK ms',
  'SDK MB/s',
  '×SDK',
  'faster',
]
const table: string[][] = rows.map((r) => [
  r.provider,
  r.workload,
  f1(r.bytes / 1e6),
  kev(r.events),
  f1(r.parserMs),
  f1(r.parserMBps),
  kev(r.parserEventsPerSec),
  f1(r.floorMs),
  f1(r.floorMBps),
  f2(r.parserVsFloor),
  r.floorTarget,
  f2(r.parserVsFloorCpu),
  r.sdkMs === undefined ? '—' : `${r.sdkCapped ? '>' : ''}${f1(r.sdkMs)}`,
  r.sdkMBps === undefined ? '—' : `${r.sdkCapped ? '<' : ''}${f1(r.sdkMBps)}`,
  r.parserVsSdk === undefined ? '—' : `${r.sdkCapped ? '<' : ''}${f2(r.parserVsSdk)}`,
  r.sdkTarget,
])
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)))
const leftAligned = new Set([0, 1])
const line = (cells: string[]): string =>
  cells.map((c, i) => (leftAligned.has(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
console.log()
console.log(line(header))
console.log(widths.map((w) => '─'.repeat(w)).join('  '))
for (const row of table) console.log(line(row))

console.log()
console.log('Scaling: tool10x (~10 MB args, 100k deltas) vs tool (~1 MB, 10k deltas); target ≤ 11× time')
const scaling = PROVIDER_IDS.map((provider) => {
  const one = rows.find((r) => r.provider === provider && r.workload === 'tool')!
  const ten = rows.find((r) => r.provider === provider && r.workload === 'tool10x')!
  const ratio = ten.parserMs / one.parserMs
  const floorRatio = ten.floorMs / one.floorMs
  const sizeRatio = ten.bytes / one.bytes
  const verdict: 'PASS' | 'FAIL' = ratio <= TARGET_SCALING ? 'PASS' : 'FAIL'
  console.log(
    `  ${provider.padEnd(19)} parser ${f1(one.parserMs).padStart(6)} → ${f1(ten.parserMs).padStart(7)} ms  ×${f2(ratio).padStart(5)}  ${verdict}` +
      `   (args ${f2((one.argumentBytes ?? 0) / 1e6)} → ${f2((ten.argumentBytes ?? 0) / 1e6)} MB, body ×${f2(sizeRatio)}, floor ×${f2(floorRatio)})`,
  )
  return {
    provider,
    toolMs: one.parserMs,
    tool10xMs: ten.parserMs,
    ratio,
    bytesRatio: sizeRatio,
    floorRatio,
    target: TARGET_SCALING,
    verdict,
  }
})

console.log()
console.log('Notes:')
console.log(
  '  ×floor = parser time ÷ floor time, median over repetitions of back-to-back pairs\n' +
    '           (floor: TextDecoder(stream) + eventsource-parser + JSON.parse per event, same reads; it builds no result).\n' +
    '  cpu×floor = the same on process CPU time (all threads: counts V8 background GC, ignores time waiting for a core).',
)
console.log(
  '  ×SDK   = parser time ÷ SDK time (paired the same way), both fed from a Response body streaming the same reads (< 1: parser faster);\n' +
    '           the SDK loop only collects the delta strings, the parser builds its full result. Sync parser ÷ SDK is in the JSON.',
)
if (rows.some((r) => r.sdkCapped)) {
  console.log(
    `  >/<    = the SDK run was stopped at ${SDK_DEADLINE_MS / 1000} s (one sample; the real time is longer): ` +
      rows
        .filter((r) => r.sdkCapped)
        .map((r) => `${r.provider}/${r.workload}`)
        .join(', '),
  )
}
const seenSdk = new Set<string>()
for (const provider of PROVIDER_IDS) {
  const sdk = sdks[provider]
  const text = sdk.runner ? `${provider}: ${sdk.label}` : `${provider}: SDK comparison skipped — ${sdk.skipped}`
  if (!seenSdk.has(text)) console.log(`  ${text}`)
  seenSdk.add(text)
}
for (const row of rows)
  if (row.sdkSkipped && sdks[row.provider].runner)
    console.log(`  ${row.provider}/${row.workload}: SDK ${row.sdkSkipped}`)
console.log(`  ${GEMINI_TOOL_NOTE}`)
const splits = rows.reduce((n, r) => n + r.midCharSplits, 0)
console.log(
  `  ${rows.reduce((n, r) => n + r.reads, 0)} reads in all, ${splits} of them ending inside a multibyte UTF-8 character.`,
)
const totalSeconds = (performance.now() - started) / 1000
console.log(
  `  total ${totalSeconds.toFixed(1)} s; load avg now ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)

// The parser-throughput goals: one per provider × workload (floor, SDK where one runs) and per provider (10× scaling).
const loadNote = `load ${loadBefore[0]!.toFixed(1)} on ${cpus().length} cores`
const goals: GoalResult[] = []
for (const r of rows) {
  goals.push(
    ratioGoal(
      'parser-throughput',
      `parser ${r.provider} ${r.workload} vs eventsource-parser + JSON.parse`,
      r.parserMs,
      r.parserMs / r.parserVsFloor,
      TARGET_FLOOR_RATIO,
      'ms',
      {
        note: `paired median; cpu ${f2(r.parserVsFloorCpu)}×; ${loadNote}`,
      },
    ),
  )
}
for (const r of rows) {
  if (r.parserVsSdk === undefined || r.sdkMs === undefined) continue
  const g = ratioGoal(
    'parser-throughput',
    `parser ${r.provider} ${r.workload} vs ${r.sdk?.split(' ')[0] ?? 'SDK'}`,
    r.sdkMs * r.parserVsSdk,
    r.sdkMs,
    1,
    'ms',
    {
      note: `both fed from a Response; paired median${r.sdkCapped ? '; SDK stopped at the deadline, its time is a lower bound' : ''}; ${loadNote}`,
    },
  )
  // "Faster than the SDK": strictly below 1×.
  goals.push({ ...g, target: '< 1× SDK', pass: r.parserVsSdk < 1 })
}
for (const s of scaling) {
  // Here the "floor" is the parser's own 1 MB run: the goal is how its time grows with 10× arguments.
  const g = ratioGoal(
    'parser-throughput',
    `parser ${s.provider}: 10× arguments (tool10x ÷ tool)`,
    s.tool10xMs,
    s.toolMs,
    TARGET_SCALING,
    'ms',
    {
      note: `the eventsource-parser floor grew ×${f2(s.floorRatio)}; ${loadNote}`,
    },
  )
  goals.push({ ...g, floor: `${g.floor} (1 MB run)`, target: `≤ ${TARGET_SCALING}× the 1 MB run` })
}
console.log()
console.log('Goals (parser-throughput):')
for (const g of goals)
  console.log(`  ${g.pass ? 'PASS' : 'FAIL'}  ${g.name}: ${g.figure} (floor ${g.floor}; target ${g.target})`)

writeBenchResults('parsers', loadBefore, {
  goals,
  gc: gcHow,
  sdkDeadlineMs: SDK_DEADLINE_MS,
  readSize: READ_SIZE,
  targets: { parserVsFloorMax: TARGET_FLOOR_RATIO, parserVsSdkMax: 1, scalingMax: TARGET_SCALING },
  sdks: Object.fromEntries(PROVIDER_IDS.map((p) => [p, { label: sdks[p].label, skipped: sdks[p].skipped }])),
  geminiToolStream: GEMINI_TOOL_NOTE,
  rows,
  scaling,
  totalSeconds,
})
