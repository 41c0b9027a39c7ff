// What reaches the provider, end to end over loopback (the simulated provider records each
// request): an edited question keeps its files (or those the user keeps, plus new ones);
// Regenerate and Continue send the question's files again; a long conversation with many images
// stays under the provider's request limits; and a question left without an answer never makes
// two user turns in a row, in every provider's request shape.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_IMAGE_BYTES } from '../../../src/shared/attachments'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import type { RunEvent } from '../../../src/shared/run-events'
import { HISTORY_BUDGETS } from '../../../src/main/providers/request-history'
import type { RecordedRequest } from '../../support/simulated-provider/types'
import { countRows, isRunEnd, startAppWorld, type AppWorld, type TestClient } from './app-helpers'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg=='
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const image = { name: 'dot.png', mimeType: 'image/png', dataBase64: PNG }
const notes = { name: 'notes.md', mimeType: 'text/markdown', dataBase64: b64('# Notes\nweight: 72.5 kg\n') }
const extra = { name: 'extra.txt', mimeType: 'text/plain', dataBase64: b64('added while editing\n') }
/** A PNG as big as one image may be (its header, then padding: the core checks only the magic numbers). */
const bigImage = (name: string) => ({
  name,
  mimeType: 'image/png',
  dataBase64: Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(MAX_IMAGE_BYTES - 100, 7)]).toString('base64'),
})

type End = Extract<RunEvent, { type: 'run-end' }>

let world: AppWorld
let client: TestClient
beforeEach(async () => {
  world = await startAppWorld()
  client = world.client('window')
})
afterEach(async () => {
  await world.close()
})

async function finished(runId: string): Promise<End> {
  const end = (await client.waitFor((e) => isRunEnd(e) && client.events(runId).includes(e), 60_000)) as End
  await world.service.whenIdle()
  return end
}
async function ask(payload: Record<string, unknown>): Promise<End> {
  const { runId } = await client.value('turns.start', payload)
  return finished(runId)
}
const lastRequest = (): RecordedRequest => world.server.requests.at(-1)!

/** Chat Completions user messages: each as its text parts and image URLs. */
function chatUsers(request: RecordedRequest): { texts: string[]; images: string[] }[] {
  const body = request.body as { messages: { role: string; content: unknown }[] }
  return body.messages
    .filter((m) => m.role === 'user')
    .map((m) => {
      if (typeof m.content === 'string') return { texts: [m.content], images: [] }
      const parts = m.content as { type: string; text?: string; image_url?: { url: string } }[]
      return {
        texts: parts.flatMap((p) => (p.type === 'text' ? [p.text!] : [])),
        images: parts.flatMap((p) => (p.type === 'image_url' ? [p.image_url!.url] : [])),
      }
    })
}

