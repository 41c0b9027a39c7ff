import type { HostedSearchLimits } from '../../shared/web-tools'
// What a turn is started with (kept apart from run-turn.ts so the turn's parts can name it
// without importing the loop: no import cycle, `import type` included).
import type { CheckedAttachment } from '../../shared/attachments'
import type { Locale } from '../../shared/locale'
import type { ProviderId } from '../../shared/provider-id'
import type { RunEvent } from '../../shared/run-events'
import type { ProviderConnection } from '../providers/provider-request'
import type { ToolSet } from '../tools/tool-registry'
import type { Approver, Elicitor } from './approval'
import type { RetryPolicy } from './retry-policy'
import type { FetchLike, RoundOutcome, StreamModelRoundOptions } from './stream-model-round'
import type { TurnAction, TurnRecorder } from './turn-recorder'

/** One model round: `streamModelRound` over HTTP, a key-scrubbing wrapper, or a test's scripted model. */
export type StreamRound = (options: StreamModelRoundOptions) => Promise<RoundOutcome>

/** A turn's provider profile as the user knows it (see {@link RunTurnOptions.profile}). */
export interface TurnProfile {
  id: string
  name: string | undefined
}

export interface RunTurnOptions {
  conversationId?: string | undefined
  userText: string
  /** Regenerate, edit and resend, or continue a stored message instead of asking a new question. */
  action?: TurnAction | undefined
  /** Files on the user's message, already checked (type, magic bytes, sizes). */
  userAttachments?: readonly CheckedAttachment[] | undefined
  provider: ProviderId
  /**
   * The profile this turn goes to, as the user knows it: its id (whose Settings entry fixes a
   * failure) and the name the user gave it (undefined when it has none of its own). Absent: the wire id.
   */
  profile?: TurnProfile | undefined
  connection: ProviderConnection
  locale: Locale
  system?: string | undefined
  /** The user's IANA time zone: the tools read and write calendar days as local days in it. */
  timeZone: string
  /** The stop button: aborts the provider request, cancels tools not started, ends the turn. */
  signal: AbortSignal
  approver: Approver
  /** Asks the user for a server's form while a call runs (absent: such requests are declined). */
  elicit?: Elicitor | undefined
  /** Write tools the user allowed for good ("always allow"); `always` answers add to it. */
  alwaysAllowed?: Set<string>
  onEvent: (event: RunEvent) => void
  recorder: TurnRecorder
  /** The turn's tools, fixed for the turn (a registry's `snapshot()`; a source that changes mid-turn changes the next turn). */
  tools: ToolSet
  fetch?: FetchLike
  now?: () => number
  random?: () => number
  /** Tool rounds allowed in one turn (default: the `maxToolRounds` setting's default). */
  maxRounds?: number
  /** A round that makes no progress (no content, no finish) for this long is stalled (default 60 s). */
  idleTimeoutMs?: number
  /** The whole turn must be over this long after it started (rounds, retries and waits included); unset: no limit. */
  turnTimeoutMs?: number
  retryPolicy?: RetryPolicy
  maxOutputTokens?: number | undefined
  /** The conversation's temperature (unset: the provider's default). */
  temperature?: number | undefined
  /** Ask the provider to run web search itself (its own hosted tool), where its API has one. */
  hostedSearch?: boolean | undefined
  /** The user's limits on that search (Settings → Web). */
  hostedSearchLimits?: HostedSearchLimits | undefined
  runId?: string
  /**
   * One model round (default `streamModelRound`, over HTTP). The turn setup wraps it to
   * scrub keys; tests pass a scripted model (`scripted-model.ts`) to drive the harness without HTTP.
   */
  streamRound?: StreamRound
}
