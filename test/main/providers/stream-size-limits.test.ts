// A body that crosses a framing limit ends the turn in a typed `malformed` error at the limit: the
// parser stops taking input, tells its caller to stop reading, and nothing is executable — even
// when the provider's end signal had already arrived.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_FRAMING_LIMITS } from '../../../src/main/providers/framing/framing-limits'
import { createStreamParser, parseStreamBody } from '../../../src/main/providers/stream-parser'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import type { StreamEvent } from '../../../src/shared/stream-events'
import { SHARED_FIXTURES } from '../../helpers/fixture-bodies'
import { parseWhole, readBytes } from '../../helpers/parse-helpers'

const READ = 64 * 1024
const LIMIT = DEFAULT_FRAMING_LIMITS.maxEventChars
const encoder = new TextEncoder()

describe('a line without a newline (64 MiB of "a" in 64 KiB reads)', () => {
  it.each(PROVIDER_IDS)('%s: refused at the default limit with a typed malformed error', (provider) => {
    const read = new Uint8Array(READ).fill(0x61 /* a */)
    const parser = createStreamParser(provider)
    const events: StreamEvent[] = []
    let pushed = 0
    while (!parser.halted && pushed < 64 * 1024 * 1024) {
      events.push(...parser.push(read))
      pushed += READ
    }
    expect(parser.halted).toBe(true)
    expect(pushed).toBeGreaterThan(LIMIT)
    expect(pushed).toBeLessThanOrEqual(LIMIT + READ)
    const error = events.find((e) => e.type === 'error')
    expect(error).toMatchObject({ type: 'error', error: { kind: 'malformed', retryable: false } })
    expect(error?.type === 'error' && error.error.message).toMatch(/16 MiB/)
    // Further reads are ignored rather than buffered.
    expect(parser.push(read)).toEqual([])
    const end = parser.end()
    expect(end.result.error).toMatchObject({ kind: 'malformed', retryable: false })
    expect(end.result.complete).toBe(false)
    expect(mayRunToolCalls(end.result)).toBe(false)
    expect(end.events.map((e) => e.type)).toEqual(['finish'])
  })
})

describe('limits on complete and error bodies', () => {
  const limits = { maxEventChars: 1000, maxDocumentChars: 500 }
  const executable = readBytes(join(SHARED_FIXTURES, 'anthropic/text-then-tool-use.sse'))

  it('an oversized line after the end signal makes an executable turn non-executable', () => {
    expect(mayRunToolCalls(parseWhole('anthropic', executable, { limits }).result)).toBe(true)
    const tail = encoder.encode(`\n\n: ${'x'.repeat(2000)}\n\n`)
    const body = new Uint8Array(executable.length + tail.length)
    body.set(executable)
    body.set(tail, executable.length)
    const parsed = parseWhole('anthropic', body, { limits })
    expect(parsed.result.error).toMatchObject({ kind: 'malformed', retryable: false })
    expect(parsed.result.error?.message).toMatch(/SSE line or event over the 1000-character limit/)
    expect(mayRunToolCalls(parsed.result)).toBe(false)
  })

  it('a 2xx JSON document over its limit is a malformed answer, failed before any stream', () => {
    const parsed = parseWhole('openai-chat', `{"choices":[{"message":{"content":"${'c'.repeat(1000)}"}}]}`, { limits })
    expect(parsed.result).toMatchObject({ complete: false, truncated: false, finishReason: 'error' })
    expect(parsed.result.error).toMatchObject({ kind: 'malformed', retryable: false })
    expect(parsed.result.error?.message).toMatch(/JSON document over the 500-character limit/)
  })

  it('an oversized error body keeps the verdict of its HTTP status', () => {
    const parsed = parseWhole('anthropic', `<html>${'x'.repeat(5000)}</html>`, { limits, response: { status: 502 } })
    expect(parsed.result.error).toMatchObject({ kind: 'server', retryable: true, status: 502 })
    expect(parsed.result.complete).toBe(false)
  })

  it('parseStreamBody stops reading a body once the parser halts', async () => {
    let reads = 0
    let closed = false
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        yield encoder.encode('data: ')
        for (;;) {
          reads++
          yield encoder.encode('a'.repeat(100))
        }
      } finally {
        closed = true
      }
    }
    const parsed = await parseStreamBody('openai-chat', endless(), { limits })
    expect(parsed.result.error).toMatchObject({ kind: 'malformed' })
    expect(closed).toBe(true)
    expect(reads).toBeLessThanOrEqual(11)
  })
})
