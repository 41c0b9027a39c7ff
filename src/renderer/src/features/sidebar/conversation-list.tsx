import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react'
import { useVirtualizer, type Range } from '@tanstack/react-virtual'
import type { ConversationSummary } from '../../../../shared/conversation'
import type { Translate } from '../../i18n/messages'
import {
  edgeConversationRow,
  nearEnd,
  nextConversationRow,
  renderedIndexes,
  sidebarRows,
  type SidebarGroup,
  type SidebarRow,
} from './sidebar-rows'
import { ConversationRowContent, type RowHandlers, type RowMode } from './conversation-row'
import type { ConversationMenuAction } from './conversation-menu'

/** Heights the virtualizer starts from (finding.css gives headers exactly this; rows are measured). */
export const HEADER_PX = 30
export const ROW_PX = 26
const GAP_PX = 2
/** Rows rendered beyond each edge of the visible ones. */
const OVERSCAN = 8
/** The next page is asked for when the rendered rows come this close to the end. */
const LOAD_AHEAD = 40

/**
 * The conversations, virtualized: Pinned and the date groups are one flat list of headers and rows
 * (lib/sidebar-rows), of which only the visible ones (plus overscan, the focused row and a row being
 * renamed or deleted) are in the DOM. Each group is still a labelled region holding a list whose
 * items carry `aria-setsize`/`aria-posinset`, with a sticky header. Older pages load as the end
 * comes near ("Show older conversations" stays at the end for anyone who wants to ask).
 * Arrow keys, Home and End move between titles.
 */
