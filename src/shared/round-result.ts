import type { FinishReason } from './finish-reason'
import type { Citation, HostedCall } from './hosted-tools'
import type { ProviderError } from './provider-error'
import type { ProviderId } from './provider-id'
import type { Usage } from './usage'

/** One tool call as the provider sent it, after the stream ended. */
export interface TurnToolCall {
  /** The id to answer under (`call_id`, `tool_call_id`, `tool_use_id`, step id), or a local one. */
  callId: string
  /** True when the provider sent no id and `callId` was generated here: never send it back. */
  callIdIsLocal: boolean
  name: string
  /** The argument text exactly as accumulated (Anthropic's empty input normalized to `{}`). */
  argumentsText: string
  /** The parsed arguments when the call was closed and its text is one JSON object; otherwise undefined. */
  arguments: Record<string, unknown> | undefined
  /** Whether the provider closed the call (a call still open at the end is a truncation). */
  closed: boolean
}

/**
 * Opaque pieces the provider requires back in the next request (reasoning signatures,
 * encrypted reasoning, redacted thinking). Kept in stream order; only the same provider reads them.
 */
export type ReplayItem =
  | { type: 'anthropic-thinking'; thinking: string; signature: string }
  | { type: 'anthropic-redacted-thinking'; data: string }
  | { type: 'openai-reasoning'; itemId: string; encryptedContent: string | undefined; summary: string[] }
  | { type: 'gemini-thought-signature'; signature: string; callId: string | undefined }
  | { type: 'interactions-thought'; signature: string; summary: string }
  /**
   * An Anthropic server-tool block (`server_tool_use`, `web_search_tool_result`, `web_fetch_tool_result`,
   * `mcp_tool_use`…) exactly as received (results carry encrypted content the API wants back).
   * `textOffset`: how much of the round's text came before it, so the blocks go back in their place.
   */
  | { type: 'anthropic-server-block'; block: Record<string, unknown>; textOffset: number }

/** Everything a finished (or failed, or cut) stream amounted to. */
export interface RoundResult {
  provider: ProviderId
  /** The provider's positive end-of-turn signal arrived. */
  complete: boolean
  /** The end signal never came, the finish was a length one, or a call was opened and never closed. */
  truncated: boolean
  finishReason: FinishReason | null
  rawFinishReason: string | null
  text: string
  reasoning: string
  /** Client tool calls only: the provider asks Keel to run these (after the gate). */
  toolCalls: TurnToolCall[]
  /** Tools the provider ran itself, in the order they were announced: never run here. */
  hostedCalls: HostedCall[]
  /** Sources the answer cites, in stream order. */
  citations: Citation[]
  usage: Usage
  error: ProviderError | undefined
  replay: ReplayItem[]
  /** Provider's response / message id, when it sent one. */
  responseId: string | undefined
  model: string | undefined
}
