import type { MessagePart } from './conversation'
import type { Citation } from './hosted-tools'

/** One numbered source under an answer: the pages it cites, each once. */
export interface NumberedSource {
  /** From 1, in the order the answer first cites the page. */
  number: number
  url: string
  /** The page's title, when the provider gave one (any citation of the page). */
  title: string | undefined
  /** The host name, shown when there is no title (empty when the URL does not parse). */
  site: string
  /** The quoted words, each once, in order: the source's own (`citedText`), else the answer's it supports. */
  quotes: string[]
}

/** The host of `url` without a leading `www.` (empty when it is not a URL). */
export function siteOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '')
  } catch {
    return ''
  }
}

/**
 * An answer's citations as numbered sources: deduplicated by URL (a page cited three times is one
 * source), numbered in first-cited order. Shared by the window and the Markdown export so both
 * number alike.
 */
export function numberedSources(citations: readonly Citation[]): NumberedSource[] {
  const byUrl = new Map<string, NumberedSource>()
  for (const citation of citations) {
    if (citation.url.length === 0) continue
    let source = byUrl.get(citation.url)
    if (!source) {
      source = { number: byUrl.size + 1, url: citation.url, title: undefined, site: siteOf(citation.url), quotes: [] }
      byUrl.set(citation.url, source)
    }
    source.title ??= citation.title?.trim() || undefined
    const quote = (citation.citedText ?? citation.supportedText)?.trim()
    if (quote && !source.quotes.includes(quote)) source.quotes.push(quote)
  }
  return [...byUrl.values()]
}

/** The citations stored with an answer, in order. */
export function citationsOf(parts: readonly MessagePart[]): Citation[] {
  return parts.flatMap((part) => (part.type === 'citation' ? [part.citation] : []))
}
