import { useRef, useState, type FormEvent } from 'react'
import type { ConversationSummary } from '../../../shared/conversation'
import type { Translate } from '../i18n/messages'

export function Sidebar({
  conversations,
  currentId,
  t,
  onNew,
  onSelect,
  onRename,
  onDelete,
  hasMore = false,
  onLoadMore,
}: {
  conversations: ConversationSummary[]
  currentId: string | undefined
  t: Translate
  onNew: () => void
  onSelect: (id: string) => void
  onRename: (id: string, title: string) => void
  onDelete: (id: string) => void
  /** Older conversations exist beyond those listed (the list is paged from the store). */
  hasMore?: boolean
  onLoadMore?: () => void
}) {
  const [renaming, setRenaming] = useState<string | undefined>(undefined)
  const [draft, setDraft] = useState('')
  // Set when the rename field closes: focus goes back to that conversation's title (it would
  // otherwise fall to the start of the page with the field that had it).
  const refocus = useRef<string | undefined>(undefined)
  const ordered = [...conversations].sort((a, b) => b.updatedAt - a.updatedAt)
  const endRename = (id: string) => {
    refocus.current = id
    setRenaming(undefined)
  }
  const submit = (event: FormEvent, id: string) => {
    event.preventDefault()
    if (draft.trim()) onRename(id, draft.trim())
    endRename(id)
  }
  return (
    <nav className="sidebar" aria-label={t('conversations')}>
      <button type="button" className="new-conversation primary" onClick={onNew}>
        {t('newConversation')}
      </button>
      <h2>{t('conversations')}</h2>
      {ordered.length === 0 && <p className="muted">{t('noConversations')}</p>}
      <ul>
        {ordered.map((c) => (
          <li key={c.id} className={c.id === currentId ? 'current' : undefined}>
            {renaming === c.id ? (
              <form onSubmit={(e) => submit(e, c.id)} className="rename-form">
                <input
                  aria-label={t('renameLabel')}
                  value={draft}
                  autoFocus
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') {
                      e.stopPropagation()
                      endRename(c.id)
                    }
                  }}
                />
                <button type="submit">{t('save')}</button>
              </form>
            ) : (
              <>
                <button
                  type="button"
                  className="conversation-title"
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
                </button>
                {c.id === currentId && (
                  <span className="conversation-actions">
                    <button
                      type="button"
                      onClick={() => {
                        setDraft(c.title)
                        setRenaming(c.id)
                      }}
                    >
                      {t('rename')}
                    </button>
                    <button
                      type="button"
                      onClick={() => {
                        if (window.confirm(t('confirmDelete'))) onDelete(c.id)
                      }}
                    >
                      {t('delete')}
                    </button>
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {hasMore && onLoadMore && (
        <button type="button" className="load-more" onClick={onLoadMore}>
          {t('showOlderConversations')}
        </button>
      )}
    </nav>
  )
}
