// `start-web --timing` (the start-up benchmark's breakdown): one line per phase, on the epoch
// clock, in order, between the moment the test spawned it and the moment it said it was running.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { ROOT } from '../../support/run-process'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function startWeb(args: string[]): Promise<{ stdout: string; stderr: string; spawnedAt: number; runningAt: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'keel-start-web-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>renderer</title>')
  const spawnedAt = performance.timeOrigin + performance.now()
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/main/web/start-web.ts',
      '--port',
      '0',
      '--db',
      join(dir, 'keel.db'),
      '--renderer',
      dir,
      ...args,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let stdout = ''
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    let runningAt: number | undefined
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      if (runningAt !== undefined || !stdout.includes('Keel is running at')) return
      runningAt = performance.timeOrigin + performance.now()
      child.kill('SIGTERM')
    })
    child.once('exit', (code) => {
      if (runningAt === undefined) reject(new Error(`start-web exited (${code}) before it ran: ${stderr}`))
      else resolve({ stdout, stderr, spawnedAt, runningAt })
    })
  })
}

it('prints where start-up time went with --timing, and nothing of the kind without it', async () => {
  const timed = await startWeb(['--timing'])
  const phases = [...timed.stderr.matchAll(/^\[keel\] timing (\S+) (\d+\.\d+)$/gm)].map((m) => ({
    phase: m[1],
    at: Number(m[2]),
  }))
  expect(phases.map((p) => p.phase)).toEqual(['process', 'main', 'store-open', 'service-ready', 'listening'])
  const times = phases.map((p) => p.at)
  expect([...times].sort((a, b) => a - b)).toEqual(times)
  // The same clock as this process's: the process began after the spawn (a few ms of slack for clock rounding) and was listening before its line arrived.
  expect(times[0]).toBeGreaterThan(timed.spawnedAt - 5)
  expect(times.at(-1)).toBeLessThanOrEqual(timed.runningAt + 5)

  const plain = await startWeb([])
  expect(plain.stderr).not.toContain('timing')
}, 60_000)
