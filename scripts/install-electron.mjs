// `npm start` / `npm run dev` run this first (prestart/predev): Electron's own installer
// (node_modules/electron/install.js), which downloads the Electron binary once. Offline, that
// installer dies with a bare `TypeError: fetch failed` stack; here its failure is said in one line:
// what failed, that it needs the internet once, and that browser mode works without it.
// KEEL_VERBOSE=1 shows the installer's own output too.
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const installer = join(root, 'node_modules', 'electron', 'install.js')

const child = spawn(process.execPath, [installer], { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] })
let stderr = ''
child.stderr.setEncoding('utf8').on('data', (chunk) => {
  stderr += chunk
  if (process.env.KEEL_VERBOSE) process.stderr.write(chunk)
})
child.on('error', (error) => finish(1, error.message))
child.on('close', (code, signal) => finish(code ?? (signal ? 1 : 0), undefined))

function finish(code, spawnError) {
  if (code === 0) process.exit(0)
  const reason = spawnError ?? firstErrorLine(stderr) ?? `the installer exited with code ${code}`
  process.stderr.write(
    `keel: the Electron download failed (${reason}); the desktop app needs the internet once to fetch Electron — try again online, or run Keel in your browser without it: npm run start:web\n`,
  )
  process.exit(code)
}

/** The installer's error, without its stack: `TypeError: fetch failed`, `HTTPError: Response code 404`, … */
function firstErrorLine(text) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '))
  const error = lines.find((line) => /error|failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN/i.test(line)) ?? lines[0]
  return error?.slice(0, 200)
}
