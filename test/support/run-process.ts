// Runs a Keel entry point as a user does: a real child process, its whole stdout and stderr kept.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')
const TSX = join(ROOT, 'node_modules/.bin/tsx')
const KEEL_CLI = join(ROOT, 'src/cli/keel.ts')

export interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

export interface RunOptions {
  /** Added to (and overriding) this process's environment. */
  env?: Record<string, string>
  /** The working folder (default: the repository root). */
  cwd?: string
  /** Called with all stdout so far on every chunk; `kill` sends SIGINT (a user's Ctrl-C). */
  onStdout?: (text: string, kill: () => void) => void
}

/** Runs `command args` from the repository root. */
export function runProcess(command: string, args: string[], options: RunOptions = {}): Promise<Ran> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8')
      options.onStdout?.(stdout, () => child.kill('SIGINT'))
    })
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolvePromise({ code, stdout, stderr }))
  })
}

/** `keel <args>` through tsx, as `npm run keel` runs it. */
export function runKeel(args: string[], options: RunOptions = {}): Promise<Ran> {
  return runProcess(TSX, [KEEL_CLI, ...args], options)
}

/** A TypeScript entry point (`src/main/web/start-web.ts`, …) through `node --import tsx`. */
export function runScript(script: string, args: string[], options: RunOptions = {}): Promise<Ran> {
  return runProcess(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], options)
}