describe("edit and resend keeps the question's files", () => {
  it('all of them by default; only those kept, plus new ones; each stored with the new version', async () => {
    world.server.enqueue(
      { type: 'turn', text: 'A dot.' },
      { type: 'turn', text: 'Still a dot.' },
      { type: 'turn', text: 'A dot and a note.' },
      { type: 'turn', text: 'Just words.' },
    )
    const first = await ask({ text: 'What is this?', attachments: [image, notes] })
    const conversationId = first.conversationId
    const view = await client.value('conversations.open', { conversationId })
    const question = view.messages[0]!
    const [imageFile, notesFile] = view.attachments![question.id]!

    // Text edited only: both files go again and are stored with the new version.
    await finished(
      (await client.value('turns.edit', { conversationId, messageId: question.id, text: 'What is this, exactly?' }))
        .runId,
    )
    expect(chatUsers(lastRequest())).toEqual([
      {
        images: [`data:image/png;base64,${PNG}`],
        texts: [expect.stringContaining('File: notes.md'), 'What is this, exactly?'],
      },
    ])
    let now = await client.value('conversations.open', { conversationId })
    const edited = now.messages[0]!
    expect(edited.id).not.toBe(question.id)
    expect(now.attachments![edited.id]!.map((f) => [f.name, f.mimeType, f.size])).toEqual(
      [imageFile, notesFile].map((f) => [f!.name, f!.mimeType, f!.size]),
    )

    // The note removed, a file added.
    await finished(
      (
        await client.value('turns.edit', {
          conversationId,
          messageId: question.id,
          text: 'And now?',
          keepAttachmentIds: [imageFile!.id],
          attachments: [extra],
        })
      ).runId,
    )
    expect(chatUsers(lastRequest())).toEqual([
      {
        images: [`data:image/png;base64,${PNG}`],
        texts: ['File: extra.txt\n```\nadded while editing\n```', 'And now?'],
      },
    ])
    now = await client.value('conversations.open', { conversationId })
    expect(now.attachments![now.messages[0]!.id]!.map((f) => f.name)).toEqual(['dot.png', 'extra.txt'])

    // Every file removed: the question alone (a plain string, as for any question without files).
    await finished(
      (
        await client.value('turns.edit', {
          conversationId,
          messageId: question.id,
          text: 'Only words',
          keepAttachmentIds: [],
        })
      ).runId,
    )
    expect((lastRequest().body as { messages: unknown[] }).messages.at(-1)).toEqual({
      role: 'user',
      content: 'Only words',
    })
    now = await client.value('conversations.open', { conversationId })
    expect(now.attachments?.[now.messages[0]!.id]).toBeUndefined()
    // The original keeps its own files.
    const original = await client.value('messages.selectVersion', { conversationId, messageId: question.id })
    expect(original.attachments![question.id]!.map((f) => f.id)).toEqual([imageFile!.id, notesFile!.id])
  })

  it("a file that is not the question's, or nothing left to send, is refused: nothing stored or sent", async () => {
    world.server.enqueue({ type: 'turn', text: 'A dot.' }, { type: 'turn', text: 'Other.' })
    const first = await ask({ text: 'What is this?', attachments: [image] })
    const other = await ask({ text: 'Another conversation', attachments: [notes] })
    const otherView = await client.value('conversations.open', { conversationId: other.conversationId })
    const foreignId = otherView.attachments![otherView.messages[0]!.id]![0]!.id
    const view = await client.value('conversations.open', { conversationId: first.conversationId })
    const messages = countRows(world.store, 'messages')
    const files = countRows(world.store, 'message_attachments')
    const requests = world.server.requests.length
    const refused = [
      {
        conversationId: first.conversationId,
        messageId: view.messages[0]!.id,
        text: 'x',
        keepAttachmentIds: [foreignId],
      },
      { conversationId: first.conversationId, messageId: view.messages[0]!.id, text: '', keepAttachmentIds: [] },
      {
        conversationId: first.conversationId,
        messageId: view.messages[0]!.id,
        text: 'x',
        attachments: [{ name: 'fake.png', mimeType: 'image/png', dataBase64: b64('not a png') }],
      },
      { conversationId: first.conversationId, messageId: view.messages[0]!.id, text: 'x', keepAttachmentIds: ['1'] },
    ]
    for (const payload of refused) {
      const result = await client.call('turns.edit', payload)
      expect(result.ok, JSON.stringify(payload)).toBe(false)
      if (!result.ok) expect(result.error.kind).toBe('validation')
    }
    expect(countRows(world.store, 'messages')).toBe(messages)
    expect(countRows(world.store, 'message_attachments')).toBe(files)
    expect(world.server.requests).toHaveLength(requests)
  })

  it('an edit with only the kept files (no text) is a question of files', async () => {
    world.server.enqueue({ type: 'turn', text: 'A dot.' }, { type: 'turn', text: 'Again a dot.' })
    const first = await ask({ text: 'What is this?', attachments: [image] })
    const view = await client.value('conversations.open', { conversationId: first.conversationId })
    const question = view.messages[0]!
    // Without text, the files are named (an empty text with no file named is refused by the contract).
    expect(
      (await client.call('turns.edit', { conversationId: first.conversationId, messageId: question.id, text: ' ' })).ok,
    ).toBe(false)
    await finished(
      (
        await client.value('turns.edit', {
          conversationId: first.conversationId,
          messageId: question.id,
          text: '',
          keepAttachmentIds: view.attachments![question.id]!.map((f) => f.id),
        })
      ).runId,
    )
    expect(chatUsers(lastRequest())).toEqual([{ images: [`data:image/png;base64,${PNG}`], texts: [] }])
  })
})

