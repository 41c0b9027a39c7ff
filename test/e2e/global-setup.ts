// Playwright global setup: builds the renderer when needed (and SQLite's addon for Electron where
// the binary exists). The servers a spec talks to are started per worker (fixtures.ts), with the
// helpers below, so workers never share a store or a simulated provider's queue.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { electronBinary } from './electron-binary'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

/** Starts a process and resolves with the first stdout match of `pattern` (rejects on exit or timeout). */
export function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  pattern: RegExp,
  label: string,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let out = ''
    let err = ''
    const timer = setTimeout(() => {
      void stop(child)
      reject(new Error(`${label} did not start within 90 s\nstdout: ${out}\nstderr: ${err}`))
    }, 90_000)
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk
      const match = out.match(pattern)
      if (match) {
        clearTimeout(timer)
        resolvePromise({ child, match })
      }
    })
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk
      if (process.env.E2E_VERBOSE) process.stderr.write(`[${label}] ${chunk}`)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${label} exited early (code ${code})\nstdout: ${out}\nstderr: ${err}`))
    })
  })
}

/** Stops the process group we started (tsx runs the script in a child process). */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return done()
    const force = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
    }, 5_000)
    child.once('exit', () => {
      clearTimeout(force)
      done()
    })
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      clearTimeout(force)
      done()
    }
  })
}

/** Starts browser mode (`start-web`) on `dbPath`, its provider the simulated one; resolves with the printed URL. */
export async function startBrowserMode(dbPath: string, simUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const web = await startProcess(
    bin('tsx'),
    // The fake external tools (tests only) stand in for tools outside Keel (MCP servers) in the E2E suite.
    [
      'src/main/web/start-web.ts',
      '--port',
      '0',
      '--db',
      dbPath,
      '--no-build',
      '--extra-tool-source',
      'test/support/fake-external-tools.ts',
    ],
    {
      KEEL_DEFAULT_PROVIDER: 'anthropic',
      // The user's zone is neither UTC nor the browser's (measurements.e2e.ts): days are tested as local days.
      KEEL_TIME_ZONE: 'Asia/Kolkata',
      KEEL_ANTHROPIC_BASE_URL: `${simUrl}/anthropic/v1`,
      ANTHROPIC_API_KEY: 'test',
    },
    /Keel is running at (http:\/\/\S+)/,
    'start-web',
  )
  return { child: web.child, url: web.match[1]! }
}

/** Starts the simulated provider (with its /_sim control routes) on a free port; resolves with its URL. */
export async function startSimulatedProviderProcess(): Promise<{ child: ChildProcess; url: string }> {
  const sim = await startProcess(
    bin('tsx'),
    ['test/support/simulated-provider/cli.ts', '--port', '0'],
    {},
    /listening (http:\/\/127\.0\.0\.1:\d+)/,
    'simulated provider',
  )
  return { child: sim.child, url: sim.match[1]! }
}

export default async function globalSetup(): Promise<void> {
  // The desktop app (electron project) loads SQLite's addon built for Electron's ABI, kept beside
  // the Node one; build it once where the binary exists (that needs the network, as installing it did).
  if (electronBinary()) {
    const addon = spawnSync(process.execPath, [join(root, 'scripts', 'build-electron-addon.mjs')], {
      cwd: root,
      stdio: 'inherit',
    })
    if (addon.status !== 0)
      throw new Error('could not build better-sqlite3 for Electron (scripts/build-electron-addon.mjs)')
  }
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) {
    const built = spawnSync(bin('electron-vite'), ['build'], { cwd: root, stdio: 'inherit' })
    if (built.status !== 0) throw new Error('electron-vite build failed')
  }
}
