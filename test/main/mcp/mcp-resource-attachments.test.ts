// A resource's contents as the files Keel sends every provider, within the budgets of a file the
// user attaches; what cannot be sent is named. The output must pass the core's own check of
// `turns.start` files unchanged.
import { describe, expect, it } from 'vitest'
import { checkTurnAttachments } from '../../../src/main/app/turn-attachments'
import { promptAsMessage } from '../../../src/main/mcp/mcp-prompt-message'
import {
  omittedResourceLine,
  resourceAttachments,
  resourceFileName,
} from '../../../src/main/mcp/mcp-resource-attachments'
import {
  encodeBase64,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
} from '../../../src/shared/attachments'

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const b64 = (text: string) => Buffer.from(text).toString('base64')

describe('resourceAttachments', () => {
  it('text as a text file, an image by its bytes, other bytes named', () => {
    const { attachments, omitted } = resourceAttachments(
      [
        { uri: 'file:///notes/readme.md', mimeType: 'text/markdown', text: '# Notes' },
        { uri: 'demo://pixel', mimeType: 'image/png', blob: PNG_1X1 },
        { uri: 'demo://unlabelled-pixel', mimeType: 'application/octet-stream', blob: PNG_1X1 },
        { uri: 'demo://report.pdf', mimeType: 'application/pdf', blob: b64('%PDF-1.4\u0000') },
        { uri: 'demo://words', mimeType: 'text/plain', blob: b64('words in a blob') },
        { uri: 'demo://config', mimeType: 'application/json', blob: b64('{"a":1}') },
        { uri: 'demo://logo.svg', mimeType: 'image/svg+xml', blob: b64('<svg/>') },
      ],
      { names: new Map([['demo://pixel', 'Pixel']]) },
    )
    expect(attachments.map(({ kind, name, mimeType }) => ({ kind, name, mimeType }))).toEqual([
      { kind: 'text', name: 'readme.md', mimeType: 'text/markdown' },
      { kind: 'image', name: 'Pixel', mimeType: 'image/png' },
      { kind: 'image', name: 'unlabelled-pixel', mimeType: 'image/png' },
      { kind: 'text', name: 'words', mimeType: 'text/plain' },
      { kind: 'text', name: 'config', mimeType: 'application/json' },
    ])
    expect(attachments[3]).toMatchObject({ text: 'words in a blob' })
    expect(omitted).toEqual([
      { name: 'report.pdf', uri: 'demo://report.pdf', mimeType: 'application/pdf', size: 9, reason: 'binary' },
      { name: 'logo.svg', uri: 'demo://logo.svg', mimeType: 'image/svg+xml', size: 6, reason: 'binary' },
    ])
    // What reaches turns.start is accepted by the core's own check as it is.
    const inputs = attachments.map((file) => ({
      name: file.name,
      mimeType: file.mimeType,
      dataBase64: encodeBase64(file.bytes),
    }))
    expect(checkTurnAttachments(inputs)).toMatchObject({ ok: true })
  })

  it('the budgets of a file the user attaches: text, image, count and total', () => {
    const bigImage = new Uint8Array(MAX_IMAGE_BYTES + 1)
    bigImage.set(Buffer.from(PNG_1X1, 'base64'))
    const { attachments, omitted } = resourceAttachments([
      { uri: 'demo://big.txt', text: 'x'.repeat(MAX_TEXT_FILE_BYTES + 1) },
      { uri: 'demo://big.png', blob: Buffer.from(bigImage).toString('base64') },
      { uri: 'demo://empty.txt', text: '' },
      { uri: 'demo://nul.txt', text: 'a\u0000b' },
      { uri: 'demo://bad', blob: 'not base64!' },
    ])
    expect(attachments).toEqual([])
    expect(omitted.map(({ name, reason, size }) => ({ name, reason, size }))).toEqual([
      { name: 'big.txt', reason: 'too-big', size: MAX_TEXT_FILE_BYTES + 1 },
      { name: 'big.png', reason: 'too-big', size: MAX_IMAGE_BYTES + 1 },
      { name: 'empty.txt', reason: 'empty', size: 0 },
      { name: 'nul.txt', reason: 'binary', size: 0 },
      { name: 'bad', reason: 'invalid', size: 0 },
    ])

    const full = resourceAttachments([{ uri: 'demo://a.txt', text: 'a' }], {
      used: { count: MAX_ATTACHMENTS, bytes: 0 },
    })
    expect(full.omitted).toMatchObject([{ reason: 'over-budget' }])
    const heavy = resourceAttachments(
      [
        { uri: 'demo://a.txt', text: 'a' },
        { uri: 'demo://b.txt', text: 'bb' },
      ],
      { used: { count: 0, bytes: MAX_ATTACHMENTS_TOTAL_BYTES - 1 } },
    )
    expect(heavy.attachments.map((file) => file.name)).toEqual(['a.txt'])
    expect(heavy.omitted).toMatchObject([{ name: 'b.txt', reason: 'over-budget', size: 2 }])
  })

  it('names are names, never paths; a hidden character is shown in the line that names it', () => {
    expect(resourceFileName('file:///etc/passwd')).toBe('passwd')
    expect(resourceFileName('demo://x', '../../etc/passwd')).toBe('.._.._etc_passwd')
    expect(resourceFileName('demo://dir/a%20b.md?x=1')).toBe('a b.md')
    expect(resourceFileName('demo://')).toBe('demo:')
    const line = omittedResourceLine({
      name: 'Read note\u202Etxt.exe',
      uri: 'demo://x',
      mimeType: 'application/pdf',
      size: 2048,
      reason: 'binary',
    })
    expect(line).toBe(
      '[Resource "Read note\\u202etxt.exe" (application/pdf, 2.0 KB) was not attached: Keel cannot send this type of file to the model.]',
    )
  })
})

describe('promptAsMessage', () => {
  it('text in order, roles labelled when the server gave an assistant turn, resources attached or named', () => {
    const message = promptAsMessage([
      { role: 'user', content: { type: 'text', text: 'Summarise cats.' } },
      { role: 'assistant', content: { type: 'text', text: 'Which notes?' } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'demo://pixel.png', blob: PNG_1X1 } } },
      { role: 'user', content: { type: 'audio', mimeType: 'audio/wav', data: b64('RIFF....WAVE') } },
      { role: 'user', content: { type: 'resource_link', uri: 'demo://more', name: 'more' } },
    ])
    expect(message.text).toBe(
      [
        'User: Summarise cats.',
        'Assistant: Which notes?',
        'User: Resource: more <demo://more>',
        '[Resource prompt-audio-2 (audio/wav, 12 B) was not attached: Keel cannot send this type of file to the model.]',
      ].join('\n\n'),
    )
    expect(message.attachments.map((file) => [file.kind, file.name])).toEqual([['image', 'pixel.png']])
  })

  it('a user-only prompt is its text as it is', () => {
    expect(promptAsMessage([{ role: 'user', content: { type: 'text', text: "What's weather in Lisbon?" } }])).toEqual({
      text: "What's weather in Lisbon?",
      attachments: [],
      omitted: [],
    })
  })
})
