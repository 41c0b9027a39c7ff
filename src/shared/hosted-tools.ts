/**
 * Tools the provider runs itself (web search, page fetch, code execution…): the normalized shapes
 * every adapter reads them into. They are never client tool calls: nothing here reaches the tool
 * registry, the gate or the ledger; they are shown, stored and (for Anthropic) sent back verbatim.
 * Plain JSON throughout, so a stored answer can keep them as they arrived.
 */

/** What a hosted call does, as far as Keel shows it. */
export type HostedToolKind = 'search' | 'fetch' | 'other'

/**
 * - `running`: announced, no result yet (a stream cut here leaves it so).
 * - `completed`: the provider reported it done (with or without sources).
 * - `failed`: the provider reported an error for it (`errorCode` says which, when given).
 */
export type HostedCallStatus = 'running' | 'completed' | 'failed'

/** One page a hosted search found or a fetch read. */
export interface HostedSource {
  url: string
  title: string | undefined
  /** How old the page is, as the provider words it ("3 hours ago", a date); Anthropic only. */
  pageAge: string | undefined
}

/**
 * A hosted call as it stands (the latest state: events repeat it whole as it changes).
 * The same `id` in a later event replaces the earlier state.
 */
export interface HostedCall {
  /** The provider's id (`srvtoolu_…`, `ws_…`, a step id), or one made here when it sent none. */
  id: string
  /** The provider's own tool name: `web_search`, `web_fetch`, `google_search`, `url_context`, `code_execution`… */
  toolName: string
  kind: HostedToolKind
  /** What was searched for (several for Google, which runs a few queries at once). */
  queries: string[]
  /** The page fetched or opened (fetch), when the provider says. */
  url: string | undefined
  status: HostedCallStatus
  /** The provider's error code when `status` is `failed` (`max_uses_exceeded`, `url_not_accessible`…). */
  errorCode: string | undefined
  /** The pages the call found or read, in the provider's order, once its result arrived. */
  sources: HostedSource[]
  /**
   * Google Search suggestions as Google renders them (HTML with its own style). Google's terms
   * require showing them with grounded answers; render without script.
   */
  suggestionsHtml: string | undefined
}

/**
 * A source the answer cites. `span` places it in the round's answer text (`RoundResult.text`, in
 * UTF-16 code units, end exclusive) when the provider says where; `citedText` is the source's own
 * words when the provider quotes them (Anthropic), `supportedText` the answer's words it supports
 * when the provider repeats them (Google).
 */
export interface Citation {
  url: string
  title: string | undefined
  citedText: string | undefined
  supportedText: string | undefined
  span: { start: number; end: number } | undefined
}