describe("regenerate and continue send the question's files again", () => {
  it('regenerate: the question once, with its files', async () => {
    world.server.enqueue({ type: 'turn', text: 'A dot.' }, { type: 'turn', text: 'A small dot.' })
    const first = await ask({ text: 'What is this?', attachments: [image, notes] })
    await finished(
      (await client.value('turns.regenerate', { conversationId: first.conversationId, messageId: first.messageId }))
        .runId,
    )
    expect(chatUsers(lastRequest())).toEqual([
      { images: [`data:image/png;base64,${PNG}`], texts: [expect.stringContaining('File: notes.md'), 'What is this?'] },
    ])
  })

  it('continue: the question keeps its files even when they alone are over the budget (the request to go on comes after them)', async () => {
    world.server.enqueue({ type: 'turn', text: 'Both say', finish: 'length' }, { type: 'turn', text: ' the same.' })
    // Two text files bigger together than the text budget of earlier files.
    const size = Math.ceil(HISTORY_BUDGETS.anthropic.textBytes / 2) + 1000
    const files = ['a.txt', 'b.txt'].map((name) => ({
      name,
      mimeType: 'text/plain',
      dataBase64: Buffer.alloc(size, 0x61).toString('base64'),
    }))
    const cut = await ask({ text: 'Compare them', provider: 'anthropic', attachments: [image, ...files] })
    await finished(
      (await client.value('turns.continue', { conversationId: cut.conversationId, messageId: cut.messageId })).runId,
    )
    const body = lastRequest().body as { messages: { role: string; content: { type: string; text?: string }[] }[] }
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    const question = body.messages[0]!.content
    expect(question.map((c) => (c.type === 'text' ? c.text!.slice(0, 11) : c.type))).toEqual([
      'image',
      'File: a.txt',
      'File: b.txt',
      'Compare the',
    ])
    expect(JSON.stringify(body)).not.toContain('omitted')
  })
})

describe('a long conversation stays under the request limits', () => {
  it("gemini: big images every turn, each request under 20 MB; the older ones named instead, the question's always sent", async () => {
    const turns = 5
    for (let i = 0; i < turns; i++) world.server.enqueue({ type: 'turn', text: `Seen ${i}.` })
    let conversationId: string | undefined
    for (let i = 0; i < turns; i++) {
      const end = await ask({
        text: `Photo ${i}`,
        provider: 'gemini',
        attachments: [bigImage(`photo-${i}.png`)],
        ...(conversationId ? { conversationId } : {}),
      })
      expect(end.status).toBe('completed')
      conversationId = end.conversationId
    }
    for (const request of world.server.requests) expect(request.rawBody.length).toBeLessThan(20_000_000)
    const body = lastRequest().body as {
      contents: { role: string; parts: { text?: string; inlineData?: { data: string } }[] }[]
    }
    const users = body.contents.filter((c) => c.role === 'user')
    expect(users).toHaveLength(turns)
    const sentImages = users.map((u) => u.parts.filter((p) => p.inlineData).length)
    // The newest go (the question's first), the oldest are named in their place.
    expect(sentImages.at(-1)).toBe(1)
    expect(sentImages[0]).toBe(0)
    expect(users[0]!.parts.map((p) => p.text)).toContain('[image omitted: photo-0.png]')
    expect(sentImages.reduce((a, b) => a + b, 0) * bigImage('x').dataBase64.length).toBeLessThanOrEqual(
      HISTORY_BUDGETS.gemini.imageBytes,
    )
    // The first request was whole.
    expect(JSON.stringify(world.server.requests[0]!.body)).not.toContain('omitted')
  }, 120_000)

  it('anthropic: more images than it takes in one request: the newest within its count, the rest named', async () => {
    const turns = HISTORY_BUDGETS.anthropic.images + 3
    for (let i = 0; i < turns; i++) world.server.enqueue({ type: 'turn', text: `Seen ${i}.` })
    let conversationId: string | undefined
    for (let i = 0; i < turns; i++) {
      const end = await ask({
        text: `Photo ${i}`,
        provider: 'anthropic',
        attachments: [{ ...image, name: `p${i}.png` }],
        ...(conversationId ? { conversationId } : {}),
      })
      conversationId = end.conversationId
    }
    const body = lastRequest().body as { messages: { role: string; content: { type: string; text?: string }[] }[] }
    const images = body.messages.flatMap((m) => m.content.filter((c) => c.type === 'image'))
    expect(images).toHaveLength(HISTORY_BUDGETS.anthropic.images)
    const omitted = body.messages.flatMap((m) =>
      m.content.flatMap((c) => (c.type === 'text' && c.text!.startsWith('[image omitted') ? [c.text] : [])),
    )
    expect(omitted).toEqual(['[image omitted: p0.png]', '[image omitted: p1.png]', '[image omitted: p2.png]'])
  }, 120_000)
})

