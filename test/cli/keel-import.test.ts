// `keel import` as a real child process: a `keel export` file restored into a new store exports the
// same bytes; again from stdin it adds nothing; a bad file exits 1 with where it failed and leaves
// the store as it was; a collision is listed on stderr and the stored row kept.
import { spawn } from 'node:child_process'
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { keelCommand } from '../support/cli-bundle'
import { openKeelStore } from '../../src/main/db/keel-store'
import { createKeelToolRegistry } from '../../src/main/tools/tool-registry'
import { MAX_IMPORT_FILE_BYTES, MAX_IMPORT_RECORD_CHARS } from '../../src/shared/ipc/channels'

const ROOT = resolve(import.meta.dirname, '../..')

function keel(args: string[], stdin?: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const cli = keelCommand()
    const child = spawn(cli.command, [...cli.args, ...args], {
      cwd: ROOT,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    let stderr = ''
    child.stdout!.on('data', (d: Buffer) => out.push(d))
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString('utf8')))
    child.on('error', reject)
    child.on('close', (code) => resolvePromise({ code, stdout: Buffer.concat(out).toString('utf8'), stderr }))
    if (stdin !== undefined) child.stdin!.end(stdin)
  })
}

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'keel-import-cli-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

async function sourceStore(path: string): Promise<void> {
  const opened = openKeelStore(path)
  if (!opened.ok) throw new Error(opened.error.message)
  const store = opened.store
  const c = store.conversations.createConversation({ title: 'Peso – medição' })
  const { turn } = store.conversations.startTurn({ conversationId: c.id, userText: 'I weigh 70 kg' })
  const writer = store.conversations.startAssistantMessage({ conversationId: c.id, turnId: turn.id })
  writer.appendText('Recorded.')
  writer.addPart({
    type: 'tool-call',
    callId: 'call-1',
    callIdIsLocal: false,
    toolName: 'record_measurement',
    argumentsText: '{"kind":"weight","value":70,"unit":"kg"}',
    arguments: { kind: 'weight', value: 70, unit: 'kg' },
  })
  const outcome = await createKeelToolRegistry(store).executeToolCall(
    {
      conversationId: c.id,
      turnId: turn.id,
      callId: 'call-1',
      toolName: 'record_measurement',
      arguments: { kind: 'weight', value: 70, unit: 'kg' },
    },
    { signal: new AbortController().signal },
  )
  writer.addPart({ type: 'tool-result', callId: 'call-1', toolName: 'record_measurement', outcome })
  writer.finalize({ status: 'complete' })
  store.search.setPinned(c.id, true)
  const g = store.generations.start({
    turnId: turn.id,
    messageId: writer.messageId,
    round: 1,
    attempt: 1,
    provider: 'anthropic',
    model: 'claude-x',
  })
  store.generations.finish(g.id, {
    outcome: 'complete',
    usage: { inputTokens: 12, outputTokens: 34, reasoningTokens: undefined, cachedInputTokens: undefined },
    usageSource: 'reported',
  })
  store.close()
}

