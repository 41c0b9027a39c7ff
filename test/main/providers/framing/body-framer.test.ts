// The framing layer: SSE line endings, comments, events completed only by EOF, body sniffing.
import { describe, expect, it } from 'vitest'
import { BodyFramer } from '../../../../src/main/providers/framing/body-framer'
import { JsonArrayFramer } from '../../../../src/main/providers/framing/json-array-framer'

type Frame =
  | { kind: 'event'; name: string | undefined; data: string; atEof: boolean }
  | { kind: 'document'; text: string }

function frame(body: string, reads: number[] = [], allowJsonArray = false) {
  const frames: Frame[] = []
  const framer = new BodyFramer(
    {
      onEvent: (name, data, atEof) => frames.push({ kind: 'event', name, data, atEof }),
      onDocument: (text) => frames.push({ kind: 'document', text }),
      onLimit: (breach) => {
        throw new Error(`unexpected limit ${breach.what}`)
      },
    },
    { allowJsonArray },
  )
  const bytes = new TextEncoder().encode(body)
  let start = 0
  for (const cut of [...reads, bytes.length]) {
    framer.push(bytes.subarray(start, cut))
    start = cut
  }
  framer.end()
  return { frames, garbage: framer.garbage }
}

describe('BodyFramer', () => {
  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('frames SSE events separated by %s', (_name, eol) => {
    const body = `event: a${eol}data: {"n":1}${eol}${eol}: a comment${eol}data:{"n":2}${eol}${eol}`
    expect(frame(body).frames).toEqual([
      { kind: 'event', name: 'a', data: '{"n":1}', atEof: false },
      // A CR ends its line at once (an LF right after it is its other half), so `\r\r` is a
      // complete blank line: the event is dispatched before EOF, like with the other endings.
      { kind: 'event', name: undefined, data: '{"n":2}', atEof: false },
    ])
  })

  it('dispatches a last event that lacks its blank line, flagged as completed by EOF', () => {
    expect(frame('data: {"a":1}\n\ndata: {"type":"message_stop"}').frames).toEqual([
      { kind: 'event', name: undefined, data: '{"a":1}', atEof: false },
      { kind: 'event', name: undefined, data: '{"type":"message_stop"}', atEof: true },
    ])
  })

  it('keeps a multi-byte character whole when a read splits it', () => {
    const body = 'data: {"t":"ação 🚀"}\n\n'
    const bytes = new TextEncoder().encode(body)
    const splits = Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)
    expect(frame(body, splits).frames).toEqual([
      { kind: 'event', name: undefined, data: '{"t":"ação 🚀"}', atEof: false },
    ])
  })

  it('reads a body that starts with `{` as one JSON document (error bodies, even labelled event-stream)', () => {
    expect(frame('\n  {\n "error": {"code": 400}\n}\n').frames).toEqual([
      { kind: 'document', text: '\n  {\n "error": {"code": 400}\n}\n' },
    ])
  })

  it('flags unknown SSE fields as garbage', () => {
    expect(frame('hello world\n\n').garbage).toBe(true)
    expect(frame('data: {}\n\n').garbage).toBe(false)
  })

  it('splits a streamed JSON array into elements when allowed', () => {
    const body = '[{"a":"}]"}\n,\r\n{"b":[1,{"c":2}]}]'
    expect(frame(body, [3, 9, 14], true).frames).toEqual([
      { kind: 'event', name: undefined, data: '{"a":"}]"}', atEof: false },
      { kind: 'event', name: undefined, data: '{"b":[1,{"c":2}]}', atEof: false },
    ])
  })

  it('hands an array element cut by EOF over as such', () => {
    expect(frame('[{"a":1},{"b":', [], true).frames).toEqual([
      { kind: 'event', name: undefined, data: '{"a":1}', atEof: false },
      { kind: 'event', name: undefined, data: '{"b":', atEof: true },
    ])
  })

  it('refuses to be fed after end', () => {
    const framer = new BodyFramer(
      { onEvent: () => {}, onDocument: () => {}, onLimit: () => {} },
      { allowJsonArray: false },
    )
    framer.end()
    expect(() => framer.push(new Uint8Array([1]))).toThrow(/after end/)
  })
})

describe('JsonArrayFramer', () => {
  it('handles escaped quotes and backslashes inside strings', () => {
    const out: string[] = []
    const framer = new JsonArrayFramer((e) => out.push(e))
    framer.push('[{"s":"a\\"}\\\\"},{"t":1}]')
    expect(out).toEqual(['{"s":"a\\"}\\\\"}', '{"t":1}'])
    expect(framer.closed).toBe(true)
    expect(framer.garbage).toBe(false)
  })

  it('flags anything but objects between elements as garbage', () => {
    const framer = new JsonArrayFramer(() => {})
    framer.push('[1, {"a":1}]')
    expect(framer.garbage).toBe(true)
  })
})
