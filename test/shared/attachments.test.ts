// The attachment rules the window and the core share: the type list, magic numbers, text detection,
// size caps, the contract's schema, base64, and the fenced block a text file is sent as.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { attachmentSchema, attachmentsSchema } from '../../src/shared/attachment-schema'
import {
  MAX_ATTACHMENTS,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
  base64DecodedSize,
  checkAttachment,
  checkAttachmentSet,
  decodeBase64,
  decodeTextFile,
  encodeBase64,
  isBase64,
  isSafeAttachmentName,
  safeAttachmentName,
  sniffImageType,
  quotedFileName,
  textFileBlock,
  textMimeTypeFor,
} from '../../src/shared/attachments'

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])))
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16)
const GIF = bytes('GIF89a', 1, 0, 1, 0)
const WEBP = bytes('RIFF', 36, 0, 0, 0, 'WEBPVP8 ')

describe('magic numbers', () => {
  it('recognises the four image types by their bytes, and nothing else', () => {
    expect([PNG, JPEG, GIF, bytes('GIF87a'), WEBP].map(sniffImageType)).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/gif',
      'image/webp',
    ])
    expect(sniffImageType(bytes('RIFF', 36, 0, 0, 0, 'WAVEfmt '))).toBeUndefined()
    expect(sniffImageType(bytes('GIF88a'))).toBeUndefined()
    expect(sniffImageType(bytes('%PDF-1.7'))).toBeUndefined()
    expect(sniffImageType(bytes(0x89, 'PNG'))).toBeUndefined()
    expect(sniffImageType(new Uint8Array())).toBeUndefined()
  })

  it('an image whose bytes are another type (or none) is refused', () => {
    expect(checkAttachment('a.png', 'image/png', JPEG)).toEqual({
      ok: false,
      problem: { code: 'attachment-not-image', name: 'a.png', declared: 'image/png' },
    })
    expect(checkAttachment('a.webp', 'image/webp', bytes('hello'))).toMatchObject({
      ok: false,
      problem: { code: 'attachment-not-image' },
    })
    expect(checkAttachment('a.gif', 'image/gif', GIF)).toMatchObject({
      ok: true,
      attachment: { kind: 'image', mimeType: 'image/gif' },
    })
  })
})

describe('text detection', () => {
  it('UTF-8 without NULs is text (a BOM is dropped); NULs, invalid UTF-8 and UTF-16 are not', () => {
    expect(decodeTextFile(new TextEncoder().encode('medição, 72.5 kg ✓'))).toBe('medição, 72.5 kg ✓')
    expect(decodeTextFile(bytes(0xef, 0xbb, 0xbf, 'a,b'))).toBe('a,b')
    expect(decodeTextFile(bytes('a', 0, 'b'))).toBeUndefined()
    expect(decodeTextFile(bytes(0xc3, 0x28))).toBeUndefined()
    expect(decodeTextFile(bytes(0xff, 0xfe, 'a', 0))).toBeUndefined()
  })

  it('any string without NUL survives encode → check → text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }).filter((s) => s.length > 0 && !s.includes('\0')),
        (text) => {
          const checked = checkAttachment('a.txt', 'text/plain', new TextEncoder().encode(text))
          expect(checked.ok && checked.attachment.kind === 'text' && checked.attachment.text).toBe(text)
        },
      ),
    )
  })

  it('labels text files by their own type or extension, else text/plain', () => {
    expect(textMimeTypeFor('a.md', '')).toBe('text/markdown')
    expect(textMimeTypeFor('data.CSV', 'application/vnd.ms-excel')).toBe('text/csv')
    expect(textMimeTypeFor('x.json', '')).toBe('application/json')
    expect(textMimeTypeFor('main.ts', 'video/mp2t')).toBe('text/plain')
    expect(textMimeTypeFor('notes', 'text/markdown; charset=utf-8')).toBe('text/markdown')
  })
})

