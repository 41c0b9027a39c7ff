// The disk fills while an answer streams: on a real, small tmpfs. The writer reports a typed `full`
// error, keeps the text it could not write, loses nothing committed, and writes it all once there
// is room again; finalize behaves the same.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { isDiskFull, refineFullDisk, toStorageError } from '../../../src/main/db/sqlite-error'
import { fillDisk, mountTmpfs, type Mounted } from './scratch-mounts'
import { conversationWithTurn } from './store-fixtures'

const mounts: Mounted[] = []
const stores: KeelStore[] = []
afterAll(() => {
  for (const store of stores) store.close()
  for (const mount of mounts) if (mount.ok) mount.unmount()
})

function storeOnSmallDisk(): { store: KeelStore; dir: string } | string {
  const disk = mountTmpfs(4 * 1024 * 1024)
  mounts.push(disk)
  if (!disk.ok) return disk.reason
  const opened = openKeelStore(join(disk.dir, 'keel.db'))
  if (!opened.ok) throw new Error(opened.error.message)
  stores.push(opened.store)
  return { store: opened.store, dir: disk.dir }
}

const never = () => () => {}
const piece = (i: number) => `[${i}]${'streamed text that fills the disk. '.repeat(120)}`

describe('a full disk while an answer streams', () => {
  it('flush: `full`, pending text kept, committed text intact; all of it written once there is room', (context) => {
    const setup = storeOnSmallDisk()
    if (typeof setup === 'string') return context.skip(setup)
    const { store, dir } = setup
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 1_000_000,
      flushIntervalMs: 60_000,
      schedule: never,
    })
    writer.appendText('before the disk filled. ')
    expect(writer.flush()).toEqual({ ok: true })
    const filler = fillDisk(dir)

    let committed = 'before the disk filled. '
    let pending = ''
    let failure: ReturnType<typeof writer.flush> | undefined
    // The WAL may still have room in frames it already holds: write until the disk says no.
    for (let i = 0; i < 400 && !failure; i++) {
      writer.appendText(piece(i))
      pending += piece(i)
      const result = writer.flush()
      if (result.ok) {
        committed += pending
        pending = ''
      } else failure = result
    }
    expect(failure?.ok).toBe(false)
    if (!failure || failure.ok) return
    expect(failure.error.sqliteCode).toMatch(/^SQLITE_(FULL|IOERR)/)
    expect(failure.error.kind).toBe('full')
    expect(failure.error.message).toMatch(/disk is full/)
    expect(writer.lastError?.kind).toBe('full')
    expect(writer.pendingCharacters).toBe(pending.length)
    expect(store.conversations.getMessage(writer.messageId)!.parts).toEqual([{ type: 'text', text: committed }])

    rmSync(filler)
    writer.appendText('after.')
    expect(writer.flush()).toEqual({ ok: true })
    expect(writer.lastError).toBeUndefined()
    const finished = writer.finalize({ status: 'complete' })
    expect(finished.ok && finished.message.parts).toEqual([{ type: 'text', text: `${committed}${pending}after.` }])
  })

  it('finalize: `full`, nothing lost, the message still streaming; finalizes once there is room', (context) => {
    const setup = storeOnSmallDisk()
    if (typeof setup === 'string') return context.skip(setup)
    const { store, dir } = setup
    const writer = store.conversations.startAssistantMessage(conversationWithTurn(store), {
      flushChars: 4096,
      flushIntervalMs: 60_000,
      schedule: never,
    })
    let text = ''
    // Enough flushed chunks that folding them at finalize needs room the disk no longer has.
    for (let i = 0; i < 120; i++) {
      writer.appendText(piece(i))
      text += piece(i)
    }
    expect(writer.lastError).toBeUndefined()
    const filler = fillDisk(dir)
    writer.appendText('the end')
    const failed = writer.finalize({ status: 'complete' })
    expect(failed.ok ? 'finalized' : failed.error.kind).toBe('full')
    expect(writer.isFinished).toBe(false)
    // Everything flushed before is still there (each flush wrote whole 4096-character batches).
    const stored = store.conversations.getMessage(writer.messageId)!
    expect(stored.status).toBe('streaming')
    const storedText = stored.parts[0]?.type === 'text' ? stored.parts[0].text : ''
    expect(storedText.length).toBeGreaterThanOrEqual(text.length - 4096)
    expect(text.startsWith(storedText)).toBe(true)

    rmSync(filler)
    const finished = writer.finalize({ status: 'complete' })
    expect(finished.ok && finished.message).toMatchObject({
      status: 'complete',
      parts: [{ type: 'text', text: `${text}the end` }],
    })
  })

  it('an I/O error is `full` when the folder has no room left, and stays `io` otherwise', (context) => {
    const disk = mountTmpfs(1024 * 1024)
    mounts.push(disk)
    if (!disk.ok) return context.skip(disk.reason)
    const ioError = toStorageError(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_SHMSIZE' }))
    expect(ioError.kind).toBe('io')
    expect(isDiskFull(disk.dir)).toBe(false)
    expect(refineFullDisk(ioError, disk.dir).kind).toBe('io')
    fillDisk(disk.dir)
    expect(isDiskFull(disk.dir)).toBe(true)
    expect(refineFullDisk(ioError, disk.dir)).toMatchObject({
      kind: 'full',
      retryable: false,
      sqliteCode: 'SQLITE_IOERR_SHMSIZE',
    })
    expect(
      refineFullDisk(toStorageError(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' })), disk.dir).kind,
    ).toBe('busy')
  })
})
