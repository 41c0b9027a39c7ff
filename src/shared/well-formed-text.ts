/**
 * Text as Keel keeps it: every lone surrogate (half of a UTF-16 pair, which UTF-8 and therefore
 * SQLite cannot hold) replaced with U+FFFD on the way in, so what is shown, stored, exported and
 * sent back to a provider is the same text. (`A\ud800B` used to read back as `A���B`.)
 */
export function wellFormed(text: string): string {
  return text.isWellFormed() ? text : text.toWellFormed()
}

/** Whether `text` ends with the first half of a surrogate pair (its second half may be in the next delta). */
export function endsWithHighSurrogate(text: string): boolean {
  const last = text.charCodeAt(text.length - 1)
  return last >= 0xd800 && last <= 0xdbff
}
