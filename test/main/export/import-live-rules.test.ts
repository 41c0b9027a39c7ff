import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeExport } from '../../../src/main/export/store-export'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { stringChunks } from '../../../src/main/export/json-record-reader'
import { importStore } from '../../../src/main/export/store-import'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
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

async function exportOf(store: KeelStore): Promise<string> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  await writeExport(store, out)
  return Buffer.concat(chunks).toString('utf8')
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>')

/** A question with a PNG, its answer, a recorded weight: a valid `keel export` file, as JSON. */
async function validExport(): Promise<{
  conversations: Array<{ messages: Array<Record<string, unknown>> }>
  measurements: Array<Record<string, unknown>>
  [key: string]: unknown
}> {
  const store = open('source.db')
  const c = store.conversations.createConversation({ id: 'conv-files', title: 'files' })
  const { turn } = store.conversations.startTurn({
    conversationId: c.id,
    userText: 'what is this?',
    attachments: [{ name: 'chart.png', mimeType: 'image/png', bytes: PNG }],
  })
  const writer = store.conversations.startAssistantMessage({ conversationId: c.id, turnId: turn.id })
  writer.appendText('a chart')
  writer.finalize({ status: 'complete' })
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
  return JSON.parse(await exportOf(store))
}

const file = (name: string, mimeType: string, bytes: Buffer) => ({
  name,
  mimeType,
  size: bytes.length,
  dataBase64: bytes.toString('base64'),
})

/** Every table the import writes, counted (what was stored before must stay exactly so). */
const rowCounts = (store: KeelStore) =>
  Object.fromEntries(
    [
      'conversations',
      'turns',
      'messages',
      'message_parts',
      'message_attachments',
      'generations',
      'measurements',
      'tool_ledger',
    ].map((t) => [t, (store.db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n]),
  )

describe('import applies the live paths’ rules', () => {
  it('refuses each record the tools, the measurements view or the composer would refuse: where and why, nothing kept', async () => {
    const good = await validExport()
    const withFirstMessage = (change: Record<string, unknown>) => ({
      ...good,
      conversations: [
        {
          ...good.conversations[0],
          messages: [{ ...good.conversations[0]!.messages[0], ...change }, ...good.conversations[0]!.messages.slice(1)],
        },
      ],
    })
    const withMeasurement = (change: Record<string, unknown>) => ({
      ...good,
      measurements: [{ ...good.measurements[0], ...change }],
    })
    const cases: Array<[string, unknown, string, RegExp]> = [
      [
        'a weight of −70 kg',
        withMeasurement({ value: -70, canonicalValue: -70 }),
        'measurements.0.value',
        /plausible range/,
      ],
      [
        'a date 2^53−1 ms',
        withMeasurement({ takenAt: Number.MAX_SAFE_INTEGER }),
        'measurements.0.takenAt',
        /not a real date/,
      ],
      [
        'an "image/png" that is an SVG with a script',
        withFirstMessage({ attachments: [file('chart.png', 'image/png', SVG)] }),
        'conversations.0.messages.0.attachments.0',
        /not a image\/png image|not an? image\/png/,
      ],
      [
        'a file named ../../etc/passwd',
        withFirstMessage({ attachments: [file('../../etc/passwd', 'text/plain', Buffer.from('root:x:0:0'))] }),
        'conversations.0.messages.0.attachments.0.name',
        /folder|path/,
      ],
      [
        '12 files on one question',
        withFirstMessage({
          attachments: Array.from({ length: 12 }, (_, i) => file(`chart-${i}.png`, 'image/png', PNG)),
        }),
        'conversations.0.messages.0.attachments',
        /At most 10 files/,
      ],
    ]
    // The function `keel import` calls, on a store that already holds something.
    const target = open('target.db')
    expect(
      importStore(
        target,
        stringChunks(
          JSON.stringify({
            conversations: [{ id: 'kept', title: 'kept', messages: [{ role: 'user', text: 'stored before' }] }],
          }),
        ),
      ).ok,
    ).toBe(true)
    const before = rowCounts(target)
    // The window's command, on the app's store.
    world = await startAppWorld()
    const window = world.client('window')
    const windowBefore = rowCounts(world.store)
    for (const [what, bad, where, why] of cases) {
      const text = JSON.stringify(bad)
      const cli = importStore(target, stringChunks(text))
      expect(cli, what).toMatchObject({ ok: false, where })
      if (!cli.ok) expect(cli.message, what).toMatch(why)
      expect(rowCounts(target), what).toEqual(before)
      const answer = await window.call('conversations.import', { text })
      expect(answer.ok, what).toBe(false)
      if (!answer.ok) {
        expect(answer.error.detail, what).toMatchObject({ code: 'import-invalid', where })
        expect(answer.error.message, what).toMatch(why)
      }
      expect(rowCounts(world.store), what).toEqual(windowBefore)
    }
    // The file the cases were made from imports (the refusals are the records', not the file's).
    expect(importStore(target, stringChunks(JSON.stringify(good)))).toMatchObject({
      ok: true,
      report: { added: { conversations: 1, measurements: 1 } },
    })
    expect(target.conversations.getConversation('kept')?.title).toBe('kept')
  })

  it('the composer’s path refuses a file name that is a path too (the one rule)', async () => {
    world = await startAppWorld()
    const window = world.client('window')
    const answer = await window.call('turns.start', {
      text: 'read this',
      attachments: [
        { name: '../../etc/passwd', mimeType: 'text/plain', dataBase64: Buffer.from('root:x:0:0').toString('base64') },
      ],
    })
    expect(answer.ok).toBe(false)
    if (!answer.ok) expect(answer.error.kind).toBe('validation')
  })
})
