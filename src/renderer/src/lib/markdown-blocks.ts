/**
 * Splits Markdown into top-level blocks at blank lines that are outside fenced code, so a
 * streaming answer re-parses only its last, still-growing block: finished blocks keep the same
 * text and their memoized rendering is reused. (Parsing the whole answer on every frame made
 * streaming cost grow with the square of its length.) Blocks are contiguous slices: joined, they
 * are the text.
 */
export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = []
  let blockStart = 0
  let fence: { char: string; length: number } | undefined
  let blankSinceContent = false
  let position = 0
  while (position < text.length) {
    const newline = text.indexOf('\n', position)
    const lineEnd = newline === -1 ? text.length : newline
    const line = text.slice(position, lineEnd)
    if (fence) {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line)
      if (closing && closing[1]![0] === fence.char && closing[1]!.length >= fence.length) fence = undefined
    } else if (line.trim().length === 0) {
      blankSinceContent = true
    } else {
      // A non-indented line after a blank starts a new block; indented ones continue the last
      // (indented code, a list item's later paragraphs).
      if (blankSinceContent && position > blockStart && !/^( {4}|\t)/.test(line)) {
        blocks.push(text.slice(blockStart, position))
        blockStart = position
      }
      blankSinceContent = false
      const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)
      if (opening) fence = { char: opening[1]![0]!, length: opening[1]!.length }
    }
    position = newline === -1 ? text.length : newline + 1
  }
  if (blockStart < text.length) blocks.push(text.slice(blockStart))
  return blocks
}