describe('allow-list and sizes', () => {
  it('refuses types off the list, empty files, and each kind over its own limit', () => {
    expect(checkAttachment('a.svg', 'image/svg+xml', bytes('<svg/>'))).toEqual({
      ok: false,
      problem: { code: 'attachment-type', name: 'a.svg' },
    })
    expect(checkAttachment('a.pdf', 'application/pdf', bytes('%PDF'))).toMatchObject({
      ok: false,
      problem: { code: 'attachment-type' },
    })
    expect(checkAttachment('e.txt', 'text/plain', new Uint8Array())).toMatchObject({
      ok: false,
      problem: { code: 'attachment-empty' },
    })
    const bigImage = new Uint8Array(MAX_IMAGE_BYTES + 1)
    bigImage.set(PNG)
    expect(checkAttachment('big.png', 'image/png', bigImage)).toMatchObject({
      ok: false,
      problem: { code: 'attachment-image-too-big', max: MAX_IMAGE_BYTES },
    })
    expect(checkAttachment('ok.png', 'image/png', bigImage.subarray(0, MAX_IMAGE_BYTES)).ok).toBe(true)
    const bigText = new Uint8Array(MAX_TEXT_FILE_BYTES + 1).fill(0x61)
    expect(checkAttachment('big.txt', 'text/plain', bigText)).toMatchObject({
      ok: false,
      problem: { code: 'attachment-text-too-big', max: MAX_TEXT_FILE_BYTES },
    })
    expect(checkAttachment('ok.txt', 'text/plain', bigText.subarray(1)).ok).toBe(true)
  })

  it('counts and totals a message’s files', () => {
    expect(checkAttachmentSet(Array(MAX_ATTACHMENTS).fill(1))).toBeUndefined()
    expect(checkAttachmentSet(Array(MAX_ATTACHMENTS + 1).fill(1))).toMatchObject({ code: 'attachment-too-many' })
    expect(checkAttachmentSet([MAX_IMAGE_BYTES, MAX_IMAGE_BYTES, MAX_IMAGE_BYTES])).toMatchObject({
      code: 'attachment-total-too-big',
    })
  })

  it('the contract schema: the type list, strict base64, the decoded size per type, the count', () => {
    const file = (mimeType: string, dataBase64: string) => ({ name: 'f', mimeType, dataBase64 })
    expect(attachmentSchema.safeParse(file('image/png', encodeBase64(PNG))).success).toBe(true)
    expect(attachmentSchema.safeParse(file('image/bmp', encodeBase64(PNG))).success).toBe(false)
    expect(attachmentSchema.safeParse(file('image/png', `data:image/png;base64,${encodeBase64(PNG)}`)).success).toBe(
      false,
    )
    expect(attachmentSchema.safeParse(file('text/plain', 'YWJj\n')).success).toBe(false)
    expect(
      attachmentSchema.safeParse(file('text/plain', encodeBase64(new Uint8Array(MAX_TEXT_FILE_BYTES + 1)))).success,
    ).toBe(false)
    // The same size is fine for an image (its limit is higher; its bytes are checked in the core).
    expect(
      attachmentSchema.safeParse(file('image/png', encodeBase64(new Uint8Array(MAX_TEXT_FILE_BYTES + 1)))).success,
    ).toBe(true)
    expect(attachmentsSchema.safeParse(Array(MAX_ATTACHMENTS + 1).fill(file('text/plain', 'YQ=='))).success).toBe(false)
  })
})

describe('file names', () => {
  it('a name is never a path: the window makes one fit, the contract refuses one that does not', () => {
    expect(safeAttachmentName('../../etc/passwd')).toBe('.._.._etc_passwd')
    expect(safeAttachmentName('C:\\Users\\me\\notes.txt')).toBe('C:_Users_me_notes.txt')
    expect(safeAttachmentName('a\nb\u0000.txt')).toBe('a_b_.txt')
    expect(safeAttachmentName('..')).toBe('file')
    expect(safeAttachmentName('   ')).toBe('file')
    expect(safeAttachmentName('x'.repeat(300))).toHaveLength(255)
    expect(safeAttachmentName('Relatório – março.csv')).toBe('Relatório – março.csv')
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (name) => isSafeAttachmentName(safeAttachmentName(name))))
    const file = (name: string) => ({ name, mimeType: 'text/plain', dataBase64: 'YQ==' })
    expect(attachmentSchema.safeParse(file('../../etc/passwd')).success).toBe(false)
    expect(attachmentSchema.safeParse(file('..')).success).toBe(false)
    expect(attachmentSchema.safeParse(file('notes.txt')).success).toBe(true)
  })
})

describe('base64', () => {
  it('encode and decode are inverse and agree with Node’s; the size is known without decoding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        const text = encodeBase64(data)
        expect(text).toBe(Buffer.from(data).toString('base64'))
        expect(isBase64(text)).toBe(true)
        expect(base64DecodedSize(text)).toBe(data.length)
        expect([...decodeBase64(text)]).toEqual([...data])
      }),
    )
    expect(['YQ=', 'Y Q==', 'YQ==\n', '====', 'YQ-_'].map(isBase64)).toEqual([false, false, false, false, false])
  })
})

describe('text file block', () => {
  it('names the file and fences its text with a fence longer than any backticks inside', () => {
    expect(textFileBlock('a.md', 'x\n')).toBe('File: a.md\n```\nx\n```')
    expect(textFileBlock('b.md', 'see ````js\ncode\n````')).toBe('File: b.md\n`````\nsee ````js\ncode\n````\n`````')
  })

  it('any file name stays on its one line and reads back exactly', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.string({ unit: fc.constantFrom('\n', '\r', '`', '"', '\\', '\u2028', '\u202e', 'a', '.') }),
        ),
        (name) => {
          const lines = textFileBlock(name, 'body').split(/\r\n|\r|\n|\u2028|\u2029|\u0085/)
          expect(lines.slice(1)).toEqual(['```', 'body', '```'])
          const shown = lines[0]!.slice('File: '.length)
          expect(shown === name || JSON.parse(shown) === name).toBe(true)
        },
      ),
    )
    expect(quotedFileName('notes.md')).toBe('notes.md')
    expect(quotedFileName('a\n```b')).toBe('"a\\n```b"')
  })
})
