// Runs a Keel entry point as a user does: a real child process, its whole stdout and stderr kept.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { keelCommand } from './cli-bundle'

export const ROOT = resolve(import.meta.dirname, '../..')

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

/** `keel <args>`: the source `npm run keel` runs, bundled once per test run (cli-bundle.ts). */
export function runKeel(args: string[], options: RunOptions = {}): Promise<Ran> {
  const keel = keelCommand()
  return runProcess(keel.command, [...keel.args, ...args], options)
}

/** A TypeScript entry point (`src/main/web/start-web.ts`, …) through `node --import tsx`. */
export function runScript(script: string, args: string[], options: RunOptions = {}): Promise<Ran> {
  return runProcess(process.execPath, ['--import', 'tsx', join(ROOT, script), ...args], options)
}
