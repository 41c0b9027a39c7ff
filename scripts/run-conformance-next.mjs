// Runs the conformance suite's next release (0.2.0-alpha, installed as the npm alias
// `@modelcontextprotocol/conformance-next`; KEEL_CONFORMANCE_NEXT=<package folder> points at
// another copy) against `keel mcp conformance-client`: every client scenario the 2026-07-28 and
// the 2025-11-25 revisions require (each at its own wire: server/discover vs initialize), the
// back-compat suite, and json-schema-2020-12-preservation (added after the 2026-07-28 release),
// with the baseline test/conformance/baseline.yml (empty). Extension scenarios (client
// credentials, enterprise-managed authorization, DPoP, workload identity) are not run: see the
// README. Exit 0 when all pass, 1 on a failure, 2 when the package is not installed.
//
// `--requirements <revision>` runs every scenario of a revision at once (40 processes on a shared
// 2-core machine: the OAuth scenarios then missed their 20 s start on load alone, measured at load
// average 43). Here each scenario is its own `--scenario S --spec-version R` run, six at a time,
// and `sse-retry` (a 500 ± 200 ms reconnect check) runs alone at the end.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildConformanceClient } from './conformance-bundle.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const packageDir =
  process.env.KEEL_CONFORMANCE_NEXT ?? join(root, 'node_modules/@modelcontextprotocol/conformance-next')
const cli = join(packageDir, 'dist/index.js')
const shim = join(root, 'scripts/conformance-node20-shim.mjs')
const baseline = join(root, 'test/conformance/baseline.yml')
const REVISIONS = ['2026-07-28', '2025-11-25']
const ALSO = [{ scenario: 'json-schema-2020-12-preservation', specVersion: '2026-07-28' }]
const ALONE = new Set(['sse-retry'])
const PARALLEL = 6

if (!existsSync(cli)) {
  console.log(`conformance-next not installed (${packageDir}): skipped`)
  process.exit(2)
}

const command = await buildConformanceClient(root)
const results = mkdtempSync(join(tmpdir(), 'keel-conformance-next-'))
const runs = []
for (const revision of REVISIONS)
  for (const scenario of requiredClientScenarios(revision)) runs.push({ scenario, specVersion: revision })
runs.push(...ALSO)
const together = runs.filter((run) => !ALONE.has(run.scenario))
const alone = runs.filter((run) => ALONE.has(run.scenario))
const outcomes = [...(await inParallel(together, PARALLEL)), ...(await inParallel(alone, 1))]
outcomes.push(await runOne(['--suite', 'backcompat'], 'backcompat suite'))

let checks = 0
let failedChecks = 0
for (const outcome of outcomes) {
  checks += outcome.passed + outcome.failed
  failedChecks += outcome.failed
  console.log(`${outcome.ok ? '✓' : '✗'} ${outcome.label}: ${outcome.passed} passed, ${outcome.failed} failed`)
  if (!outcome.ok) console.log(outcome.output.slice(-3000))
}
const failedRuns = outcomes.filter((outcome) => !outcome.ok)
console.log(
  `conformance-next: ${outcomes.length - failedRuns.length}/${outcomes.length} runs passed, ${checks - failedChecks}/${checks} checks`,
)
if (process.env.KEEL_KEEP_CONFORMANCE_RESULTS) console.log(`results: ${results}`)
else rmSync(results, { recursive: true, force: true })
process.exit(failedRuns.length === 0 ? 0 : 1)

/** The client scenarios `revision` requires (`list --client --requirements`), scored ones only. */
function requiredClientScenarios(revision) {
  const listing = spawnSync(process.execPath, ['--import', shim, cli, 'list', '--client', '--requirements', revision], {
    encoding: 'utf8',
  })
  if (listing.status !== 0) throw new Error(`conformance list failed: ${listing.stderr}`)
  const lines = listing.stdout.split('\n')
  const start = lines.findIndex((line) => line.startsWith('Client scenarios'))
  const scenarios = []
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+- (\S+)$/.exec(line)
    if (!match) break // "Run and reported, but never scored:" ends the required list
    scenarios.push(match[1])
  }
  if (scenarios.length === 0) throw new Error(`no client scenarios listed for ${revision}`)
  return scenarios
}

async function inParallel(list, width) {
  const outcomes = []
  let next = 0
  const worker = async () => {
    while (next < list.length) {
      const run = list[next++]
      outcomes.push(
        await runOne(
          ['--scenario', run.scenario, '--spec-version', run.specVersion],
          `${run.specVersion} ${run.scenario}`,
        ),
      )
    }
  }
  await Promise.all(Array.from({ length: width }, worker))
  return outcomes
}

function runOne(selection, label) {
  return new Promise((resolveRun) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        shim,
        cli,
        'client',
        '--command',
        command,
        ...selection,
        // The client's own deadlines are 60 s (mcp-conformance-client.ts); the suite's default 30 s
        // killed OAuth scenarios that were only slow on a loaded machine.
        '--timeout',
        '90000',
        '--expected-failures',
        baseline,
        '-o',
        results,
      ],
      { cwd: root },
    )
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('close', (code) => {
      // Single scenario: "Passed: 18/18, 0 failed"; a suite: "Total: 19 passed, 0 failed".
      const single = /Passed: (\d+)\/\d+, (\d+) failed/.exec(output)
      const suite = /Total: (\d+) passed, (\d+) failed/.exec(output)
      const counts = single ?? suite
      resolveRun({
        label,
        ok: code === 0,
        passed: counts ? Number(counts[1]) : 0,
        failed: counts ? Number(counts[2]) : 0,
        output,
      })
    })
  })
}
