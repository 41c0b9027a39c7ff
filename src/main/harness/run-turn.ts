import type { HistoryAssistantMessage } from '../../shared/chat-history'
import type { InterruptReason, RunStatus } from '../../shared/run-events'
import { SETTING_DEFINITIONS } from '../../shared/settings'
import type { StorageError } from '../../shared/storage-error'
import type { RoundResult } from '../../shared/round-result'
import { hasImages } from '../providers/user-message-parts'
import { executeToolCalls } from './execute-tool-calls'
import { judgeAfterCalls, judgeRound, judgeRoundLimit, type TurnEnding } from './judge-round'
import { MAX_TOOL_CALLS_PER_ROUND, streamRoundWithRetries } from './stream-round-with-retries'
import { createTurnContext, setCallState, showNotice, type TurnContext } from './turn-context'
import type { RunTurnOptions } from './run-turn-options'
import { TurnStorageError } from './turn-storage-error'
import { stopReasonOf } from './stop-cause'
import { leftOutToolsNotices } from './left-out-tools-notice'
import { providerDefinition } from '../providers/provider-registry'
import { providerDisplayName } from '../../shared/provider-display-name'

export { MAX_TOOL_CALLS_PER_ROUND } from './stream-round-with-retries'
export type { RunTurnOptions, TurnProfile } from './run-turn-options'

/** Tool rounds allowed in one turn when nothing else says (the setting's default: one default for everyone). */
export const DEFAULT_MAX_ROUNDS: number = SETTING_DEFINITIONS.maxToolRounds.defaultValue

export interface RunTurnResult {
  status: RunStatus
  conversationId: string
  messageId: string
  turnId: string
  interruptReason: InterruptReason | undefined
  /** Part of the turn could not be saved (a full disk): the user was told; the end is written once possible. */
  storageError: StorageError | undefined
}

/** Where a turn that has started is stored, and the run it belongs to. */
export interface TurnStarted {
  runId: string
  conversationId: string
  messageId: string
  turnId: string
}

/**
 * A turn under way. `started` resolves once the user's message is stored and `run-start` is
 * emitted (before any request); `done` resolves when the turn has ended and `run-end` is emitted.
 * A failure before the start (the message could not be stored, an unknown conversation) rejects
 * both with the same error; either one's handler is enough.
 * After the start, `done` rejects only when the turn's end itself could not be handled (a bug).
 */
export interface RunningTurn {
  started: Promise<TurnStarted>
  done: Promise<RunTurnResult>
}

/**
 * One user turn: every round streamed (one request per round unless a transient failure before
 * any output is retried), two checks before any tool runs (the turn verifiably ended for tool
 * calls — {@link judgeRound}; each call's arguments pass its schema — the registry), every call
 * answered once under its own id, writes approved and ledgered, usage recorded for every attempt,
 * and what the user saw saved however the turn ends, with the notice it showed.
 *
 * The loop only sequences: {@link streamRoundWithRetries} streams a round, {@link judgeRound}
 * decides (pure), {@link executeToolCalls} runs a verified round's calls.
 */
export function runTurn(options: RunTurnOptions): RunningTurn {
  let context: TurnContext
  let started: TurnStarted
  try {
    // Synchronous: a turn has started, or failed to, by the time runTurn returns.
    const startedAt = (options.now ?? Date.now)()
    const begun = options.recorder.begin({
      conversationId: options.conversationId,
      userText: options.userText,
      action: options.action,
      attachments: options.userAttachments,
    })
    context = createTurnContext(options, begun, startedAt)
    started = {
      runId: options.runId ?? `run_${begun.turnId}`,
      conversationId: begun.conversationId,
      messageId: begun.messageId,
      turnId: begun.turnId,
    }
    context.emit({
      type: 'run-start',
      runId: started.runId,
      conversationId: started.conversationId,
      turnId: started.turnId,
      messageId: started.messageId,
      provider: options.provider,
      model: options.connection.model,
    })
  } catch (error) {
    // One promise for both: a caller that watches only one of them handles the rejection.
    const failed = Promise.reject(error)
    return { started: failed, done: failed }
  }
  return { started: Promise.resolve(started), done: runStartedTurn(options, context, started) }
}

