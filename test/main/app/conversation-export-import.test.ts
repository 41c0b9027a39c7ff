// Export and import of one conversation through the app service: Markdown to read, JSON to import
// again (its id kept, so a second import adds nothing); a file that fails validation changes
// nothing and says where it failed; `keel export`'s whole-store file imports too.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeExport } from '../../../src/main/export/store-export'
import { PassThrough } from 'node:stream'
import { countRows, isRunEnd, startAppWorld, type AppWorld, type TestClient } from './app-helpers'

let world: AppWorld
let a: TestClient
beforeEach(async () => {
  world = await startAppWorld()
  a = world.client('window')
})
afterEach(async () => {
  await world.close()
})

async function conversation(): Promise<string> {
  world.server.enqueue({ type: 'turn', text: 'Paris is the capital.', reasoning: 'Thinking about France.' } as never, {
    type: 'turn',
    text: 'About two million.',
  })
  const { runId } = await a.value('turns.start', {
    text: 'Capital of France?',
    settings: { provider: 'anthropic', model: 'claude-x', system: 'Be brief.', temperature: 0.3 },
  })
  const end = await a.waitFor((e) => isRunEnd(e))
  await world.service.whenIdle()
  const id = (end as { conversationId: string }).conversationId
  await a.value('conversations.rename', { conversationId: id, title: 'Paris – população' })
  await a.value('turns.start', { conversationId: id, text: 'How many people?' })
  await world.service.whenIdle()
  void runId
  return id
}

const counts = () => ({
  conversations: countRows(world.store, 'conversations'),
  messages: countRows(world.store, 'messages'),
  settings: countRows(world.store, 'conversation_settings'),
})

describe('conversations.export / conversations.import', () => {
  it('exports Markdown in the asked language with the model that wrote each answer', async () => {
    const id = await conversation()
    const file = await a.value('conversations.export', { conversationId: id, format: 'markdown', locale: 'pt-BR' })
    expect(file.fileName).toBe('paris-populacao.md')
    expect(file.mimeType).toBe('text/markdown')
    expect(file.text).toMatch(/^# Paris – população\n/)
    expect(file.text).toContain('## Você\n\nCapital of France?')
    expect(file.text).toContain('## Assistente · claude-x\n\n')
    expect(file.text).toContain('Paris is the capital.')
    expect(file.text).toContain('> **Prompt de sistema:** Be brief.')
  })

  it('a JSON export imports back as the same conversation; twice adds nothing; deleted then imported, it returns whole', async () => {
    const id = await conversation()
    const file = await a.value('conversations.export', { conversationId: id, format: 'json' })
    const json = JSON.parse(file.text)
    expect(json).toMatchObject({
      format: 'keel-conversation',
      version: 1,
      conversation: {
        id,
        title: 'Paris – população',
        settings: { provider: 'anthropic', model: 'claude-x', system: 'Be brief.', temperature: 0.3 },
      },
    })
    expect(json.generations.map((g: { model: string }) => g.model)).toEqual(['claude-x', 'claude-x'])
    const before = counts()
    // Already here: nothing new.
    expect(await a.value('conversations.import', { text: file.text })).toMatchObject({
      imported: [],
      skipped: [{ id, title: 'Paris – população' }],
      added: { conversations: 0, messages: 0, generations: 0 },
      present: { conversations: 1, messages: 4, generations: 2 },
      collisionCount: 0,
    })
    expect(counts()).toEqual(before)
    // Gone, then imported: the same id, title, messages and settings.
    const original = await a.value('conversations.open', { conversationId: id })
    await a.value('conversations.delete', { conversationId: id })
    expect(await a.value('conversations.import', { text: file.text })).toMatchObject({
      imported: [{ id, title: 'Paris – população', messages: 4 }],
      skipped: [],
      added: { conversations: 1, messages: 4, generations: 2 },
      collisionCount: 0,
    })
    const back = await a.value('conversations.open', { conversationId: id })
    const shape = (view: typeof back) =>
      view.messages.map((m) => ({
        role: m.role,
        status: m.status,
        parts: m.parts.filter((p) => p.type === 'text' || p.type === 'reasoning'),
      }))
    expect(shape(back)).toEqual(shape(original))
    expect(back.conversation.title).toBe('Paris – população')
    expect((await a.value('conversations.settings', { conversationId: id })).own).toEqual({
      provider: 'anthropic',
      model: 'claude-x',
      system: 'Be brief.',
      temperature: 0.3,
    })
    expect(await a.value('conversations.import', { text: file.text })).toMatchObject({
      imported: [],
      skipped: [{ id, title: 'Paris – população' }],
    })
    // The imported conversation continues: its history goes to the provider.
    world.server.enqueue({ type: 'turn', text: 'ok' })
    await a.value('turns.start', { conversationId: id, text: 'And Lyon?' })
    await world.service.whenIdle()
    expect(JSON.stringify(world.server.requests.at(-1)!.body)).toContain('About two million.')
  })

  it('a file that fails validation changes nothing and says where it failed', async () => {
    const id = await conversation()
    const good = JSON.parse((await a.value('conversations.export', { conversationId: id, format: 'json' })).text)
    await a.value('conversations.delete', { conversationId: id })
    const before = counts()
    const cases: [string, RegExp][] = [
      [
        '{"format": "keel-conversation", ',
        /^line 1, column \d+: This file is not JSON: it ends in the middle of the export\.$/,
      ],
      [
        JSON.stringify({
          ...good,
          conversation: {
            ...good.conversation,
            messages: [...good.conversation.messages.slice(0, 3), { ...good.conversation.messages[3], role: 'robot' }],
          },
        }),
        /^conversation\.messages\.3\.role: /,
      ],
      [
        JSON.stringify({ ...good, conversation: { ...good.conversation, settings: { temperature: 7 } } }),
        /^conversation\.settings\.temperature: /,
      ],
      [JSON.stringify({ ...good, version: 2 }), /^version: /],
      [
        JSON.stringify({
          ...good,
          conversation: { ...good.conversation, messages: good.conversation.messages.slice(1) },
        }),
        /^conversation\.messages\.0: An answer must follow a question\.$/,
      ],
    ]
    for (const [text, where] of cases) {
      const result = await a.call('conversations.import', { text })
      expect(result.ok).toBe(false)
      if (result.ok) continue
      expect(result.error.kind).toBe('validation')
      expect(result.error.message).toMatch(where)
      expect(result.error.detail).toMatchObject({ code: 'import-invalid' })
      expect(counts()).toEqual(before)
    }
  })

  it('imports every conversation of a whole-store `keel export` file', async () => {
    const id = await conversation()
    const out = new PassThrough()
    const chunks: Buffer[] = []
    out.on('data', (chunk: Buffer) => chunks.push(chunk))
    await writeExport(world.store, out)
    await a.value('conversations.delete', { conversationId: id })
    const report = await a.value('conversations.import', { text: Buffer.concat(chunks).toString('utf8') })
    expect(report.imported).toEqual([{ id, title: 'Paris – população', messages: 4 }])
  })
})
