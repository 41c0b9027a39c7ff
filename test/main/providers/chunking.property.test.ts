// Framing is by protocol, not by network read: any split of any fixture into reads (inside words,
// inside UTF-8 sequences, inside \r\n) gives the same events and the same turn result; and a body
// cut at any byte before its end signal is never an executable turn.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { allFixtureBodies, type FixtureBody } from '../../helpers/fixture-bodies'
import { coalesceEvents, parseInReads } from '../../helpers/parse-helpers'

const bodies = allFixtureBodies()

/** Offsets that split a UTF-8 sequence or a CRLF pair: the awkward places a network read can end. */
function awkwardOffsets(bytes: Uint8Array): number[] {
  const out: number[] = []
  for (let i = 1; i < bytes.length; i++) {
    const b = bytes[i]!
    if ((b & 0xc0) === 0x80)
      out.push(i) // continuation byte: the split lands inside a character
    else if (b === 0x0a && bytes[i - 1] === 0x0d) out.push(i) // between \r and \n
  }
  return out
}

function expectSameParse(body: FixtureBody, splits: number[]): void {
  const whole = parseInReads(body.provider, body.bytes)
  const split = parseInReads(
    body.provider,
    body.bytes,
    [...splits].sort((a, b) => a - b),
  )
  expect(split.result).toEqual(whole.result)
  expect(coalesceEvents(split.events)).toEqual(coalesceEvents(whole.events))
}

/** Where the body's end signal is complete: after the terminal event's JSON (or `[DONE]`). */
function endSignalOffset(bytes: Uint8Array): number {
  let end = bytes.lastIndexOf(0x7d /* } */) + 1
  const text = new TextDecoder().decode(bytes)
  const done = text.lastIndexOf('[DONE]')
  if (done >= 0) end = Math.max(end, new TextEncoder().encode(text.slice(0, done + 6)).length)
  return end
}

describe('chunk boundaries never change the result', () => {
  it('has fixtures to check', () => {
    expect(bodies.length).toBeGreaterThan(0)
  })

  for (const body of bodies) {
    it(`${body.name}: random splits`, () => {
      fc.assert(
        fc.property(
          fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, body.bytes.length - 1) }), { maxLength: 64 }),
          (splits) => expectSameParse(body, splits),
        ),
        { numRuns: 40 },
      )
    })

    it(`${body.name}: splits inside every UTF-8 sequence and CRLF, and 1-byte reads`, () => {
      expectSameParse(body, awkwardOffsets(body.bytes))
      if (body.bytes.length <= 20_000) {
        expectSameParse(
          body,
          Array.from({ length: body.bytes.length - 1 }, (_, i) => i + 1),
        )
      }
    })
  }
})

describe('a body cut before its end signal is never executable', () => {
  const executable = bodies.filter((b) => mayRunToolCalls(parseInReads(b.provider, b.bytes).result))

  it('has executable fixtures to cut', () => {
    expect(executable.length).toBeGreaterThanOrEqual(5)
  })

  for (const body of executable) {
    it(`${body.name}: every cut offset`, () => {
      const end = endSignalOffset(body.bytes)
      expect(end).toBeGreaterThan(0)
      const executableAt: number[] = []
      for (let cut = 0; cut < end; cut++) {
        const { result } = parseInReads(body.provider, body.bytes.subarray(0, cut), [cut >> 1])
        if (mayRunToolCalls(result)) executableAt.push(cut)
      }
      expect(executableAt).toEqual([])
    })
  }
})
