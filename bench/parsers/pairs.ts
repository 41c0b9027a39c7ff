// Parser vs floor on one workload, back-to-back pairs in one process: the median of the
// per-pair ratios (what the full bench reports), for a quick check while working.
//   npx tsx bench/parsers/pairs.ts <provider> <text|tool|tool10x> [pairs=9]
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/provider-id'
import { floorRunner, parserRunner } from './runners'
import { buildStream, sliceReads, type WorkloadKind } from './streams'

const [provider, kind, pairsArg] = process.argv.slice(2)
if (!PROVIDER_IDS.includes(provider as ProviderId) || !['text', 'tool', 'tool10x'].includes(kind ?? '')) {
  console.error('usage: pairs.ts <provider> <text|tool|tool10x> [pairs]')
  process.exit(2)
}
const spec = {
  kind: kind as WorkloadKind,
  events: kind === 'text' ? 50_000 : kind === 'tool' ? 10_000 : 100_000,
  argumentBytes: kind === 'text' ? 0 : kind === 'tool' ? 1_000_000 : 10_000_000,
}
const stream = buildStream(provider as ProviderId, spec)
const { slices } = sliceReads(stream.bytes, 16 * 1024)
const floor = floorRunner(stream, slices)
const parser = parserRunner(stream, slices)
const gc = (globalThis as { gc?: () => void }).gc
for (let i = 0; i < 2; i++) {
  await floor()
  await parser()
}
const ratios: number[] = []
const floorMs: number[] = []
const parserMs: number[] = []
for (let i = 0; i < Number(pairsArg ?? 9); i++) {
  gc?.()
  const f = (await floor()).ms
  gc?.()
  const p = (await parser()).ms
  floorMs.push(f)
  parserMs.push(p)
  ratios.push(p / f)
}
const median = (v: number[]): number => [...v].sort((a, b) => a - b)[v.length >> 1]!
console.log(
  `${provider} ${kind}: parser ${median(parserMs).toFixed(1)} ms, floor ${median(floorMs).toFixed(1)} ms, paired ratio ${median(ratios).toFixed(3)} ` +
    `(min ratio ${Math.min(...ratios).toFixed(3)})`,
)
