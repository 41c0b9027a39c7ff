import type { MessagePart } from '../../../../shared/conversation'
import type { Citation, HostedCall } from '../../../../shared/hosted-tools'
import { numberedSources } from '../../../../shared/web-sources'
import type { Translate } from '../../i18n/messages'
import { safeHref } from '../markdown'

/** One link of Google's search suggestions, as plain text and a checked address. */
export interface SuggestionLink {
  text: string
  href: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** Character references decoded (named ones Google uses, decimal, hex); unknown ones left as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

/**
 * Google's search suggestions (`suggestionsHtml`, which its terms require showing with a grounded
 * answer) stripped to text and links: each `<a href>`'s words and address, nothing else (no style,
 * no script, no image). The result is only ever rendered as React text and a checked http(s) link
 * (opened like any answer link), so nothing of Google's markup is ever interpreted. Rendering the
 * HTML itself is ruled out: the window's CSP has `frame-src 'none'` (no sandboxed iframe) and
 * inserting it would bring foreign markup into the window.
 */
export function suggestionLinks(html: string): SuggestionLink[] {
  const links: SuggestionLink[] = []
  const anchor = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi
  for (const match of html.matchAll(anchor)) {
    const href = safeHref(decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim())
    const text = decodeEntities((match[4] ?? '').replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim()
    if (href && text.length > 0 && !links.some((link) => link.href === href)) links.push({ text, href })
  }
  return links
}

/** A stored answer's hosted calls and citations, in order. */
export function webItemsOf(parts: readonly MessagePart[]): { calls: HostedCall[]; citations: Citation[] } {
  const calls: HostedCall[] = []
  const citations: Citation[] = []
  for (const part of parts) {
    if (part.type === 'hosted-call') calls.push(part.call)
    else if (part.type === 'citation') citations.push(part.citation)
  }
  return { calls, citations }
}

function ExternalLink({ href, title, children }: { href: string; title?: string | undefined; children: string }) {
  const safe = safeHref(href)
  if (!safe) return <span className="link-blocked">{children}</span>
  // Like an answer's links: a new window, which the main process hands to its checked opener.
  return (
    <a href={safe} target="_blank" rel="noreferrer" title={title}>
      {children}
    </a>
  )
}

function callLine(call: HostedCall, t: Translate): string {
  const what =
    call.kind === 'search'
      ? t('sources.searched', { queries: call.queries.join(', ') || '…' })
      : call.kind === 'fetch' && call.url
        ? t('sources.read', { url: call.url })
        : t('sources.used', { tool: call.toolName })
  const status =
    call.status === 'running'
      ? t('sources.running')
      : call.status === 'completed'
        ? t('sources.done')
        : call.errorCode
          ? t('sources.failedCode', { code: call.errorCode })
          : t('sources.failed')
  return `${what} — ${status}`
}

/** One compact line per hosted call ("Searched: …", "Read: …") with its status, and Google's suggestions. */
export function HostedCallLines({ calls, t }: { calls: readonly HostedCall[]; t: Translate }) {
  if (calls.length === 0) return null
  const suggestions = calls.flatMap((call) => (call.suggestionsHtml ? suggestionLinks(call.suggestionsHtml) : []))
  return (
    <div className="hosted-calls" data-testid="hosted-calls">
      <ul>
        {calls.map((call) => (
          <li key={call.id} data-status={call.status} data-testid="hosted-call">
            {callLine(call, t)}
          </li>
        ))}
      </ul>
      {suggestions.length > 0 && (
        <nav className="search-suggestions" aria-label={t('sources.suggestions')} data-testid="search-suggestions">
          {suggestions.map((link) => (
            <ExternalLink key={link.href} href={link.href}>
              {link.text}
            </ExternalLink>
          ))}
        </nav>
      )}
    </div>
  )
}

/** The pages the answer cites, numbered in first-cited order, each with its quoted words where given. */
export function SourceList({ citations, t }: { citations: readonly Citation[]; t: Translate }) {
  const sources = numberedSources(citations)
  if (sources.length === 0) return null
  return (
    <section className="sources" data-testid="sources" aria-label={t('sources.title')}>
      <h4>{t('sources.title')}</h4>
      <ol>
        {sources.map((source) => (
          <li key={source.url} value={source.number} data-testid="source">
            <ExternalLink href={source.url} title={source.quotes.join('\n') || undefined}>
              {source.title ?? (source.site || source.url)}
            </ExternalLink>
            {source.title && source.site && <span className="source-site"> — {source.site}</span>}
            {source.quotes.length > 0 && <q className="source-quote">{source.quotes[0]}</q>}
          </li>
        ))}
      </ol>
    </section>
  )
}
