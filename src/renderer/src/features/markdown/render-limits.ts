// How much of an answer the window parses, colours and lays out at once: a model
// can send anything (a 2 MB line, a table of 6,000 rows), and parsing, highlighting or laying out
// all of it in one task froze the window. Past these sizes a part is shown as plain text, cut to
// what lays out quickly; Copy still takes all of it. Pure: no React, no DOM.

/** A Markdown block longer than this is not parsed: it is shown as plain text (or plain code). */
export const PARSE_MAX_CHARS = 100_000
/** Code longer than this, or with a line longer than {@link HIGHLIGHT_MAX_LINE}, is not coloured. */
export const HIGHLIGHT_MAX_CHARS = 20_000
export const HIGHLIGHT_MAX_LINE = 1_000
/** At most this much of a plain-text block is put on screen. */
export const PLAIN_SHOWN_CHARS = 50_000
/** A diagram source longer than this is shown as its source, not drawn (Mermaid's layout grows fast). */
export const MERMAID_MAX_CHARS = 20_000
/** A formula longer than this is shown as its source (KaTeX renders in one task). */
export const MATH_MAX_CHARS = 10_000

/** Whether `text` has a line longer than `max` (without copying any line). */
export function hasLineLongerThan(text: string, max: number): boolean {
  let start = 0
  while (start <= text.length) {
    const end = text.indexOf('\n', start)
    const stop = end === -1 ? text.length : end
    if (stop - start > max) return true
    if (end === -1) return false
    start = end + 1
  }
  return false
}

/** Whether code of this text is small enough to colour. */
export function colourable(code: string): boolean {
  return code.length <= HIGHLIGHT_MAX_CHARS && !hasLineLongerThan(code, HIGHLIGHT_MAX_LINE)
}

/** The first `max` UTF-16 units of `text` (never half a surrogate pair), and whether it was cut. */
export function shownPart(text: string, max: number = PLAIN_SHOWN_CHARS): { shown: string; cut: boolean } {
  if (text.length <= max) return { shown: text, cut: false }
  const last = text.charCodeAt(max - 1)
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max
  return { shown: text.slice(0, end), cut: true }
}

/** A block too long to parse: fenced code (its language and code) or any other text. */
export type PlainBlock = { kind: 'code'; language: string | undefined; code: string } | { kind: 'text'; text: string }

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*$/

/**
 * What a block too long to parse shows: when it opens with a code fence, the code inside (up to its
 * closing fence, or the end while the answer is still writing it); else the text as it is.
 */
export function plainBlockOf(text: string): PlainBlock {
  const leading = /^(?:[ \t]*\n)*/.exec(text)![0].length
  const firstEnd = text.indexOf('\n', leading)
  const first = text.slice(leading, firstEnd === -1 ? text.length : firstEnd)
  const open = FENCE_OPEN.exec(first)
  if (!open || firstEnd === -1) return { kind: 'text', text }
  const fence = open[1]!
  // A backtick fence's info string has no backtick (CommonMark): else the line is inline code.
  if (fence[0] === '`' && first.slice(first.indexOf(fence) + fence.length).includes('`')) return { kind: 'text', text }
  const bodyStart = firstEnd + 1
  // The closing fence: a line of the same character, at least as long, nothing after it.
  const closing = new RegExp(`\\n {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*(?:\\n|$)`, 'g')
  closing.lastIndex = bodyStart - 1
  const close = closing.exec(text)
  const code = close ? text.slice(bodyStart, close.index) : text.slice(bodyStart).replace(/\n$/, '')
  return { kind: 'code', language: open[2] ? open[2] : undefined, code }
}
