// The importer on real SQLite files: all or nothing (the first bad record says where, nothing is
// kept), a second import adds nothing, a colliding id is listed and the stored row kept, any JSON
// layout reads (record by record, whatever the chunk boundaries), an older export still reads.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeExport } from '../../../src/main/export/store-export'
import { openKeelStore, type KeelStore } from '../../../src/main/db/keel-store'
import { readJsonRecords, stringChunks } from '../../../src/main/export/json-record-reader'
import { importStore } from '../../../src/main/export/store-import'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'

let dir: string
const stores: KeelStore[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-import-'))
})
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  rmSync(dir, { recursive: true, force: true })
})

function open(name: string): KeelStore {
  const opened = openKeelStore(join(dir, name))
  if (!opened.ok) throw new Error(opened.error.message)
  stores.push(opened.store)
  return opened.store
}

async function exportOf(store: KeelStore): Promise<string> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  await writeExport(store, out)
  return Buffer.concat(chunks).toString('utf8')
}

/** Two conversations (one with a recorded measurement), their model calls, the ledger. */
async function source(): Promise<KeelStore> {
  const store = open('source.db')
  for (const title of ['first', 'second']) {
    const c = store.conversations.createConversation({ id: `conv-${title}`, title })
    const { turn } = store.conversations.startTurn({ conversationId: c.id, userText: `hello ${title}` })
    const writer = store.conversations.startAssistantMessage({ conversationId: c.id, turnId: turn.id })
    writer.appendText(`answer ${title}`)
    writer.finalize({ status: 'complete' })
    const g = store.generations.start({
      turnId: turn.id,
      messageId: writer.messageId,
      round: 1,
      attempt: 1,
      provider: 'openai-chat',
      model: 'm',
    })
    store.generations.finish(g.id, {
      outcome: 'complete',
      usage: {
        inputTokens: 5,
        outputTokens: 7,
        reasoningTokens: 2,
        cachedInputTokens: 1,
        ...(title === 'first' ? { hostedSearches: 2 } : {}),
      },
      usageSource: 'reported',
    })
    if (title === 'first') {
      await createKeelToolRegistry(store).executeToolCall(
        {
          conversationId: c.id,
          turnId: turn.id,
          callId: 'call-1',
          toolName: 'record_measurement',
          arguments: { kind: 'weight', value: 70, unit: 'kg' },
        },
        { signal: new AbortController().signal },
      )
    }
  }
  return store
}

