// Every buffer of the framing layer is bounded: a line, an event, a JSON-array element, a JSON
// document or a blank prefix over its limit stops the framer at the limit (whatever the reads),
// what came before it is still delivered, and nothing is held past the limit.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BodyFramer } from '../../../../src/main/providers/framing/body-framer'
import type { FramingLimitBreach, FramingLimits } from '../../../../src/main/providers/framing/framing-limits'

type Frame =
  | { kind: 'event'; name: string | undefined; data: string; atEof: boolean }
  | { kind: 'document'; text: string }

interface Framed {
  frames: Frame[]
  breach: FramingLimitBreach | undefined
  /** Bytes pushed when the breach was reported (undefined: never). */
  pushedAtBreach: number | undefined
  /** Most characters the framer held between two reads. */
  maxHeld: number
}

const encoder = new TextEncoder()

function frameInReads(
  body: string | Uint8Array,
  cuts: readonly number[],
  limits: Partial<FramingLimits>,
  allowJsonArray = false,
): Framed {
  const frames: Frame[] = []
  let breach: FramingLimitBreach | undefined
  let pushed = 0
  let pushedAtBreach: number | undefined
  const framer = new BodyFramer(
    {
      onEvent: (name, data, atEof) => frames.push({ kind: 'event', name, data, atEof }),
      onDocument: (text) => frames.push({ kind: 'document', text }),
      onLimit: (b) => {
        expect(breach).toBeUndefined() // reported once
        breach = b
        pushedAtBreach = pushed
      },
    },
    { allowJsonArray, limits },
  )
  const bytes = typeof body === 'string' ? encoder.encode(body) : body
  let maxHeld = 0
  let start = 0
  for (const cut of [...cuts, bytes.length]) {
    if (cut <= start) continue
    pushed = cut
    framer.push(bytes.subarray(start, cut))
    maxHeld = Math.max(maxHeld, framer.heldChars)
    start = cut
  }
  framer.end()
  expect(framer.halted).toBe(breach !== undefined)
  return { frames, breach, pushedAtBreach, maxHeld }
}

const everyByte = (length: number) => Array.from({ length }, (_, i) => i + 1)
const LIMITS = { maxEventChars: 1000, maxDocumentChars: 500 }

