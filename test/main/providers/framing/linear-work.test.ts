// Framing does linear work: each character is examined a bounded number of times however the
// body is split into reads. Measured structurally (no clocks): the framer's own scans count the
// characters they examine, and the SSE library is watched to get LF-only text fed exactly once
// (its CR path searches ahead from every CR, which is quadratic in a read of CR-only lines).
import { describe, expect, it, vi } from 'vitest'

const fedToLibrary: string[] = []
vi.mock('eventsource-parser', async (importOriginal) => {
  const real = await importOriginal<typeof import('eventsource-parser')>()
  return {
    ...real,
    createParser: (config: Parameters<typeof real.createParser>[0]) => {
      const parser = real.createParser(config)
      return {
        ...parser,
        feed: (chunk: string) => {
          fedToLibrary.push(chunk)
          parser.feed(chunk)
        },
      }
    },
  }
})

const { BodyFramer } = await import('../../../../src/main/providers/framing/body-framer')

interface Run {
  scanned: number
  events: number
  fed: string
}

function run(body: string, readSize: number, allowJsonArray = false): Run {
  fedToLibrary.length = 0
  let events = 0
  const framer = new BodyFramer(
    {
      onEvent: () => events++,
      onDocument: () => {},
      onLimit: (breach) => {
        throw new Error(`unexpected limit ${breach.what}`)
      },
    },
    { allowJsonArray },
  )
  const bytes = new TextEncoder().encode(body)
  for (let i = 0; i < bytes.length; i += readSize) framer.push(bytes.subarray(i, i + readSize))
  framer.end()
  return { scanned: framer.scannedChars, events, fed: fedToLibrary.join('') }
}

describe('linear framing work', () => {
  it('a long blank prefix read a byte at a time is scanned once, not again with each read', () => {
    const body = `${' \t\r\n'.repeat(5_000)}data: {}\n\n`
    const result = run(body, 1)
    expect(result.events).toBe(1)
    // Re-scanning the held prefix with each read would examine ~2 × 10^8 characters here.
    expect(result.scanned).toBeLessThanOrEqual(4 * body.length)
  })

  it.each([
    ['CR', '\r'],
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ])('%s-terminated lines reach the SSE library as LF-only text, fed once', (_name, eol) => {
    const body = `data: {"a":1}${eol}${eol}`.repeat(20_000)
    for (const readSize of [1, 7, 64 * 1024, body.length]) {
      const result = run(body, readSize)
      expect(result.events).toBe(20_000)
      expect(result.fed.includes('\r')).toBe(false)
      // Everything once, plus the two-character flush at the end.
      expect(result.fed.length).toBeLessThanOrEqual(body.length + 2)
      expect(result.scanned).toBeLessThanOrEqual(4 * body.length)
    }
  })

  it('a long line split into many small reads is examined a bounded number of times per character', () => {
    const body = `data: {"t":"${'a'.repeat(1_000_000)}"}\n\n`
    const result = run(body, 100)
    expect(result.events).toBe(1)
    expect(result.scanned).toBeLessThanOrEqual(4 * body.length)
  })

  it('a streamed JSON array with blanks and an unfinished tail is scanned once', () => {
    const body = `[${'{"a":"x"}\r\n,'.repeat(10_000)}{"b":`
    const result = run(body, 3, true)
    expect(result.events).toBe(10_001) // the tail is handed over as cut by EOF
    expect(result.scanned).toBeLessThanOrEqual(2 * body.length)
  })
})