const rowCounts = (store: KeelStore) =>
  Object.fromEntries(
    [
      'conversations',
      'turns',
      'messages',
      'message_parts',
      'generations',
      'measurements',
      'tool_ledger',
      'tool_ledger_calls',
    ].map((t) => [t, (store.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]),
  )

describe('importStore', () => {
  it('a second import adds nothing: every record is already present', async () => {
    const text = await exportOf(await source())
    const target = open('target.db')
    const first = importStore(target, stringChunks(text))
    expect(first).toMatchObject({
      ok: true,
      report: {
        added: { conversations: 2, messages: 4, generations: 2, measurements: 1, ledger: 1 },
        collisionCount: 0,
      },
    })
    const after = rowCounts(target)
    // The searches the provider ran came back with their call.
    const searches = target.db.prepare('SELECT hosted_searches AS n FROM generations ORDER BY n').all()
    expect(searches).toEqual([{ n: null }, { n: 2 }])
    const second = importStore(target, stringChunks(text))
    expect(second).toMatchObject({
      ok: true,
      report: {
        added: { conversations: 0, messages: 0, generations: 0, measurements: 0, ledger: 0 },
        present: { conversations: 2, messages: 4, generations: 2, measurements: 1, ledger: 1 },
        collisionCount: 0,
      },
    })
    expect(rowCounts(target)).toEqual(after)
  })

  it('an answer interrupted because the window closed, and a call through a profile, come back as they were (export, import, export: the same)', async () => {
    const store = open('window-closed.db')
    const c = store.conversations.createConversation({ id: 'conv-closed', title: 'closed' })
    const { turn } = store.conversations.startTurn({ conversationId: c.id, userText: 'write slowly' })
    const writer = store.conversations.startAssistantMessage({ conversationId: c.id, turnId: turn.id })
    writer.appendText('half an')
    writer.finalize({ status: 'interrupted', reason: 'window-closed' })
    // A call made through a profile (Ollama, over the Chat Completions wire): the profile comes back too.
    const call = store.generations.start({
      turnId: turn.id,
      messageId: writer.messageId,
      round: 1,
      attempt: 1,
      provider: 'openai-chat',
      profile: 'ollama',
      model: 'llama3',
    })
    store.generations.finish(call.id, {
      outcome: 'user-stop',
      usage: { inputTokens: 3, outputTokens: 2, reasoningTokens: undefined, cachedInputTokens: undefined },
      usageSource: 'reported',
    })
    const text = await exportOf(store)
    expect(text).toMatch(/"profile": ?"ollama"/)
    expect(text).toMatch(/"interruptReason": ?"window-closed"/)
    const target = open('window-closed-target.db')
    expect(importStore(target, stringChunks(text))).toMatchObject({ ok: true, report: { collisionCount: 0 } })
    expect(await exportOf(target)).toBe(text)
  })

  it('the first bad record anywhere (here the last one) says where, and nothing of the file is kept', async () => {
    const json = JSON.parse(await exportOf(await source()))
    const target = open('target.db')
    const before = rowCounts(target)
    const cases: [unknown, string][] = [
      [{ ...json, ledger: [{ ...json.ledger[0], state: 'maybe' }] }, 'ledger.0.state'],
      [{ ...json, measurements: [{ ...json.measurements[0], unit: 'lb', kind: 'height' }] }, 'measurements.0.unit'],
      [
        { ...json, generations: [json.generations[0], { ...json.generations[1], turnId: 'nowhere' }] },
        'generations.1.turnId',
      ],
      [
        { ...json, conversations: [json.conversations[0], { ...json.conversations[1], currentLeafId: 'elsewhere' }] },
        'conversations.1.currentLeafId',
      ],
      [
        {
          ...json,
          conversations: [
            {
              ...json.conversations[0],
              messages: [
                json.conversations[0].messages[0],
                { ...json.conversations[0].messages[1], parentId: 'later' },
              ],
            },
          ],
        },
        'conversations.0.messages.1.parentId',
      ],
    ]
    for (const [file, where] of cases) {
      const result = importStore(target, stringChunks(JSON.stringify(file)))
      expect(result).toMatchObject({ ok: false, where })
      expect(rowCounts(target)).toEqual(before)
    }
    const broken = importStore(
      target,
      stringChunks('{"conversations": [{"id": "x", "title": "t", "messages": []},\n  {"id": '),
    )
    expect(broken).toMatchObject({ ok: false, where: expect.stringMatching(/^line 2, column \d+$/) })
    expect(rowCounts(target)).toEqual(before)
    expect(importStore(target, stringChunks('[]'))).toMatchObject({ ok: false, where: 'line 1, column 1' })
    expect(importStore(target, stringChunks('{"hello": 1}'))).toMatchObject({ ok: false, where: '(top level)' })
  })

  it('an id already stored with different content is a collision: listed, the stored one kept, the rest imported', async () => {
    const json = JSON.parse(await exportOf(await source()))
    const target = open('target.db')
    expect(importStore(target, stringChunks(JSON.stringify(json))).ok).toBe(true)
    const changed = structuredClone(json)
    changed.conversations[0].title = 'renamed elsewhere'
    changed.measurements[0].value = 71
    changed.measurements[0].canonicalValue = 71
    changed.conversations.push({ id: 'conv-new', title: 'new', messages: [{ role: 'user', text: 'new question' }] })
    const result = importStore(target, stringChunks(JSON.stringify(changed)))
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const first = json.conversations[0].id as string
    expect(result.report.collisions.map(({ kind, id, where }) => ({ kind, id, where }))).toEqual([
      { kind: 'conversation', id: first, where: 'conversations.0' },
      { kind: 'measurement', id: String(json.measurements[0].id), where: 'measurements.0' },
    ])
    // The colliding conversation's model calls and ledger entry are the stored ones, unchanged: present.
    expect(result.report.present).toMatchObject({ generations: 2, ledger: 1 })
    expect(result.report.imported).toEqual([{ id: 'conv-new', title: 'new', messages: 1 }])
    expect(target.conversations.getConversation(first)?.title).toBe(json.conversations[0].title)
    expect(target.measurements.list({ limit: 10 }).map((m) => m.value)).toEqual([70])
  })

  it('a message id already in another conversation is a collision: that conversation is left out whole', async () => {
    const json = JSON.parse(await exportOf(await source()))
    const target = open('target.db')
    importStore(target, stringChunks(JSON.stringify(json)))
    const copy = { ...json.conversations[1], id: 'conv-copy' }
    const result = importStore(target, stringChunks(JSON.stringify({ conversations: [copy] })))
    expect(result).toMatchObject({
      ok: true,
      report: {
        imported: [],
        collisions: [{ kind: 'message', id: copy.messages[0].id, where: 'conversations.0.messages.0' }],
      },
    })
    expect(target.conversations.getConversation('conv-copy')).toBeUndefined()
  })

  it('reads any JSON layout record by record, whatever the chunk size', async () => {
    const text = await exportOf(await source())
    const minified = JSON.stringify(JSON.parse(text))
    const keys = (chunk: number, input: string) =>
      [...readJsonRecords(stringChunks(input, chunk))].map((r) => [r.key, r.index, JSON.stringify(r.value)])
    const expected = keys(1 << 20, text)
    expect(expected.map(([key]) => key)).toEqual([
      'conversations',
      'conversations',
      'generations',
      'generations',
      'measurements',
      'ledger',
    ])
    expect(keys(1, minified)).toEqual(expected)
    expect(keys(7, text)).toEqual(expected)
    // Strings holding braces, brackets, quotes and backslashes do not end a record.
    const tricky = '{"conversations": [{"id": "a]}", "title": "\\"}{[\\\\", "messages": []}], "exportedAt": "x"}'
    expect([...readJsonRecords(stringChunks(tricky, 3))].map((r) => r.value)).toEqual([
      { id: 'a]}', title: '"}{[\\', messages: [] },
      'x',
    ])
  })

  it("reads an older window export (no ids beyond the conversation's, dates as text)", () => {
    const target = open('target.db')
    const file = {
      format: 'keel-conversation',
      version: 1,
      conversation: {
        id: 'old',
        title: 'Old',
        createdAt: '2025-01-02T03:04:05.000Z',
        messages: [
          { role: 'user', text: 'Hi' },
          {
            role: 'assistant',
            status: 'complete',
            text: 'Hello',
            reasoning: 'greet',
            toolCalls: [
              {
                callId: 'k1',
                name: 'list_measurements',
                arguments: {},
                argumentsText: '{}',
                state: 'done',
                result: {
                  callId: 'k1',
                  toolName: 'list_measurements',
                  status: 'succeeded',
                  kind: 'read',
                  output: [],
                  repeated: false,
                },
              },
            ],
          },
        ],
      },
    }
    const result = importStore(target, stringChunks(JSON.stringify(file)))
    expect(result).toMatchObject({ ok: true, report: { imported: [{ id: 'old', messages: 2 }] } })
    const messages = target.conversations.getMessages('old')
    expect(messages.map((m) => m.parts.map((p) => p.type))).toEqual([
      ['text'],
      ['reasoning', 'tool-call', 'tool-result', 'text'],
    ])
    expect(target.conversations.getConversation('old')?.createdAt).toBe(Date.parse('2025-01-02T03:04:05.000Z'))
    expect(importStore(target, stringChunks(JSON.stringify(file)))).toMatchObject({
      ok: true,
      report: { skipped: [{ id: 'old' }], collisionCount: 0 },
    })
  })
})
