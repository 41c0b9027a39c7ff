// Hidden characters in a server's text are shown as visible tokens.
import { describe, expect, it } from 'vitest'
import { hasInvisible, invisibleSegments, revealInvisible } from '../../src/shared/invisible-characters'

describe('revealInvisible', () => {
  it('shows bidi overrides, isolates and marks as tokens, so a reversed name reads as written', () => {
    expect(revealInvisible('Read note\u202Etxt.exe\u202C')).toBe('Read note[U+202E]txt.exe[U+202C]')
    const bidi = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]
    for (const code of bidi)
      expect(revealInvisible(`a${String.fromCodePoint(code)}b`)).toBe(
        `a[U+${code.toString(16).toUpperCase().padStart(4, '0')}]b`,
      )
  })

  it('shows zero-width and other invisible characters, tags and controls, and keeps tab and newlines', () => {
    for (const code of [
      0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x2061, 0x034f, 0x3164, 0x0007, 0x009b, 0x2028,
    ]) {
      expect(hasInvisible(String.fromCodePoint(code)), code.toString(16)).toBe(true)
    }
    expect(revealInvisible('tag\u{E0041}')).toBe('tag[U+E0041]')
    expect(revealInvisible('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd')
  })

  it('leaves ordinary text of any script, emoji and accents alone', () => {
    for (const text of ['Get Sum Tool', 'Olá, ação', 'مرحبا بالعالم', 'שלום', '日本語', '👍🏽', 'e\u0301']) {
      expect(hasInvisible(text)).toBe(false)
      expect(revealInvisible(text)).toBe(text)
    }
  })
})

describe('invisibleSegments', () => {
  it('cuts text into plain runs and named tokens, in order', () => {
    expect(invisibleSegments('x\u202Ey\u200B')).toEqual([
      { kind: 'text', text: 'x' },
      { kind: 'invisible', codePoint: 0x202e, token: '[U+202E]', name: 'RIGHT-TO-LEFT OVERRIDE' },
      { kind: 'text', text: 'y' },
      { kind: 'invisible', codePoint: 0x200b, token: '[U+200B]', name: 'ZERO WIDTH SPACE' },
    ])
    expect(invisibleSegments('plain')).toEqual([{ kind: 'text', text: 'plain' }])
    expect(invisibleSegments('')).toEqual([])
  })
})
