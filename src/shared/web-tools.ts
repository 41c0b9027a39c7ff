/** The search APIs `web_search` can use (`off`: no search tool is offered). */
export const WEB_SEARCH_SERVICES = ['off', 'searxng', 'brave', 'tavily'] as const
export type WebSearchService = (typeof WEB_SEARCH_SERVICES)[number]

/** The services that need a key (kept in the key vault, never in settings). */
export const KEYED_SEARCH_SERVICES = ['brave', 'tavily'] as const
export type KeyedSearchService = (typeof KEYED_SEARCH_SERVICES)[number]

/**
 * The local web tools: `read_web_page` (offered when `readPages`) and `web_search` through the
 * chosen service. Both reach outside the computer and are asked for before each call (the page
 * reader's "always" is per site). Off by default. (No zod here: the window imports this file.)
 */
export interface WebToolsSettings {
  readPages: boolean
  search: WebSearchService
  /** The SearXNG instance (its JSON format must be enabled). */
  searxngUrl: string | null
  /** Limits on the provider's own search, where its API takes them (see {@link HostedSearchLimits}). */
  providerSearch?: HostedSearchLimits | undefined
}

/**
 * Limits the user puts on a provider's own web search. Anthropic takes all three (`max_uses`,
 * `allowed_domains` or `blocked_domains`), the Responses API the allowed sites (`filters`); the
 * others take none and search as they do. Allowed and blocked sites are exclusive (Anthropic's rule).
 */
export interface HostedSearchLimits {
  maxSearches?: number | undefined
  allowedDomains?: string[] | undefined
  blockedDomains?: string[] | undefined
}

/** Most searches one answer may ask for (Anthropic's `max_uses`). */
export const MAX_HOSTED_SEARCHES = 20

export const DEFAULT_WEB_TOOLS: WebToolsSettings = { readPages: false, search: 'off', searxngUrl: null }

/** What the window sees: the settings and whether each keyed service has a key (never the key). */
export interface WebToolsView extends WebToolsSettings {
  keys: Record<KeyedSearchService, { set: false } | { set: true; endsWith: string }>
}
