import { memo, useCallback, useEffect, useRef, useState, type ReactNode, type Ref } from 'react'
import type { ConversationSummary } from '../../../../shared/conversation'
import type { SearchClient } from './search-client'
import type { Translate } from '../../i18n/messages'
import { ConversationList } from './conversation-list'
import { SearchBox, type SearchTarget } from './search-box'
import '../../styles/finding.css'

/**
 * The conversation list: New conversation and the search field on top (they do not scroll away),
 * then Pinned and date groups, virtualized and paged from the store (conversation-list.tsx). Every
 * conversation has its menu (pin, rename, delete); delete asks in place. A conversation whose
 * answer is being written shows a marker. Memoized: a parent re-rendering for a streaming answer's
 * tokens (with the same props) does not re-render the list.
 */
export const Sidebar = memo(function Sidebar({
  conversations,
  pinned = [],
  writing = new Set(),
  currentId,
  t,
  api,
  onNew,
  onSelect,
  onOpenResult,
  onRename,
  onDelete,
  onPin,
  hasMore = false,
  onLoadMore,
  searchRef,
  now,
  id,
  className,
  drawerHeader,
  containerRef,
  dialog = false,
}: {
  conversations: ConversationSummary[]
  pinned?: ConversationSummary[]
  /** Conversations with an answer being written now. */
  writing?: ReadonlySet<string>
  currentId: string | undefined
  t: Translate
  /** For search (absent: no search field). */
  api?: SearchClient
  onNew: () => void
  onSelect: (id: string) => void
  onOpenResult?: (target: SearchTarget) => void
  onRename: (id: string, title: string) => void
  onDelete: (id: string) => void
  onPin?: (id: string, pinned: boolean) => void
  /** Older conversations exist beyond those listed (the list is paged from the store). */
  hasMore?: boolean
  onLoadMore?: () => void
  searchRef?: Ref<HTMLInputElement>
  /** The clock of the date groups (default: the time, read once a minute). */
  now?: number
  id?: string
  className?: string
  /** Shown above everything when the list is a drawer (its close button). */
  drawerHeader?: ReactNode
  containerRef?: Ref<HTMLElement>
  /** The list is a modal drawer over the chat (narrow windows). */
  dialog?: boolean
}) {
  const [searching, setSearching] = useState(false)
  // The date groups' clock: read once a minute, not on every render (each new value regroups the list).
  const [clock, setClock] = useState(() => Date.now())
  useEffect(() => {
    if (now !== undefined) return
    const timer = setInterval(() => setClock(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [now])
  const onActiveChange = useCallback((active: boolean) => setSearching(active), [])
  // Stable for the list (it asks for the next page from an effect).
  const loadMore = useRef(onLoadMore)
  loadMore.current = onLoadMore
  const requestMore = useCallback(() => loadMore.current?.(), [])

  return (
    <nav
      ref={containerRef}
      id={id}
      className={`sidebar${className ? ` ${className}` : ''}`}
      aria-label={t('conversations')}
      {...(dialog ? { role: 'dialog', 'aria-modal': true } : {})}
    >
      {drawerHeader}
      <div className="sidebar-top">
        <button type="button" className="new-conversation primary" onClick={onNew}>
          {t('newConversation')}
        </button>
        {api && onOpenResult && searchRef && (
          <SearchBox api={api} t={t} inputRef={searchRef} onOpen={onOpenResult} onActiveChange={onActiveChange} />
        )}
      </div>
      <div className="sidebar-list" hidden={searching}>
        <h2>{t('conversations')}</h2>
        {conversations.length === 0 && pinned.length === 0 && <p className="muted">{t('noConversations')}</p>}
        <ConversationList
          conversations={conversations}
          pinned={pinned}
          writing={writing}
          currentId={currentId}
          hasMore={hasMore}
          onLoadMore={onLoadMore ? requestMore : undefined}
          t={t}
          now={now ?? clock}
          onSelect={onSelect}
          onRename={onRename}
          onDelete={onDelete}
          onPin={onPin}
          hidden={searching}
        />
      </div>
    </nav>
  )
})
