import type { ProviderId } from './provider-id'
import type { ReplayItem } from './round-result'

/**
 * A conversation as the providers see it, one entry per model round, independent of any one
 * provider: each adapter converts it to its own request format. An assistant message may have
 * been produced by another provider than the one it is sent to next (a conversation can switch
 * providers); provider-specific replay data is only sent back to the provider that produced it.
 */
export type HistoryMessage = HistoryUserMessage | HistoryAssistantMessage | HistoryToolResultsMessage

export interface HistoryUserMessage {
  role: 'user'
  /** May be empty when the message is only files. */
  text: string
  /** Files the user attached, in the order they were attached (absent: none). */
  attachments?: HistoryAttachment[]
}

/**
 * A file on a user message, as every request builder sends it: an image as base64 in the provider's
 * image part (like {@link ToolResultImage}); a text file as text (a fenced block with its name); a
 * file this request leaves out (over the history budget) as a short placeholder with its name.
 */
export type HistoryAttachment =
  | { kind: 'image'; name: string; mimeType: string; data: string }
  | { kind: 'text'; name: string; text: string }
  | { kind: 'omitted'; name: string; was: 'image' | 'text' }

export interface HistoryAssistantMessage {
  role: 'assistant'
  /** Which wire API produced this round (decides whether `replay` may be sent back). */
  provider: ProviderId
  text: string
  toolCalls: HistoryToolCall[]
  /** Reasoning signatures / encrypted reasoning, in stream order (see {@link ReplayItem}). */
  replay: ReplayItem[]
}

export interface HistoryToolCall {
  callId: string
  /** The provider sent no id (Gemini): `callId` was made up locally and is never sent to that provider. */
  callIdIsLocal: boolean
  name: string
  /** The argument text as the model wrote it. */
  argumentsText: string
  /** The parsed arguments, when the text was one JSON object. */
  arguments: Record<string, unknown> | undefined
}

/** The results of the previous assistant round's calls, one per call, in the calls' order. */
export interface HistoryToolResultsMessage {
  role: 'tool-results'
  results: HistoryToolResult[]
}

export interface HistoryToolResult {
  callId: string
  name: string
  /** What the model reads: JSON text of the tool's output or of its error (cut to a size the model can take, with a note). */
  content: string
  isError: boolean
  /** Images the tool returned, sent inside the result where the provider takes them (Chat Completions: in a following user message). */
  images?: ToolResultImage[]
}

/** An image a tool returned (base64). */
export interface ToolResultImage {
  mimeType: string
  data: string
}
