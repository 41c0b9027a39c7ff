import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  REDACTED,
  StreamRedactor,
  TextStreamRedactor,
  keyForms,
  redactError,
  redactKeys,
  redactText,
  redactingFetch,
} from '../../../src/main/secrets/key-redaction'

const KEY = 'sk-test-0123456789abcdef'

describe('keyForms', () => {
  it('covers the key as given, inside a JSON string and URL-encoded; short keys are left out', () => {
    const key = 'ab/cd"ef\ngh ij'
    const forms = keyForms([key, 'short'])
    expect(forms).toEqual(
      expect.arrayContaining([key, 'ab/cd\\"ef\\ngh ij', 'ab\\/cd\\"ef\\ngh ij', encodeURIComponent(key)]),
    )
    expect(forms.some((form) => form.includes('short'))).toBe(false)
    expect(redactText(JSON.stringify({ message: `echo ${key}` }), forms)).toBe(
      JSON.stringify({ message: 'echo [redacted]' }).replace('[redacted]', REDACTED),
    )
  })
})

describe('redactKeys', () => {
  it('scrubs every string of a value, object keys included, and keeps untouched values as they are', () => {
    const clean = { a: 1, b: ['x'] }
    expect(redactKeys(clean, [KEY])).toBe(clean)
    expect(redactKeys({ [KEY]: [{ deep: `x${KEY}y` }], n: 3 }, [KEY])).toEqual({
      [REDACTED]: [{ deep: `x${REDACTED}y` }],
      n: 3,
    })
  })

  it('scrubs an error: message, stack and the cause chain', () => {
    const error = new TypeError(`Headers.append: "Bearer ${KEY}" is an invalid header value.`, {
      cause: new Error(`inner ${KEY}`),
    })
    const scrubbed = redactError(error, keyForms([KEY])) as Error & { cause: Error }
    expect(scrubbed.name).toBe('TypeError')
    expect(`${scrubbed.message} ${scrubbed.stack} ${scrubbed.cause.message}`).not.toContain(KEY)
  })
})

describe('stream redactors: a key split anywhere is still caught', () => {
  const forms = keyForms([KEY, 'another-secret-key-42'])
  const arbitraryText = fc
    .array(
      fc.oneof(
        fc.constant(KEY),
        fc.constant('another-secret-key-42'),
        fc.constant('sk-test-01'),
        fc.string({ maxLength: 12 }),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(''))
  const cuts = (length: number) =>
    fc
      .uniqueArray(fc.integer({ min: 0, max: length }), { maxLength: 8 })
      .map((points) => [...points].sort((a, b) => a - b))

  it('text: any split gives the same output as scrubbing the whole text, and never passes a key on', () => {
    fc.assert(
      fc.property(
        arbitraryText.chain((text) => fc.tuple(fc.constant(text), cuts(text.length))),
        ([text, points]) => {
          const redactor = new TextStreamRedactor(forms)
          let out = ''
          let from = 0
          for (const at of [...points, text.length]) {
            const piece = redactor.push(text.slice(from, at))
            expect(piece).not.toContain(KEY)
            out += piece
            from = at
          }
          out += redactor.end()
          expect(out).toBe(redactText(text, forms))
        },
      ),
    )
  })

  it('bytes: any split (inside multi-byte characters too) gives the scrubbed whole', () => {
    const encoder = new TextEncoder()
    fc.assert(
      fc.property(
        arbitraryText
          .map((t) => `é${t}ü`)
          .chain((text) => fc.tuple(fc.constant(text), cuts(encoder.encode(text).length))),
        ([text, points]) => {
          const bytes = encoder.encode(text)
          const redactor = new StreamRedactor(forms)
          const pieces: Uint8Array[] = []
          let from = 0
          for (const at of [...points, bytes.length]) {
            pieces.push(redactor.push(bytes.subarray(from, at)))
            from = at
          }
          pieces.push(redactor.end())
          expect(Buffer.concat(pieces).toString('utf8')).toBe(redactText(text, forms))
        },
      ),
    )
  })

  it('holds back only a possible key prefix, never ordinary text', () => {
    const redactor = new TextStreamRedactor(forms)
    expect(redactor.push('Hello there')).toBe('Hello there')
    expect(redactor.push(' sk-te')).toBe(' ')
    expect(redactor.push('a time')).toBe('sk-tea time')
  })
})

describe('redactingFetch', () => {
  it('scrubs the body as it streams, the headers, and the errors fetch itself throws', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(401, { 'x-request-id': KEY, 'content-type': 'application/json' })
      // The key split over two writes (two network reads).
      response.write(`{"error":{"message":"bad key ${KEY.slice(0, 10)}`)
      setTimeout(() => response.end(`${KEY.slice(10)}"}}`), 20)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
      const scrubbing = redactingFetch((u, init) => fetch(u, init), [KEY])
      const response = await scrubbing(url, { method: 'POST' })
      expect(response.status).toBe(401)
      expect(response.headers.get('x-request-id')).toBe(REDACTED)
      expect(await response.text()).toBe(`{"error":{"message":"bad key ${REDACTED}"}}`)
      const badKey = `${KEY}\nx`
      const refused = await redactingFetch((u, init) => fetch(u, init), [badKey])(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${badKey}` },
      }).catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(Error)
      expect(String((refused as Error).message)).toContain('invalid header value')
      expect(String((refused as Error).message)).not.toContain(KEY)
    } finally {
      server.close()
    }
  })
})