describe('keel import', () => {
  it('restores a `keel export` file into a new store (the same export after); from stdin again it adds nothing', async () => {
    const source = join(dir, 'source.db')
    await sourceStore(source)
    const exported = await keel(['export', '--db', source])
    expect(exported.code).toBe(0)
    const file = join(dir, 'backup.json')
    writeFileSync(file, exported.stdout)
    const target = join(dir, 'restored', 'keel.db')

    const first = await keel(['import', '--db', target, file])
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toBe(
      'added 1 conversations (2 messages), 1 model calls, 1 measurements, 1 ledger entries; already present 0 conversations (0 messages), 0 model calls, 0 measurements, 0 ledger entries; 0 collisions\n',
    )
    expect((await keel(['export', '--db', target])).stdout).toBe(exported.stdout)
    // A backup keeps the pin and the measurement's tie to the tool call that stored it.
    const backup = JSON.parse(exported.stdout) as {
      conversations: Array<{ pinnedAt?: number }>
      measurements: Array<{ createdByLedgerKey: string | null }>
      ledger: Array<{ key: string }>
    }
    expect(backup.conversations[0]!.pinnedAt).toEqual(expect.any(Number))
    expect(backup.measurements[0]!.createdByLedgerKey).toBe(backup.ledger[0]!.key)
    const restored = openKeelStore(target)
    if (!restored.ok) throw new Error(restored.error.message)
    try {
      expect(restored.store.db.prepare('SELECT pinned_at FROM conversations').pluck().get()).toBe(
        backup.conversations[0]!.pinnedAt,
      )
      expect(
        restored.store.db
          .prepare('SELECT l.idempotency_key FROM measurements m JOIN tool_ledger l ON l.id = m.created_by_ledger_id')
          .pluck()
          .get(),
      ).toBe(backup.ledger[0]!.key)
    } finally {
      restored.store.close()
    }

    const again = await keel(['import', '--db', target, '-'], exported.stdout)
    expect(again.code).toBe(0)
    expect(again.stdout).toBe(
      'added 0 conversations (0 messages), 0 model calls, 0 measurements, 0 ledger entries; already present 1 conversations (2 messages), 1 model calls, 1 measurements, 1 ledger entries; 0 collisions\n',
    )
    expect((await keel(['export', '--db', target])).stdout).toBe(exported.stdout)
  })

  it('a file that fails exits 1 with where it failed, and the store is as it was', async () => {
    const source = join(dir, 'source.db')
    await sourceStore(source)
    const exported = (await keel(['export', '--db', source])).stdout
    const json = JSON.parse(exported)
    json.conversations.push({ id: 'extra', title: 'extra', messages: [{ role: 'user', text: 'x' }] })
    json.ledger[0].state = 'perhaps'
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, JSON.stringify(json))
    const run = await keel(['import', '--db', source, bad])
    expect(run.code).toBe(1)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/^keel: .*bad\.json failed at ledger\.0\.state: .* Nothing was imported\.\n$/)
    expect((await keel(['export', '--db', source])).stdout).toBe(exported)
    const usage = await keel(['import', '--db', source, join(dir, 'missing.json')])
    expect(usage.code).toBe(2)
  })

  it('a record the live paths refuse (a weight of −70 kg, as the tools would) exits 1 with where and why; the store is as it was', async () => {
    const source = join(dir, 'source.db')
    await sourceStore(source)
    const exported = (await keel(['export', '--db', source])).stdout
    const json = JSON.parse(exported)
    json.conversations.push({ id: 'extra', title: 'extra', messages: [{ role: 'user', text: 'x' }] })
    json.measurements[0] = { ...json.measurements[0], id: 99, value: -70, canonicalValue: -70 }
    const bad = join(dir, 'negative.json')
    writeFileSync(bad, JSON.stringify(json))
    const run = await keel(['import', '--db', source, bad])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /^keel: .*negative\.json failed at measurements\.0\.value: -70 kg is outside the plausible range for weight .* Nothing was imported\.\n$/,
    )
    expect((await keel(['export', '--db', source])).stdout).toBe(exported)
  })

  it('a file over the limit, or one record too long to hold, exits 1 saying where and why (never read whole); the store is as it was', async () => {
    const source = join(dir, 'source.db')
    await sourceStore(source)
    const exported = (await keel(['export', '--db', source])).stdout
    // A sparse file one byte over the documented limit: refused before any of it is read.
    const huge = join(dir, 'huge.json')
    const fd = openSync(huge, 'w')
    ftruncateSync(fd, MAX_IMPORT_FILE_BYTES + 1)
    closeSync(fd)
    const tooBig = await keel(['import', '--db', source, huge])
    expect(tooBig.code).toBe(1)
    expect(tooBig.stderr).toBe(
      `keel: ${huge} failed at (file): The file is ${MAX_IMPORT_FILE_BYTES + 1} bytes: an import file can be at most ${MAX_IMPORT_FILE_BYTES} bytes. Nothing was imported.\n`,
    )
    // A title of 300 MB in the second conversation: refused while it is read, never parsed whole.
    const long = join(dir, 'long.json')
    const out = openSync(long, 'w')
    writeSync(out, '{"conversations": [{"id": "a", "title": "a", "messages": []},\n{"id": "b", "title": "')
    const block = Buffer.alloc(1 << 20, 'x')
    for (let i = 0; i < 300; i++) writeSync(out, block)
    writeSync(out, '", "messages": []}]}')
    closeSync(out)
    const tooLong = await keel(['import', '--db', source, long])
    expect(tooLong.code).toBe(1)
    expect(tooLong.stderr).toBe(
      `keel: ${long} failed at conversations.1: This record (from line 2, column 1) is longer than ${MAX_IMPORT_RECORD_CHARS} characters: too large to import. Nothing was imported.\n`,
    )
    expect((await keel(['export', '--db', source])).stdout).toBe(exported)
  })

  it('a collision is listed on stderr; the stored one is kept', async () => {
    const source = join(dir, 'source.db')
    await sourceStore(source)
    const exported = (await keel(['export', '--db', source])).stdout
    const json = JSON.parse(exported)
    json.conversations[0].title = 'Changed'
    const run = await keel(['import', '--db', source, '-'], JSON.stringify(json))
    expect(run.code).toBe(0)
    expect(run.stderr).toBe(
      `keel: collision: conversation ${json.conversations[0].id} (conversations.0): a conversation with this id is in the store with different content; the stored one was kept\n`,
    )
    expect(run.stdout).toMatch(/; 1 collision\n$/)
    expect((await keel(['export', '--db', source])).stdout).toBe(exported)
  })
})
