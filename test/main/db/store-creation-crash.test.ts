// A store is made whole or not at all: a process killed while it creates the store (kill -9 during
// the first migrations: a first start cut by a crash or power loss) leaves no half-made file the
// next start would refuse as empty, and the next start makes the store.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/db/database'
import { openKeelStore } from '../../../src/main/db/keel-store'

const ROOT = resolve(import.meta.dirname, '..', '..', '..')
const CHILD = join(import.meta.dirname, 'creating-child.ts')

function creatingProcess(path: string): Promise<ChildProcess> {
  // `node --import tsx`: the pid killed is the one making the store.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, path], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolvePromise, reject) => {
    let err = ''
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('migrating')) resolvePromise(child)
    })
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before migrating: ${err}`)))
  })
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolvePromise) => child.once('exit', resolvePromise))
  child.kill('SIGKILL')
  await exited
}

describe('making a new store', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-create-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('killed mid-creation leaves no store file, and the next start makes the store', async () => {
    const path = join(dir, 'keel.db')
    await kill(await creatingProcess(path))
    // Only the staging file of the dead process is there: nothing at the store's own name.
    expect(existsSync(path)).toBe(false)
    expect(readdirSync(dir).some((name) => name.startsWith('keel.db.creating-'))).toBe(true)

    const opened = openKeelStore(path)
    if (!opened.ok) throw new Error(opened.error.message)
    const conversation = opened.store.conversations.createConversation({ title: 'after the crash' })
    expect(opened.store.conversations.getConversation(conversation.id)?.title).toBe('after the crash')
    opened.store.close()
    // The abandoned staging files are gone; the store is a whole file.
    expect(readdirSync(dir).filter((name) => name.includes('.creating-'))).toEqual([])
  })

  it('leaves a live process’s store in the making alone', () => {
    const path = join(dir, 'keel.db')
    // process.ppid: a process that is certainly alive (the test runner's parent).
    const live = join(dir, `keel.db.creating-${process.ppid}-0000`)
    writeFileSync(live, '')
    const opened = openDatabase(path)
    if (!opened.ok) throw new Error(opened.error.message)
    opened.db.close()
    expect(existsSync(live)).toBe(true)
    expect(existsSync(path)).toBe(true)
  })

  it('still refuses an empty file at the store’s name (not one Keel made)', () => {
    const path = join(dir, 'keel.db')
    writeFileSync(path, '')
    const opened = openDatabase(path)
    expect(opened.ok).toBe(false)
    if (!opened.ok) expect(opened.error.message).toContain('It is empty (0 bytes)')
  })

  it('a store another process made first is opened, not replaced', () => {
    const path = join(dir, 'keel.db')
    const first = openKeelStore(path)
    if (!first.ok) throw new Error(first.error.message)
    const kept = first.store.conversations.createConversation({ title: 'made first' })
    first.store.close()
    const again = openKeelStore(path)
    if (!again.ok) throw new Error(again.error.message)
    expect(again.store.conversations.getConversation(kept.id)?.title).toBe('made first')
    again.store.close()
  })
})
