// The sidebar's flat list for the virtualizer (lib/sidebar-rows): groups, positions, the "more"
// row, keyboard moves, and which rows stay rendered off screen.
import { describe, expect, it } from 'vitest'
import type { ConversationSummary } from '../../../../src/shared/conversation'
import {
  edgeConversationRow,
  nearEnd,
  nextConversationRow,
  renderedIndexes,
  sidebarRows,
} from '../../../../src/renderer/src/features/sidebar/sidebar-rows'

const NOW = Date.parse('2026-12-02T12:00:00Z')
const DAY = 86_400_000
const summary = (id: string, updatedAt: number, pinnedAt?: number): ConversationSummary => ({
  id,
  title: id,
  createdAt: 1,
  updatedAt,
  messageCount: 1,
  ...(pinnedAt ? { pinnedAt } : {}),
})

describe('sidebarRows', () => {
  it('Pinned first, then date groups, each a header and its rows with 1-based positions and the group size', () => {
    const list = [
      summary('a', NOW - 1000),
      summary('b', NOW - 2000, 5),
      summary('c', NOW - DAY),
      summary('d', NOW - 40 * DAY),
    ]
    const { rows, groups, indexOfKey } = sidebarRows([list[1]!], list, false, NOW, 'UTC')
    expect(rows.map((r) => r.key)).toEqual([
      'h:pinned',
      'p:b',
      'h:today',
      'c:a',
      'h:yesterday',
      'c:c',
      `h:${groups[3]!.id}`,
      'c:d',
    ])
    expect(groups.map((g) => [g.id, g.headerIndex, g.size])).toEqual([
      ['pinned', 0, 1],
      ['today', 2, 1],
      ['yesterday', 4, 1],
      ['2026-10', 6, 1],
    ])
    expect(indexOfKey.get('p:b')).toBe(1)
    expect(indexOfKey.get('c:d')).toBe(7)
    expect(indexOfKey.get('h:today')).toBe(2)
    // A pinned conversation is listed once, under Pinned.
    expect(rows.filter((r) => r.kind === 'conversation' && r.conversation.id === 'b')).toHaveLength(1)
  })

  it('positions count within each group; a "more" row ends the list while older pages exist', () => {
    const list = Array.from({ length: 5 }, (_, i) => summary(`t${i}`, NOW - i * 1000))
    const { rows } = sidebarRows([], list, true, NOW, 'UTC')
    expect(rows.map((r) => (r.kind === 'conversation' ? r.position : r.kind))).toEqual([
      'header',
      1,
      2,
      3,
      4,
      5,
      'more',
    ])
    expect(sidebarRows([], list, false, NOW, 'UTC').rows.at(-1)?.kind).toBe('conversation')
  })

  it('10,000 conversations flatten in order, newest first, with every one reachable', () => {
    const list = Array.from({ length: 10_000 }, (_, i) => summary(`c${i}`, NOW - i * 3_600_000))
    const { rows, indexOfKey } = sidebarRows([], list, false, NOW)
    const ids = rows.flatMap((r) => (r.kind === 'conversation' ? [r.conversation.id] : []))
    expect(ids).toEqual(list.map((c) => c.id))
    expect(rows[indexOfKey.get('c:c9999')!]).toMatchObject({ kind: 'conversation' })
  })
})

describe('keyboard moves and rendered rows', () => {
  const { rows } = sidebarRows(
    [summary('p', NOW, 1)],
    [summary('a', NOW - 1), summary('b', NOW - 40 * DAY)],
    true,
    NOW,
    'UTC',
  )
  // rows: h:pinned, p:p, h:today, c:a, h:2026-10, c:b, more

  it('arrow moves skip headers and stop at the ends; Home/End find the first and last titles', () => {
    expect(nextConversationRow(rows, 1, 1)).toBe(3)
    expect(nextConversationRow(rows, 3, 1)).toBe(5)
    expect(nextConversationRow(rows, 5, 1)).toBe(5)
    expect(nextConversationRow(rows, 3, -1)).toBe(1)
    expect(nextConversationRow(rows, 1, -1)).toBe(1)
    expect(edgeConversationRow(rows, 1)).toBe(1)
    expect(edgeConversationRow(rows, -1)).toBe(5)
    expect(edgeConversationRow([], 1)).toBe(-1)
  })

  it('renders the range with overscan, plus the rows kept off screen, in order and once', () => {
    expect(renderedIndexes({ startIndex: 10, endIndex: 20, overscan: 2, count: 100 }, [])).toEqual(
      Array.from({ length: 15 }, (_, i) => 8 + i),
    )
    expect(renderedIndexes({ startIndex: 10, endIndex: 12, overscan: 0, count: 100 }, [50, 3, 11, -1, 500])).toEqual([
      3, 10, 11, 12, 50,
    ])
    expect(renderedIndexes({ startIndex: 0, endIndex: 5, overscan: 10, count: 4 }, [])).toEqual([0, 1, 2, 3])
  })

  it('asks for the next page only near the end', () => {
    expect(nearEnd(undefined, 100, 10)).toBe(false)
    expect(nearEnd(80, 100, 10)).toBe(false)
    expect(nearEnd(89, 100, 10)).toBe(true)
  })
})
