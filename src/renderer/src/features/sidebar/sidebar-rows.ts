// The sidebar as one flat list for the virtualizer: Pinned, then the date groups, each a header row
// followed by its conversations, then (while older pages exist) one "more" row. Pure: the clock and
// the time zone are passed in, so tests can fix both.
import type { ConversationSummary } from '../../../../shared/conversation'
import { groupByDate, type DateGroupKey } from './date-groups'

/** A group of the list: Pinned or one date group. */
export interface SidebarGroup {
  /** Stable: `pinned`, `today`, …, `2026-03` (also the header's DOM id suffix). */
  id: string
  key: { kind: 'pinned' } | DateGroupKey
  /** Index of the group's header row in `rows`; its conversations follow it. */
  headerIndex: number
  /** How many conversations the group holds (its list's `aria-setsize`). */
  size: number
}

export type SidebarRow =
  | { kind: 'header'; key: string; group: number }
  | {
      kind: 'conversation'
      /** `p:<id>` in Pinned, `c:<id>` in a date group: a row moves to another key when it is (un)pinned. */
      key: string
      group: number
      /** 1-based position in its group (`aria-posinset`). */
      position: number
      conversation: ConversationSummary
      pinned: boolean
    }
  | { kind: 'more'; key: 'more' }

export interface SidebarRows {
  rows: SidebarRow[]
  groups: SidebarGroup[]
  /** Row index by row key (`p:<id>`, `c:<id>`, `h:<group>`, `more`). */
  indexOfKey: Map<string, number>
}

/**
 * Flattens the list. `conversations` is the loaded pages (newest first); pinned conversations are
 * listed once, under Pinned, whatever their age. `hasMore` adds the trailing "more" row.
 */
export function sidebarRows(
  pinned: readonly ConversationSummary[],
  conversations: readonly ConversationSummary[],
  hasMore: boolean,
  now: number,
  timeZone?: string,
): SidebarRows {
  const rows: SidebarRow[] = []
  const groups: SidebarGroup[] = []
  const indexOfKey = new Map<string, number>()
  const pinnedIds = new Set(pinned.map((c) => c.id))
  const add = (id: string, key: SidebarGroup['key'], items: readonly ConversationSummary[], isPinned: boolean) => {
    const group = groups.length
    groups.push({ id, key, headerIndex: rows.length, size: items.length })
    indexOfKey.set(`h:${id}`, rows.length)
    rows.push({ kind: 'header', key: `h:${id}`, group })
    const prefix = isPinned ? 'p:' : 'c:'
    for (let i = 0; i < items.length; i++) {
      const conversation = items[i]!
      const rowKey = prefix + conversation.id
      indexOfKey.set(rowKey, rows.length)
      rows.push({ kind: 'conversation', key: rowKey, group, position: i + 1, conversation, pinned: isPinned })
    }
  }
  if (pinned.length > 0) add('pinned', { kind: 'pinned' }, pinned, true)
  const rest = pinnedIds.size > 0 ? conversations.filter((c) => !pinnedIds.has(c.id)) : conversations.slice()
  // The store keeps its pages newest first: sorted only when they are not (one pass to check).
  if (!newestFirst(rest)) rest.sort((a, b) => b.updatedAt - a.updatedAt)
  for (const group of groupByDate(rest, now, timeZone)) add(group.id, group.key, group.items, false)
  if (hasMore) {
    indexOfKey.set('more', rows.length)
    rows.push({ kind: 'more', key: 'more' })
  }
  return { rows, groups, indexOfKey }
}

function newestFirst(list: readonly ConversationSummary[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i]!.updatedAt > list[i - 1]!.updatedAt) return false
  return true
}

/** The next conversation row from `from` in direction `step` (±1), skipping headers; `from` itself when there is none. */
export function nextConversationRow(rows: readonly SidebarRow[], from: number, step: 1 | -1): number {
  for (let i = from + step; i >= 0 && i < rows.length; i += step) if (rows[i]?.kind === 'conversation') return i
  return from
}

/** The first (step 1) or last (step -1) conversation row, or -1. */
export function edgeConversationRow(rows: readonly SidebarRow[], step: 1 | -1): number {
  const start = step === 1 ? -1 : rows.length
  const found = nextConversationRow(rows, start, step)
  return found === start ? -1 : found
}

/**
 * The rows to render: the visible range (with overscan) plus the rows that must stay in the DOM
 * while off screen (the focused row, a rename or delete in progress), in order, without repeats.
 */
export function renderedIndexes(
  range: { startIndex: number; endIndex: number; overscan: number; count: number },
  keep: readonly number[],
): number[] {
  const start = Math.max(0, range.startIndex - range.overscan)
  const end = Math.min(range.count - 1, range.endIndex + range.overscan)
  const out: number[] = []
  for (let i = start; i <= end; i++) out.push(i)
  const extra = keep.filter((i) => i >= 0 && i < range.count && (i < start || i > end))
  if (extra.length === 0) return out
  return [...new Set([...out, ...extra])].sort((a, b) => a - b)
}

/** Whether the rendered range reaches within `ahead` rows of the end (time to load the next page). */
export function nearEnd(lastRendered: number | undefined, count: number, ahead: number): boolean {
  return lastRendered !== undefined && lastRendered >= count - 1 - ahead
}
