import { noticeForProviderError, type ProviderAbout } from '../../shared/error-notice'
import { isImageRefusal } from '../providers/image-refusal'
import type { NoticeRef } from '../../shared/fallback-messages'
import type { InterruptReason, ToolCallState } from '../../shared/run-events'
import type { RoundResult } from '../../shared/round-result'
import { mayRunToolCalls } from '../providers/turn-verdict'
import { TURN_DEADLINE_CODE } from './stream-model-round'

/** How a turn ends, as the message keeps it. */
export type TurnStatus = 'complete' | 'interrupted' | 'failed'

/**
 * The turn is over: its status, why it was interrupted, the one notice Keel shows (and stores),
 * the error kept for diagnostics, and the card state every call of the last round ends in (calls
 * that were never run).
 */
export interface TurnEnding {
  kind: 'end'
  status: TurnStatus
  interruptReason: Exclude<InterruptReason, 'app-crash'> | undefined
  notice: NoticeRef | undefined
  error: { kind: string; message: string } | undefined
  /** The state of the round's calls that were never run (undefined: the round had none, or they ran). */
  unrunCalls: Extract<ToolCallState, 'not-run' | 'cancelled'> | undefined
}

/** The round's calls may run (the turn verifiably ended for them). */
export interface RunCalls {
  kind: 'run-calls'
}

/**
 * The provider paused its own tool loop (Anthropic `pause_turn`): the round is sent back as it is
 * and the answer goes on in a next round (counted against the round limit). Nothing runs here.
 */
export interface ContinuePaused {
  kind: 'continue-paused'
}

export type RoundVerdict = TurnEnding | RunCalls | ContinuePaused

/** What the decision needs to know about one streamed round and the turn so far. */
export interface RoundFacts {
  result: RoundResult
  /** The request carried a user's images (a refusal about images then means the model has no vision). */
  imagesSent?: boolean
  /** The user's stop ended the round. */
  stopped: boolean
  /** Text, reasoning or a call of this round reached the user. */
  outputForwarded: boolean
  /** Any answer text was shown in this turn (earlier rounds included). */
  textShown: boolean
  /** A call of the previous round failed (then a provider failure gets a message that says so). */
  previousRoundHadToolFailure: boolean
  /** Calls one answer may make (see `MAX_TOOL_CALLS_PER_ROUND`). */
  maxCallsPerRound: number
  /** The turn's overall limit, when it has one (said in the message when it is what ended the turn). */
  turnTimeoutMs?: number | undefined
  /** Where the request went (named in a failure's message: "Is Ollama running at 127.0.0.1:11434?"). */
  about?: ProviderAbout | undefined
}

const end = (ending: Omit<TurnEnding, 'kind'>): TurnEnding => ({ kind: 'end', ...ending })

/**
 * The harness's end-of-round decision, pure: given what the round amounted to and the turn so far,
 * either "run these calls" or "end the turn like this". Checks, in order: the user's stop; a
 * provider error (a connection lost after output is a cut, not a failure); too many calls; a cut
 * (no end signal, a length finish, a call left open); a round the provider paused (continued, never
 * with client calls in it); a turn that did not verifiably end for its calls; otherwise the calls run (two checks passed: the turn ended, and — next, per call — the
 * arguments).
 */
