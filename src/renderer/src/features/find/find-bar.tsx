import { useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { Message } from '../../../../shared/conversation'
import type { Translate } from '../../i18n/messages'
import { findInElement, matchingMessages, normalizeQuery, searchableTexts } from './find-in-conversation'

/** Folded texts per message object (a view's messages are not changed in place: a new text is a new object). */
const textsCache = new WeakMap<Message, [string, string]>()
function textsOf(message: Message): [string, string] {
  let texts = textsCache.get(message)
  if (!texts) {
    texts = searchableTexts(message.parts)
    textsCache.set(message, texts)
  }
  return texts
}

/** What is not a message's own text in its DOM (the data side matches text parts only). */
const NOT_MESSAGE_TEXT =
  'button, .visually-hidden, [aria-hidden="true"], .reasoning, .tool-card, .code-block-header, .message-actions, .usage, .interrupted, .failed, .stored-notices'
/** Names of the CSS highlights (styled with `::highlight(…)` in finding.css). */
const HIGHLIGHT = 'keel-find'
const HIGHLIGHT_CURRENT = 'keel-find-current'

interface FindBarProps {
  messages: readonly Message[]
  /** Brings a message into view (the list mounts its row): its article, or null. */
  reveal: (messageId: string) => Promise<HTMLElement | null>
  inputRef: RefObject<HTMLInputElement | null>
  t: Translate
  onClose: () => void
}

/**
 * Find in this conversation (Ctrl/⌘+F). The list shows only the messages on screen, so the
 * browser's find cannot see a long conversation: this bar matches every message's text (case and
 * accents folded, like Keel's search), goes from one matching message to the next (Enter, Shift+Enter,
 * the buttons), brings each into view and highlights the words in it. It starts at the match
 * nearest the end, where a conversation opens.
 */
export function FindBar({ messages, reveal, inputRef, t, onClose }: FindBarProps) {
  const [query, setQuery] = useState('')
  const [position, setPosition] = useState(-1)
  const needle = normalizeQuery(query)
  const matches = useMemo(
    () =>
      matchingMessages(
        messages.filter((m) => m.role !== 'system'),
        needle,
        textsOf,
      ),
    [messages, needle],
  )
  // A new query (or new messages) starts again at the match nearest the end.
  useEffect(() => setPosition(matches.length - 1), [matches])
  const current = position >= 0 && position < matches.length ? matches[position] : undefined

  // The current message in view, its words highlighted; the highlights go with the bar.
  const shown = useRef<HTMLElement | null>(null)
  useEffect(() => {
    let cancelled = false
    if (!current) {
      clearHighlights()
      shown.current?.classList.remove('find-target')
      shown.current = null
      return
    }
    void reveal(current).then((article) => {
      if (cancelled || !article) return
      shown.current?.classList.remove('find-target')
      shown.current = article
      article.classList.add('find-target')
      highlight(article, needle)
    })
    return () => {
      cancelled = true
    }
  }, [current, needle, reveal])
  useEffect(
    () => () => {
      clearHighlights()
      shown.current?.classList.remove('find-target')
    },
    [],
  )

  const step = (by: number) => {
    if (matches.length === 0) return
    setPosition((at) => (at + by + matches.length) % matches.length)
  }
  const status = !needle
    ? ''
    : matches.length === 0
      ? t('finding.findNone')
      : t('finding.findCount', { index: String(position + 1), count: String(matches.length) })

  return (
    <div className="find-bar" role="search" data-testid="find-bar">
      <input
        ref={inputRef}
        type="search"
        aria-label={t('finding.find')}
        placeholder={t('finding.find')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            step(event.shiftKey ? -1 : 1)
          } else if (event.key === 'Escape') {
            // Dealt with here: the window's Esc (close what is open, else stop the answer) does not run.
            event.preventDefault()
            onClose()
          }
        }}
      />
      <span className="find-status" role="status" aria-live="polite" data-testid="find-status">
        {status}
      </span>
      <button
        type="button"
        onClick={() => step(-1)}
        disabled={matches.length === 0}
        aria-label={t('finding.findPrevious')}
        title={t('finding.findPrevious')}
      >
        ↑
      </button>
      <button
        type="button"
        onClick={() => step(1)}
        disabled={matches.length === 0}
        aria-label={t('finding.findNext')}
        title={t('finding.findNext')}
      >
        ↓
      </button>
      <button type="button" onClick={onClose} aria-label={t('finding.findClose')} title={t('finding.findClose')}>
        ×
      </button>
    </div>
  )
}

/** Highlights every occurrence in the message (the first one as the current), with the CSS Custom Highlight API. */
function highlight(article: HTMLElement, needle: string): void {
  const registry = highlightRegistry()
  if (!registry) return
  const ranges = findInElement(article, needle, NOT_MESSAGE_TEXT).map((match) => {
    const range = document.createRange()
    range.setStart(match.startNode, match.startOffset)
    range.setEnd(match.endNode, match.endOffset)
    return range
  })
  registry.set(HIGHLIGHT, new Highlight(...ranges.slice(1)))
  registry.set(HIGHLIGHT_CURRENT, new Highlight(...ranges.slice(0, 1)))
}

function clearHighlights(): void {
  const registry = highlightRegistry()
  registry?.delete(HIGHLIGHT)
  registry?.delete(HIGHLIGHT_CURRENT)
}

/** `CSS.highlights` where the engine has it (Chromium 105+, so Electron and browser mode). */
function highlightRegistry(): HighlightRegistry | undefined {
  return typeof CSS !== 'undefined' && 'highlights' in CSS && typeof Highlight === 'function'
    ? CSS.highlights
    : undefined
}
