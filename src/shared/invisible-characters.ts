// Characters that change how text reads without being seen: bidi controls that reverse it
// ("Read note\u202Etxt.exe\u202C" shows as "Read noteexe.txt"), zero-width ones that hide a word
// break or join, and other format and control characters. Text from servers and models is shown
// with each one replaced by a visible token ("[U+202E]"), as VS Code's editor does, so what the
// user reads is what is there. Pure: no DOM.

/** Names of the characters a user most needs explained (the rest show their code point alone). */
const NAMES: Readonly<Record<number, string>> = {
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
}

/**
 * One character that must be made visible: format characters (`Cf`: bidi controls, zero-width
 * characters, invisible operators, tags), control characters other than tab, line feed and carriage
 * return, line and paragraph separators, and the blank fillers (combining grapheme joiner, Hangul
 * fillers, Mongolian vowel separator) that look like nothing.
 */
const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: U+034F and the fillers are listed alone on purpose, not as parts of a sequence.
  /[\p{Cf}\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029\u034F\u115F\u1160\u3164\uFFA0\u180E]/u
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu')

/** A piece of text as shown: plain text, or one invisible character as its visible token. */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'invisible'; codePoint: number; token: string; name: string | undefined }

/** `U+202E` for a code point (at least four hex digits). */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`
}

/** Whether `text` holds any character {@link revealInvisible} would mark. */
export function hasInvisible(text: string): boolean {
  return INVISIBLE.test(text)
}

/** `text` cut into plain runs and invisible characters (each its own segment, in order). */
export function invisibleSegments(text: string): TextSegment[] {
  if (!INVISIBLE.test(text)) return text === '' ? [] : [{ kind: 'text', text }]
  const segments: TextSegment[] = []
  let last = 0
  for (const match of text.matchAll(INVISIBLE_ALL)) {
    const at = match.index
    if (at > last) segments.push({ kind: 'text', text: text.slice(last, at) })
    const codePoint = match[0].codePointAt(0)!
    segments.push({ kind: 'invisible', codePoint, token: `[${codePointLabel(codePoint)}]`, name: NAMES[codePoint] })
    last = at + match[0].length
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) })
  return segments
}

/** `text` with every invisible character replaced by its token: `Read note[U+202E]txt.exe[U+202C]`. */
export function revealInvisible(text: string): string {
  return hasInvisible(text) ? text.replace(INVISIBLE_ALL, (char) => `[${codePointLabel(char.codePointAt(0)!)}]`) : text
}
