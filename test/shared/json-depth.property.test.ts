// jsonTextExceedsDepth skips string bodies with indexOf and a backslash-parity check instead of
// reading every character: on any text (valid JSON or not, escapes in every position, strings left
// open) it must give the verdict of the plain one-character-at-a-time scan it replaced.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonTextExceedsDepth } from '../../src/shared/json-depth'

/** The previous implementation: one character at a time, a backslash skips the next one. */
function referenceExceedsDepth(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++
      else if (c === 0x22) inString = false
      continue
    }
    if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/** Text made mostly of the characters the scan cares about, so quotes and escapes collide often. */
const structuralText = fc
  .array(fc.constantFrom('"', '\\', '\\\\', '\\"', '{', '}', '[', ']', 'a', ' ', ':', ',', 'é', '😀'), {
    maxLength: 200,
  })
  .map((parts) => parts.join(''))

describe('jsonTextExceedsDepth', () => {
  it('agrees with the character-by-character scan on arbitrary structural text and limits', () => {
    fc.assert(
      fc.property(structuralText, fc.integer({ min: 0, max: 8 }), (text, limit) => {
        expect(jsonTextExceedsDepth(text, limit)).toBe(referenceExceedsDepth(text, limit))
      }),
      { numRuns: 5000 },
    )
  })

  it('agrees on serialized JSON values (strings holding quotes, backslashes and brackets)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, limit) => {
        const text = JSON.stringify(value)
        expect(jsonTextExceedsDepth(text, limit)).toBe(referenceExceedsDepth(text, limit))
      }),
      { numRuns: 2000 },
    )
  })

  it('counts brackets outside strings only', () => {
    expect(jsonTextExceedsDepth('{"a":"[[[[\\"[[["}', 1)).toBe(false)
    expect(jsonTextExceedsDepth('{"a\\\\":[[]]}', 2)).toBe(true)
    expect(jsonTextExceedsDepth('"unterminated [[[[', 0)).toBe(false)
    expect(jsonTextExceedsDepth('[' + '"\\\\"'.repeat(3) + '[]]', 1)).toBe(true)
  })
})