export function judgeRound(facts: RoundFacts): RoundVerdict {
  const { result } = facts
  const calls = result.toolCalls
  const hasCalls = calls.length > 0
  if (facts.stopped) {
    return end({
      status: 'interrupted',
      interruptReason: 'user-stop',
      notice: undefined,
      error: undefined,
      unrunCalls: hasCalls ? 'cancelled' : undefined,
    })
  }
  const error = result.error
  const cutMidAnswer =
    error !== undefined &&
    (error.kind === 'network' || error.kind === 'truncated') &&
    (hasCalls || facts.outputForwarded)
  if (error && !cutMidAnswer) {
    // One message per cause (error-notice.ts); an unexplained failure right after a failed action says so.
    const classified = noticeForProviderError(
      error,
      facts.about ?? { providerId: result.provider, baseUrl: undefined, model: result.model ?? '', apiKeySet: true },
    )
    const notice: NoticeRef =
      error.code === TURN_DEADLINE_CODE
        ? { id: 'turn-timeout', values: { seconds: Math.round((facts.turnTimeoutMs ?? 0) / 1000) } }
        : facts.imagesSent && isImageRefusal(error)
          ? { id: 'images-not-supported' }
          : classified.id === 'no-answer' && facts.previousRoundHadToolFailure
            ? { id: 'tool-failed-no-answer' }
            : classified
    const stored = { kind: error.kind, message: error.message }
    return facts.textShown
      ? end({
          status: 'interrupted',
          interruptReason: error.kind === 'network' || error.kind === 'truncated' ? 'network' : 'provider-error',
          notice,
          error: stored,
          unrunCalls: hasCalls ? 'not-run' : undefined,
        })
      : end({
          status: 'failed',
          interruptReason: undefined,
          notice,
          error: stored,
          unrunCalls: hasCalls ? 'not-run' : undefined,
        })
  }
  if (calls.length > facts.maxCallsPerRound) {
    return end({
      status: 'failed',
      interruptReason: undefined,
      notice: { id: 'too-many-tool-calls', values: { count: calls.length, max: facts.maxCallsPerRound } },
      error: {
        kind: 'too-many-tool-calls',
        message: `The model asked for ${calls.length} actions in one answer; at most ${facts.maxCallsPerRound} are run`,
      },
      unrunCalls: 'not-run',
    })
  }
  if (!result.complete || result.truncated) {
    // Cut off (length, a call left open, a dropped connection): keep the text, run nothing.
    return end({
      status: 'interrupted',
      interruptReason: result.complete ? 'provider-error' : 'network',
      // A length finish is the output limit, not a failure: the message says so (and Continue keys on it).
      notice: hasCalls
        ? { id: 'truncated-actions-not-run', values: { actions: calls.map((c) => c.name) } }
        : result.finishReason === 'length'
          ? { id: 'length-limit' }
          : { id: 'truncated' },
      error: cutMidAnswer ? { kind: error.kind, message: error.message } : undefined,
      unrunCalls: hasCalls ? 'not-run' : undefined,
    })
  }
  if (result.finishReason === 'paused' && !hasCalls) return { kind: 'continue-paused' }
  if (!mayRunToolCalls(result)) {
    // A finished answer; calls without a tool-call finish (a compatible server that never sent one, a filter) never run.
    return end({
      status: 'complete',
      interruptReason: undefined,
      notice: hasCalls ? { id: 'not-executed-unconfirmed', values: { actions: calls.map((c) => c.name) } } : undefined,
      error: undefined,
      unrunCalls: hasCalls ? 'not-run' : undefined,
    })
  }
  return { kind: 'run-calls' }
}

/** Before a round starts: the round limit. */
export function judgeRoundLimit(round: number, maxRounds: number): TurnEnding | undefined {
  if (round <= maxRounds) return undefined
  return end({
    status: 'failed',
    interruptReason: undefined,
    notice: { id: 'max-rounds', values: { max: maxRounds } },
    error: { kind: 'max-rounds', message: `Stopped after ${maxRounds} tool rounds` },
    unrunCalls: undefined,
  })
}

/** After a round's calls ran: the user's stop during them, or a second invalid call in a row. */
export function judgeAfterCalls(facts: { stopped: boolean; invalidTwice: boolean }): TurnEnding | undefined {
  if (facts.stopped)
    return end({
      status: 'interrupted',
      interruptReason: 'user-stop',
      notice: undefined,
      error: undefined,
      unrunCalls: undefined,
    })
  if (facts.invalidTwice) {
    return end({
      status: 'failed',
      interruptReason: undefined,
      notice: { id: 'invalid-arguments-twice' },
      error: { kind: 'invalid-arguments', message: 'The model sent invalid arguments twice in a row' },
      unrunCalls: undefined,
    })
  }
  return undefined
}
