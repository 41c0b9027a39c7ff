// A fetched page as text the model can read: HTML goes through Mozilla's Readability (the reader
// view of Firefox, on linkedom's DOM: no script ever runs, nothing is loaded) and then Turndown to
// Markdown; the text family is decoded as it is. parse5 (the WHATWG parser) first rebuilds the
// document as a browser would: linkedom alone builds no implied <html>/<head>/<body>, so a page
// that leaves them out (valid HTML) read as empty. The charset comes from the Content-Type, else
// from the page's own <meta>, else UTF-8; an unknown label falls back to UTF-8.
import { TextDecoder } from 'node:util'
import type TurndownService from 'turndown'
import { wellFormed } from '../../shared/well-formed-text'
import type { FetchedPage } from './page-fetch'

/** What the reader made of a page. */
export interface PageText {
  title: string | undefined
  siteName: string | undefined
  byline: string | undefined
  publishedTime: string | undefined
  /** Markdown for HTML; the decoded text otherwise. */
  text: string
}

/** Decodes the body with the page's charset (header, then `<meta>` for HTML, then UTF-8). */
export function decodePage(page: FetchedPage): string {
  const label = page.charset ?? (isHtml(page.mediaType) ? metaCharset(page.body) : undefined) ?? 'utf-8'
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(label)
  } catch {
    decoder = new TextDecoder('utf-8')
  }
  return wellFormed(decoder.decode(page.body))
}

export function isHtml(mediaType: string): boolean {
  return mediaType === 'text/html' || mediaType === 'application/xhtml+xml'
}

/** The charset a page names in its first 2 KiB (`<meta charset>` or the http-equiv form). */
function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1')
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]?.toLowerCase()
}

/** The page as text: the article of an HTML page in Markdown (the whole body when no article is found). */
export async function pageToText(page: FetchedPage): Promise<PageText> {
  const decoded = decodePage(page)
  if (!isHtml(page.mediaType))
    return { title: undefined, siteName: undefined, byline: undefined, publishedTime: undefined, text: decoded }
  return htmlToText(decoded, page.finalUrl)
}

/**
 * The HTML libraries, loaded on first use: every CLI command and the app's start would otherwise
 * load them (several MB of heap: `keel export` under its 32 MB heap test ran out of memory).
 */
async function htmlLibraries() {
  const [{ Readability }, { parseHTML }, { parse, serialize }, turndown] = await Promise.all([
    import('@mozilla/readability'),
    import('linkedom'),
    import('parse5'),
    import('turndown'),
  ])
  return { Readability, parseHTML, parse, serialize, TurndownService: turndown.default }
}

/** Readability's article (or the cleaned body) of `html` as Markdown; relative links resolved against `url`. */
export async function htmlToText(html: string, url: string): Promise<PageText> {
  const { Readability, parseHTML, parse, serialize, TurndownService } = await htmlLibraries()
  const normalized = serialize(parse(html))
  const { document } = parseHTML(normalized)
  // Readability resolves relative links against the document's base: give it the page's address
  // when the page names none.
  if (!document.querySelector('base[href]') && document.head) {
    const base = document.createElement('base')
    base.setAttribute('href', url)
    document.head.prepend(base)
  }
  const pageTitle = document.title?.trim() || undefined
  let article: ReturnType<InstanceType<typeof Readability<string>>['parse']> = null
  try {
    article = new Readability(document as unknown as Document, { charThreshold: 200 }).parse()
  } catch {
    article = null
  }
  const turndown = markdownConverter(TurndownService)
  if (article?.content) {
    return {
      title: article.title?.trim() || pageTitle,
      siteName: article.siteName?.trim() || undefined,
      byline: article.byline?.trim() || undefined,
      publishedTime: article.publishedTime?.trim() || undefined,
      text: tidy(turndown.turndown(article.content)),
    }
  }
  // No article (a short page, a list, an app shell): the body without its scripts and styles.
  const { document: whole } = parseHTML(normalized)
  for (const element of whole.querySelectorAll('script, style, noscript, template, iframe, svg')) element.remove()
  const body = whole.body?.innerHTML ?? ''
  return {
    title: pageTitle,
    siteName: undefined,
    byline: undefined,
    publishedTime: undefined,
    text: tidy(turndown.turndown(body)),
  }
}

function markdownConverter(Turndown: typeof TurndownService): TurndownService {
  const turndown = new Turndown({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' })
  turndown.remove(['script', 'style', 'noscript', 'template', 'iframe', 'form', 'button', 'select'])
  // Inline images as data: URLs would be megabytes of base64 for the model: keep their alt text only.
  turndown.addRule('data-images', {
    filter: (node) => node.nodeName === 'IMG' && (node.getAttribute('src') ?? '').startsWith('data:'),
    replacement: (_content, node) => {
      const alt = (node as { getAttribute(name: string): string | null }).getAttribute('alt')
      return alt ? `[image: ${alt}]` : ''
    },
  })
  return turndown
}

/** At most one blank line in a row, no trailing spaces. */
function tidy(markdown: string): string {
  return markdown
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}
