import type { HostedSearchLimits } from '../../shared/web-tools'
import type { HistoryMessage } from '../../shared/chat-history'

/** Where and as whom to call one provider. */
export interface ProviderConnection {
  /** API base, e.g. `https://api.openai.com/v1` (no trailing slash needed). */
  baseUrl: string
  /** May be empty for local servers (Ollama, LM Studio) that take none. */
  apiKey: string
  model: string
}

/** A tool as offered to the model: its JSON Schema is generated from the tool's zod schema. */
export interface ProviderToolDefinition {
  name: string
  description: string
  inputSchema: Record<string, unknown>
}

export interface BuildRequestInput {
  connection: ProviderConnection
  system: string | undefined
  history: readonly HistoryMessage[]
  tools: readonly ProviderToolDefinition[]
  /** Output-token cap; Anthropic requires one. */
  maxOutputTokens: number | undefined
  /**
   * Index in `history` of the question this request answers: its files (and this turn's tool
   * images after it) always go, earlier ones within the provider's budget. Absent: the last user message.
   */
  currentQuestion?: number | undefined
  /** Sampling temperature (0–2; Anthropic's cap of 1 is applied by its builder); unset: the provider's default, nothing sent. */
  temperature?: number | undefined
  /**
   * Offer the provider's own web search (its hosted tool: the provider runs it, Keel only reads
   * what it did). Only the APIs in `hasHostedSearch` read it.
   */
  hostedSearch?: boolean | undefined
  /** The user's limits on it, for the APIs that take them (Anthropic: all; Responses: allowed sites). */
  hostedSearchLimits?: HostedSearchLimits | undefined
}

/** The name every provider's hosted search has; Keel's own `web_search` gives way to it in that request. */
export const HOSTED_SEARCH_NAME = 'web_search'

/** The client tools of a request with hosted search on: a client tool named like the hosted one would clash. */
export function clientToolsBeside(
  tools: readonly ProviderToolDefinition[],
  hostedSearch: boolean | undefined,
): readonly ProviderToolDefinition[] {
  return hostedSearch ? tools.filter((tool) => tool.name !== HOSTED_SEARCH_NAME) : tools
}

/** A streaming HTTP request, ready for `fetch`. */
export interface ProviderRequest {
  url: string
  headers: Record<string, string>
  body: Record<string, unknown>
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

/** The arguments to echo back for a call: the parsed object, or `{}` for a call that never parsed
 * (it was answered with an error result, never executed; the API still needs an object there). */
export function argumentsForHistory(call: { arguments: Record<string, unknown> | undefined }): Record<string, unknown> {
  return call.arguments ?? {}
}
