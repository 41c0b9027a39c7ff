import { useEffect, useId, useRef, useState } from 'react'
import type { Translate } from '../../i18n/messages'
import '../../styles/finding.css'

export type ConversationMenuAction = 'pin' | 'unpin' | 'rename' | 'delete'

/**
 * A conversation's menu (every conversation has one, open or not): Pin/Unpin, Rename, Delete.
 * A menu button; arrow keys move between the items, Esc closes and gives focus back to the button.
 */
export function ConversationMenu({
  title,
  titleId,
  pinned,
  t,
  onAction,
}: {
  title: string
  titleId: string
  pinned: boolean
  t: Translate
  onAction: (action: ConversationMenuAction) => void
}) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const menu = useRef<HTMLUListElement>(null)
  const items: { action: ConversationMenuAction; label: string }[] = [
    { action: pinned ? 'unpin' : 'pin', label: pinned ? t('finding.unpin') : t('finding.pin') },
    { action: 'rename', label: t('rename') },
    { action: 'delete', label: t('delete') },
  ]

  useEffect(() => {
    if (!open) return
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus()
    const outside = (event: MouseEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node))
        setOpen(false)
    }
    document.addEventListener('mousedown', outside)
    return () => document.removeEventListener('mousedown', outside)
  }, [open])

  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  const move = (step: number) => {
    const all = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])]
    const at = all.indexOf(document.activeElement as HTMLButtonElement)
    all[(at + step + all.length) % all.length]?.focus()
  }

  return (
    <span className="conversation-menu">
      <button
        ref={button}
        type="button"
        className="conversation-menu-button"
        aria-label={t('finding.actions')}
        aria-describedby={titleId}
        title={t('finding.actionsFor', { title })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul
          ref={menu}
          id={id}
          role="menu"
          aria-label={t('finding.actionsFor', { title })}
          className="conversation-menu-list"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault()
              e.stopPropagation()
              close(true)
            } else if (e.key === 'ArrowDown') {
              e.preventDefault()
              move(1)
            } else if (e.key === 'ArrowUp') {
              e.preventDefault()
              move(-1)
            } else if (e.key === 'Tab') close(false)
          }}
        >
          {items.map((item) => (
            <li key={item.action} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false)
                  onAction(item.action)
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  )
}