export function ConversationList({
  conversations,
  pinned,
  writing,
  currentId,
  hasMore,
  onLoadMore,
  t,
  now,
  onSelect,
  onRename,
  onDelete,
  onPin,
  hidden = false,
}: {
  conversations: readonly ConversationSummary[]
  pinned: readonly ConversationSummary[]
  writing: ReadonlySet<string>
  currentId: string | undefined
  hasMore: boolean
  onLoadMore?: (() => void) | undefined
  t: Translate
  now: number
  onSelect: (id: string) => void
  onRename: (id: string, title: string) => void
  onDelete: (id: string) => void
  onPin?: ((id: string, pinned: boolean) => void) | undefined
  /** Hidden while search results take its place (display: none loses the scroll position). */
  hidden?: boolean
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const { rows, groups, indexOfKey } = useMemo(
    () => sidebarRows(pinned, conversations, hasMore && onLoadMore !== undefined && conversations.length > 0, now),
    [pinned, conversations, hasMore, onLoadMore, now],
  )
  const [editing, setEditing] = useState<{ key: string; mode: Exclude<RowMode, 'view'> } | undefined>(undefined)
  const [draft, setDraft] = useState('')
  // A row whose title gets focus as soon as it is rendered (after rename/delete/pin, arrow keys);
  // when it is off screen the list scrolls to it first.
  const refocus = useRef<string | undefined>(undefined)
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  // The row holding focus stays rendered while scrolled away (focus would otherwise fall to the page).
  const focused = useRef<string | undefined>(undefined)

  const latest = useRef({ rows, indexOfKey, editing, onSelect, onRename, onDelete, onPin, draft })
  latest.current = { rows, indexOfKey, editing, onSelect, onRename, onDelete, onPin, draft }

  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows])
  const estimateSize = useCallback((index: number) => (rows[index]?.kind === 'header' ? HEADER_PX : ROW_PX), [rows])
  const rangeExtractor = useCallback((range: Range) => {
    const { indexOfKey: keys, editing: edit } = latest.current
    const keep: number[] = []
    if (focused.current !== undefined) keep.push(keys.get(focused.current) ?? -1)
    if (edit) keep.push(keys.get(edit.key) ?? -1)
    return renderedIndexes(range, keep)
  }, [])
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    gap: GAP_PX,
    // A row scrolled to is not left under its group's sticky header.
    scrollPaddingStart: HEADER_PX,
  })
  const items = virtualizer.getVirtualItems()
  const measurements = virtualizer.measurementsCache

  const focusRow = useCallback((key: string) => {
    refocus.current = key
    rerender()
  }, [])
  const on = useMemo<RowHandlers>(
    () => ({
      select: (id) => latest.current.onSelect(id),
      action: (conversation, isPinned, action: ConversationMenuAction) => {
        const key = `${isPinned ? 'p' : 'c'}:${conversation.id}`
        if (action === 'rename') {
          setDraft(conversation.title)
          setEditing({ key, mode: 'rename' })
        } else if (action === 'delete') setEditing({ key, mode: 'delete' })
        else {
          // Focus follows the title to where it moves (Pinned, or back among the dates).
          refocus.current = `${action === 'pin' ? 'p' : 'c'}:${conversation.id}`
          latest.current.onPin?.(conversation.id, action === 'pin')
        }
      },
      draft: setDraft,
      submitRename: (id) => {
        const title = latest.current.draft.trim()
        if (title) latest.current.onRename(id, title)
        const edit = latest.current.editing
        setEditing(undefined)
        if (edit) focusRow(edit.key)
      },
      confirmDelete: (id) => {
        setEditing(undefined)
        latest.current.onDelete(id)
      },
      endEdit: () => {
        const edit = latest.current.editing
        setEditing(undefined)
        if (edit) focusRow(edit.key)
      },
    }),
    [focusRow],
  )

  // Focus a row asked for once it is rendered; scroll to it while it is not. A key not in the list
  // yet (a pin the store has not answered) waits for the next render.
  useLayoutEffect(() => {
    const key = refocus.current
    if (key === undefined) return
    const index = indexOfKey.get(key)
    if (index === undefined) return
    const title = scrollRef.current?.querySelector<HTMLElement>(`li[data-key="${CSS.escape(key)}"] .conversation-title`)
    if (title) {
      refocus.current = undefined
      title.focus()
    } else virtualizer.scrollToIndex(index, { align: 'auto' })
  })

  // The open conversation, chosen elsewhere (search, a new answer, a reload): scrolled into view once
  // it is among the loaded rows and the list is shown. A list hidden meanwhile (search results in its
  // place, the sidebar collapsed or the drawer closed: display: none loses the scroll position)
  // comes back where it was, then shows the conversation opened meanwhile.
  const currentIndex =
    currentId === undefined ? undefined : (indexOfKey.get(`p:${currentId}`) ?? indexOfKey.get(`c:${currentId}`))
  const shownCurrent = useRef<string | undefined>(undefined)
  const offsetWhenHidden = useRef<number | undefined>(undefined)
  // The scroll position while shown (a hidden element may report a scroll to 0 on its way out).
  const shownOffset = useRef(0)
  /** Whether the shown list was scrolled to its end: it comes back at its end, however tall its rows measure then. */
  const shownAtEnd = useRef(false)
  const current = useRef({ currentId, currentIndex })
  current.current = { currentId, currentIndex }
  const revealCurrent = useCallback(() => {
    const element = scrollRef.current
    if (!element || element.clientHeight === 0 || offsetWhenHidden.current !== undefined) return
    const { currentId: id, currentIndex: index } = current.current
    if (id === undefined) shownCurrent.current = undefined
    if (id === undefined || index === undefined || shownCurrent.current === id) return
    shownCurrent.current = id
    virtualizer.scrollToIndex(index, { align: 'auto' })
  }, [virtualizer])
  useLayoutEffect(() => {
    if (hidden) offsetWhenHidden.current ??= shownOffset.current
  }, [hidden, virtualizer])
  useEffect(() => {
    const element = scrollRef.current
    if (!element || typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(() => {
      if (element.clientHeight === 0) {
        offsetWhenHidden.current ??= shownOffset.current
        return
      }
      const saved = offsetWhenHidden.current
      if (saved === undefined) return
      // Once the layout of the shown list has settled. Through the virtualizer, not `scrollTop`: rows
      // measured at 0 while hidden make the list briefly shorter (a direct write was clamped), and
      // the virtualizer's own scroll anchoring could write its stale offset over ours (CI saw the
      // list back at the top, rarely). It keeps the target until the rows are measured again.
      requestAnimationFrame(() => {
        offsetWhenHidden.current = undefined
        // At its end when hidden: back at its end (rows measured again may not add up to the same
        // height, so the saved offset alone could stop short of the last rows; CI saw 844 px short).
        const lastIndex = virtualizer.options.count - 1
        if (shownAtEnd.current && lastIndex >= 0) virtualizer.scrollToIndex(lastIndex, { align: 'end' })
        else virtualizer.scrollToOffset(saved)
        shownOffset.current = saved
        revealCurrent()
        // When the browser kept the scroller where it was, the writes above change nothing and no
        // scroll event comes: the virtualizer would keep the offset it read while hidden and render
        // rows far from the ones shown (CI saw the scroller at its end and no row there). One
        // event makes it read the real offset.
        requestAnimationFrame(() => element.dispatchEvent(new Event('scroll')))
      })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [virtualizer, revealCurrent])
  useLayoutEffect(() => revealCurrent(), [currentId, currentIndex, revealCurrent])

  // The next page, when the rendered rows reach near the end.
  const rangeEnd = virtualizer.range?.endIndex
  useEffect(() => {
    if (hasMore && onLoadMore && nearEnd(rangeEnd, rows.length, LOAD_AHEAD)) onLoadMore()
  }, [rangeEnd, rows.length, hasMore, onLoadMore])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    if (!target.classList.contains('conversation-title')) return
    const key = target.closest('li')?.dataset.key
    const from = key === undefined ? undefined : indexOfKey.get(key)
    if (from === undefined) return
    let to: number
    if (event.key === 'ArrowDown') to = nextConversationRow(rows, from, 1)
    else if (event.key === 'ArrowUp') to = nextConversationRow(rows, from, -1)
    else if (event.key === 'Home') to = edgeConversationRow(rows, 1)
    else if (event.key === 'End') to = edgeConversationRow(rows, -1)
    else return
    event.preventDefault()
    const row = rows[to]
    if (to !== from && row) focusRow(row.key)
  }

  const groupLabel = (group: SidebarGroup): string => {
    const key = group.key
    if (key.kind === 'pinned') return t('finding.pinned')
    if (key.kind === 'month')
      return new Intl.DateTimeFormat(t.locale, { month: 'long', year: 'numeric' }).format(
        new Date(Date.UTC(key.year, key.month - 1, 15)),
      )
    return t(`finding.${key.kind}`)
  }

  // The rendered rows, by group: each group with a rendered row is a section spanning the group's
  // whole height (so its header can stick), its rows placed at their offsets inside it.
  const sections: { group: number; rows: { index: number; row: SidebarRow }[] }[] = []
  let more: { index: number } | undefined
  for (const item of items) {
    const row = rows[item.index]
    if (!row) continue
    if (row.kind === 'more') {
      more = { index: item.index }
      continue
    }
    const last = sections.at(-1)
    if (last && last.group === row.group) last.rows.push({ index: item.index, row })
    else sections.push({ group: row.group, rows: [{ index: item.index, row }] })
  }

  return (
    <div
      ref={scrollRef}
      className="sidebar-scroll"
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        const element = event.currentTarget
        if (element.clientHeight > 0 && offsetWhenHidden.current === undefined) {
          shownOffset.current = element.scrollTop
          shownAtEnd.current = element.scrollHeight - element.clientHeight - element.scrollTop <= 2
        }
      }}
      onFocus={(event) => {
        focused.current = (event.target as HTMLElement).closest<HTMLElement>('li[data-key]')?.dataset.key
      }}
      onBlur={() => {
        focused.current = undefined
      }}
    >
      <div className="sidebar-virtual" style={{ height: virtualizer.getTotalSize() }}>
        {sections.map(({ group: g, rows: shown }) => {
          const group = groups[g]
          const header = group ? measurements[group.headerIndex] : undefined
          const end = group ? measurements[group.headerIndex + group.size] : undefined
          if (!group || !header || !end) return null
          return (
            <section
              key={group.id}
              aria-labelledby={`group-${group.id}`}
              className="conversation-group"
              style={{ top: header.start, height: end.end - header.start }}
            >
              <h3 id={`group-${group.id}`}>{groupLabel(group)}</h3>
              <ul role="list">
                {shown.map(({ index, row }) => {
                  if (row.kind !== 'conversation') return null
                  const c = row.conversation
                  const at = measurements[index]
                  const mode: RowMode = editing?.key === row.key ? editing.mode : 'view'
                  return (
                    <li
                      key={row.key}
                      ref={virtualizer.measureElement}
                      data-index={index}
                      data-key={row.key}
                      data-testid="conversation-item"
                      aria-setsize={group.size}
                      aria-posinset={row.position}
                      className={c.id === currentId ? 'current' : undefined}
                      style={{ top: (at?.start ?? 0) - header.start }}
                    >
                      <ConversationRowContent
                        conversation={c}
                        pinned={row.pinned}
                        current={c.id === currentId}
                        writing={writing.has(c.id)}
                        mode={mode}
                        draft={mode === 'rename' ? draft : ''}
                        t={t}
                        on={on}
                      />
                    </li>
                  )
                })}
              </ul>
            </section>
          )
        })}
        {more && onLoadMore && (
          <div className="sidebar-more" style={{ top: measurements[more.index]?.start ?? 0 }}>
            <button type="button" className="load-more" onClick={onLoadMore}>
              {t('showOlderConversations')}
            </button>
          </div>
        )}
      </div>
    </div>
  )
}
