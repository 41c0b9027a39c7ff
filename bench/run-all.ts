// `npm run bench`: runs every bench/*.bench.ts in its own process, one after another (a fresh
// heap each, so one benchmark's garbage does not bill the next). Exits non-zero if any failed.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { goalsTable, readGoals } from './goals'

// Names select benchmarks; flags (`--quick`) go to every benchmark run.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'))
const files = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort()
let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(import.meta.dirname, file), ...flags],
    {
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) {
    failed++
    console.error(`[bench] ${file} exited with ${result.status ?? result.signal}`)
  }
}
// The goals (bench/goals.ts), from every results file (this run's, and earlier runs' for benchmarks not run now).
const goals = readGoals()
if (goals.length > 0) {
  console.log('\n=== goals (bench-results/*.json) ===')
  console.log(goalsTable(goals))
  const failing = goals.filter((g) => !g.pass).length
  console.log(`goals: ${goals.length - failing} pass, ${failing} fail`)
}
process.exit(failed > 0 ? 1 : 0)
