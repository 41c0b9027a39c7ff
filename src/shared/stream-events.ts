import type { FinishReason } from './finish-reason'
import type { Citation, HostedCall } from './hosted-tools'
import type { ProviderError } from './provider-error'
import type { Usage } from './usage'

/**
 * The normalized stream every provider adapter produces, event by event, as bytes arrive.
 * Tool-call events describe a call being *prepared*: a draft to show, never an action to run.
 * Only the {@link RoundResult} at the end, judged by `mayRunToolCalls`, may lead to execution.
 */
export type StreamEvent =
  | { type: 'text-delta'; delta: string }
  | { type: 'reasoning-delta'; delta: string }
  /** A tool call opened: its id (as the provider gave it, or generated locally) and name. */
  | { type: 'tool-call-start'; callId: string; name: string }
  /** A fragment of the call's argument text, in order. */
  | { type: 'tool-call-delta'; callId: string; delta: string }
  /** The provider closed the call's arguments (they may still be invalid JSON). */
  | { type: 'tool-call-end'; callId: string }
  /**
   * A tool the provider runs itself (web search, fetch…) was announced or changed: its whole
   * current state, replacing any earlier one with the same id. Never a client tool call.
   */
  | { type: 'hosted-call'; call: HostedCall }
  /** The answer cites a source (a URL citation, a grounding support). */
  | { type: 'citation'; citation: Citation }
  /** Emitted once, last, when the stream is over (whether or not it ended well). */
  | {
      type: 'finish'
      finishReason: FinishReason | null
      rawFinishReason: string | null
      usage: Usage
      complete: boolean
      truncated: boolean
    }
  | { type: 'error'; error: ProviderError }

export type StreamEventType = StreamEvent['type']
