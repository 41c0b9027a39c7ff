import { memo, type FormEvent } from 'react'
import type { ConversationSummary } from '../../../../shared/conversation'
import type { Translate } from '../../i18n/messages'
import { ConversationMenu, type ConversationMenuAction } from './conversation-menu'

export type RowMode = 'view' | 'rename' | 'delete'

/** What a row does; the same functions for every row and every render (rows are memoized). */
export interface RowHandlers {
  select(id: string): void
  action(conversation: ConversationSummary, pinned: boolean, action: ConversationMenuAction): void
  draft(text: string): void
  submitRename(id: string): void
  confirmDelete(id: string): void
  /** Leaves rename or delete; focus goes back to the title. */
  endEdit(): void
}

/** The inside of one conversation row: its title and menu, or the rename field, or the delete question. */
export const ConversationRowContent = memo(function ConversationRowContent({
  conversation: c,
  pinned,
  current,
  writing,
  mode,
  draft,
  t,
  on,
}: {
  conversation: ConversationSummary
  pinned: boolean
  current: boolean
  writing: boolean
  mode: RowMode
  /** The rename field's text (only while renaming). */
  draft: string
  t: Translate
  on: RowHandlers
}) {
  if (mode === 'rename')
    return (
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault()
          on.submitRename(c.id)
        }}
        className="rename-form"
      >
        <input
          aria-label={t('renameLabel')}
          value={draft}
          autoFocus
          onChange={(e) => on.draft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault()
              e.stopPropagation()
              on.endEdit()
            }
          }}
        />
        <button type="submit">{t('save')}</button>
      </form>
    )
  if (mode === 'delete')
    return (
      <div
        className="delete-confirm"
        role="group"
        aria-label={t('finding.confirmDelete', { title: c.title })}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            on.endEdit()
          }
        }}
      >
        <p>{t('finding.confirmDelete', { title: c.title })}</p>
        <button type="button" className="danger" autoFocus onClick={() => on.confirmDelete(c.id)}>
          {t('finding.confirmDeleteYes')}
        </button>
        <button type="button" onClick={() => on.endEdit()}>
          {t('cancel')}
        </button>
      </div>
    )
  return (
    <div className="conversation-row">
      <button
        type="button"
        id={`conversation-title-${c.id}`}
        className="conversation-title"
        title={c.title}
        aria-current={current ? 'page' : undefined}
        onClick={() => on.select(c.id)}
      >
        {c.title}
        {writing && (
          <span className="writing-marker" data-testid="writing-marker" title={t('finding.writing')}>
            <span aria-hidden="true" className="writing-dot" />
            <span className="visually-hidden"> ({t('finding.writing')})</span>
          </span>
        )}
      </button>
      <ConversationMenu
        title={c.title}
        titleId={`conversation-title-${c.id}`}
        pinned={pinned}
        t={t}
        onAction={(action) => on.action(c, pinned, action)}
      />
    </div>
  )
})
