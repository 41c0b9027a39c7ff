/**
 * Google gives answer offsets in bytes of the UTF-8 text. Converted to `text`'s UTF-16 offsets and
 * checked against the words they should cover (when given); when they disagree, the words are looked up.
 */
export function utf8Span(
  text: string,
  startByte: number,
  endByte: number | undefined,
  supportedText: string | undefined,
): { start: number; end: number } | undefined {
  if (endByte !== undefined && endByte > startByte) {
    const bytes = Buffer.from(text, 'utf8')
    if (endByte <= bytes.length) {
      const start = bytes.subarray(0, startByte).toString('utf8').length
      const end = start + bytes.subarray(startByte, endByte).toString('utf8').length
      if (supportedText === undefined || text.slice(start, end) === supportedText) return { start, end }
    }
  }
  if (!supportedText) return undefined
  const at = text.indexOf(supportedText)
  return at < 0 ? undefined : { start: at, end: at + supportedText.length }
}