/** The turns of a request as role:text, in each provider's own shape (user turns' texts joined by |). */
function turnsOf(provider: ProviderId, request: RecordedRequest): string[] {
  const body = request.body as Record<string, any>
  const texts = (parts: any[], key = 'text') =>
    parts.flatMap((p: any) => (typeof p[key] === 'string' ? [p[key]] : [])).join('|')
  switch (provider) {
    case 'openai-responses':
      return body.input.map((item: any) => `${item.role}:${texts(item.content)}`)
    case 'openai-chat':
      return body.messages.filter((m: any) => m.role !== 'system').map((m: any) => `${m.role}:${m.content}`)
    case 'anthropic':
      return body.messages.map((m: any) => `${m.role}:${texts(m.content)}`)
    case 'gemini':
      return body.contents.map((c: any) => `${c.role === 'model' ? 'assistant' : c.role}:${texts(c.parts)}`)
    case 'gemini-interactions':
      return body.input.map((s: any) => `${s.type === 'model_output' ? 'assistant' : 'user'}:${texts(s.content)}`)
  }
}

describe('a question without an answer never makes two user turns in a row', () => {
  it.each(PROVIDER_IDS)(
    '%s: an answer deleted in the middle, and one that failed with nothing stored',
    async (provider) => {
      world.server.enqueue(
        { type: 'turn', text: 'A1' },
        { type: 'turn', text: 'A2' },
        { type: 'turn', text: 'A3' },
        { type: 'http-error', status: 400 },
        { type: 'turn', text: 'A5' },
      )
      const first = await ask({ text: 'Q1', provider })
      const conversationId = first.conversationId
      const second = await ask({ text: 'Q2', provider, conversationId })
      await client.value('messages.delete', { conversationId, messageId: second.messageId })
      await ask({ text: 'Q3', provider, conversationId })
      expect(turnsOf(provider, lastRequest())).toEqual(['user:Q1', 'assistant:A1', 'user:Q2\n\nQ3'])
      const failed = await ask({ text: 'Q4', provider, conversationId })
      expect(failed.status).toBe('failed')
      await ask({ text: 'Q5', provider, conversationId })
      expect(turnsOf(provider, lastRequest())).toEqual([
        'user:Q1',
        'assistant:A1',
        'user:Q2\n\nQ3',
        'assistant:A3',
        'user:Q4\n\nQ5',
      ])
    },
  )

  it('an answer stopped before any text: the next question is merged with it', async () => {
    world.server.enqueue(
      { type: 'turn', text: 'A1' },
      { type: 'turn', text: 'never shown', faults: { stallAfterEvents: 0 } },
      { type: 'turn', text: 'A3' },
    )
    const first = await ask({ text: 'Q1', provider: 'anthropic' })
    const { runId } = await client.value('turns.start', {
      text: 'Q2',
      provider: 'anthropic',
      conversationId: first.conversationId,
    })
    await client.waitFor((e) => e.type === 'round-start' && client.events(runId).includes(e))
    await client.value('turns.stop', { runId })
    expect((await finished(runId)).status).toBe('interrupted')
    await ask({ text: 'Q3', provider: 'anthropic', conversationId: first.conversationId })
    expect(turnsOf('anthropic', lastRequest())).toEqual(['user:Q1', 'assistant:A1', 'user:Q2\n\nQ3'])
  })
})