describe('SSE lines and events', () => {
  it('a line without a newline is refused as soon as it passes the limit, holding no more than the limit', () => {
    const body = 'a'.repeat(5000)
    const byByte = frameInReads(body, everyByte(body.length), LIMITS)
    expect(byByte.breach).toEqual({ what: 'sse-line-or-event', limit: 1000 })
    expect(byByte.pushedAtBreach).toBe(1001)
    expect(byByte.maxHeld).toBeLessThanOrEqual(1000)
    expect(frameInReads(body, [], LIMITS).breach).toEqual(byByte.breach)
  })

  it('a line of exactly the limit is fine', () => {
    const line = `data: ${JSON.stringify({ t: 'x'.repeat(1000 - 6 - 8) })}`
    expect(line).toHaveLength(1000)
    const framed = frameInReads(`${line}\n\n`, [], LIMITS)
    expect(framed.breach).toBeUndefined()
    expect(framed.frames).toHaveLength(1)
  })

  it('events before an oversized line are delivered, nothing after it, whatever the reads', () => {
    const body = `data: {"n":1}\n\n: ${'c'.repeat(2000)}\n\ndata: {"n":2}\n\n`
    const whole = frameInReads(body, [], LIMITS)
    expect(whole.breach?.what).toBe('sse-line-or-event')
    expect(whole.frames).toEqual([{ kind: 'event', name: undefined, data: '{"n":1}', atEof: false }])
    for (const cuts of [everyByte(body.length), [5], [20], [1500], [2020]]) {
      const split = frameInReads(body, cuts, LIMITS)
      expect(split.frames).toEqual(whole.frames)
      expect(split.breach).toEqual(whole.breach)
    }
  })

  it('an event made of many short data lines is refused when its data passes the limit', () => {
    const body = `data: {"n":1}\n\n${'data: xxxxxxxxxx\n'.repeat(200)}\ndata: {"n":2}\n\n`
    for (const cuts of [[], everyByte(body.length), [100, 1000, 3000]]) {
      const framed = frameInReads(body, cuts, LIMITS)
      expect(framed.breach?.what).toBe('sse-line-or-event')
      expect(framed.frames).toEqual([{ kind: 'event', name: undefined, data: '{"n":1}', atEof: false }])
    }
    // An endless event (no blank line ever) stops being held long before the body ends.
    const endless = 'data: xxxxxxxxxx\n'.repeat(10_000)
    const framed = frameInReads(
      endless,
      Array.from({ length: 1000 }, (_, i) => (i + 1) * 170),
      LIMITS,
    )
    expect(framed.breach?.what).toBe('sse-line-or-event')
    // The SSE library holds at most a line and an event's data (2 × the limit); each 17-byte line
    // adds 11 characters of data.
    expect(framed.pushedAtBreach).toBeLessThan((2 * 1000 * 17) / 11 + 2 * 170)
  })

  it('the same body gives the same frames and the same verdict for any split (CR, LF, CRLF)', () => {
    const line = fc.oneof(
      fc.constantFrom('data: {"a":1}', 'event: x', ': keep-alive', '', 'data: [DONE]'),
      fc.nat({ max: 1400 }).map((n) => `data: ${'y'.repeat(n)}`),
      fc.nat({ max: 1400 }).map((n) => `: ${'z'.repeat(n)}`),
    )
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.uniqueArray(fc.nat({ max: 6000 }), { maxLength: 12 }),
        (lines, eol, cuts) => {
          const body = encoder.encode(lines.join(eol))
          const whole = frameInReads(body, [], LIMITS)
          const split = frameInReads(
            body,
            [...cuts].filter((c) => c > 0 && c < body.length).sort((a, b) => a - b),
            LIMITS,
          )
          expect(split.frames).toEqual(whole.frames)
          expect(split.breach).toEqual(whole.breach)
          expect(split.maxHeld).toBeLessThanOrEqual(LIMITS.maxEventChars)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('JSON arrays, documents and blank prefixes', () => {
  it('a JSON-array element over the limit is refused; the elements before it are delivered', () => {
    const body = `[{"a":1},\r\n{"b":"${'x'.repeat(3000)}"},{"c":3}]`
    for (const cuts of [[], everyByte(body.length), [12, 700]]) {
      const framed = frameInReads(body, cuts, LIMITS, true)
      expect(framed.breach).toEqual({ what: 'json-array-element', limit: 1000 })
      expect(framed.frames).toEqual([{ kind: 'event', name: undefined, data: '{"a":1}', atEof: false }])
      expect(framed.maxHeld).toBeLessThanOrEqual(1000)
    }
    const byByte = frameInReads(body, everyByte(body.length), LIMITS, true)
    expect(byByte.pushedAtBreach).toBe(11 + 1001) // `[{"a":1},\r\n` then one character past the limit
  })

  it('a JSON document over its limit is refused at the limit', () => {
    const body = `{"error":{"message":"${'m'.repeat(5000)}"}}`
    const byByte = frameInReads(body, everyByte(body.length), LIMITS)
    expect(byByte.breach).toEqual({ what: 'json-document', limit: 500 })
    expect(byByte.pushedAtBreach).toBe(501)
    expect(byByte.maxHeld).toBeLessThanOrEqual(500)
    expect(byByte.frames).toEqual([])
    expect(frameInReads(body, [], LIMITS).breach).toEqual(byByte.breach)
  })

  it('blank text before the first character is bounded too, and kept whole when under the limit', () => {
    const long = `${' \n'.repeat(300)}data: {}\n\n`
    const framed = frameInReads(long, everyByte(long.length), LIMITS)
    expect(framed.breach).toEqual({ what: 'leading-whitespace', limit: 500 })
    expect(framed.pushedAtBreach).toBe(501)
    expect(frameInReads(long, [], LIMITS).breach).toEqual(framed.breach)

    // Under the limit the prefix still reaches the SSE framer as it was: a blank-only line that
    // is not empty is an unknown field there, whatever the reads.
    const short = `\n\n  \ndata: {}\n\n`
    expect(frameInReads(short, everyByte(short.length), LIMITS).frames).toEqual(frameInReads(short, [], LIMITS).frames)
    expect(frameInReads('\n \n{"error":{}}', [1, 2, 3], LIMITS).frames).toEqual([
      { kind: 'document', text: '\n \n{"error":{}}' },
    ])
  })
})