/** The turn after its start: the rounds, then its end stored and emitted. */
async function runStartedTurn(
  options: RunTurnOptions,
  context: TurnContext,
  begun: TurnStarted,
): Promise<RunTurnResult> {
  // Tools the provider cannot be sent are named before the request, never learned from its 400.
  const providerName =
    providerDisplayName({
      providerId: options.profile?.id ?? options.provider,
      baseUrl: options.connection.baseUrl,
      name: options.profile?.name,
    }) ?? providerDefinition(options.provider).label
  for (const notice of leftOutToolsNotices(context.leftOutTools, providerName)) showNotice(context, notice)

  let ending: TurnEnding | undefined
  let storageError: StorageError | undefined
  try {
    ending = await loop(context, options.maxRounds ?? DEFAULT_MAX_ROUNDS)
  } catch (error) {
    if (!(error instanceof TurnStorageError)) {
      // A bug: the turn ends, what was shown is kept.
      ending = {
        kind: 'end',
        status: context.progress.shownText.length > 0 ? 'interrupted' : 'failed',
        interruptReason: context.progress.shownText.length > 0 ? 'provider-error' : undefined,
        notice: { id: 'no-answer' },
        error: { kind: 'internal', message: error instanceof Error ? error.message : String(error) },
        unrunCalls: undefined,
      }
    } else {
      // The disk is full (or failing): the turn ends here; everything already saved stays.
      storageError = error.storage
      ending = storageEnding(error)
    }
  }
  // A stop Keel made because no window was left is not the user's stop (labelled apart).
  if (ending.interruptReason === 'user-stop') ending = { ...ending, interruptReason: stopReasonOf(options.signal) }
  if (ending.notice) showNotice(context, ending.notice)
  try {
    const { notices, reasoningMs } = context.progress
    options.recorder.finish({
      status: ending.status,
      interruptReason: ending.interruptReason,
      error: ending.error,
      notices,
      reasoningMs: reasoningMs > 0 ? Math.round(reasoningMs) : undefined,
    })
  } catch (error) {
    if (!(error instanceof TurnStorageError)) throw error
    // The end itself could not be written; the recorder writes it once it can. The user is told now.
    if (!storageError) showNotice(context, storageEnding(error).notice!)
    storageError ??= error.storage
  }
  const status: RunStatus = ending.status === 'complete' ? 'completed' : ending.status
  context.emit({
    type: 'run-end',
    status,
    conversationId: begun.conversationId,
    messageId: begun.messageId,
    ...(ending.interruptReason ? { interruptReason: ending.interruptReason } : {}),
  })
  return {
    status,
    conversationId: begun.conversationId,
    messageId: begun.messageId,
    turnId: begun.turnId,
    interruptReason: ending.interruptReason,
    storageError,
  }
}

/** Round after round until the turn ends; returns how it ended. */
async function loop(context: TurnContext, maxRounds: number): Promise<TurnEnding> {
  const { progress, recorder, signal } = context
  for (let round = 1; ; round++) {
    const limited = judgeRoundLimit(round, maxRounds)
    if (limited) return limited
    const streamed = await streamRoundWithRetries(context, round)
    if (!streamed)
      return {
        kind: 'end',
        status: 'interrupted',
        interruptReason: 'user-stop',
        notice: undefined,
        error: undefined,
        unrunCalls: undefined,
      }
    const { outcome, shownCallIds } = streamed
    const result = outcome.result
    const verdict = judgeRound({
      result,
      stopped: outcome.aborted || signal.aborted,
      outputForwarded: outcome.outputForwarded,
      textShown: progress.shownText.length > 0,
      previousRoundHadToolFailure: progress.previousRoundHadToolFailure,
      maxCallsPerRound: MAX_TOOL_CALLS_PER_ROUND,
      turnTimeoutMs: context.turnTimeoutMs,
      about: {
        providerId: context.profile?.id ?? context.provider,
        name: context.profile?.name,
        baseUrl: context.connection.baseUrl,
        model: context.connection.model,
        apiKeySet: context.connection.apiKey.length > 0,
      },
      imagesSent: progress.history.some((message) => message.role === 'user' && hasImages(message)),
    })
    const roundMessage = assistantRound(context, result)
    // Stored with the round (written by its next write below, or the answer's end).
    if (result.hostedCalls.length > 0 || result.citations.length > 0)
      recorder.recordHosted({ hostedCalls: result.hostedCalls, citations: result.citations })
    if (verdict.kind === 'end') {
      const state = verdict.unrunCalls
      if (state && result.toolCalls.length <= MAX_TOOL_CALLS_PER_ROUND) {
        // Calls that were never run are kept with the answer (shown as such, exported as not run);
        // without a result, they are never sent back to the provider.
        recorder.recordToolRound(roundMessage)
      } else if (verdict.status === 'complete' && result.replay.length > 0) {
        // The answer's last round: its replay data is kept too (providers may want it back next turn).
        recorder.recordReplay(context.provider, result.replay)
      }
      if (state)
        for (const call of result.toolCalls)
          if (shownCallIds.has(call.callId))
            setCallState(context, call, state, state === 'not-run' ? { argumentsText: call.argumentsText } : {})
      return verdict
    }
    recorder.recordToolRound(roundMessage)
    progress.history.push(roundMessage)
    progress.continuesPausedRound = verdict.kind === 'continue-paused'
    // Paused: the next request carries this round as the last assistant message and nothing else.
    if (verdict.kind === 'continue-paused') continue
    const executed = await executeToolCalls(context, result.toolCalls)
    progress.history.push({ role: 'tool-results', results: executed.results })
    progress.previousRoundHadToolFailure = executed.hadFailure
    const after = judgeAfterCalls({ stopped: signal.aborted, invalidTwice: executed.invalidTwice })
    if (after) return after
  }
}

/** A round as history keeps it (and as the next request replays it). */
function assistantRound(context: TurnContext, result: RoundResult): HistoryAssistantMessage {
  return {
    role: 'assistant',
    provider: context.provider,
    text: result.text,
    toolCalls: result.toolCalls.map((call) => ({
      callId: call.callId,
      callIdIsLocal: call.callIdIsLocal,
      name: call.name,
      argumentsText: call.argumentsText,
      arguments: call.arguments,
    })),
    replay: result.replay,
  }
}

function storageEnding(error: TurnStorageError): TurnEnding {
  const full = error.storage.kind === 'full'
  return {
    kind: 'end',
    status: 'failed',
    interruptReason: undefined,
    notice: { id: full ? 'storage-full' : 'storage-failed' },
    error: { kind: full ? 'storage-full' : 'storage', message: error.storage.message },
    unrunCalls: undefined,
  }
}
