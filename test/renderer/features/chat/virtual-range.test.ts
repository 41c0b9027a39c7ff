// The virtualized message list's arithmetic: which rows stay mounted beyond the visible ones, the
// spacers that stand for the rest, and the height guessed for a message before it is measured.
import { describe, expect, it } from 'vitest'
import type { Message, MessagePart } from '../../../../src/shared/conversation'
import {
  estimateMessageHeight,
  mountedIndexes,
  slotsOf,
  tailStart,
} from '../../../../src/renderer/src/features/chat/virtual-range'

/** Rows of the given heights, 12 px apart, the first at `from`. */
function rowsOf(heights: number[], from = 0, gap = 12) {
  let start = from
  return heights.map((size, index) => {
    const row = { index, start, end: start + size }
    start += size + gap
    return row
  })
}

describe('the last screen', () => {
  it('starts at the first row that reaches into the last viewport of the list', () => {
    const rows = rowsOf([100, 100, 100, 100, 100]) // ends at 548
    expect(tailStart(rows, 200)).toBe(3) // 548 - 200 = 348: row 3 starts at 336
    expect(tailStart(rows, 1)).toBe(4)
    expect(tailStart(rows, 10_000)).toBe(0)
  })
  it('is the last row when that row alone is taller than the view, and 0 for no rows', () => {
    expect(tailStart(rowsOf([100, 5000]), 800)).toBe(1)
    expect(tailStart([], 800)).toBe(0)
  })
})

describe('mounted rows', () => {
  it('are the range, the tail and the kept rows, sorted, each once, inside the list', () => {
    expect(mountedIndexes([3, 4, 5], 100, 97, [99, 4, undefined, 50, -1, 100])).toEqual([3, 4, 5, 50, 97, 98, 99])
    expect(mountedIndexes([0, 1], 2, undefined, [])).toEqual([0, 1])
    expect(mountedIndexes([], 0, 0, [0])).toEqual([])
  })
})

describe('slots', () => {
  it('put a spacer before each gap in the mounted rows and one for the rest of the list', () => {
    const all = rowsOf([100, 100, 100, 100, 100], 40)
    const mounted = [all[1]!, all[2]!, all[4]!]
    const slots = slotsOf(mounted, 40, 40 + 548)
    expect(slots).toEqual([
      { kind: 'spacer', key: 'before-1', height: 112 },
      { kind: 'row', index: 1 },
      { kind: 'spacer', key: 'before-2', height: 12 },
      { kind: 'row', index: 2 },
      { kind: 'spacer', key: 'before-4', height: 124 },
      { kind: 'row', index: 4 },
    ])
    // Rows and spacers add up to the whole list: the scrollbar is the list's.
    const height = (index: number) => all[index]!.end - all[index]!.start
    expect(slots.reduce((sum, s) => sum + (s.kind === 'spacer' ? s.height : height(s.index)), 0)).toBe(548)
  })
  it('end with a spacer for the unmounted rows below', () => {
    const all = rowsOf([50, 50, 50])
    expect(slotsOf([all[0]!], 0, 174)).toEqual([
      { kind: 'row', index: 0 },
      { kind: 'spacer', key: 'end', height: 124 },
    ])
  })
})

const message = (role: 'user' | 'assistant', parts: MessagePart[]): Message => ({
  id: `m-${Math.random()}`,
  conversationId: 'c',
  turnId: 't',
  seq: 1,
  role,
  status: 'complete',
  interruptReason: undefined,
  error: undefined,
  parts,
  notices: [],
  reasoningMs: undefined,
  createdAt: 0,
  updatedAt: 0,
})

describe('estimated height', () => {
  it('grows with the text, its line breaks, code blocks and tool calls', () => {
    const short = estimateMessageHeight(message('assistant', [{ type: 'text', text: 'Yes.' }]))
    const long = estimateMessageHeight(message('assistant', [{ type: 'text', text: 'word '.repeat(2000) }]))
    const lines = estimateMessageHeight(message('assistant', [{ type: 'text', text: 'a\n'.repeat(40) }]))
    const code = estimateMessageHeight(message('assistant', [{ type: 'text', text: 'Here:\n```ts\nlet a = 1\n```\n' }]))
    const tool = estimateMessageHeight(
      message('assistant', [
        { type: 'tool-call', callId: 'c1', toolName: 'x', argumentsText: '{}' } as MessagePart,
        { type: 'text', text: 'Yes.' },
      ]),
    )
    expect(short).toBeGreaterThan(40)
    expect(long).toBeGreaterThan(short * 10)
    expect(lines).toBeGreaterThan(short + 30 * 22)
    expect(code).toBeGreaterThan(short)
    expect(tool).toBeGreaterThan(short)
    expect(estimateMessageHeight(message('user', [{ type: 'text', text: 'Yes.' }]))).toBeLessThan(short)
  })
})
