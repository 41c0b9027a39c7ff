// Crash test: a child process applies write tool calls (and streams messages) in a loop and is
// killed with SIGKILL at random moments. After every kill the store is reopened and checked:
// integrity_check ok, foreign_key_check empty, every acknowledged write present, no duplicate
// effect, no orphan ledger row, no message left streaming, every flushed text kept.
// KEEL_CRASH_KILLS sets the number of kills (default 200; e.g. 2000 for a long run), KEEL_CRASH_SEED replays a
// run, KEEL_CRASH_SPARES sets how many children start ahead (default 3).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openKeelStore } from '../../../src/main/db/keel-store'
import { canonicalJson } from '../../../src/main/ledger/canonical-json'
import { planStep, type ChildMessage } from './crash/crash-plan'
import { NO_VIOLATIONS, countEffectsWithoutEntry, findLedgerViolations } from './ledger-checks'

const KILLS = Number(process.env.KEEL_CRASH_KILLS ?? 200)
const SEED = Number(process.env.KEEL_CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31))
/**
 * When to kill: after a random number (0…MAX_ACKS_BEFORE_KILL) of new acknowledgements, plus a
 * random 0–2 ms, so the kill lands between writes or inside one. (A wall-clock delay alone would
 * depend on how fast a CPU-starved child runs.) 10% of kills land while the child opens the store.
 */
const MAX_ACKS_BEFORE_KILL = 16
/**
 * Children started ahead of time. Node itself takes ~0.2 s to start here, so the next children load
 * their code (on the other core) while the current one runs; a spare touches the database only
 * after it is told to go, so it never races the running child.
 */
const SPARE_CHILDREN = Number(process.env.KEEL_CRASH_SPARES ?? 3)

const childSource = join(import.meta.dirname, 'crash', 'crash-child.ts')
let workDir: string
let childCommand: { command: string; args: string[] }

/**
 * Bundles the child once with esbuild (a dependency of tsx) so each restart costs a plain `node`
 * start (~0.2 s) instead of a tsx compile (~0.7–1.2 s). Falls back to `node --import tsx`.
 */
async function prepareChild(): Promise<{ command: string; args: string[] }> {
  const outfile = join(workDir, 'crash-child.cjs')
  try {
    const { build } = await import('esbuild')
    const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3')
    await build({
      entryPoints: [childSource],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile,
      logLevel: 'error',
      plugins: [
        {
          name: 'keep-native-addon-external',
          setup(pluginBuild) {
            pluginBuild.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: betterSqlite3, external: true }))
          },
        },
      ],
    })
    return { command: process.execPath, args: [outfile] }
  } catch (error) {
    console.warn(`[crash test] esbuild unavailable (${String(error)}); running the child through tsx (slower)`)
    return { command: process.execPath, args: ['--import', 'tsx', childSource] }
  }
}

interface Child {
  process: ChildProcessWithoutNullStreams
  messages: ChildMessage[]
  stderr: string[]
  loaded: Promise<void>
  ready: Promise<void>
  exited: Promise<void>
  /** Resolves once the child has written `count` lines in all (or has exited). */
  messageCount(count: number): Promise<void>
}

function spawnChild(dbPath: string): Child {
  const child = spawn(childCommand.command, [...childCommand.args, dbPath, String(SEED)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const messages: ChildMessage[] = []
  const stderr: string[] = []
  let onLoaded: () => void = () => {}
  let onReady: () => void = () => {}
  const loaded = new Promise<void>((resolve) => (onLoaded = resolve))
  const ready = new Promise<void>((resolve) => (onReady = resolve))
  let waiting: { count: number; resolve: () => void } | undefined
  createInterface({ input: child.stdout }).on('line', (line) => {
    const message = JSON.parse(line) as ChildMessage
    messages.push(message)
    if (message.type === 'loaded') onLoaded()
    if (message.type === 'ready') onReady()
    if (waiting && messages.length >= waiting.count) {
      waiting.resolve()
      waiting = undefined
    }
  })
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()))
  // A child that dies on its own must not leave the parent waiting for `ready` forever.
  void exited.then(() => {
    onLoaded()
    onReady()
    waiting?.resolve()
  })
  const messageCount = (count: number) =>
    messages.length >= count || child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => (waiting = { count, resolve }))
  return { process: child, messages, stderr, loaded, ready, exited, messageCount }
}

