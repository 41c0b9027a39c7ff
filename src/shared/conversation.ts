import type { ToolResultImage } from './chat-history'
import type { NoticeRef } from './fallback-messages'
import type { ProviderId } from './provider-id'
import type { Citation, HostedCall } from './hosted-tools'
import type { ReplayItem } from './round-result'
import type { FinishReason } from './finish-reason'
import type { JsonObject } from './json-value'
import type { ToolCallState } from './tool-call-state'
import type { ToolCallOutcome } from './tool-outcome'
import type { ToolPreview } from './tool-preview'
import type { Usage } from './usage'

// Times in these types are epoch milliseconds (UTC), exactly as stored.

export interface Conversation {
  id: string
  title: string
  createdAt: number
  /** Last time a message was added. The conversation list is ordered by it, newest first. */
  updatedAt: number
}

/**
 * Where a message stands among its versions (its siblings of the same role, oldest first): shown as
 * "2 / 3" with "Previous version" / "Next version".
 */
export interface MessageVersions {
  /** From 0. */
  index: number
  count: number
  /** Every version's id, oldest first (this message's included). */
  ids: string[]
}

export interface ConversationSummary extends Conversation {
  messageCount: number
  /** When the user pinned it (pinned conversations are listed on top); absent when not pinned. */
  pinnedAt?: number
}

/**
 * One user request and everything answering it. Regenerating an answer adds another assistant
 * message to the *same* turn, so a write the first answer already made is recognised as the same
 * action by the idempotency ledger (its key includes the turn id).
 */
export interface Turn {
  id: string
  conversationId: string
  createdAt: number
}

export type MessageRole = 'user' | 'assistant' | 'system'

/**
 * - `streaming`: being written now (only ever seen while the app runs; a crash turns it into
 *   `interrupted` / `app-crash` on the next open).
 * - `complete`: the answer ended normally.
 * - `interrupted`: it stopped early; what had arrived is kept (see {@link InterruptReason}).
 * - `failed`: no usable answer (the error is in `error`).
 */
export type MessageStatus = 'streaming' | 'complete' | 'interrupted' | 'failed'

/**
 * Why an answer stopped early: the user pressed stop, the connection broke, the provider failed, the
 * app died, or (`window-closed`) no window was left to show it (closed, or gone while the answer
 * waited for the user's approval): never labelled as a stop by the user.
 */
export type InterruptReason = 'user-stop' | 'network' | 'provider-error' | 'app-crash' | 'window-closed'

/** The error stored with a `failed` message: diagnostics only, never shown as the assistant's words. */
export interface MessageError {
  kind: string
  message: string
}

/** A piece of a message, in order. Text and reasoning grow while streaming; calls and results do not. */
export type MessagePart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  /** A tool call the model made (kept even when it was never run: the text shows what was asked). */
  | {
      type: 'tool-call'
      callId: string
      /** True when the provider sent no id and `callId` was generated locally (never sent back). */
      callIdIsLocal: boolean
      toolName: string
      /** The argument text exactly as streamed. */
      argumentsText: string
      /** The parsed arguments when the text was one JSON object; otherwise `undefined`. */
      arguments: JsonObject | undefined
    }
  /**
   * The one result returned to the model for a call. `state` is what the user's card showed at the
   * end (`denied` and `cancelled` calls carry a synthetic `failed` outcome with the model-facing text).
   */
  | {
      type: 'tool-result'
      callId: string
      toolName: string
      outcome: ToolCallOutcome
      /** Stored before denied/cancelled were outcomes (old rows): the card's end state. */
      state?: ToolCallState
      /** Exactly what the model was sent for this call (newer rows), so later turns send the same. */
      sent?: { content: string; isError: boolean; images?: ToolResultImage[] }
      /**
       * What the approval showed the call would act on (a delete's row), so the reopened card names
       * it as the live one did, not by its id (newer rows; Keel's own tools only).
       */
      preview?: ToolPreview
    }
  /**
   * Provider replay data of the round it follows (thinking signatures, encrypted reasoning): sent
   * back to the same provider in later requests, never shown.
   */
  | { type: 'replay'; provider: ProviderId; item: ReplayItem }
  /**
   * A tool the provider ran itself (web search, page read), its final state, after the text of the
   * round it came with. Shown and exported, never sent back to the model.
   */
  | { type: 'hosted-call'; call: HostedCall }
  /** A source the round's answer cites (see `web-sources.ts` for the numbered list shown). */
  | { type: 'citation'; citation: Citation }

export type MessagePartType = MessagePart['type']

export interface Message {
  id: string
  conversationId: string
  /** The turn it belongs to (every user and assistant message has one; `undefined` for system notes). */
  turnId: string | undefined
  /**
   * The message this one follows in the conversation's tree (`undefined` for a first message).
   * Versions of a message (a regenerated answer, an edited question) are its siblings of the same role.
   */
  parentId?: string | undefined
  /** Position in the conversation, from 1 (creation order, across every branch). */
  seq: number
  role: MessageRole
  status: MessageStatus
  /** Set exactly when `status` is `interrupted`. */
  interruptReason: InterruptReason | undefined
  error: MessageError | undefined
  parts: MessagePart[]
  /** Keel's own messages shown with this answer (worded by the window, in its language). */
  notices: NoticeRef[]
  /** How long the model thought (reasoning) before answering, when it did. */
  reasoningMs: number | undefined
  createdAt: number
  updatedAt: number
}

/** A model call's error, with what the live diagnostics showed (HTTP status, the provider's request id). */
export interface GenerationError extends MessageError {
  status?: number
  requestId?: string
}

/** How a streaming message ends. */
export type MessageEnd =
  | { status: 'complete' }
  | { status: 'interrupted'; reason: Exclude<InterruptReason, 'app-crash'> }
  | { status: 'failed'; error: MessageError }

/**
 * How one model call (one request to a provider) ended.
 * - `running`: still streaming (a crash turns it into `app-crash` on the next open).
 * - `complete`: the provider's end-of-turn signal arrived (any finish reason).
 * - `truncated`: the stream ended without it, or with a length finish.
 * - `provider-error`, `network`, `user-stop`: failed, lost, or stopped by the user.
 * - `app-crash`: the app died during the call; its end time and usage are unknown.
 */
export type GenerationOutcome =
  | 'running'
  | 'complete'
  | 'truncated'
  | 'provider-error'
  | 'network'
  | 'user-stop'
  | 'app-crash'

/** Whether usage numbers came from the provider or were estimated locally because it never said. */
export type UsageSource = 'reported' | 'estimated'

/** One model call: one row per request, retries and rounds included. */
export interface Generation {
  id: string
  turnId: string
  /** The assistant message the call streamed into, when there is one. */
  messageId: string | undefined
  /** Tool round within the turn, from 1. */
  round: number
  /** Attempt within the round (retries of transient failures), from 1. */
  attempt: number
  /** The wire API spoken (`openai-chat`, `anthropic`, …). */
  provider: string
  /** The provider profile it went to (`ollama`, `custom-2`, …; a wire id for calls made before profiles): prices are looked up by it. */
  profile: string
  model: string
  startedAt: number
  /** `undefined` while running and after an app crash (the real end is unknown). */
  endedAt: number | undefined
  outcome: GenerationOutcome
  finishReason: FinishReason | undefined
  rawFinishReason: string | undefined
  error: GenerationError | undefined
  usage: Usage
  /** `undefined` while running and after an app crash. */
  usageSource: UsageSource | undefined
}
