// Files on a message, end to end in the core over loopback: checked (types, magic bytes, text,
// sizes) before anything is stored, stored with the message, sent to each provider in its own
// format, sent again with later turns, shown again on reopen (metadata + `attachments.get`).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_ATTACHMENTS, MAX_IMAGE_BYTES, MAX_TEXT_FILE_BYTES } from '../../../src/shared/attachments'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import type { RecordedRequest } from '../../support/simulated-provider/types'
import { countRows, isRunEnd, startAppWorld, type AppWorld, type TestClient } from './app-helpers'

// A real 1×1 PNG, and a GIF header (enough for the magic-number check).
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAcCBlCwAAAABJRU5ErkJggg=='
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')
const NOTES = '# Notes\nweight: 72.5 kg\n'
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const image = { name: 'dot.png', mimeType: 'image/png', dataBase64: PNG }
const notes = { name: 'notes.md', mimeType: 'text/markdown', dataBase64: b64(NOTES) }

/** The image data and the text file's text exactly where each wire API carries a user's files. */
function userFilesOf(provider: ProviderId, request: RecordedRequest, index = 0): { images: string[]; texts: string[] } {
  const body = request.body as Record<string, any>
  const texts: string[] = []
  const images: string[] = []
  switch (provider) {
    case 'openai-responses': {
      const user = body.input.filter((item: any) => item.role === 'user')[index]
      for (const part of user.content) part.type === 'input_image' ? images.push(part.image_url) : texts.push(part.text)
      break
    }
    case 'openai-chat': {
      const user = body.messages.filter((m: any) => m.role === 'user')[index]
      if (typeof user.content === 'string') texts.push(user.content)
      else
        for (const part of user.content)
          part.type === 'image_url' ? images.push(part.image_url.url) : texts.push(part.text)
      break
    }
    case 'anthropic': {
      const user = body.messages.filter((m: any) => m.role === 'user')[index]
      for (const part of user.content)
        part.type === 'image'
          ? images.push(`${part.source.type}:${part.source.media_type}:${part.source.data}`)
          : texts.push(part.text)
      break
    }
    case 'gemini': {
      const user = body.contents.filter((c: any) => c.role === 'user')[index]
      for (const part of user.parts)
        part.inlineData ? images.push(`${part.inlineData.mimeType}:${part.inlineData.data}`) : texts.push(part.text)
      break
    }
    case 'gemini-interactions': {
      const user = body.input.filter((s: any) => s.type === 'user_input')[index]
      for (const part of user.content)
        part.type === 'image' ? images.push(`${part.mime_type}:${part.data}`) : texts.push(part.text)
      break
    }
  }
  return { images, texts }
}

const EXPECTED_IMAGE: Record<ProviderId, string> = {
  'openai-responses': `data:image/png;base64,${PNG}`,
  'openai-chat': `data:image/png;base64,${PNG}`,
  anthropic: `base64:image/png:${PNG}`,
  gemini: `image/png:${PNG}`,
  'gemini-interactions': `image/png:${PNG}`,
}

let world: AppWorld
let client: TestClient
beforeEach(async () => {
  world = await startAppWorld()
  client = world.client('window')
})
afterEach(async () => {
  await world.close()
})

async function send(payload: Record<string, unknown>): Promise<{ conversationId: string }> {
  const { runId } = await client.value('turns.start', payload)
  const end = await client.waitFor((event) => isRunEnd(event) && client.events(runId).includes(event))
  if (!isRunEnd(end)) throw new Error('no run end')
  expect(end.status).toBe('completed')
  return { conversationId: end.conversationId }
}

describe('attachments reach every provider in its own format', () => {
  it.each(PROVIDER_IDS)(
    '%s: the image bytes and the text file are in the request, and again in the next turn',
    async (provider) => {
      world.server.enqueue({ type: 'turn', text: 'A dot.' }, { type: 'turn', text: 'Still a dot.' })
      const { conversationId } = await send({ text: 'What is this?', provider, attachments: [image, notes] })
      await send({ text: 'And now?', provider, conversationId })
      const [first, second] = world.server.requests
      for (const request of [first!, second!]) {
        const files = userFilesOf(provider, request, 0)
        expect(files.images).toEqual([EXPECTED_IMAGE[provider]])
        expect(files.texts.join('\n')).toContain('File: notes.md\n```\n# Notes\nweight: 72.5 kg\n```')
        expect(files.texts.join('\n')).toContain('What is this?')
      }
      // The second question carries no files of its own.
      expect(userFilesOf(provider, second!, 1)).toEqual({ images: [], texts: ['And now?'] })
    },
  )
})

