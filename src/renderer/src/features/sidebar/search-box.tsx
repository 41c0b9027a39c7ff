import { useEffect, useRef, useState, type Ref } from 'react'
import type { SearchClient } from './search-client'
import type { SearchResult, SearchSegment } from '../../../../shared/search'
import type { Translate } from '../../i18n/messages'
import { countText } from '../../i18n/plural'
import { groupSearchResults } from './search-groups'
import type { Locale } from '../../../../shared/locale'
import '../../styles/finding.css'

/** What a chosen result opens: the conversation, at the matching message when there is one. */
export interface SearchTarget {
  conversationId: string
  messageId?: string
}

type Found = { query: string; results: SearchResult[]; nextCursor?: string } | undefined

/**
 * "Search conversations": a search field; while it holds a query, the results replace the list
 * below it (the conversation list comes back when the field is emptied, or with Esc).
 */
export function SearchBox({
  api,
  t,
  inputRef,
  onOpen,
  onActiveChange,
}: {
  api: SearchClient
  t: Translate
  inputRef: Ref<HTMLInputElement>
  onOpen: (target: SearchTarget) => void
  /** Results are showing (the conversation list hides meanwhile). */
  onActiveChange: (active: boolean) => void
}) {
  const [query, setQuery] = useState('')
  const [found, setFound] = useState<Found>(undefined)
  const request = useRef(0)
  const trimmed = query.trim()

  useEffect(() => onActiveChange(trimmed !== ''), [trimmed, onActiveChange])
  useEffect(() => {
    if (trimmed === '') return setFound(undefined)
    const mine = ++request.current
    // A short pause while the user types: one request per word, not per key.
    const timer = setTimeout(() => {
      void api['conversations.search']({ query: trimmed, limit: 30 }).then((page) => {
        if (mine !== request.current) return
        setFound(page.ok ? { query: trimmed, ...page.value } : { query: trimmed, results: [] })
      })
    }, 120)
    return () => clearTimeout(timer)
  }, [api, trimmed])

  const more = async () => {
    if (!found?.nextCursor) return
    const mine = request.current
    const page = await api['conversations.search']({ query: found.query, limit: 30, cursor: found.nextCursor })
    if (mine !== request.current || !page.ok) return
    setFound({
      query: found.query,
      results: [...found.results, ...page.value.results],
      ...(page.value.nextCursor ? { nextCursor: page.value.nextCursor } : {}),
    })
  }

  return (
    <div className="search-box" role="search">
      <input
        ref={inputRef}
        type="search"
        aria-label={t('finding.search')}
        placeholder={t('finding.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && query !== '') {
            // Esc empties the search first; it must not also stop an answer.
            e.preventDefault()
            e.stopPropagation()
            setQuery('')
          }
        }}
      />
      {trimmed !== '' && (
        <section className="search-results" aria-label={t('finding.searchResults')}>
          <p className="muted search-status" role="status">
            {found === undefined || found.query !== trimmed
              ? t('finding.searching')
              : found.results.length === 0
                ? t('finding.noResults', { query: trimmed })
                : countText(
                    t,
                    found.nextCursor ? 'finding.resultCountMore' : 'finding.resultCount',
                    new Set(found.results.map((r) => r.conversationId)).size,
                  )}
          </p>
          {found && found.results.length > 0 && (
            <ul>
              {groupSearchResults(found.results).map((group) => (
                <li key={group.conversationId} className="search-group" data-testid="search-group">
                  <button
                    type="button"
                    className="search-result search-group-head"
                    onClick={() => onOpen({ conversationId: group.conversationId })}
                  >
                    <span className="search-result-title">
                      {group.titleSegments ? <Marked segments={group.titleSegments} /> : group.title}
                    </span>
                    <time className="search-result-date muted" dateTime={new Date(group.updatedAt).toISOString()}>
                      {formatDay(t.locale ?? 'en', group.updatedAt)}
                    </time>
                  </button>
                  {group.messages.length > 0 && (
                    <ul>
                      {group.messages.map((hit) => (
                        <li key={hit.messageId}>
                          <button
                            type="button"
                            className="search-result search-hit"
                            data-testid="search-result"
                            onClick={() => onOpen({ conversationId: hit.conversationId, messageId: hit.messageId })}
                          >
                            <span className="search-result-snippet">
                              <span className="search-result-who">
                                {hit.role === 'user' ? t('finding.fromYou') : t('finding.fromAssistant')}:{' '}
                              </span>
                              <Marked segments={hit.segments} />
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
          {found?.nextCursor && (
            <button type="button" className="load-more" onClick={() => void more()}>
              {t('finding.moreResults')}
            </button>
          )}
        </section>
      )}
    </div>
  )
}

function Marked({ segments }: { segments: SearchSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </>
  )
}

const dayFormats = new Map<Locale, Intl.DateTimeFormat>()

/** The day a conversation was last written to, in the window's language ("Dec 6, 2026"). */
function formatDay(locale: Locale, epochMs: number): string {
  let format = dayFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    dayFormats.set(locale, format)
  }
  return format.format(epochMs)
}
