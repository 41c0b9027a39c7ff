import { ownCopy } from './text-keyed-cache'

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

/** A text and its blocks, as {@link splitGrowingText} returns and takes back. */
export interface SplitText {
  readonly text: string
  readonly blocks: readonly string[]
}

/**
 * {@link splitMarkdownBlocks} for a text that usually grows at its end (a streaming answer): when
 * `text` extends `previous.text`, every block but the previous last one is kept and only the text
 * from that block's start is split again, so a frame costs the size of its last block, not of the
 * whole answer. Same result as splitting the whole text: a block starts at a split point, where the
 * splitter's state is the one a fresh start has (no fence, no blank line seen, a list only if the
 * line is an item), so splitting from there gives what splitting from the start gives; and a split
 * depends only on the lines before it and the line it starts, so one at a complete line holds.
 */
export function splitGrowingText(text: string, previous: SplitText | undefined): SplitText {
  // A split before the last, unfinished line may not hold once that line grows ("1" becomes "1. b",
  // an item of the list above): then the block before the last is split again too.
  const last = previous?.blocks[previous.blocks.length - 1]
  const redo = last !== undefined && !last.includes('\n') ? 2 : 1
  if (
    !previous ||
    previous.blocks.length <= redo ||
    text.length < previous.text.length ||
    !text.startsWith(previous.text)
  )
    return { text, blocks: splitMarkdownBlocks(text) }
  const kept = previous.blocks.slice(0, -redo)
  let start = 0
  for (const block of kept) start += block.length
  const fresh = splitMarkdownBlocks(text.slice(start))
  // Finished blocks live on from frame to frame: as slices they would each keep their frame's whole
  // text alive (see ownCopy). The last one is replaced next time.
  return { text, blocks: [...kept, ...fresh.map((block, i) => (i < fresh.length - 1 ? ownCopy(block) : block))] }
}
