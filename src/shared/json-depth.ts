/**
 * How deep tool arguments may nest. Real tools take a few levels; a hostile or broken model can
 * send thousands, and every recursive walk (schema validation, canonical JSON, `JSON.stringify`)
 * then overflows the stack. Arguments deeper than this are invalid before anything walks them.
 */
export const MAX_ARGUMENT_DEPTH = 64

/**
 * Whether JSON text nests arrays/objects more than `limit` levels deep (strings are skipped).
 * One pass, no recursion, stops at the first level over the limit. A string's body is skipped
 * with `indexOf('"')` (a quote after an odd run of backslashes is escaped) rather than one
 * character at a time: tool arguments are mostly string content (a 10 MB file body), and this
 * check runs on every call's whole text at the end of a turn.
 */
export function jsonTextExceedsDepth(text: string, limit: number = MAX_ARGUMENT_DEPTH): boolean {
  let depth = 0
  const length = text.length
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x22 /* " */) {
      const close = closingQuote(text, i)
      if (close === -1) return false // the rest is inside an unterminated string
      i = close
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/** Index of the quote that ends the string opened at `open`, or -1 when it never ends. */
function closingQuote(text: string, open: number): number {
  for (let from = open + 1; ; ) {
    const quote = text.indexOf('"', from)
    if (quote === -1) return -1
    let backslash = quote - 1
    while (backslash > open && text.charCodeAt(backslash) === 0x5c) backslash--
    if ((quote - 1 - backslash) % 2 === 0) return quote
    from = quote + 1
  }
}

/**
 * Whether a parsed value nests arrays/objects more than `limit` levels deep. Iterative (no
 * recursion); only containers are stacked, so a value made of one long string (a file body) or a
 * wide array of numbers costs next to nothing.
 */
export function valueExceedsDepth(value: unknown, limit: number = MAX_ARGUMENT_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false
  const items: object[] = [value]
  const depths: number[] = [1]
  while (items.length > 0) {
    const item = items.pop()!
    const depth = depths.pop()!
    if (depth > limit) return true
    const children: readonly unknown[] = Array.isArray(item) ? item : Object.values(item)
    for (let i = 0; i < children.length; i++) {
      const child = children[i]
      if (typeof child === 'object' && child !== null) {
        items.push(child)
        depths.push(depth + 1)
      }
    }
  }
  return false
}

/** What stands for arguments too deep to keep as text (never valid JSON, so never executable). */
export const TOO_DEEP_ARGUMENTS_TEXT = `<arguments nested more than ${MAX_ARGUMENT_DEPTH} levels deep>`

/** `JSON.stringify` of arguments a provider sent as an object, or {@link TOO_DEEP_ARGUMENTS_TEXT} when too deep to walk. */
export function argumentsTextOf(args: unknown): string {
  return valueExceedsDepth(args) ? TOO_DEEP_ARGUMENTS_TEXT : JSON.stringify(args ?? {})
}
