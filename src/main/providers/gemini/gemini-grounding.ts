import type { HostedCall, HostedSource } from '../../../shared/hosted-tools'
import type { TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, type WireObject } from '../wire-access'
import { utf8Span } from '../utf8-span'

/**
 * Google Search and URL context as Gemini reports them: not as calls in the stream but as metadata
 * on the candidate, usually on the last chunk. Read into hosted calls (one `google_search` call
 * with its queries and sources, one `url_context` call per URL) and citations (grounding supports).
 * A chunk that repeats metadata adds only what is new.
 * @see https://ai.google.dev/gemini-api/docs/google-search
 * @see https://ai.google.dev/gemini-api/docs/url-context
 */
export class GeminiGrounding {
  private search: HostedCall | undefined
  private readonly fetches = new Map<string, HostedCall>()
  /** Every web chunk seen, in order: supports of a later chunk may index into the whole list. */
  private readonly allChunks: (HostedSource | undefined)[] = []
  private readonly seenCitations = new Set<string>()

  constructor(private readonly acc: TurnAccumulator) {}

  /** `candidate.groundingMetadata` (or `grounding_metadata`). */
  readGrounding(metadata: WireObject): void {
    const acc = this.acc
    const queries = (asArray(metadata.webSearchQueries) ?? []).map(asString).filter((q): q is string => !!q)
    const chunks = (asArray(metadata.groundingChunks) ?? []).map(webChunk)
    const suggestionsHtml = asString(asObject(metadata.searchEntryPoint)?.renderedContent)
    const sources = chunks.filter((chunk): chunk is HostedSource => chunk !== undefined)
    if (queries.length > 0 || sources.length > 0 || suggestionsHtml) {
      const search = (this.search ??= acc.openHostedCall(undefined, 'google_search', 'search'))
      const changed =
        search.status !== 'completed' ||
        queries.some((query) => !search.queries.includes(query)) ||
        sources.some((source) => !search.sources.some((known) => known.url === source.url)) ||
        (suggestionsHtml !== undefined && suggestionsHtml !== search.suggestionsHtml)
      if (changed) acc.updateHostedCall(search, { queries, sources, suggestionsHtml, status: 'completed' })
    }
    for (const chunk of chunks)
      if (!chunk || !this.allChunks.some((c) => c?.url === chunk.url)) this.allChunks.push(chunk)
    const supports = asArray(metadata.groundingSupports)
    if (!supports || supports.length === 0) return
    const text = acc.textSoFar()
    for (const entry of supports) {
      const support = asObject(entry)
      const segment = asObject(support?.segment)
      const supportedText = asString(segment?.text)
      const span = utf8Span(text, asNumber(segment?.startIndex) ?? 0, asNumber(segment?.endIndex), supportedText)
      for (const index of asArray(support?.groundingChunkIndices) ?? []) {
        const position = asNumber(index)
        if (position === undefined) continue
        const source = (chunks.length > 0 ? chunks : this.allChunks)[position]
        if (!source) continue
        const key = `${source.url}\n${span?.start}\n${span?.end}\n${supportedText}`
        if (this.seenCitations.has(key)) continue
        this.seenCitations.add(key)
        acc.addCitation({ url: source.url, title: source.title, citedText: undefined, supportedText, span })
      }
    }
  }

  /** `candidate.urlContextMetadata` (or `url_context_metadata`): each URL the model read. */
  readUrlContext(metadata: WireObject): void {
    const acc = this.acc
    for (const entry of asArray(metadata.urlMetadata ?? metadata.url_metadata) ?? []) {
      const item = asObject(entry)
      const url = asString(item?.retrievedUrl ?? item?.retrieved_url)
      if (!url) continue
      const status = asString(item?.urlRetrievalStatus ?? item?.url_retrieval_status)
      const ok = status === undefined || status === 'URL_RETRIEVAL_STATUS_SUCCESS'
      let call = this.fetches.get(url)
      if (call && call.status === (ok ? 'completed' : 'failed')) continue
      call ??= acc.openHostedCall(undefined, 'url_context', 'fetch')
      this.fetches.set(url, call)
      acc.updateHostedCall(call, {
        url,
        status: ok ? 'completed' : 'failed',
        errorCode: ok ? undefined : status,
        sources: ok ? [{ url, title: undefined, pageAge: undefined }] : [],
      })
    }
  }
}

function webChunk(value: unknown): HostedSource | undefined {
  const web = asObject(asObject(value)?.web)
  const url = asString(web?.uri)
  return url ? { url, title: asString(web?.title), pageAge: undefined } : undefined
}
