// `keel export` streams: the same JSON (shape, order, formatting) as the in-memory export it
// replaced, written item by item with backpressure, so memory does not grow with the store; a bad
// stored date never breaks it; a damaged store is refused, a read-only one is read as it is.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keelCommand } from '../support/cli-bundle'
import { writeExport } from '../../src/main/export/store-export'
import { openKeelStore, type KeelStore } from '../../src/main/db/keel-store'
import { createKeelToolRegistry } from '../../src/main/tools/tool-registry'
import { readOnlyView, type Mounted } from '../main/db/scratch-mounts'
import { exportStoreInMemory } from './export-oracle'

const ROOT = resolve(import.meta.dirname, '../..')

interface Ran {
  code: number | null
  stdout: string
  stderr: string
}

function keel(args: string[], nodeOptions: string[] = []): Promise<Ran> {
  return new Promise((resolvePromise, reject) => {
    const cli = keelCommand(nodeOptions)
    const child = spawn(cli.command, [...cli.args, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => out.push(d))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolvePromise({ code, stdout: Buffer.concat(out).toString('utf8'), stderr }))
  })
}

function mustOpen(path: string, clock?: () => number): KeelStore {
  const opened = openKeelStore(path, clock ? { clock } : {})
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.store
}

/** A Writable that keeps what it is given. */
function collector() {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      text += chunk.toString('utf8')
      callback()
    },
  })
  return { stream, text: () => text }
}

/** A store with every kind of record: more conversations than a page, ties on time, tools, a streaming answer. */
async function richStore(path: string): Promise<KeelStore> {
  let now = Date.parse('2025-03-10T09:00:00.000Z')
  let ticks = 0
  // Every third call moves the clock: many conversations share an updated_at (ordered by id then).
  const store = mustOpen(path, () => (ticks++ % 3 === 0 ? (now += 1000) : now))
  store.db.transaction(() => {
    for (let i = 0; i < 450; i++) {
      const conversation = store.conversations.createConversation({
        id: `c-${String((i * 7919) % 450).padStart(3, '0')}`,
        title: `Conversation ${i}`,
      })
      if (i % 50 === 0) store.conversations.startTurn({ conversationId: conversation.id, userText: `hello ${i}` })
    }
  })()
  const conversation = store.conversations.createConversation({ title: 'with tools' })
  const { turn } = store.conversations.startTurn({
    conversationId: conversation.id,
    userText: 'I weigh 72.5 kg, and 180 cm',
  })
  const writer = store.conversations.startAssistantMessage(
    { conversationId: conversation.id, turnId: turn.id },
    { flushChars: 4 },
  )
  writer.appendReasoning('thinking')
  writer.appendText('Recording ')
  writer.appendText('both.')
  writer.addPart({
    type: 'tool-call',
    callId: 'c1',
    callIdIsLocal: false,
    toolName: 'record_measurement',
    argumentsText: '{}',
    arguments: { kind: 'weight', value: 72.5, unit: 'kg' },
  })
  writer.finalize({ status: 'complete' })
  const generation = store.generations.start({
    turnId: turn.id,
    messageId: writer.messageId,
    round: 1,
    attempt: 1,
    provider: 'anthropic',
    model: 'm',
  })
  store.generations.finish(generation.id, {
    outcome: 'complete',
    usage: { inputTokens: 10, outputTokens: 20, reasoningTokens: undefined, cachedInputTokens: undefined },
    usageSource: 'reported',
  })
  store.generations.start({ turnId: turn.id, round: 2, attempt: 1, provider: 'anthropic', model: 'm' })
  const tools = createKeelToolRegistry(store)
  const signal = new AbortController().signal
  for (const [callId, args] of [
    ['c1', { kind: 'weight', value: 72.5, unit: 'kg' }],
    ['c2', { kind: 'height', value: 180, unit: 'cm' }],
  ] as const) {
    await tools.executeToolCall(
      { conversationId: conversation.id, turnId: turn.id, callId, toolName: 'record_measurement', arguments: args },
      { signal },
    )
  }
  // An answer still streaming (its text partly in chunk rows).
  const streaming = store.conversations.startAssistantMessage(
    { conversationId: conversation.id, turnId: turn.id },
    { flushChars: 3 },
  )
  for (const delta of ['still ', 'arriving ', 'now']) streaming.appendText(delta)
  return store
}

type Exported = {
  conversations: ({ currentLeafId?: unknown; messages: Record<string, unknown>[] } & Record<string, unknown>)[]
  generations: ({ usage: Record<string, unknown> } & Record<string, unknown>)[]
  measurements: Record<string, unknown>[]
  ledger: Record<string, unknown>[]
}

