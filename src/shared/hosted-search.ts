import type { ProviderId } from './provider-id'

/**
 * The wire APIs whose provider runs web search itself, asked for in the request: Anthropic's
 * `web_search` server tool, the Responses API's `web_search` tool, Gemini's `google_search` (both
 * generateContent and the Interactions API). Chat Completions has none in the API itself (some
 * servers add their own option; Keel does not guess which server it talks to).
 */
export function hasHostedSearch(api: ProviderId): boolean {
  return api === 'anthropic' || api === 'openai-responses' || api === 'gemini' || api === 'gemini-interactions'
}
