// Crash recovery runs only when no other live Keel process has the database open: another
// process's answer that is still streaming is not a crash's leftover. "Live" is a lock the OS
// drops when the process dies, so a stale presence file whose pid now names some other process
// can no longer switch recovery off for good. Real child processes throughout.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'

const ROOT = resolve(import.meta.dirname, '../../..')
const CHILD = join(import.meta.dirname, 'presence-child.ts')

function mustOpen(path: string): KeelStore {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.store
}

/** Leaves an assistant message `streaming`, as a process that died mid-answer would. */
function leaveStreamingMessage(path: string): string {
  const store = mustOpen(path)
  const conversation = store.conversations.createConversation({ title: 't' })
  const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText: 'hi' })
  const writer = store.conversations.startAssistantMessage({ conversationId: conversation.id, turnId: turn.id })
  writer.appendText('partial')
  writer.flush()
  store.close()
  return writer.messageId
}

/** A live process that is not Keel and has nothing open. */
function unrelatedProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)'], { stdio: 'ignore' })
}

/** A Keel process with the store open and an answer streaming; resolves once it is ready. */
function keelProcess(path: string): Promise<{ child: ChildProcess; messageId: string }> {
  // `node --import tsx` (not the tsx binary, which runs the script in a grandchild): the pid we kill is the one holding the store.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolvePromise, reject) => {
    let out = ''
    let err = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const ready = /ready (\S+)\n/.exec(out)
      if (ready) resolvePromise({ child, messageId: ready[1]! })
    })
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    child.once('exit', (code) => reject(new Error(`presence child exited ${code}: ${err}`)))
  })
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolvePromise) => child.once('exit', resolvePromise))
  child.kill('SIGKILL')
  await exited
}

describe('process presence', () => {
  let dir: string
  let path: string
  const children: ChildProcess[] = []
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-presence-'))
    path = join(dir, 'keel.db')
  })
  afterEach(async () => {
    await Promise.all(children.splice(0).map(kill))
    rmSync(dir, { recursive: true, force: true })
  })
  const presenceFiles = () => readdirSync(dir).filter((f) => f.includes('.open-'))

  it('holds a presence file while open (shared by the stores of one process) and removes it when the last closes', () => {
    const first = mustOpen(path)
    const second = mustOpen(path)
    expect(presenceFiles()).toEqual([`keel.db.open-${process.pid}`])
    first.close()
    expect(existsSync(`${path}.open-${process.pid}`)).toBe(true)
    second.close()
    expect(presenceFiles()).toEqual([])
  })

  it('a leftover plain presence file under our own pid (pid reused) is replaced, not an error', () => {
    writeFileSync(`${path}.open-${process.pid}`, `${Date.now()}\n`.repeat(50))
    const store = mustOpen(path)
    expect(presenceFiles()).toEqual([`keel.db.open-${process.pid}`])
    store.close()
    expect(presenceFiles()).toEqual([])
  })

  it.for([
    ['a plain file (as older Keels wrote)', 'plain'],
    ['an unlocked presence database (as a crashed Keel leaves it)', 'sqlite'],
  ] as const)(
    'a stale presence file, %s, whose pid is now a live unrelated process does not block recovery',
    async ([, kind]) => {
      const messageId = leaveStreamingMessage(path)
      const other = unrelatedProcess()
      children.push(other)
      const stale = `${path}.open-${other.pid}`
      if (kind === 'plain') writeFileSync(stale, `${Date.now()}\n`)
      else {
        const db = new Database(stale)
        db.exec('CREATE TABLE presence (pid INTEGER NOT NULL, opened_at INTEGER NOT NULL)')
        db.prepare('INSERT INTO presence VALUES (?, ?)').run(other.pid, Date.now())
        db.close()
      }
      const store = mustOpen(path)
      try {
        expect(store.recovery.skippedBecauseInUse).toBe(false)
        expect(store.recovery.interruptedMessageIds).toEqual([messageId])
        expect(store.conversations.getMessage(messageId)).toMatchObject({
          status: 'interrupted',
          interruptReason: 'app-crash',
        })
        expect(existsSync(stale)).toBe(false)
        expect(other.exitCode).toBeNull() // the unrelated process was only a pid; it is untouched
      } finally {
        store.close()
      }
    },
  )

  it('a live Keel process blocks recovery (its answer is still arriving); once SIGKILLed, its presence does not', async () => {
    const { child, messageId } = await keelProcess(path)
    children.push(child)
    expect(presenceFiles()).toEqual([`keel.db.open-${child.pid}`])

    const whileAlive = mustOpen(path)
    expect(whileAlive.recovery.skippedBecauseInUse).toBe(true)
    expect(whileAlive.conversations.getMessage(messageId)).toMatchObject({
      status: 'streaming',
      parts: [{ type: 'text', text: 'still arriving' }],
    })
    whileAlive.close()
    expect(presenceFiles()).toEqual([`keel.db.open-${child.pid}`]) // probing it left it alone

    await kill(child)
    expect(presenceFiles()).toEqual([`keel.db.open-${child.pid}`]) // SIGKILL: nothing cleaned up
    const afterwards = mustOpen(path)
    try {
      expect(afterwards.recovery.skippedBecauseInUse).toBe(false)
      expect(afterwards.recovery.interruptedMessageIds).toEqual([messageId])
      expect(afterwards.conversations.getMessage(messageId)).toMatchObject({
        status: 'interrupted',
        interruptReason: 'app-crash',
        parts: [{ type: 'text', text: 'still arriving' }],
      })
      expect(presenceFiles()).toEqual([`keel.db.open-${process.pid}`])
    } finally {
      afterwards.close()
    }
  })
})
