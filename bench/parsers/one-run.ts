// One contender on one workload, `warm` untimed runs then `runs` more, for instruction counting
// (load-independent, unlike wall-clock on a shared machine). The per-run cost of a warm contender
// is (Ir with runs=N+1 − Ir with runs=1) / N; `bench/parsers/callgrind.sh` does exactly that.
//   npx tsx bench/parsers/one-run.ts <provider> <text|tool|tool10x> <floor|parser> [runs=1] [warm=2]
// Also usable on its own to time one contender in a quiet process (prints each run's ms).
import { execFileSync } from 'node:child_process'
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/provider-id'
import { floorRunner, parserRunner } from './runners'
import { buildStream, sliceReads, type WorkloadKind } from './streams'

const [provider, kind, who, runsArg, warmArg] = process.argv.slice(2)
if (
  !PROVIDER_IDS.includes(provider as ProviderId) ||
  !['text', 'tool', 'tool10x'].includes(kind ?? '') ||
  !['floor', 'parser'].includes(who ?? '')
) {
  console.error('usage: one-run.ts <provider> <text|tool|tool10x> <floor|parser> [runs] [warm]')
  process.exit(2)
}
const spec = {
  kind: kind as WorkloadKind,
  events: kind === 'text' ? 50_000 : kind === 'tool' ? 10_000 : 100_000,
  argumentBytes: kind === 'text' ? 0 : kind === 'tool' ? 1_000_000 : 10_000_000,
}
const stream = buildStream(provider as ProviderId, spec)
const { slices } = sliceReads(stream.bytes, 16 * 1024)
const run = who === 'floor' ? floorRunner(stream, slices) : parserRunner(stream, slices)
const gc = (globalThis as { gc?: () => void }).gc
const warm = Number(warmArg ?? 2)
const runs = Number(runsArg ?? 1)
// Warm-up on the small variant too, as the bench does (`tool` warms `tool10x`).
for (let i = 0; i < warm; i++) await run()
// Under callgrind (KEEL_CALLGRIND_MARK=1) a dump here and after the timed runs isolates their cost.
const mark = (): void => {
  if (process.env.KEEL_CALLGRIND_MARK === '1')
    execFileSync('callgrind_control', ['--dump', String(process.pid)], { stdio: 'ignore' })
}
mark()
const times: number[] = []
for (let i = 0; i < runs; i++) {
  gc?.()
  times.push((await run()).ms)
}
mark()
console.log(`${provider} ${kind} ${who}: ${times.map((t) => t.toFixed(1)).join(' ')} ms`)
