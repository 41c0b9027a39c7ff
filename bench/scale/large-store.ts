// The big store the scale benchmarks share (search, store-scale, startup-core): seeded once with the
// defaults (bench/scale/seed-large-store.ts) into the temp folder, named after a hash of the
// generator's source, and reused by later runs until the generator changes. `KEEL_BENCH_LARGE_STORE`
// names a store to use instead (seeded with the same defaults; e.g. by seed-cli.ts).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedLargeStore, type SeedSummary } from './seed-large-store'

export interface LargeStore {
  path: string
  summary: SeedSummary
  /** Whether this run seeded it (and how long that took, in the summary) or reused it. */
  seeded: boolean
}

/** The seeded big store (seeded now when there is none yet for this version of the generator). */
export function largeStore(): LargeStore {
  const given = process.env.KEEL_BENCH_LARGE_STORE
  const source = ['seed-large-store.ts', 'seed-text.ts']
    .map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'))
    .join('\n')
  const version = createHash('sha256').update(source).digest('hex').slice(0, 12)
  const path = given ?? join(tmpdir(), `keel-bench-large-${version}.db`)
  const summaryPath = `${path}.summary.json`
  if (existsSync(path) && existsSync(summaryPath))
    return { path, summary: JSON.parse(readFileSync(summaryPath, 'utf8')) as SeedSummary, seeded: false }
  if (given && existsSync(given))
    throw new Error(`${given} has no ${summaryPath}: seed it with bench/scale/seed-cli.ts (which writes it)`)
  // Seeded under another name, then renamed: a run cut short never leaves a half store behind.
  const partial = `${path}.partial-${process.pid}`
  for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true })
  console.log(`  seeding the big store (once per generator version): ${path}`)
  const summary = { ...seedLargeStore(partial), path }
  renameSync(partial, path)
  // The stamp of the clean close names the partial file; the renamed store is checked at its first open.
  rmSync(`${partial}.verified`, { force: true })
  writeSummary(summaryPath, summary)
  console.log(
    `  seeded ${summary.messageCount.toLocaleString('en')} messages in ${(summary.seedMs / 1000).toFixed(1)} s (${(summary.fileBytes / 2 ** 20).toFixed(0)} MiB)`,
  )
  return { path, summary, seeded: true }
}

export function writeSummary(path: string, summary: SeedSummary): void {
  // Written last: its presence says the store is whole.
  const tmp = `${path}.tmp-${process.pid}`
  writeFileSync(tmp, JSON.stringify(summary, null, 2) + '\n')
  renameSync(tmp, path)
}
