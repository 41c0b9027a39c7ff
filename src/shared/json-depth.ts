/**
 * How deep tool arguments may nest. Real tools take a few levels; a hostile or broken model can
 * send thousands, and every recursive walk (schema validation, canonical JSON, `JSON.stringify`)
 * then overflows the stack. Arguments deeper than this are invalid before anything walks them.
 */
export const MAX_ARGUMENT_DEPTH = 64

/**
 * Whether JSON text nests arrays/objects more than `limit` levels deep (strings are skipped).
 * One pass, no recursion, stops at the first level over the limit.
 */
export function jsonTextExceedsDepth(text: string, limit: number = MAX_ARGUMENT_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c) i++ // backslash: skip the escaped character
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

/** Whether a parsed value nests arrays/objects more than `limit` levels deep. Iterative (no recursion). */
export function valueExceedsDepth(value: unknown, limit: number = MAX_ARGUMENT_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!
    if (typeof item !== 'object' || item === null) continue
    if (depth + 1 > limit) return true
    for (const child of Array.isArray(item) ? item : Object.values(item as Record<string, unknown>)) stack.push([child, depth + 1])
  }
  return false
}

/** What stands for arguments too deep to keep as text (never valid JSON, so never executable). */
export const TOO_DEEP_ARGUMENTS_TEXT = `<arguments nested more than ${MAX_ARGUMENT_DEPTH} levels deep>`

/** `JSON.stringify` of arguments a provider sent as an object, or {@link TOO_DEEP_ARGUMENTS_TEXT} when too deep to walk. */
export function argumentsTextOf(args: unknown): string {
  return valueExceedsDepth(args) ? TOO_DEEP_ARGUMENTS_TEXT : JSON.stringify(args ?? {})
}
