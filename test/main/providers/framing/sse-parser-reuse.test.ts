// The SSE framer reuses the eventsource-parser of a finished body for the next one: nothing of one
// body (a half line, a pending event, an event name, a garbage flag) may reach the next.
import { describe, expect, it } from 'vitest'
import { SseFramer } from '../../../../src/main/providers/framing/sse-framer'

type Event = { name: string | undefined; data: string; atEof: boolean }

function framer(events: Event[], maxChars = 1024) {
  let limits = 0
  const sse = new SseFramer(
    { onEvent: (name, data, atEof) => events.push({ name, data, atEof }) },
    () => limits++,
    maxChars,
  )
  return { sse, limits: () => limits }
}

describe('SseFramer parser reuse', () => {
  it('a body that ended mid-line, mid-event and after an event name leaves nothing to the next body', () => {
    const first: Event[] = []
    const a = framer(first)
    a.sse.push('event: one\ndata: {"n":1}\n\nevent: two\ndata: {"n":')
    a.sse.end()
    // The unterminated last line is the end of the body: dispatched once, flagged atEof.
    expect(first).toEqual([
      { name: 'one', data: '{"n":1}', atEof: false },
      { name: 'two', data: '{"n":', atEof: true },
    ])

    const second: Event[] = []
    const b = framer(second)
    b.sse.push('data: {"n":2}\n\n')
    b.sse.end()
    expect(second).toEqual([{ name: undefined, data: '{"n":2}', atEof: false }])
    expect(b.sse.garbage).toBe(false)
  })

  it('a body with an unknown field marks only itself as garbage', () => {
    const first: Event[] = []
    const a = framer(first)
    a.sse.push('bogus: 1\ndata: {}\n\n')
    a.sse.end()
    expect(a.sse.garbage).toBe(true)
    const second: Event[] = []
    const b = framer(second)
    b.sse.push('data: {}\n\n')
    b.sse.end()
    expect(b.sse.garbage).toBe(false)
    expect(second).toEqual([{ name: undefined, data: '{}', atEof: false }])
  })

  it('a parser stopped by a limit is not reused: the next body parses normally', () => {
    const first: Event[] = []
    const a = framer(first, 12)
    a.sse.push('data: 0123456789abcdef\n\n')
    a.sse.end()
    expect(a.limits()).toBe(1)
    expect(first).toEqual([])

    const second: Event[] = []
    const b = framer(second, 12)
    b.sse.push('data: 0123\n\n')
    b.sse.end()
    expect(b.limits()).toBe(0)
    expect(second).toEqual([{ name: undefined, data: '0123', atEof: false }])
  })

  it('two bodies read at the same time get separate parsers', () => {
    const one: Event[] = []
    const two: Event[] = []
    const a = framer(one)
    const b = framer(two)
    a.sse.push('data: {"a":')
    b.sse.push('data: {"b":1}\n')
    a.sse.push('1}\n\n')
    b.sse.push('\n')
    a.sse.end()
    b.sse.end()
    expect(one).toEqual([{ name: undefined, data: '{"a":1}', atEof: false }])
    expect(two).toEqual([{ name: undefined, data: '{"b":1}', atEof: false }])
  })
})
