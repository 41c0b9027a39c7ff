import type { HostedCall } from '../../shared/hosted-tools'
import { fallbackMessage } from '../../shared/fallback-messages'
import { buildProviderRequest } from '../providers/provider-registry'
import { cancellableSleep } from './cancellable-sleep'
import { completeEstimate, estimateUsage, isReportedUsage, neverGenerated, NOT_BILLED } from './estimate-usage'
import { nextRetryDelayMs } from './retry-policy'
import type { RoundOutcome } from './stream-model-round'
import { endReasoning, setCallState, type TurnContext } from './turn-context'

/**
 * Calls one answer may make. More is a broken or hostile model (one answer with 10,000 calls once
 * wrote 10,000 rows): none of them runs, the window is shown at most this many drafts, and the
 * turn ends with a clear message.
 */
export const MAX_TOOL_CALLS_PER_ROUND = 64

export interface StreamedRound {
  outcome: RoundOutcome
  /** Calls of the last attempt the window was told about (at most {@link MAX_TOOL_CALLS_PER_ROUND}). */
  shownCallIds: ReadonlySet<string>
}

/**
 * One round: a streamed model call, retried when it failed transiently before any output reached
 * the user (never after: a retry would show it twice). Every attempt gets its usage row, however
 * it ended. Text of a round after the first starts a new paragraph. Returns undefined when the
 * user stopped during a wait between attempts.
 */
export async function streamRoundWithRetries(context: TurnContext, round: number): Promise<StreamedRound | undefined> {
  const { emit, recorder, progress, signal } = context
  for (let attempt = 1; ; attempt++) {
    emit({ type: 'round-start', round, attempt })
    const request = buildProviderRequest(context.provider, {
      connection: context.connection,
      system: context.system,
      history: progress.history,
      currentQuestion: context.questionIndex,
      tools: context.toolDefinitions,
      maxOutputTokens: context.maxOutputTokens,
      temperature: context.temperature,
      hostedSearch: context.hostedSearch,
      hostedSearchLimits: context.hostedSearchLimits,
    })
    // A round after tool results starts a new paragraph; one that continues a paused round goes on as it was.
    let needsBreak =
      round > 1 &&
      !progress.continuesPausedRound &&
      progress.shownText.length > 0 &&
      !progress.shownText.endsWith('\n\n')
    let outputText = ''
    const shownCallIds = new Set<string>()
    let outcome: RoundOutcome | undefined
    const generationId = recorder.startGeneration({
      round,
      attempt,
      provider: context.provider,
      profile: context.profile?.id ?? context.provider,
      model: context.connection.model,
      startedAt: context.now(),
    })
    try {
      outcome = await context.streamRound({
        provider: context.provider,
        request,
        fetch: context.fetch,
        signal,
        stallTimeoutMs: context.stallTimeoutMs,
        deadlineAt: context.deadlineAt,
        localIdPrefix: `${context.turn.turnId}_r${round}a${attempt}_`,
        now: context.now,
        onEvent: (event) => {
          switch (event.type) {
            case 'text-delta': {
              endReasoning(context)
              let delta = event.delta
              if (needsBreak) {
                delta = (progress.shownText.endsWith('\n') ? '\n' : '\n\n') + delta
                needsBreak = false
              }
              progress.shownText += delta
              outputText += event.delta
              // Shown first, then stored: the store's write may flush (a transaction, the search
              // index, a checkpoint) and must never hold the word back from the window.
              emit({ type: 'stream', round, event: { type: 'text-delta', delta } })
              recorder.appendText(delta)
              return
            }
            case 'reasoning-delta':
              progress.reasoningSince ??= context.now()
              outputText += event.delta
              emit({ type: 'stream', round, event })
              recorder.appendReasoning(event.delta)
              return
            case 'tool-call-start':
              endReasoning(context)
              outputText += event.name
              // Past the cap the answer will not run anyway: the window is not flooded with drafts.
              if (shownCallIds.size >= MAX_TOOL_CALLS_PER_ROUND) return
              shownCallIds.add(event.callId)
              emit({ type: 'stream', round, event })
              setCallState(context, event, 'preparing')
              return
            case 'tool-call-delta':
              outputText += event.delta
              if (shownCallIds.has(event.callId)) emit({ type: 'stream', round, event })
              return
            case 'tool-call-end':
              if (shownCallIds.has(event.callId)) emit({ type: 'stream', round, event })
              return
            default:
              emit({ type: 'stream', round, event })
          }
        },
      })
    } finally {
      endReasoning(context)
      // Usage is recorded once per attempt, however the attempt ended. A call the provider turned
      // away before generating anything (never connected; an HTTP error status) is not billed: 0, not an estimate.
      const rejected = outcome !== undefined && neverGenerated(outcome)
      const reported = rejected || (outcome !== undefined && isReportedUsage(outcome.result.usage))
      const tokens = rejected
        ? NOT_BILLED
        : reported && outcome
          ? outcome.result.usage
          : completeEstimate(outcome?.result.usage, estimateUsage(request.body, outputText))
      // The provider's own searches are billed per search: each one it reported done.
      const searches = rejected ? 0 : completedSearches(outcome?.result.hostedCalls)
      const usage = searches > 0 ? { ...tokens, hostedSearches: searches } : tokens
      recorder.finishGeneration(generationId, {
        endedAt: context.now(),
        aborted: outcome?.aborted ?? signal.aborted,
        result: outcome?.result,
        usage,
        estimated: !reported,
        status: outcome?.status,
        requestId: outcome?.requestId,
      })
      emit({ type: 'usage', round, attempt, usage, estimated: !reported })
    }
    const error = outcome.result.error
    if (!error || outcome.aborted) return { outcome, shownCallIds }
    emit({
      type: 'diagnostics',
      round,
      attempt,
      kind: error.kind,
      status: error.status ?? outcome.status,
      requestId: error.requestId ?? outcome.requestId,
      providerMessage: error.message,
    })
    const delay = nextRetryDelayMs({
      error,
      attempt,
      outputForwarded: outcome.outputForwarded,
      aborted: signal.aborted,
      policy: context.retryPolicy,
      random: context.random,
    })
    if (delay === undefined) return { outcome, shownCallIds }
    for (const call of outcome.result.toolCalls)
      if (shownCallIds.has(call.callId)) setCallState(context, call, 'not-run')
    emit({
      type: 'retry-scheduled',
      attempt: attempt + 1,
      delayMs: delay,
      reason: error.kind,
      message: fallbackMessage(context.locale, 'retrying', { seconds: Math.ceil(delay / 1000) }),
    })
    if (!(await cancellableSleep(delay, signal))) return undefined
  }
}

/** Web searches the provider ran itself and reported done in this call. */
function completedSearches(calls: readonly HostedCall[] | undefined): number {
  let count = 0
  for (const call of calls ?? []) if (call.kind === 'search' && call.status === 'completed') count++
  return count
}