/**
 * The streamed export minus what was added since the oracle was frozen: the raw epoch fields beside
 * its dates, measurements' offsets and local dates, each answer's reasoning, notices and calls not run, and the card state of each call
 * (computed once for core and window; the oracle printed the outcome's status).
 */
function withoutRawDates(exported: Exported) {
  return {
    ...exported,
    // Fields added after the oracle (the tree, and what a restore needs) are left out of the comparison.
    conversations: exported.conversations.map(
      ({ currentLeafId: _leaf, createdAt: _ca, updatedAt: _ua, settings: _s, pinnedAt: _pin, ...c }) => ({
        ...c,
        messages: c.messages.map(
          ({
            reasoning: _r,
            notices: _n,
            notRunCalls: _c,
            parentId: _p,
            turnId: _t,
            createdAt: _mc,
            updatedAt: _mu,
            error: _e,
            noticeRefs: _nr,
            reasoningMs: _rm,
            parts: _parts,
            ...m
          }) => ({
            ...m,
            toolCalls: (m.toolCalls as Record<string, unknown>[]).map(({ state: _s, ...call }) => call),
          }),
        ),
      }),
    ),
    generations: exported.generations.map(
      ({
        id: _id,
        messageId: _m,
        startedAt: _s,
        endedAt: _e,
        rawFinishReason: _r,
        error: _err,
        usage: { reasoningTokens: _rt, cachedInputTokens: _ct, ...usage },
        ...rest
      }) => ({ ...rest, usage }),
    ),
    measurements: exported.measurements.map(
      ({
        takenAt: _takenAt,
        takenAtOffsetMin: _offset,
        measuredAtLocal: _local,
        precision: _p,
        recordedAt: _ra,
        createdByLedgerKey: _key,
        ...rest
      }) => rest,
    ),
    ledger: exported.ledger.map(
      ({ createdAt: _createdAt, conversationId: _c, arguments: _a, output: _o, error: _e, updatedAt: _u, ...rest }) =>
        rest,
    ),
  }
}

function withoutState(exported: Exported) {
  return {
    ...exported,
    conversations: exported.conversations.map((c) => ({
      ...c,
      messages: c.messages.map((m) => ({
        ...m,
        toolCalls: (m.toolCalls as Record<string, unknown>[]).map(({ state: _s, ...call }) => call),
      })),
    })),
  }
}