describe('stored with the message', () => {
  it('a reopened conversation lists the files, and attachments.get returns the same bytes', async () => {
    world.server.enqueue({ type: 'turn', text: 'Seen.' })
    const { conversationId } = await send({ text: 'Look', attachments: [image, notes] })
    const view = await client.value('conversations.open', { conversationId })
    const user = view.messages.find((m) => m.role === 'user')!
    const files = view.attachments?.[user.id]
    expect(files?.map(({ name, mimeType, size }) => ({ name, mimeType, size }))).toEqual([
      { name: 'dot.png', mimeType: 'image/png', size: Buffer.from(PNG, 'base64').length },
      { name: 'notes.md', mimeType: 'text/markdown', size: Buffer.byteLength(NOTES) },
    ])
    const got = await client.value('attachments.get', { attachmentId: files![0]!.id })
    expect(got).toMatchObject({ name: 'dot.png', mimeType: 'image/png', dataBase64: PNG })
    const missing = await client.call('attachments.get', { attachmentId: 999_999 })
    expect(missing.ok).toBe(false)
  })

  it('a message can be only a file', async () => {
    world.server.enqueue({ type: 'turn', text: 'A dot.' })
    await send({ text: '', provider: 'anthropic', attachments: [image] })
    const body = world.server.requests[0]!.body as any
    expect(body.messages[0].content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ])
  })
})

describe('refused before anything is stored or sent', () => {
  const cases: [string, Record<string, unknown>, string | undefined][] = [
    [
      'a type not on the list',
      { text: 'x', attachments: [{ name: 'a.pdf', mimeType: 'application/pdf', dataBase64: b64('%PDF-1.4') }] },
      undefined,
    ],
    [
      'bytes that are not the image type claimed',
      { text: 'x', attachments: [{ name: 'fake.png', mimeType: 'image/png', dataBase64: GIF }] },
      'attachment-not-image',
    ],
    [
      'a JPEG named PNG',
      {
        text: 'x',
        attachments: [
          {
            name: 'a.png',
            mimeType: 'image/png',
            dataBase64: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64'),
          },
        ],
      },
      'attachment-not-image',
    ],
    [
      'a "text" file that is binary',
      {
        text: 'x',
        attachments: [
          { name: 'a.txt', mimeType: 'text/plain', dataBase64: Buffer.from([0x61, 0, 0x62]).toString('base64') },
        ],
      },
      'attachment-not-text',
    ],
    [
      'a "text" file that is not UTF-8',
      {
        text: 'x',
        attachments: [
          { name: 'a.txt', mimeType: 'text/plain', dataBase64: Buffer.from([0xc3, 0x28]).toString('base64') },
        ],
      },
      'attachment-not-text',
    ],
    [
      'an image over the limit',
      {
        text: 'x',
        attachments: [
          { name: 'big.png', mimeType: 'image/png', dataBase64: Buffer.alloc(MAX_IMAGE_BYTES + 1).toString('base64') },
        ],
      },
      undefined,
    ],
    [
      'a text file over the limit',
      {
        text: 'x',
        attachments: [
          {
            name: 'big.txt',
            mimeType: 'text/plain',
            dataBase64: Buffer.alloc(MAX_TEXT_FILE_BYTES + 1, 0x61).toString('base64'),
          },
        ],
      },
      undefined,
    ],
    ['too many files', { text: 'x', attachments: Array.from({ length: MAX_ATTACHMENTS + 1 }, () => notes) }, undefined],
    [
      'too big together',
      {
        text: 'x',
        attachments: Array.from({ length: 3 }, (_, i) => ({
          name: `p${i}.png`,
          mimeType: 'image/png',
          dataBase64: Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(MAX_IMAGE_BYTES - 100)]).toString(
            'base64',
          ),
        })),
      },
      undefined,
    ],
    [
      'base64 with a data-URL prefix',
      { text: 'x', attachments: [{ ...image, dataBase64: `data:image/png;base64,${PNG}` }] },
      undefined,
    ],
    ['an empty name', { text: 'x', attachments: [{ ...image, name: '  ' }] }, undefined],
    ['no text and no file', { text: '', attachments: [] }, undefined],
  ]
  it.each(cases)('%s', async (_label, payload, code) => {
    const result = await client.call('turns.start', payload)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe('validation')
    if (code) expect(result.error.detail?.code).toBe(code)
    expect(countRows(world.store, 'messages')).toBe(0)
    expect(countRows(world.store, 'message_attachments')).toBe(0)
    expect(world.server.requests).toHaveLength(0)
  })
})

describe('a model without vision', () => {
  // OpenAI's answer to an image for a model that takes none (the same shape local servers use).
  const refusal = {
    error: {
      message: 'Invalid content type. image_url is only supported by certain models.',
      type: 'invalid_request_error',
      param: 'messages.[0].content.[0].type',
      code: null,
    },
  }

  it('an image refused by the server says so (a typed notice, not "no answer")', async () => {
    world.server.enqueue({ type: 'http-error', status: 400, body: refusal })
    const { runId } = await client.value('turns.start', {
      text: 'What is this?',
      provider: 'openai-chat',
      attachments: [image],
    })
    await client.waitFor((event) => isRunEnd(event) && client.events(runId).includes(event))
    const notices = client.events(runId).flatMap((event) => (event.type === 'notice' ? [event.id] : []))
    expect(notices).toEqual(['images-not-supported'])
  })

  it('the same refusal without images sent is not blamed on images', async () => {
    world.server.enqueue({ type: 'http-error', status: 400, body: refusal })
    const { runId } = await client.value('turns.start', { text: 'What is this?', provider: 'openai-chat' })
    await client.waitFor((event) => isRunEnd(event) && client.events(runId).includes(event))
    const notices = client.events(runId).flatMap((event) => (event.type === 'notice' ? [event.id] : []))
    // The classifier's own cause for a 400, not the images one.
    expect(notices).toEqual(['bad-request'])
  })
})
