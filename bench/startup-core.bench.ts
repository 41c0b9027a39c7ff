// The core's share of startup: opening the store (`openKeelStore`: checks, pragmas,
// migrations check, crash recovery, presence) and constructing the app service (`KeelAppService`,
// as the Electron main process and browser mode do before the window can ask for anything), with the
// big seeded store (bench/scale/large-store.ts) against the same with an empty store. Both stores
// were closed cleanly before (the usual start), so both open with the integrity check in the
// background (src/main/db/integrity-check.ts); that check's own time is reported beside, and so is
// an open after a crash (no stamp: the check runs before the store opens).
// Goal: ≤ 1.2× the empty store. Closing is not timed. Paired runs (alternating), medians.
// `--quick`: fewer runs. Run: `npm run bench -- startup-core`.
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { KeelAppService } from '../src/main/app/keel-app-service'
import { createMemoryKeyVault } from '../src/main/secrets/key-vault'
import { openKeelStore, type KeelStore } from '../src/main/db/keel-store'
import { ratioGoal } from './goals'
import { writeBenchResults } from './results-file'
import { largeStore } from './scale/large-store'
import { median } from './store/timing'

const quick = process.argv.includes('--quick')
const REPS = quick ? 7 : 25
const collect = (globalThis as { gc?: () => void }).gc

function open(path: string): KeelStore {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.store
}

/** Times open + service; then waits for the background check (so runs do not overlap) and closes, untimed. */
async function start(path: string): Promise<{ ms: number; checkMs: number; integrity: string }> {
  collect?.()
  const begin = performance.now()
  const store = open(path)
  const service = new KeelAppService({ store, env: {}, vault: createMemoryKeyVault() })
  const ms = performance.now() - begin
  const integrity = store.integrity
  await store.integrityVerdict
  const checkMs = performance.now() - begin
  await service.close()
  store.close()
  return { ms, checkMs, integrity }
}

const loadBefore = loadavg()
console.log(`Startup (core) benchmark (1-min load ${loadBefore[0]?.toFixed(1)})`)
const big = largeStore()
const dir = mkdtempSync(join(tmpdir(), 'keel-startup-'))
try {
  const emptyPath = join(dir, 'empty.db')
  open(emptyPath).close()
  // Each side once untimed: the first open after seeding checks at open and leaves the stamp.
  await start(big.path)
  await start(emptyPath)
  const large: Array<{ ms: number; checkMs: number; integrity: string }> = []
  const empty: Array<{ ms: number; checkMs: number; integrity: string }> = []
  for (let i = 0; i < REPS; i++) {
    if (i % 2 === 0) {
      large.push(await start(big.path))
      empty.push(await start(emptyPath))
    } else {
      empty.push(await start(emptyPath))
      large.push(await start(big.path))
    }
  }
  if (large.some((r) => r.integrity !== 'checking'))
    throw new Error('the large store was checked at open: it was not closed cleanly before')
  const largeMs = median(large.map((r) => r.ms))
  const emptyMs = median(empty.map((r) => r.ms))
  const checkMs = median(large.map((r) => r.checkMs))
  // After a crash (no stamp): the check runs before the store opens.
  rmSync(`${big.path}.verified`, { force: true })
  const afterCrash = await start(big.path)
  const goal = ratioGoal('startup', 'startup (core: open store + app service)', largeMs, emptyMs, 1.2, 'ms', {
    note: `${big.summary.messageCount.toLocaleString('en')} messages vs empty; quick_check in the background took ${checkMs.toFixed(0)} ms; after a crash it runs at open: ${afterCrash.ms.toFixed(0)} ms`,
  })
  console.log()
  console.log(
    `  large store (${big.summary.conversationCount.toLocaleString('en')} conversations, ${big.summary.messageCount.toLocaleString('en')} messages): ${largeMs.toFixed(1)} ms (median of ${REPS})`,
  )
  console.log(`  empty store: ${emptyMs.toFixed(1)} ms; ratio ${(largeMs / emptyMs).toFixed(2)}×`)
  console.log(
    `  background quick_check on the large store: verdict ${checkMs.toFixed(0)} ms after the start (not on the startup path)`,
  )
  console.log(`  after a crash (check before opening): ${afterCrash.ms.toFixed(0)} ms`)
  console.log(
    `  ${goal.pass ? 'PASS' : 'FAIL'}  ${goal.area}: ${goal.name}: ${goal.figure} vs ${goal.floor}, target ${goal.target}`,
  )
  writeBenchResults('startup-core', loadBefore, {
    reps: REPS,
    large: { medianMs: largeMs, runs: large.map((r) => r.ms), backgroundCheckMs: checkMs },
    empty: { medianMs: emptyMs, runs: empty.map((r) => r.ms) },
    afterCrashMs: afterCrash.ms,
    goals: [goal],
  })
} finally {
  rmSync(dir, { recursive: true, force: true })
}
