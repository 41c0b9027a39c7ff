// `npm test`: the vitest suites (unit, property, fixture replay) and, when present, the Playwright
// suites. With KEEL_TEST_REPORT_DIR set (CI) each runner also writes a JSON report there.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'

const reportDir = process.env.KEEL_TEST_REPORT_DIR
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const vitestArgs = ['vitest', 'run', ...process.argv.slice(2)]
if (reportDir) vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportDir}/vitest.json`)
let status = run('npx', vitestArgs)

const hasE2e = existsSync('test/e2e') && readdirSync('test/e2e').some((f) => f.endsWith('.e2e.ts'))
if (hasE2e && process.argv.length <= 2) {
  const env = reportDir ? { PLAYWRIGHT_JSON_OUTPUT_FILE: `${reportDir}/playwright.json` } : {}
  const args = ['playwright', 'test', ...(reportDir ? ['--reporter=list,json'] : [])]
  status = run('npx', args, env) || status
}
process.exit(status)
