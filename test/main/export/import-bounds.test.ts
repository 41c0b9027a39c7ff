import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { stringChunks } from '../../../src/main/export/json-record-reader'
import { importStore } from '../../../src/main/export/store-import'
import { MAX_IMPORT_DEPTH } from '../../../src/shared/ipc/channels'
import { startAppWorld, type AppWorld } from '../app/app-helpers'
import { useTempStores } from '../db/store-fixtures'

const { tempDir, openAt } = useTempStores()
let dir: string
let world: AppWorld | undefined
beforeEach(() => {
  dir = tempDir()
})
afterEach(async () => {
  await world?.close()
  world = undefined
})

const open = (name: string): KeelStore => openAt(join(dir, name))

const rowCounts = (store: KeelStore) =>
  Object.fromEntries(
    ['conversations', 'turns', 'messages', 'message_parts', 'generations', 'measurements', 'tool_ledger'].map((t) => [
      t,
      (store.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n,
    ]),
  )

const conversation = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: id,
  messages: [
    { role: 'user', text },
    { role: 'assistant', text: 'ok', ...extra },
  ],
})

/** A tool call whose arguments nest `depth` arrays deep (text, so no recursive stringify makes it). */
function deepFile(depth: number): string {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`
  const head = JSON.stringify({
    conversations: [
      conversation('fine', 'first'),
      conversation('deep', 'second', {
        parts: [
          { type: 'tool-call', callId: 'c1', toolName: 'x', argumentsText: '{}', arguments: { a: 'PLACEHOLDER' } },
        ],
      }),
    ],
  })
  return head.replace('"PLACEHOLDER"', nested)
}

describe('import failures that name the record', () => {
  it('data nested 100,000 deep is "too deep" at its record, before anything walks it', async () => {
    const target = open('target.db')
    expect(
      importStore(target, stringChunks(JSON.stringify({ conversations: [conversation('kept', 'stored before')] }))).ok,
    ).toBe(true)
    const before = rowCounts(target)
    const text = deepFile(100_000)
    const cli = importStore(target, stringChunks(text))
    expect(cli).toMatchObject({ ok: false, problem: 'too-deep', where: 'conversations.1' })
    if (!cli.ok)
      expect(cli.message).toMatch(new RegExp(`deeper than ${MAX_IMPORT_DEPTH} levels \\(line 1, column \\d+\\)`))
    expect(rowCounts(target)).toEqual(before)
    // Nesting a real export has (tool arguments up to their own limit) still imports.
    expect(importStore(target, stringChunks(deepFile(64))).ok).toBe(true)

    world = await startAppWorld()
    const window = world.client('window')
    const windowBefore = rowCounts(world.store)
    const answer = await window.call('conversations.import', { text })
    expect(answer.ok).toBe(false)
    if (!answer.ok) {
      expect(answer.error.kind).toBe('validation')
      expect(answer.error.detail).toEqual({ code: 'import-failed', problem: 'too-deep', where: 'conversations.1' })
    }
    expect(rowCounts(world.store)).toEqual(windowBefore)
  })

  it('a disk that fills up mid-way is "disk full" at the record being written; nothing kept, the store works after', async () => {
    const big = 'x'.repeat(200_000)
    const file = JSON.stringify({ conversations: [conversation('small', 'fits'), conversation('large', big)] })

    const target = open('full.db')
    expect(
      importStore(target, stringChunks(JSON.stringify({ conversations: [conversation('kept', 'stored before')] }))).ok,
    ).toBe(true)
    const before = rowCounts(target)
    const pages = target.db.pragma('page_count', { simple: true }) as number
    target.db.pragma(`max_page_count = ${pages + 2}`)
    const cli = importStore(target, stringChunks(file))
    expect(cli).toMatchObject({ ok: false, problem: 'disk-full', where: 'conversations.1' })
    if (!cli.ok) expect(cli.message).toMatch(/disk is full/i)
    expect(rowCounts(target)).toEqual(before)
    target.db.pragma('max_page_count = 1073741823')
    expect(importStore(target, stringChunks(file))).toMatchObject({ ok: true, report: { added: { conversations: 2 } } })

    world = await startAppWorld()
    const window = world.client('window')
    const windowBefore = rowCounts(world.store)
    world.store.db.pragma(`max_page_count = ${(world.store.db.pragma('page_count', { simple: true }) as number) + 2}`)
    const answer = await window.call('conversations.import', { text: file })
    expect(answer.ok).toBe(false)
    if (!answer.ok) {
      expect(answer.error.kind).toBe('storage')
      expect(answer.error.detail).toEqual({ code: 'import-failed', problem: 'disk-full', where: 'conversations.1' })
    }
    expect(rowCounts(world.store)).toEqual(windowBefore)
    world.store.db.pragma('max_page_count = 1073741823')
    expect(await window.call('conversations.import', { text: file })).toMatchObject({ ok: true })
  })
})
