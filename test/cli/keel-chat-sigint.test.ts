// Ctrl-C as a terminal sends it: to the whole foreground process group (npm and the CLI), run
// the way the user guide says (`npm run keel -- chat …`). The CLI gets the signal more than once and
// must still stop once, save the interrupted answer and print run-end.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKeelStore } from '../../src/main/db/keel-store'
import type { Message } from '../../src/shared/conversation'
import { startSimulatedProvider, type SimulatedProvider } from '../support/simulated-provider'

const ROOT = resolve(import.meta.dirname, '../..')

let server: SimulatedProvider
let dir: string
beforeAll(async () => {
  server = await startSimulatedProvider()
  dir = mkdtempSync(join(tmpdir(), 'keel-sigint-'))
})
afterAll(async () => {
  await server.close()
  rmSync(dir, { recursive: true, force: true })
})

/**
 * `npm run keel -- chat …` in its own process group (a terminal's foreground job); at the first
 * streamed word, `ctrlC` delivers the user's Ctrl-C (given the group's leader pid).
 */
function npmChatWithCtrlC(
  db: string,
  ctrlC: (group: number, fail: (error: Error) => void) => void,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      'npm',
      ['run', '--silent', 'keel', '--', 'chat', '--provider', 'anthropic', '--db', db, '--json', 'Count slowly'],
      {
        cwd: ROOT,
        env: { ...process.env, KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'), ANTHROPIC_API_KEY: 'k' },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group, like a terminal's foreground job
      },
    )
    let stdout = ''
    let stderr = ''
    let sent = false
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8')
      if (!sent && stdout.includes('"text-delta"')) {
        sent = true
        ctrlC(child.pid!, reject)
      }
    })
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', () => resolvePromise({ stdout, stderr }))
  })
}

/** The terminal's Ctrl-C: SIGINT to the whole group. */
const chatUntilFirstWordThenCtrlC = (db: string) => npmChatWithCtrlC(db, (group) => process.kill(-group, 'SIGINT'))

/** The CLI's own process (no npm/tsx in between), sent two SIGINTs a moment apart: one keypress delivered twice. */
function chatThenDoubleSigint(
  db: string,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'src/cli/keel.ts'),
        'chat',
        '--provider',
        'anthropic',
        '--db',
        db,
        '--json',
        'Count slowly',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, KEEL_ANTHROPIC_BASE_URL: server.baseUrlFor('anthropic'), ANTHROPIC_API_KEY: 'k' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    let sent = false
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString('utf8')
      if (!sent && stdout.includes('"text-delta"')) {
        sent = true
        child.kill('SIGINT')
        setTimeout(() => child.kill('SIGINT'), 25)
      }
    })
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code, signal) => resolvePromise({ code, signal, stdout, stderr }))
  })
}

/** The CLI's own process in the group: the deepest one running src/cli/keel.ts (a runner may sit above it). */
function cliPid(group: number): number | undefined {
  const rows = execFileSync('ps', ['-o', 'pid=,ppid=,pgid=,args=', '-e'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .flatMap((m) =>
      m && Number(m[3]) === group && m[4]!.includes('src/cli/keel.ts')
        ? [{ pid: Number(m[1]), ppid: Number(m[2]) }]
        : [],
    )
  return rows.find((row) => !rows.some((other) => other.ppid === row.pid))?.pid
}

/**
 * `npm run keel` on a machine too busy to run the CLI for a moment: the CLI is paused (SIGSTOP) when
 * the terminal's Ctrl-C reaches the group, and resumed half a second later.
 */
const chatThenCtrlCWhileBusy = (db: string) =>
  npmChatWithCtrlC(db, (group, fail) => {
    const cli = cliPid(group)
    if (cli === undefined) return fail(new Error('no CLI process found in the group'))
    process.kill(cli, 'SIGSTOP')
    process.kill(-group, 'SIGINT')
    setTimeout(() => process.kill(cli, 'SIGCONT'), 500)
  })

/** An answer that streams a few words, then stalls: a Ctrl-C always lands mid-answer. */
function queueSlowAnswer(): void {
  server.reset()
  server.enqueue({
    type: 'turn',
    text: 'One two three four five six seven eight nine ten',
    usage: null,
    faults: { stallAfterEvents: 5 },
  })
}

const STOPPED_BY_USER = { type: 'run-end', status: 'interrupted', interruptReason: 'user-stop' }

/** The last `--json` event printed. */
const lastEvent = (stdout: string): unknown => JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null')

/** The answer stored in the store at `db` (its one conversation). */
function storedAnswer(db: string): Message | undefined {
  const opened = openKeelStore(db)
  if (!opened.ok) throw new Error(opened.error.message)
  try {
    const [conversation] = opened.store.conversations.listConversations()
    return opened.store.conversations.getMessages(conversation!.id).find((m) => m.role === 'assistant')
  } finally {
    opened.store.close()
  }
}

describe('keel chat under a terminal Ctrl-C (npm run keel)', () => {
  it('one keypress delivered twice is one stop: exit 130 after run-end, the answer saved', async () => {
    queueSlowAnswer()
    const db = join(dir, 'double.db')
    const run = await chatThenDoubleSigint(db)
    expect(lastEvent(run.stdout), run.stderr).toMatchObject(STOPPED_BY_USER)
    expect(run.code).toBe(130)
  })

  it('stops once, saves the interrupted answer and prints run-end, every time', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      queueSlowAnswer()
      const db = join(dir, `sigint-${attempt}.db`)
      const run = await chatUntilFirstWordThenCtrlC(db)
      expect(lastEvent(run.stdout), `attempt ${attempt}: ${run.stderr}`).toMatchObject(STOPPED_BY_USER)
      const answer = storedAnswer(db)
      expect(answer).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
      expect(answer!.parts.length).toBeGreaterThan(0)
    }
  })
  it('a Ctrl-C that reaches a CLI too busy to answer at once is still the user’s stop, not a crash', async () => {
    queueSlowAnswer()
    const db = join(dir, 'busy.db')
    const run = await chatThenCtrlCWhileBusy(db)
    // (npm's own exit status is npm's: it re-raises the signal it got.)
    expect(lastEvent(run.stdout), run.stderr).toMatchObject(STOPPED_BY_USER)
    expect(storedAnswer(db)).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
  })
})
