// Backup and restore: a store built through the app (a scripted turn with a tool call approved over
// loopback, a regenerated answer, a user's file, conversation settings), exported, imported into an
// empty store, exported again: the same bytes. Then the window's Import of a file sent in pieces
// brings back tool calls, and a file larger than one command (the old 1.9 MB cap) imports whole.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeExport } from '../../../src/main/export/store-export'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { fileChunks } from '../../../src/main/export/json-record-reader'
import { importStore } from '../../../src/main/export/store-import'
import { MAX_IMPORT_CHARS } from '../../../src/shared/ipc/channels'
import { countRows, isRunEnd, startAppWorld, weight, type AppWorld, type TestClient } from '../app/app-helpers'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg=='

let world: AppWorld
let a: TestClient
let dir: string
const stores: KeelStore[] = []
beforeEach(async () => {
  world = await startAppWorld()
  a = world.client('window')
  dir = mkdtempSync(join(tmpdir(), 'keel-restore-'))
})
afterEach(async () => {
  for (const store of stores.splice(0)) store.close()
  await world.close()
  rmSync(dir, { recursive: true, force: true })
})

function emptyStore(name: string): KeelStore {
  const opened = openKeelStore(join(dir, name))
  if (!opened.ok) throw new Error(opened.error.message)
  stores.push(opened.store)
  return opened.store
}

async function exportText(store: KeelStore): Promise<string> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  await writeExport(store, out)
  return Buffer.concat(chunks).toString('utf8')
}

/** Everything the app writes: a tool call approved and run, a regenerated answer, a file, settings. */
async function buildStore(): Promise<string> {
  world.server.enqueue(
    {
      type: 'turn',
      text: 'Recording it.',
      reasoning: 'The user gave a weight.',
      toolCalls: [{ name: 'record_measurement', arguments: weight }],
    } as never,
    { type: 'turn', text: 'Done: 72.5 kg.' },
  )
  await a.value('turns.start', {
    text: 'I weigh 72.5 kg',
    settings: { provider: 'anthropic', model: 'claude-x', system: 'Be brief.', temperature: 0.3 },
  })
  const request = (await a.waitFor((e) => e.type === 'approval-request')) as { approvalId: string }
  await a.value('approvals.answer', { approvalId: request.approvalId, decision: 'approve' })
  const end = (await a.waitFor(isRunEnd)) as { conversationId: string; messageId: string }
  await world.service.whenIdle()
  world.server.enqueue({ type: 'turn', text: 'A dot.' }, { type: 'turn', text: 'A single pixel.' })
  await a.value('turns.start', {
    conversationId: end.conversationId,
    text: 'What is this?',
    attachments: [{ name: 'dot.png', mimeType: 'image/png', dataBase64: PNG }],
  })
  await world.service.whenIdle()
  const view = await a.value('conversations.open', { conversationId: end.conversationId })
  const last = view.messages.at(-1)!
  await a.value('turns.regenerate', { conversationId: end.conversationId, messageId: last.id })
  await world.service.whenIdle()
  return end.conversationId
}

