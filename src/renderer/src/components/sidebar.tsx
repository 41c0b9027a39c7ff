import { useCallback, useMemo, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react'
import type { ConversationSummary } from '../../../shared/conversation'
import type { KeelApi } from '../../../shared/ipc/app-contract'
import type { Translate } from '../i18n/messages'
import { groupByDate, type DateGroupKey } from '../lib/date-groups'
import { ConversationMenu, type ConversationMenuAction } from './conversation-menu'
import { SearchBox, type SearchTarget } from './search-box'
import '../styles/finding.css'

/**
 * The conversation list: New conversation and the search field on top (they do not scroll away),
 * then Pinned and date groups. Every conversation has its menu (pin, rename, delete); delete asks
 * in place. A conversation whose answer is being written shows a marker.
 */
export function Sidebar({
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
  now = Date.now(),
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
  api?: KeelApi
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
  /** The clock of the date groups. */
  now?: number
  id?: string
  className?: string
  /** Shown above everything when the list is a drawer (its close button). */
  drawerHeader?: ReactNode
  containerRef?: Ref<HTMLElement>
  /** The list is a modal drawer over the chat (narrow windows). */
  dialog?: boolean
}) {
  const [renaming, setRenaming] = useState<string | undefined>(undefined)
  const [deleting, setDeleting] = useState<string | undefined>(undefined)
  const [draft, setDraft] = useState('')
  const [searching, setSearching] = useState(false)
  // Set when a field closes: focus goes back to that conversation's title (it would otherwise
  // fall to the start of the page with the field that had it).
  const refocus = useRef<string | undefined>(undefined)
  const pinnedIds = useMemo(() => new Set(pinned.map((c) => c.id)), [pinned])
  const rest = useMemo(() => [...conversations].filter((c) => !pinnedIds.has(c.id)).sort((a, b) => b.updatedAt - a.updatedAt), [conversations, pinnedIds])
  const groups = useMemo(() => groupByDate(rest, now), [rest, now])
  const onActiveChange = useCallback((active: boolean) => setSearching(active), [])
  const endEdit = (id: string) => {
    refocus.current = id
    setRenaming(undefined)
    setDeleting(undefined)
  }
  const submit = (event: FormEvent, id: string) => {
    event.preventDefault()
    if (draft.trim()) onRename(id, draft.trim())
    endEdit(id)
  }
  const act = (c: ConversationSummary, action: ConversationMenuAction) => {
    if (action === 'rename') {
      setDraft(c.title)
      setRenaming(c.id)
    } else if (action === 'delete') setDeleting(c.id)
    else {
      refocus.current = c.id
      onPin?.(c.id, action === 'pin')
    }
  }
  const groupLabel = (key: DateGroupKey): string => {
    if (key.kind === 'month') return new Intl.DateTimeFormat(t.locale, { month: 'long', year: 'numeric' }).format(new Date(Date.UTC(key.year, key.month - 1, 15)))
    return t(`finding.${key.kind}`)
  }

  const row = (c: ConversationSummary) => (
    <li key={c.id} className={c.id === currentId ? 'current' : undefined} data-testid="conversation-item">
      {renaming === c.id ? (
        <form onSubmit={(e) => submit(e, c.id)} className="rename-form">
          <input
            aria-label={t('renameLabel')}
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault()
                e.stopPropagation()
                endEdit(c.id)
              }
            }}
          />
          <button type="submit">{t('save')}</button>
        </form>
      ) : deleting === c.id ? (
        <div
          className="delete-confirm"
          role="group"
          aria-label={t('finding.confirmDelete', { title: c.title })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault()
              e.stopPropagation()
              endEdit(c.id)
            }
          }}
        >
          <p>{t('finding.confirmDelete', { title: c.title })}</p>
          <button
            type="button"
            className="danger"
            autoFocus
            onClick={() => {
              setDeleting(undefined)
              onDelete(c.id)
            }}
          >
            {t('finding.confirmDeleteYes')}
          </button>
          <button type="button" onClick={() => endEdit(c.id)}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <div className="conversation-row">
          <button
            type="button"
            id={`conversation-title-${c.id}`}
            className="conversation-title"
            title={c.title}
            aria-current={c.id === currentId ? 'page' : undefined}
            onClick={() => onSelect(c.id)}
            ref={(button) => {
              if (button && refocus.current === c.id) {
                refocus.current = undefined
                button.focus()
              }
            }}
          >
            {c.title}
            {writing.has(c.id) && (
              <span className="writing-marker" data-testid="writing-marker" title={t('finding.writing')}>
                <span aria-hidden="true" className="writing-dot" />
                <span className="visually-hidden"> ({t('finding.writing')})</span>
              </span>
            )}
          </button>
          <ConversationMenu title={c.title} titleId={`conversation-title-${c.id}`} pinned={pinnedIds.has(c.id)} t={t} onAction={(action) => act(c, action)} />
        </div>
      )}
    </li>
  )

  return (
    <nav ref={containerRef} id={id} className={`sidebar${className ? ` ${className}` : ''}`} aria-label={t('conversations')} {...(dialog ? { role: 'dialog', 'aria-modal': true } : {})}>
      {drawerHeader}
      <div className="sidebar-top">
        <button type="button" className="new-conversation primary" onClick={onNew}>
          {t('newConversation')}
        </button>
        {api && onOpenResult && searchRef && <SearchBox api={api} t={t} inputRef={searchRef} onOpen={onOpenResult} onActiveChange={onActiveChange} />}
      </div>
      <div className="sidebar-list" hidden={searching}>
        <h2>{t('conversations')}</h2>
        {conversations.length === 0 && pinned.length === 0 && <p className="muted">{t('noConversations')}</p>}
        {pinned.length > 0 && (
          <section aria-labelledby="group-pinned" className="conversation-group">
            <h3 id="group-pinned">{t('finding.pinned')}</h3>
            <ul>{pinned.map(row)}</ul>
          </section>
        )}
        {groups.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`} className="conversation-group">
            <h3 id={`group-${group.id}`}>{groupLabel(group.key)}</h3>
            <ul>{group.items.map(row)}</ul>
          </section>
        ))}
        {hasMore && onLoadMore && (
          <button type="button" className="load-more" onClick={onLoadMore}>
            {t('showOlderConversations')}
          </button>
        )}
      </div>
    </nav>
  )
}
