// `npm test`: the vitest suites (unit, property, fixture replay) and, when present, the Playwright
// suites. With KEEL_TEST_REPORT_DIR set (CI) each runner also writes a JSON report there.
//
// The two runners run at the same time: vitest keeps both cores busy (~90 % CPU measured), the
// Playwright specs mostly wait on the page (~35 %), so together they finish well before one after
// the other. Playwright's output is held and printed after vitest's, so each reads whole.
// KEEL_TEST_SERIAL=1 runs them one after the other.
import { spawn } from 'node:child_process'
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

/** Runs a command; its output goes to ours at once, or is held until `release()` when `held`. */
function start(command, args, { env = {}, held = false } = {}) {
  const child = spawn(command, args, {
    stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  })
  let buffered = held ? [] : undefined
  const forward = (target) => (chunk) => (buffered ? buffered.push([target, chunk]) : target.write(chunk))
  child.stdout?.on('data', forward(process.stdout))
  child.stderr?.on('data', forward(process.stderr))
  const done = new Promise((resolve) => {
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`)
      resolve(1)
    })
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
  return {
    done,
    release() {
      for (const [target, chunk] of buffered ?? []) target.write(chunk)
      buffered = undefined
    },
  }
}

const reportDir = process.env.KEEL_TEST_REPORT_DIR
const serial = process.env.KEEL_TEST_SERIAL === '1'
const onlyVitest = process.argv.length > 2 // `npm test -- <files>` runs those vitest files alone

const vitestArgs = ['vitest', 'run', ...process.argv.slice(2)]
if (reportDir) vitestArgs.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportDir}/vitest.json`)

const hasE2e = existsSync('test/e2e') && readdirSync('test/e2e').some((f) => f.endsWith('.e2e.ts'))
function startPlaywright(held) {
  const env = reportDir ? { PLAYWRIGHT_JSON_OUTPUT_FILE: `${reportDir}/playwright.json` } : {}
  const args = ['playwright', 'test', ...(reportDir ? ['--reporter=list,json'] : [])]
  // The desktop app's window needs a display: on a Linux machine without one, and with the Electron
  // binary installed (otherwise those specs skip), run under a virtual X server.
  const needsXvfb = process.platform === 'linux' && !process.env.DISPLAY && electronInstalled() && onPath('xvfb-run')
  return needsXvfb ? start('xvfb-run', ['-a', 'npx', ...args], { env, held }) : start('npx', args, { env, held })
}

const runE2e = hasE2e && !onlyVitest
const playwright = runE2e && !serial ? startPlaywright(true) : undefined
if (playwright) process.stdout.write('[test] Playwright runs beside vitest; its output follows vitest’s.\n')
const vitestStatus = await start('npx', vitestArgs).done
let e2eStatus = 0
if (playwright) {
  process.stdout.write('\n[test] Playwright:\n')
  playwright.release()
  e2eStatus = await playwright.done
} else if (runE2e) {
  const alone = startPlaywright(false)
  e2eStatus = await alone.done
}
process.exit(vitestStatus || e2eStatus)
