// TextPieces merges pieces into large chunks as they arrive (so the GC never copies them): whatever
// the pieces (empty, lone surrogates split across pieces, pieces far larger than a chunk) and
// however often `text()` is read in between, the text is exactly the concatenation of the pieces.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TextPieces } from '../../../src/main/providers/text-pieces'

const CHUNK = 128 * 1024

/** Mostly small pieces, some huge (crossing the merge size alone), some empty, some half a surrogate pair. */
const piece = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('', '\ud83d', '\ude00', 'é', '日本') },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 * CHUNK }).map((n) => 'x'.repeat(n)) },
)

describe('TextPieces', () => {
  it('is the exact concatenation of its pieces, with reads in between', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, fc.boolean()), { maxLength: 300 }), (steps) => {
        const pieces = new TextPieces()
        let expected = ''
        for (const [p, read] of steps) {
          pieces.push(p)
          expected += p
          if (read) expect(pieces.text()).toBe(expected)
          expect(pieces.length).toBe(expected.length)
          expect(pieces.isEmpty).toBe(expected.length === 0)
        }
        expect(pieces.text()).toBe(expected)
        expect(pieces.text()).toBe(expected)
      }),
      { numRuns: 300 },
    )
  })

  it('keeps a surrogate pair split across a merge boundary whole', () => {
    const pieces = new TextPieces()
    pieces.push('a'.repeat(CHUNK - 1) + '\ud83d')
    pieces.push('\ude00b')
    expect(pieces.text()).toBe('a'.repeat(CHUNK - 1) + '😀b')
  })
})
