import type { ProviderId } from './provider-id'
import type { PresetId } from './provider-profiles'

/**
 * The entries whose provider runs web search itself, asked for in the request: Anthropic's
 * `web_search` server tool, the Responses API's `web_search` tool, Gemini's `google_search` (both
 * generateContent and the Interactions API), and OpenRouter's web plugin (an entry made from the
 * OpenRouter preset). Chat Completions itself has none: other servers are not guessed at.
 */
export function hasHostedSearch(api: ProviderId, preset?: PresetId): boolean {
  if (api === 'openai-chat') return preset === 'openrouter'
  return api === 'anthropic' || api === 'openai-responses' || api === 'gemini' || api === 'gemini-interactions'
}
