// `npm test`: the vitest suites (unit, property, fixture replay) and, when present, the Playwright
// suites. With KEEL_TEST_REPORT_DIR set (CI) each runner also writes a JSON report there.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** Same rule as test/e2e/electron-binary.ts (never `require('electron')`: it would try to download). */
function electronInstalled() {
  const dir = join('node_modules', 'electron')
  const pathTxt = join(dir, 'path.txt')
  const executable = existsSync(pathTxt) ? readFileSync(pathTxt, 'utf8').trim() : 'electron'
  return existsSync(join(process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(dir, 'dist'), executable))
}

function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((folder) => existsSync(join(folder, command)))
}

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
  // The desktop app's window needs a display: on a Linux machine without one, and with the Electron
  // binary installed (otherwise those specs skip), run under a virtual X server.
  const needsXvfb = process.platform === 'linux' && !process.env.DISPLAY && electronInstalled() && onPath('xvfb-run')
  status = (needsXvfb ? run('xvfb-run', ['-a', 'npx', ...args], env) : run('npx', args, env)) || status
}
process.exit(status)