describe('keel export (streamed)', () => {
  let dir: string
  const stores: KeelStore[] = []
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'keel-export-'))
  })
  afterEach(() => {
    for (const store of stores.splice(0)) store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('writes the same object as the in-memory export did, formatted exactly as JSON.stringify(…, null, 2)', async () => {
    const store = await richStore(join(dir, 'keel.db'))
    stores.push(store)
    const out = collector()
    await writeExport(store, out.stream)
    const text = out.text()
    const parsed = JSON.parse(text)
    expect(text).toBe(`${JSON.stringify(parsed, null, 2)}\n`)
    expect(withoutRawDates(parsed)).toEqual(withoutState(JSON.parse(JSON.stringify(exportStoreInMemory(store)))))
    expect(parsed.conversations).toHaveLength(451)
    expect(parsed.measurements.map((m: { takenAt: unknown }) => typeof m.takenAt)).toEqual(['number', 'number'])
    expect(parsed.conversations.at(-1).messages.at(-1)).toMatchObject({
      status: 'streaming',
      text: 'still arriving now',
    })
  })

  it('exports every version: each message names the one it follows, the conversation the end of the branch shown', async () => {
    const store = mustOpen(join(dir, 'keel.db'))
    stores.push(store)
    const { id } = store.conversations.createConversation({ title: 'versions' })
    const q = store.conversations.startTurn({ conversationId: id, userText: 'Q' })
    const answers = ['first', 'second'].map((text) => {
      const writer = store.conversations.startAssistantMessage({
        conversationId: id,
        turnId: q.turn.id,
        parentId: q.message.id,
      })
      writer.appendText(text)
      writer.finalize({ status: 'complete' })
      return writer.messageId
    })
    store.conversations.selectVersion(answers[0]!)
    const out = collector()
    await writeExport(store, out.stream)
    const [conversation] = JSON.parse(out.text()).conversations
    expect(conversation.currentLeafId).toBe(answers[0])
    expect(
      conversation.messages.map((m: { id: string; parentId: string | null; text: string }) => [
        m.id,
        m.parentId,
        m.text,
      ]),
    ).toEqual([
      [q.message.id, null, 'Q'],
      [answers[0], q.message.id, 'first'],
      [answers[1], q.message.id, 'second'],
    ])
  })

  it('a user message with files carries them: name, type, size and the bytes in base64', async () => {
    const store = mustOpen(join(dir, 'keel.db'))
    stores.push(store)
    const conversation = store.conversations.createConversation({ title: 'files' })
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg==',
      'base64',
    )
    store.conversations.startTurn({
      conversationId: conversation.id,
      userText: 'look',
      attachments: [{ name: 'dot.png', mimeType: 'image/png', bytes: new Uint8Array(png) }],
    })
    store.conversations.startTurn({ conversationId: conversation.id, userText: 'no files' })
    const out = collector()
    await writeExport(store, out.stream)
    const [withFile, withoutFile] = JSON.parse(out.text()).conversations[0].messages
    expect(withFile.attachments).toEqual([
      { name: 'dot.png', mimeType: 'image/png', size: png.length, dataBase64: png.toString('base64') },
    ])
    expect(withoutFile).not.toHaveProperty('attachments')
  })

  it('writes an empty store as the in-memory export did', async () => {
    const store = mustOpen(join(dir, 'keel.db'))
    stores.push(store)
    const out = collector()
    await writeExport(store, out.stream)
    expect(out.text()).toBe(`${JSON.stringify(exportStoreInMemory(store), null, 2)}\n`)
  })

  it('waits for drain: never writes while the output is full, and reads a conversation only when it can be written', async () => {
    const store = await richStore(join(dir, 'keel.db'))
    stores.push(store)
    const expected = collector()
    await writeExport(store, expected.stream)

    let text = ''
    const held: (() => void)[] = []
    const out = new Writable({
      highWaterMark: 64,
      write(chunk: Buffer, _encoding, callback) {
        text += chunk.toString('utf8')
        held.push(callback) // the reader is slow: nothing is taken until the test says so
      },
    })
    let writes = 0
    let writesWhileFull = 0
    const write = out.write.bind(out) as (chunk: string) => boolean
    out.write = ((chunk: string) => {
      writes++
      if (out.writableNeedDrain) writesWhileFull++
      return write(chunk)
    }) as typeof out.write
    const getMessages = vi.spyOn(store.conversations, 'getAllMessages')

    let finished = false
    const done = writeExport(store, out).then(() => (finished = true))
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
    // Stalled on the first conversation: the header, then one conversation, nothing read ahead.
    expect(finished).toBe(false)
    expect(writes).toBe(2)
    expect(getMessages).toHaveBeenCalledTimes(1)

    let maxReadAhead = 0
    while (!finished) {
      for (const callback of held.splice(0)) callback()
      await new Promise((r) => setImmediate(r))
      const written = (text.match(/\n {4}\{\n {6}"id": "/g) ?? []).length
      maxReadAhead = Math.max(maxReadAhead, getMessages.mock.calls.length - Math.min(written, 451))
    }
    await done
    // What the stream still buffers reaches the reader as it reads on.
    while (held.length > 0) {
      for (const callback of held.splice(0)) callback()
      await new Promise((r) => setImmediate(r))
    }
    expect(writesWhileFull).toBe(0)
    expect(maxReadAhead).toBeLessThanOrEqual(1)
    expect(text).toBe(expected.text())
  })

  it("gives each measurement's offset and local date beside its dates; a row stored before has none and reads as UTC", async () => {
    const store = mustOpen(join(dir, 'keel.db'), () => Date.UTC(2024, 5, 1))
    stores.push(store)
    const conversation = store.conversations.createConversation({ title: 'dates' })
    const { turn } = store.conversations.startTurn({
      conversationId: conversation.id,
      userText: 'I weighed 72 kg on 1 May',
    })
    const tools = createKeelToolRegistry(store)
    const call = {
      conversationId: conversation.id,
      turnId: turn.id,
      toolName: 'record_measurement',
      timeZone: 'Asia/Kolkata',
    }
    await tools.executeToolCall({
      ...call,
      callId: 'c1',
      arguments: { kind: 'weight', value: 72, unit: 'kg', date: '2024-05-01' },
    })
    await tools.executeToolCall({
      ...call,
      callId: 'c2',
      arguments: { kind: 'weight', value: 73, unit: 'kg', date: '2024-05-02T07:30:00Z' },
    })
    store.db
      .prepare(
        `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('weight', 71, 71, 'kg', ?, 'day', 1)`,
      )
      .run(Date.UTC(2024, 3, 30))
    const out = collector()
    await writeExport(store, out.stream)
    const fields = (JSON.parse(out.text()).measurements as Record<string, unknown>[]).map(
      ({ value, measuredAt, takenAtOffsetMin, measuredAtLocal }) => ({
        value,
        measuredAt,
        takenAtOffsetMin,
        measuredAtLocal,
      }),
    )
    expect(fields).toEqual([
      {
        value: 73,
        measuredAt: '2024-05-02T07:30:00.000Z',
        takenAtOffsetMin: 330,
        measuredAtLocal: '2024-05-02T13:00:00+05:30',
      },
      { value: 72, measuredAt: '2024-04-30T18:30:00.000Z', takenAtOffsetMin: 330, measuredAtLocal: '2024-05-01' },
      { value: 71, measuredAt: '2024-04-30T00:00:00.000Z', takenAtOffsetMin: null, measuredAtLocal: '2024-04-30' },
    ])
  })

  it('never throws on a stored date no Date can hold: null, with the raw number beside it', async () => {
    const path = join(dir, 'keel.db')
    const store = await richStore(path)
    store.db
      .prepare('UPDATE measurements SET taken_at = ? WHERE id = (SELECT min(id) FROM measurements)')
      .run(Number.MAX_SAFE_INTEGER)
    store.db
      .prepare('UPDATE tool_ledger SET created_at = ? WHERE id = (SELECT min(id) FROM tool_ledger)')
      .run(-Number.MAX_SAFE_INTEGER)
    store.close()
    const run = await keel(['export', '--db', path])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const data = JSON.parse(run.stdout)
    expect(data.measurements).toContainEqual(
      expect.objectContaining({ measuredAt: null, takenAt: Number.MAX_SAFE_INTEGER, measuredAtLocal: null }),
    )
    expect(data.measurements).toContainEqual(expect.objectContaining({ measuredAt: expect.stringMatching(/^\d{4}-/) }))
    expect(data.ledger[0]).toMatchObject({ recordedAt: null, createdAt: -Number.MAX_SAFE_INTEGER })
  })

  it('refuses a damaged store: nothing on stdout, the message names the file and says it was not changed', async () => {
    const path = join(dir, 'keel.db')
    const store = await richStore(path)
    store.close()
    truncateSync(path, statSync(path).size - 1234)
    const hash = createHash('sha256').update(readFileSync(path)).digest('hex')
    const run = await keel(['export', '--db', path])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(
      new RegExp(`keel: Cannot open the store ${path}: The database file is damaged.*The file was not changed\\.`),
    )
    expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(hash)
  })

  it('memory does not grow with the number of conversations: 8,000 conversations (35 MB of JSON) with a 32 MB heap', async () => {
    const path = join(dir, 'big.db')
    const store = mustOpen(path)
    const text = 'x'.repeat(2000)
    const insert = {
      conversation: store.db.prepare(
        'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
      ),
      turn: store.db.prepare('INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, ?)'),
      message: store.db.prepare(
        `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'complete', 1, 1)`,
      ),
      part: store.db.prepare(`INSERT INTO message_parts (message_id, position, type, text) VALUES (?, 0, 'text', ?)`),
    }
    store.db.transaction(() => {
      for (let c = 0; c < 8000; c++) {
        const id = `c${c}`
        insert.conversation.run(id, `t${c}`, c, c)
        insert.turn.run(`${id}-t`, id, c)
        insert.message.run(`${id}-u`, id, `${id}-t`, 1, 'user')
        insert.part.run(`${id}-u`, text)
        insert.message.run(`${id}-a`, id, `${id}-t`, 2, 'assistant')
        insert.part.run(`${id}-a`, text)
      }
    })()
    store.close()
    // The in-memory export ran out of heap here (V8 aborts: exit 134).
    const run = await keel(['export', '--db', path], ['--max-old-space-size=32'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const data = JSON.parse(run.stdout)
    expect(data.conversations).toHaveLength(8000)
    expect(data.conversations[7999]).toMatchObject({ id: 'c7999', messages: [{ text }, { text }] })
  }, 120_000)
})

describe('keel export of a read-only store', () => {
  const mounts: Mounted[] = []
  afterAll(() => {
    for (const mount of mounts) if (mount.ok) mount.unmount()
  })

  it('reads it as it is: exit 0, the data out, the file and its folder unchanged', async (context) => {
    const source = mkdtempSync(join(tmpdir(), 'keel-export-ro-'))
    try {
      const store = await richStore(join(source, 'keel.db'))
      store.close()
      const view = readOnlyView(source)
      mounts.push(view)
      if (!view.ok) return context.skip(view.reason)
      const path = join(view.dir, 'keel.db')
      const hash = createHash('sha256').update(readFileSync(path)).digest('hex')
      const run = await keel(['export', '--db', path])
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      const data = JSON.parse(run.stdout)
      expect(data.conversations).toHaveLength(451)
      // Not recovered (that would be a write): the answer that was streaming still says so.
      expect(data.conversations.at(-1).messages.at(-1)).toMatchObject({
        status: 'streaming',
        text: 'still arriving now',
      })
      expect(createHash('sha256').update(readFileSync(path)).digest('hex')).toBe(hash)
    } finally {
      rmSync(source, { recursive: true, force: true })
    }
  })
})
