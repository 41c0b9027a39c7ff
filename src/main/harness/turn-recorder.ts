import type { CheckedAttachment } from '../../shared/attachments'
import type { HistoryAssistantMessage, HistoryMessage, HistoryToolResult } from '../../shared/chat-history'
import type { Citation, HostedCall } from '../../shared/hosted-tools'
import type { ProviderId } from '../../shared/provider-id'
import type { NoticeRef } from '../../shared/fallback-messages'
import type { InterruptReason } from '../../shared/run-events'
import type { ToolCallOutcome } from '../../shared/tool-outcome'
import type { ToolPreview } from '../../shared/tool-preview'
import type { ReplayItem, RoundResult } from '../../shared/round-result'
import type { Usage } from '../../shared/usage'

/**
 * A turn that is not a plain new question (the message actions):
 * - `regenerate`: answers the question of assistant message `messageId` again, as a new version of
 *   that answer in the *same* turn (so the idempotency ledger knows the writes the first one made);
 *   the question is neither stored nor sent twice.
 * - `edit`: the user message `messageId` edited and sent again: a new question (new turn) beside it,
 *   as its version; the history is what came before the original.
 * - `continue`: assistant message `messageId` was cut off by the length limit; the model is sent it
 *   as its own partial answer and asked to go on; the new text is added to the same message.
 */
export type TurnAction =
  | { kind: 'regenerate'; messageId: string }
  | { kind: 'edit'; messageId: string }
  | { kind: 'continue'; messageId: string }

/**
 * What the harness persists while a turn runs. The store implements it (`store-turn-recorder.ts`);
 * every method is synchronous (SQLite transactions never await).
 */
export interface TurnRecorder {
  /** Stores the user's message, opens a turn and a `streaming` assistant message; returns the history to send. */
  begin(input: {
    conversationId: string | undefined
    userText: string
    action?: TurnAction | undefined
    attachments?: readonly CheckedAttachment[] | undefined
  }): {
    conversationId: string
    turnId: string
    messageId: string
    history: HistoryMessage[]
  }
  /** Streamed answer text, as shown (batched by the store). */
  appendText(delta: string): void
  /** Streamed reasoning ("thinking"), as shown. */
  appendReasoning(delta: string): void
  /** A round that ended in tool calls (with its replay data): kept so the next request can replay it. */
  recordToolRound(round: HistoryAssistantMessage): void
  /**
   * A round's hosted calls (final state per id) and the sources its answer cites: stored after the
   * round's text, in the transaction that writes the round (its calls or replay data) or the answer's end.
   */
  recordHosted(round: { hostedCalls: readonly HostedCall[]; citations: readonly Citation[] }): void
  /** Replay data of a round that ended without calls (the answer's last round). */
  recordReplay(provider: ProviderId, items: readonly ReplayItem[]): void
  /** One call's outcome, exactly what the model was sent for it, and what its approval showed it would act on. */
  recordToolResult(result: HistoryToolResult, outcome: ToolCallOutcome, preview?: ToolPreview | undefined): void
  /** One model call (one row per attempt). Returns its id. */
  startGeneration(input: {
    round: number
    attempt: number
    provider: ProviderId
    profile?: string | undefined
    model: string
    startedAt: number
  }): string
  finishGeneration(
    id: string,
    input: {
      endedAt: number
      /** The user's stop ended the call. */
      aborted: boolean
      /** What the call amounted to (undefined if the harness itself failed mid-call). */
      result: RoundResult | undefined
      usage: Usage
      estimated: boolean
      status: number | undefined
      requestId: string | undefined
    },
  ): void
  /** Ends the assistant message, with Keel's own messages it showed and how long the model thought. */
  finish(input: {
    status: 'complete' | 'interrupted' | 'failed'
    interruptReason: InterruptReason | undefined
    error: { kind: string; message: string } | undefined
    notices: readonly NoticeRef[]
    reasoningMs?: number | undefined
  }): void
}
