import type { FallbackMessageId, FallbackValues } from './fallback-messages'
import type { ProviderErrorKind } from './provider-error'
import type { ProviderId } from './provider-id'
import type { StreamEvent } from './stream-events'
import type { InterruptReason } from './conversation'
import type { ToolCallState } from './tool-call-state'
import type { Usage } from './usage'
import type { JsonValue } from './json-value'
import type { ToolPreview } from './tool-preview'
import type { ToolArgumentIssue } from './tool-outcome'

export type { InterruptReason } from './conversation'
export type { ToolCallState } from './tool-call-state'

/** How a turn ended. */
export type RunStatus = 'completed' | 'interrupted' | 'failed'

/**
 * Everything a running turn tells the UI (or `keel chat --json`), in order. Deltas, not snapshots:
 * the receiver reduces them. Plain data: these cross IPC and the browser-mode WebSocket.
 */
export type RunEvent =
  | {
      type: 'run-start'
      runId: string
      conversationId: string
      turnId: string
      messageId: string
      provider: ProviderId
      model: string
    }
  | { type: 'round-start'; round: number; attempt: number }
  /** A normalized provider event, forwarded as it arrived (a `text-delta` may carry a paragraph break between rounds). */
  | { type: 'stream'; round: number; event: StreamEvent }
  | { type: 'retry-scheduled'; attempt: number; delayMs: number; reason: ProviderErrorKind; message: string }
  /**
   * `output`: a finished call's result, for the card's readable summary (the raw JSON stays behind a disclosure).
   * `issues`: why invalid arguments were refused, each with its reason as data (the card says it in the user's language).
   */
  | {
      type: 'tool-call'
      callId: string
      name: string
      state: ToolCallState
      argumentsText?: string
      summary?: string
      output?: JsonValue
      issues?: ToolArgumentIssue[]
    }
  | {
      type: 'approval-request'
      approvalId: string
      callId: string
      name: string
      arguments: Record<string, unknown>
      /** The tool's title, who provides it (an MCP server) and its hints, for the card. */
      title?: string
      provider?: string
      hints?: { destructive?: boolean | undefined; openWorld?: boolean | undefined; readOnly?: boolean | undefined }
      /** False: no "always allow" for this one (it may delete or overwrite); the card offers only allow and deny. */
      allowAlways?: boolean
      /** What "always allow" covers when it is granted per call, not per tool (the page reader: the site). */
      alwaysFor?: string
      /** What the call would act on (the row a delete removes), looked up before asking; Keel's own tools only. */
      preview?: ToolPreview
    }
  /**
   * A tool's server asks the user for input while a call runs (MCP elicitation): a form of flat
   * fields (`requestedSchema`), answered with `elicitations.answer`; unanswered when the run ends = cancelled.
   */
  | {
      type: 'elicitation-request'
      elicitationId: string
      callId: string
      from: string
      message: string
      requestedSchema: Record<string, unknown>
    }
  /** A running call reported how far it is (a tool outside Keel: an MCP server's progress notifications). */
  | { type: 'tool-progress'; callId: string; progress: number; total?: number; message?: string }
  /** A message Keel wrote itself (translated); never the provider's words. `id` and `values` are what is stored with the answer. */
  | { type: 'notice'; id: FallbackMessageId; text: string; values?: FallbackValues }
  /** Technical details, kept apart from the answer (shown behind a disclosure). */
  | {
      type: 'diagnostics'
      round: number
      attempt: number
      kind: ProviderErrorKind
      status: number | undefined
      requestId: string | undefined
      providerMessage: string
    }
  | { type: 'usage'; round: number; attempt: number; usage: Usage; estimated: boolean }
  | {
      type: 'run-end'
      status: RunStatus
      conversationId: string
      messageId: string
      interruptReason?: InterruptReason
    }

export type RunEventType = RunEvent['type']

/** What one failed model call showed behind the diagnostics disclosure (live, and for a stored answer). */
export type AttemptDiagnostic = Omit<Extract<RunEvent, { type: 'diagnostics' }>, 'type'>