describe('backup and restore (import of an export)', () => {
  it('export → import into an empty store → export again: the same bytes', async () => {
    const id = await buildStore()
    const first = await exportText(world.store)
    const parsed = JSON.parse(first)
    // The store holds what the test claims: a call with its result, two versions of an answer, a file, usage, a ledger entry.
    const messages = parsed.conversations[0].messages as {
      role: string
      toolCalls: { state: string }[]
      attachments?: unknown[]
      parentId: string | null
    }[]
    expect(messages.flatMap((m) => m.toolCalls.map((c) => c.state))).toEqual(['done'])
    expect(messages.filter((m) => m.attachments)).toHaveLength(1)
    expect(messages.filter((m) => m.role === 'assistant').length).toBe(3)
    expect(parsed.conversations[0].settings).toEqual({
      provider: 'anthropic',
      model: 'claude-x',
      system: 'Be brief.',
      temperature: 0.3,
    })
    expect(parsed.generations.length).toBeGreaterThanOrEqual(4)
    expect(parsed.measurements).toHaveLength(1)
    expect(parsed.ledger).toHaveLength(1)

    const path = join(dir, 'backup.json')
    writeFileSync(path, first)
    const restored = emptyStore('restored.db')
    const result = importStore(restored, fileChunks(path, 4096))
    expect(result).toMatchObject({
      ok: true,
      report: {
        added: {
          conversations: 1,
          messages: messages.length,
          generations: parsed.generations.length,
          measurements: 1,
          ledger: 1,
        },
        collisionCount: 0,
      },
    })
    expect(await exportText(restored)).toBe(first)
    // What the window shows comes back too: the tool call and its result, the file, the versions.
    const original = world.store.conversations.getAllMessages(id)
    expect(restored.conversations.getAllMessages(id)).toEqual(original)
    expect(restored.conversations.versionsOf(id)).toEqual(world.store.conversations.versionsOf(id))
    expect(restored.attachments.withBytesByMessage(id)).toEqual(world.store.attachments.withBytesByMessage(id))
    // Search finds imported text (the FTS triggers ran).
    expect(
      restored.db
        .prepare(`SELECT count(*) AS n FROM message_text_search WHERE message_text_search MATCH 'pixel'`)
        .get(),
    ).toEqual({ n: 1 })
  })

  it('the window imports a file sent in pieces, larger than one command: tool calls come back; twice adds nothing', async () => {
    const id = await buildStore()
    const single = JSON.parse((await a.value('conversations.export', { conversationId: id, format: 'json' })).text)
    // A padding conversation makes the file larger than the old cap (one command's text).
    const padding = {
      id: 'padding',
      title: 'long',
      messages: [
        { role: 'user', text: 'é'.repeat(MAX_IMPORT_CHARS) },
        { role: 'assistant', text: 'ok' },
      ],
    }
    const text = JSON.stringify({ conversations: [single.conversation, padding], generations: single.generations })
    expect(text.length).toBeGreaterThan(MAX_IMPORT_CHARS)
    await a.value('conversations.delete', { conversationId: id })
    const send = async () => {
      const uploadId = randomUUID()
      const piece = 700_000
      for (let i = 0; i * piece < text.length; i++)
        await a.value('conversations.importPart', { uploadId, index: i, text: text.slice(i * piece, (i + 1) * piece) })
      return a.value('conversations.import', { uploadId })
    }
    const report = await send()
    expect(report).toMatchObject({ imported: [{ id }, { id: 'padding', messages: 2 }], collisionCount: 0 })
    const back = await a.value('conversations.open', { conversationId: id })
    const calls = back.messages.flatMap((m) =>
      m.parts.filter((p) => p.type === 'tool-call' || p.type === 'tool-result').map((p) => p.type),
    )
    expect(calls).toEqual(['tool-call', 'tool-result'])
    expect((await a.value('conversations.open', { conversationId: 'padding' })).messages[0]!.parts).toEqual([
      { type: 'text', text: 'é'.repeat(MAX_IMPORT_CHARS) },
    ])
    const rows = countRows(world.store, 'messages')
    expect(await send()).toMatchObject({
      imported: [],
      skipped: [{ id }, { id: 'padding' }],
      added: { conversations: 0, messages: 0, generations: 0 },
    })
    expect(countRows(world.store, 'messages')).toBe(rows)
  })

  it("an upload is its own window's: another client cannot add to it or import it; pieces out of order end it", async () => {
    const b = world.client('other')
    const uploadId = randomUUID()
    await a.value('conversations.importPart', { uploadId, index: 0, text: '{"conversations": [' })
    expect(await b.call('conversations.importPart', { uploadId, index: 1, text: ']}' })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    })
    expect(await b.call('conversations.import', { uploadId })).toMatchObject({
      ok: false,
      error: { detail: { code: 'import-upload' } },
    })
    expect(await a.call('conversations.importPart', { uploadId, index: 2, text: ']}' })).toMatchObject({
      ok: false,
      error: { detail: { code: 'import-upload' } },
    })
    // Out of order ended it: it is gone.
    expect(await a.call('conversations.import', { uploadId })).toMatchObject({
      ok: false,
      error: { detail: { code: 'import-upload' } },
    })
  })
})
