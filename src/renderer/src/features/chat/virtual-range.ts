/**
 * The pure arithmetic of the virtualized message list (no DOM, no React): which rows are mounted
 * beyond the visible ones, the spacers that hold the place of the others, and how tall a message
 * is guessed to be before it has been measured.
 */
import type { Message } from '../../../../shared/conversation'

/** Where a row sits (the virtualizer's measurements: estimated until the row has been seen). */
export interface RowBox {
  index: number
  start: number
  end: number
}

/**
 * The first index of the rows that fill the last `viewport` pixels of the list (its last screen).
 * While the list follows the end these rows are mounted even before a scroll event has told the
 * virtualizer where the view is: opening a conversation paints its end in the first frame.
 */
export function tailStart(rows: ReadonlyArray<{ start: number; end: number }>, viewport: number): number {
  const last = rows[rows.length - 1]
  if (!last) return 0
  const top = last.end - viewport
  let index = rows.length - 1
  while (index > 0 && rows[index]!.start > top) index--
  return index
}

/**
 * The rows to mount: the virtualizer's range (visible plus overscan), the last screen's rows when
 * following the end (`tailFrom`), and single rows that must stay (the focused one, a search
 * target, the live answer). Sorted, each once, within `[0, count)`.
 */
export function mountedIndexes(
  range: readonly number[],
  count: number,
  tailFrom: number | undefined,
  keep: ReadonlyArray<number | undefined>,
): number[] {
  const set = new Set<number>(range)
  if (tailFrom !== undefined) for (let i = Math.max(0, tailFrom); i < count; i++) set.add(i)
  for (const index of keep) if (index !== undefined && index >= 0 && index < count) set.add(index)
  return [...set].filter((i) => i >= 0 && i < count).sort((a, b) => a - b)
}

/** One child of the list: a mounted row, or a spacer standing for the rows (and gaps) between. */
export type Slot = { kind: 'row'; index: number } | { kind: 'spacer'; key: string; height: number }

/**
 * Rows in document order with spacers between them. Rows are laid out in normal flow (a row that
 * grows pushes the ones below it, as before virtualizing), so a spacer's height is the distance
 * between the end of the row before it and the start of the next one. `listStart` is where the
 * first row starts (the virtualizer's scroll margin), `listEnd` where the list ends.
 */
export function slotsOf(rows: readonly RowBox[], listStart: number, listEnd: number): Slot[] {
  const slots: Slot[] = []
  let cursor = listStart
  for (const row of rows) {
    const gap = row.start - cursor
    if (gap > 0.5) slots.push({ kind: 'spacer', key: `before-${row.index}`, height: gap })
    slots.push({ kind: 'row', index: row.index })
    cursor = row.end
  }
  const rest = listEnd - cursor
  if (rest > 0.5) slots.push({ kind: 'spacer', key: 'end', height: rest })
  return slots
}

/** Characters of text a message shows (its text and reasoning parts; tool calls counted apart). */
function shape(message: Message): { chars: number; lines: number; fences: number; tools: number } {
  let chars = 0
  let lines = 0
  let fences = 0
  let tools = 0
  for (const part of message.parts) {
    if (part.type === 'text') {
      chars += part.text.length
      for (let i = part.text.indexOf('\n'); i !== -1; i = part.text.indexOf('\n', i + 1)) lines++
      for (let i = part.text.indexOf('```'); i !== -1; i = part.text.indexOf('```', i + 3)) fences++
    } else if (part.type === 'tool-call') tools++
  }
  return { chars, lines, fences, tools }
}

const estimates = new WeakMap<Message, number>()

/**
 * A message's height in pixels before it is measured: a guess from its length (wrapped lines at
 * about 90 characters, explicit line breaks, code block headers, tool cards). Only the scrollbar
 * and where an unseen row starts depend on it; every row is measured once it is mounted.
 */
export function estimateMessageHeight(message: Message): number {
  const known = estimates.get(message)
  if (known !== undefined) return known
  const { chars, lines, fences, tools } = shape(message)
  const lineHeight = 22
  const wrapped = Math.ceil(chars / 90)
  const textLines = Math.max(1, Math.max(wrapped, lines + Math.ceil(wrapped / 3)))
  const chrome = message.role === 'user' ? 24 : 56 // padding, border, the actions row
  const height = Math.round(chrome + textLines * lineHeight + (fences / 2) * 48 + tools * 44)
  estimates.set(message, height)
  return height
}
