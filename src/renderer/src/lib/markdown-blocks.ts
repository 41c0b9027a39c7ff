/**
 * Splits Markdown into top-level blocks at blank lines that are outside fenced code, so a
 * streaming answer re-parses only its last, still-growing block: finished blocks keep the same
 * text and their memoized rendering is reused. (Parsing the whole answer on every frame made
 * streaming cost grow with the square of its length.) Blocks are contiguous slices: joined, they
 * are the text.
 *
 * A split must never change the document, so it happens only where a new top-level block surely
 * starts: never before an indented line (a list item's paragraph or code, indented code), and
 * never before a list item while a list is open (`- a` blank `- b` is one loose list, not two).
 * Splitting less only costs speed.
 */
/** A list item's first line: `-`, `*`, `+` or `1.` / `1)` and a space (up to 3 spaces before). */
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])([ \t]|$)/

export function splitMarkdownBlocks(text: string): string[] {
  const blocks: string[] = []
  let blockStart = 0
  let fence: { char: string; length: number } | undefined
  let blankSinceContent = false
  let inList = false
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
      const indented = /^[ \t]/.test(line)
      const listItem = LIST_ITEM.test(line)
      if (blankSinceContent && position > blockStart && !indented && !(listItem && inList)) {
        blocks.push(text.slice(blockStart, position))
        blockStart = position
        inList = false
      }
      // A list stays open through its items and their indented lines; any other line closes it.
      if (listItem) inList = true
      else if (!indented && blankSinceContent) inList = false
      blankSinceContent = false
      const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line)
      if (opening) fence = { char: opening[1]![0]!, length: opening[1]!.length }
    }
    position = newline === -1 ? text.length : newline + 1
  }
  if (blockStart < text.length) blocks.push(text.slice(blockStart))
  return blocks
}
