import { useEffect, useRef } from 'react'
import type { MessageKey, Translate } from '../i18n/messages'
import { SHORTCUTS, isMac, shortcutLabel, type ShortcutAction } from './shortcuts'
import { useFocusTrap } from '../ui/use-focus-trap'
import '../styles/finding.css'

const LABELS: Record<ShortcutAction, MessageKey> = {
  newConversation: 'finding.shortcutNew',
  search: 'finding.shortcutSearch',
  find: 'finding.shortcutFind',
  focusComposer: 'finding.shortcutComposer',
  settings: 'finding.shortcutSettings',
  help: 'finding.shortcutHelp',
}

/** "Keyboard shortcuts": a modal dialog listing every shortcut (the same table the keys are read from). */
export function ShortcutsHelp({ t, onClose }: { t: Translate; onClose: () => void }) {
  const dialog = useRef<HTMLDivElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const mac = isMac()
  useFocusTrap(dialog, true)
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    heading.current?.focus()
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  const rows: [string, string][] = [
    ...SHORTCUTS.map((s): [string, string] => [shortcutLabel(s, mac), t(LABELS[s.action])]),
    ['?', t('finding.shortcutHelp')],
    ['Enter', t('finding.shortcutSend')],
    ['Shift+Enter', t('finding.shortcutNewLine')],
    ['Esc', t('finding.shortcutClose')],
    ['Esc', t('finding.shortcutStop')],
  ]
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="shortcuts-help"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault()
            e.stopPropagation()
            onClose()
          }
        }}
      >
        <h2 id="shortcuts-title" ref={heading} tabIndex={-1}>
          {t('finding.shortcuts')}
        </h2>
        <table>
          <tbody>
            {rows.map(([keys, what], index) => (
              <tr key={index}>
                <th scope="row">
                  <kbd>{keys}</kbd>
                </th>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" onClick={onClose}>
          {t('finding.closeShortcuts')}
        </button>
      </div>
    </div>
  )
}