/** Everything acknowledged so far, across all kills. */
interface Acknowledged {
  tool: Map<string, { status: string; output: unknown; callIds: Set<string> }>
  /** Message id → longest acknowledged text length, and whether its finalize was acknowledged. */
  messages: Map<string, { step: number; length: number; finalized: boolean }>
}

function expectedText(step: number, length: number): string {
  const plan = planStep(SEED, step)
  if (plan.kind !== 'stream') throw new Error(`step ${step} did not stream`)
  return plan.chunks.join('').slice(0, length)
}

describe('crash safety (SIGKILL at random moments)', () => {
  beforeAll(async () => {
    workDir = mkdtempSync(join(tmpdir(), 'keel-'))
    childCommand = await prepareChild()
  })
  afterAll(() => {
    rmSync(workDir, { recursive: true, force: true })
  })

  it(
    `loses no acknowledged write and duplicates no effect over ${KILLS} kills (seed ${SEED})`,
    async () => {
      const dbPath = join(workDir, 'crash.db')
      const acknowledged: Acknowledged = { tool: new Map(), messages: new Map() }
      let startStep = 0
      let totalAcks = 0
      let repeatsSeen = 0
      let killsBeforeReady = 0
      let rng = SEED
      const random = () => (rng = (Math.imul(rng, 1103515245) + 12345) >>> 0) / 2 ** 32

      const spares = Array.from({ length: Math.max(1, SPARE_CHILDREN) }, () => spawnChild(dbPath))
      for (let kill = 0; kill < KILLS; kill++) {
        const child = spares.shift() as Child
        await child.loaded
        child.process.stdin.write(`${startStep}\n`)
        spares.push(spawnChild(dbPath))
        if (random() < 0.1) {
          // Sometimes kill while the child opens the store (migrations check, pragmas, crash recovery).
          killsBeforeReady++
          await new Promise((resolve) => setTimeout(resolve, random() * 3))
        } else {
          await child.ready
          await child.messageCount(child.messages.length + Math.floor(random() * (MAX_ACKS_BEFORE_KILL + 1)))
          const delayMs = random() * 2
          if (delayMs >= 1) await new Promise((resolve) => setTimeout(resolve, delayMs))
          else await new Promise((resolve) => setImmediate(resolve))
        }
        child.process.kill('SIGKILL')
        await child.exited
        const context = `kill ${kill}, seed ${SEED}, start step ${startStep}`
        const failure = child.messages.find((m) => m.type === 'open-failed')
        expect(failure, context).toBeUndefined()
        expect(child.stderr.join(''), context).toBe('')
        expect(child.process.signalCode, context).toBe('SIGKILL')

        // What this child acknowledged: checked against what earlier children acknowledged.
        let lastStep = startStep - 1
        for (const message of child.messages) {
          if (message.type === 'tool-ack') {
            totalAcks++
            lastStep = Math.max(lastStep, message.step)
            expect(message.key, context).toMatch(/^[0-9a-f]{64}$/)
            const key = message.key as string
            const earlier = acknowledged.tool.get(key)
            if (earlier) {
              expect(message.repeated, `${context}: re-run of acknowledged step ${message.step} must be a repeat`).toBe(
                true,
              )
              expect(message.status, context).toBe(earlier.status)
              expect(message.output, context).toEqual(earlier.output)
              earlier.callIds.add(message.callId)
              repeatsSeen++
            } else {
              acknowledged.tool.set(key, {
                status: message.status,
                output: message.output,
                callIds: new Set([message.callId]),
              })
            }
          } else if (message.type === 'flushed') {
            lastStep = Math.max(lastStep, message.finalized ? message.step : message.step - 1)
            acknowledged.messages.set(message.messageId, {
              step: message.step,
              length: message.length,
              finalized: message.finalized,
            })
          }
        }

        // Reopen as the app would after a crash, and check everything.
        const opened = openKeelStore(dbPath)
        expect(opened.ok ? 'ok' : `${opened.error.kind}: ${opened.error.message}`, context).toBe('ok')
        if (!opened.ok) return
        const store = opened.store
        try {
          const db = store.db
          expect(db.pragma('integrity_check', { simple: true }), context).toBe('ok')
          expect(db.pragma('foreign_key_check'), context).toEqual([])
          expect(findLedgerViolations(db), context).toEqual(NO_VIOLATIONS)
          expect(countEffectsWithoutEntry(db), context).toBe(0)
          // Plain comparisons collected into one assertion per kill (thousands of `expect` calls would dominate the run).
          const lost: string[] = []
          const entries = new Map(store.ledger.list().map((entry) => [entry.idempotencyKey, entry]))
          for (const [key, ack] of acknowledged.tool) {
            const entry = entries.get(key)
            if (!entry) lost.push(`${key}: acknowledged ${ack.status}, not in the ledger`)
            else if (entry.state !== ack.status) lost.push(`${key}: acknowledged ${ack.status}, stored ${entry.state}`)
            else if (ack.status === 'succeeded' && canonicalJson(entry.output) !== canonicalJson(ack.output))
              lost.push(`${key}: stored output differs`)
            else
              for (const callId of ack.callIds)
                if (!entry.callIds.includes(callId)) lost.push(`${key}: call ${callId} not remembered`)
          }
          expect(db.prepare(`SELECT count(*) AS n FROM messages WHERE status = 'streaming'`).get(), context).toEqual({
            n: 0,
          })
          const stored = new Map(
            (
              db
                .prepare(
                  `SELECT m.id, m.status, m.interrupt_reason AS reason, coalesce(group_concat(p.text, '' ORDER BY p.position), '') AS text
                   FROM messages m LEFT JOIN message_parts p ON p.message_id = m.id
                   WHERE m.role = 'assistant' GROUP BY m.id`,
                )
                .all() as { id: string; status: string; reason: string | null; text: string }[]
            ).map((row) => [row.id, row]),
          )
          for (const [messageId, ack] of acknowledged.messages) {
            const message = stored.get(messageId)
            if (!message) lost.push(`message ${messageId}: missing`)
            else if (!message.text.startsWith(expectedText(ack.step, ack.length)))
              lost.push(`message ${messageId}: lost flushed text`)
            else if (ack.finalized && message.status !== 'complete')
              lost.push(`message ${messageId}: finalized, stored ${message.status}`)
            else if (
              message.status !== 'complete' &&
              !(message.status === 'interrupted' && message.reason === 'app-crash')
            ) {
              lost.push(`message ${messageId}: stored ${message.status}/${message.reason}`)
            }
          }
          expect(lost, context).toEqual([])
        } finally {
          store.close()
        }
        // Resume a few steps back, so acknowledged actions are re-run (and must come back as repeats).
        startStep = Math.max(0, lastStep + 1 - Math.floor(random() * 4))
      }
      for (const spare of spares) spare.process.kill('SIGKILL')
      await Promise.all(spares.map((spare) => spare.exited))
      console.log(
        `[crash test] seed ${SEED}: ${KILLS} kills (${killsBeforeReady} during open), ${totalAcks} acknowledged writes, ` +
          `${acknowledged.tool.size} distinct actions, ${repeatsSeen} acknowledged repeats, ${acknowledged.messages.size} streamed messages, reached step ${startStep}`,
      )
      expect(totalAcks).toBeGreaterThan(KILLS)
      expect(repeatsSeen).toBeGreaterThan(0)
    },
    Math.max(120_000, KILLS * 1_000),
  )
})
