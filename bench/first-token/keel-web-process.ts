// Browser mode (`src/main/web/start-web.ts`) as the benchmarks start it: one Node process (no tsx
// wrapper process, so a CPU profile or a signal reaches the server itself), the simulated
// provider as its default provider, on a given store.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const repoRoot = resolve(import.meta.dirname, '..', '..')

/** Epoch milliseconds on the high-resolution clock (the same reading in Node and in a page). */
export const epochNow = (): number => performance.timeOrigin + performance.now()

export interface KeelWeb {
  child: ChildProcess
  /** `http://127.0.0.1:N/#token=…` */
  url: string
  /** When the process was spawned and when its "Keel is running" line arrived (epoch ms). */
  spawnedAt: number
  listeningAt: number
  /** Its stderr so far (the `--timing` lines among it). */
  stderr(): string
  stop(): Promise<void>
}

export interface KeelWebOptions {
  /** Write a V8 CPU profile of the server into this folder when it stops. */
  cpuProfDir?: string | undefined
  /** Pass `--timing` (start-web prints where its start-up time went). */
  timing?: boolean
  env?: Record<string, string>
}

export function startKeelWeb(dbPath: string, simOrigin: string, options: KeelWebOptions = {}): Promise<KeelWeb> {
  const nodeArgs = [
    '--import',
    'tsx',
    ...(options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : []),
  ]
  const args = [
    ...nodeArgs,
    'src/main/web/start-web.ts',
    '--port',
    '0',
    '--db',
    dbPath,
    '--no-build',
    ...(options.timing ? ['--timing'] : []),
  ]
  const spawnedAt = epochNow()
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      KEEL_DEFAULT_PROVIDER: 'anthropic',
      KEEL_ANTHROPIC_BASE_URL: `${simOrigin}/anthropic/v1`,
      ANTHROPIC_API_KEY: 'bench',
      KEEL_TIME_ZONE: 'UTC',
      ...options.env,
    },
  })
  let out = ''
  let err = ''
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk))
  const stop = (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
      child.once('exit', () => {
        clearTimeout(force)
        done()
      })
      child.kill('SIGTERM')
    })
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`start-web did not start within 120 s\nstdout: ${out}\nstderr: ${err}`))
    }, 120_000)
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const listeningAt = epochNow()
      out += chunk
      const match = out.match(/Keel is running at (http:\/\/\S+)/)
      if (!match) return
      clearTimeout(timer)
      child.stdout!.removeAllListeners('data')
      child.stdout!.resume()
      child.removeAllListeners('exit')
      resolvePromise({ child, url: match[1]!, spawnedAt, listeningAt, stderr: () => err, stop })
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`start-web exited early (code ${code})\nstdout: ${out}\nstderr: ${err}`))
    })
  })
}

/** Newest modification time of any file under `dir` (0 when missing). */
function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/** Builds the renderer (`electron-vite build`) when `out/renderer` is missing or older than its sources. */
export function ensureRendererBuilt(): void {
  const index = join(repoRoot, 'out', 'renderer', 'index.html')
  const sources = Math.max(newestMtime(join(repoRoot, 'src', 'renderer')), newestMtime(join(repoRoot, 'src', 'shared')))
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return
  console.log('  building the renderer (out/renderer is missing or older than src/renderer)…')
  const built = spawnSync(join(repoRoot, 'node_modules', '.bin', 'electron-vite'), ['build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (built.status !== 0 || !existsSync(index)) throw new Error('electron-vite build failed')
}
