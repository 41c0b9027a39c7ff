import type { HistoryAssistantMessage, HistoryMessage, HistoryToolResult } from '../../shared/chat-history'
import { fallbackMessage, type FallbackMessageId } from '../../shared/fallback-messages'
import type { Locale } from '../../shared/locale'
import type { ProviderError } from '../../shared/provider-error'
import type { ProviderId } from '../../shared/provider-id'
import type { InterruptReason, RunEvent, RunStatus, ToolCallState } from '../../shared/run-events'
import type { JsonValue } from '../../shared/json-value'
import type { ToolCallOutcome } from '../../shared/tool-outcome'
import type { TurnResult, TurnToolCall } from '../../shared/turn-result'
import type { ProviderConnection, ProviderToolDefinition } from '../providers/provider-request'
import { buildProviderRequest } from '../providers/provider-request-builders'
import { isExecutableTurn } from '../providers/turn-verdict'
import type { ToolRegistry } from '../tools/tool-registry'
import { toolResultForModel } from '../tools/tool-result-for-model'
import type { Approver } from './approval'
import { cancellableSleep } from './cancellable-sleep'
import { estimateUsage, isReportedUsage } from './estimate-usage'
import { expandParallelWrapper } from './expand-parallel-wrapper'
import { DEFAULT_RETRY_POLICY, nextRetryDelayMs, type RetryPolicy } from './retry-policy'
import { streamModelRound, type FetchLike, type RoundOutcome, type StreamModelRoundOptions } from './stream-model-round'
import type { TurnRecorder } from './turn-recorder'
import { TurnStorageError } from './turn-storage-error'
import type { StorageError } from '../../shared/storage-error'

export interface RunTurnOptions {
  conversationId?: string | undefined
  userText: string
  provider: ProviderId
  connection: ProviderConnection
  locale: Locale
  system?: string | undefined
  /** The stop button: aborts the provider request, cancels tools not started, ends the turn. */
  signal: AbortSignal
  approver: Approver
  /** Write tools the user allowed for good ("always allow"); `always` answers add to it. */
  alwaysAllowed?: Set<string>
  onEvent: (event: RunEvent) => void
  recorder: TurnRecorder
  tools: ToolRegistry
  fetch?: FetchLike
  now?: () => number
  random?: () => number
  /** Tool rounds allowed in one turn (default 8). */
  maxRounds?: number
  /** No byte for this long means a stalled stream (default 60 s). */
  idleTimeoutMs?: number
  retryPolicy?: RetryPolicy
  maxOutputTokens?: number
  runId?: string
  /** One model round (default {@link streamModelRound}); the turn setup wraps it to scrub keys. */
  streamRound?: (options: StreamModelRoundOptions) => Promise<RoundOutcome>
}

/**
 * Calls one answer may make. More is a broken or hostile model (one answer with 10,000 calls once
 * wrote 10,000 rows): none of them runs, the window is shown at most this many drafts, and the
 * turn ends with a clear message.
 */
export const MAX_TOOL_CALLS_PER_ROUND = 64

export interface RunTurnResult {
  status: RunStatus
  conversationId: string
  messageId: string
  turnId: string
  interruptReason: InterruptReason | undefined
  /** Part of the turn could not be saved (a full disk): the user was told; the end is written once possible. */
  storageError: StorageError | undefined
}

/**
 * One user turn, exactly as SPEC §3: every round streamed (one request per round unless a
 * transient failure before any output is retried), two checks before any tool runs (the turn
 * verifiably ended for tool calls; each call's arguments pass its schema), every call answered
 * once under its own id, writes approved and ledgered, usage recorded for every attempt, and what
 * the user saw saved however the turn ends.
 */
export async function runTurn(options: RunTurnOptions): Promise<RunTurnResult> {
  const now = options.now ?? Date.now
  const policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY
  const maxRounds = options.maxRounds ?? 8
  const alwaysAllowed = options.alwaysAllowed ?? new Set<string>()
  const emit = options.onEvent
  const { recorder, tools, provider, locale, signal } = options
  const declaredToolNames = new Set(tools.list().map((tool) => tool.name))
  const toolDefinitions: ProviderToolDefinition[] = tools.list().map((tool) => {
    // `$schema` is metadata some providers reject in a tool's parameters; the schema itself stays whole.
    const { $schema: _dialect, ...inputSchema } = tool.inputJsonSchema
    return { name: tool.name, description: tool.description, inputSchema }
  })

  const begun = recorder.begin({ conversationId: options.conversationId, userText: options.userText })
  const history: HistoryMessage[] = [...begun.history]
  const runId = options.runId ?? `run_${begun.turnId}`
  emit({
    type: 'run-start',
    runId,
    conversationId: begun.conversationId,
    turnId: begun.turnId,
    messageId: begun.messageId,
    provider,
    model: options.connection.model,
  })

  const notices: string[] = []
  let storageError: StorageError | undefined
  const notice = (id: FallbackMessageId, values: Parameters<typeof fallbackMessage>[2] = {}) => {
    const text = fallbackMessage(locale, id, values)
    notices.push(text)
    emit({ type: 'notice', id, text })
  }
  let shownText = ''
  let status: 'complete' | 'interrupted' | 'failed' = 'complete'
  let interruptReason: InterruptReason | undefined
  let storedError: { kind: string; message: string } | undefined
  /** Consecutive invalid calls per tool name: the second in a row ends the turn. */
  const invalidStreak = new Map<string, number>()
  let previousRoundHadToolFailure = false

  /** Calls of the current attempt the window was told about (at most {@link MAX_TOOL_CALLS_PER_ROUND}). */
  let shownCalls = new Set<string>()

  const setCallState = (call: { callId: string; name: string }, state: ToolCallState, extra: { argumentsText?: string; summary?: string } = {}) =>
    emit({ type: 'tool-call', callId: call.callId, name: call.name, state, ...extra })

  const endInterrupted = (reason: InterruptReason) => {
    status = 'interrupted'
    interruptReason = reason
  }

  try {
    let round = 0
    for (;;) {
      round++
      if (round > maxRounds) {
        notice('max-rounds', { max: maxRounds })
        status = 'failed'
        storedError = { kind: 'max-rounds', message: `Stopped after ${maxRounds} tool rounds` }
        break
      }
      const outcome = await streamRoundWithRetries(round)
      if (!outcome) break // stopped during a retry wait
      const result = outcome.result
      if (outcome.aborted || signal.aborted) {
        for (const call of result.toolCalls) setCallState(call, 'cancelled')
        endInterrupted('user-stop')
        break
      }
      const cutMidAnswer =
        result.error !== undefined &&
        (result.error.kind === 'network' || result.error.kind === 'truncated') &&
        (result.toolCalls.length > 0 || outcome.outputForwarded)
      if (result.error && !cutMidAnswer) {
        handleProviderError(result, result.error)
        break
      }
      if (result.toolCalls.length > MAX_TOOL_CALLS_PER_ROUND) {
        for (const call of result.toolCalls) if (shownCalls.has(call.callId)) setCallState(call, 'not-run', { argumentsText: call.argumentsText })
        notice('too-many-tool-calls', { count: result.toolCalls.length, max: MAX_TOOL_CALLS_PER_ROUND })
        status = 'failed'
        storedError = { kind: 'too-many-tool-calls', message: `The model asked for ${result.toolCalls.length} actions in one answer; at most ${MAX_TOOL_CALLS_PER_ROUND} are run` }
        break
      }
      if (cutMidAnswer) storedError = { kind: result.error!.kind, message: result.error!.message }
      if (!result.complete || result.truncated) {
        // Cut off (length, a call left open, a dropped connection): keep the text, run nothing.
        for (const call of result.toolCalls) setCallState(call, 'not-run', { argumentsText: call.argumentsText })
        if (result.toolCalls.length > 0) notice('truncated-actions-not-run', { actions: result.toolCalls.map((c) => c.name) })
        else notice('truncated')
        endInterrupted(result.complete ? 'provider-error' : 'network')
        break
      }
      if (!isExecutableTurn(result)) {
        if (result.toolCalls.length > 0) {
          // Calls without a tool-call finish (a compatible server that never sent one, a filter): never run.
          for (const call of result.toolCalls) setCallState(call, 'not-run', { argumentsText: call.argumentsText })
          notice('not-executed-unconfirmed', { actions: result.toolCalls.map((c) => c.name) })
        }
        break
      }
      const roundMessage: HistoryAssistantMessage = {
        role: 'assistant',
        provider,
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
      recorder.recordToolRound(roundMessage)
      history.push(roundMessage)
      const { results, endTurn, hadFailure } = await runToolCalls(begun, result.toolCalls)
      history.push({ role: 'tool-results', results })
      previousRoundHadToolFailure = hadFailure
      if (signal.aborted) {
        endInterrupted('user-stop')
        break
      }
      if (endTurn) {
        notice('invalid-arguments-twice')
        status = 'failed'
        storedError = { kind: 'invalid-arguments', message: 'The model sent invalid arguments twice in a row' }
        break
      }
    }
  } catch (error) {
    if (error instanceof TurnStorageError) {
      // The disk is full (or failing): the turn ends here; everything already saved stays.
      storageError = error.storage
      notice(error.storage.kind === 'full' ? 'storage-full' : 'storage-failed')
      status = 'failed'
      interruptReason = undefined
      storedError = { kind: error.storage.kind === 'full' ? 'storage-full' : 'storage', message: error.storage.message }
    } else {
      // A bug: the turn ends, what was shown is kept.
      notice('no-answer')
      status = shownText.length > 0 ? 'interrupted' : 'failed'
      interruptReason = status === 'interrupted' ? 'provider-error' : undefined
      storedError = { kind: 'internal', message: error instanceof Error ? error.message : String(error) }
    }
  } finally {
    try {
      recorder.finish({ status, interruptReason, error: storedError, notices })
    } catch (error) {
      if (!(error instanceof TurnStorageError)) throw error
      // The end itself could not be written; the recorder writes it once it can. The user is told now.
      if (!storageError) notice(error.storage.kind === 'full' ? 'storage-full' : 'storage-failed')
      storageError ??= error.storage
    }
  }
  const runStatus: RunStatus = status === 'complete' ? 'completed' : status
  emit({
    type: 'run-end',
    status: runStatus,
    conversationId: begun.conversationId,
    messageId: begun.messageId,
    ...(interruptReason ? { interruptReason } : {}),
  })
  return { status: runStatus, conversationId: begun.conversationId, messageId: begun.messageId, turnId: begun.turnId, interruptReason, storageError }

  /** One round, with retries of transient failures that happened before any output was shown. */
  async function streamRoundWithRetries(round: number): Promise<RoundOutcome | undefined> {
    for (let attempt = 1; ; attempt++) {
      emit({ type: 'round-start', round, attempt })
      const request = buildProviderRequest(provider, {
        connection: options.connection,
        system: options.system,
        history,
        tools: toolDefinitions,
        maxOutputTokens: options.maxOutputTokens,
      })
      let needsBreak = round > 1 && shownText.length > 0 && !shownText.endsWith('\n\n')
      shownCalls = new Set<string>()
      let outputText = ''
      let outcome: RoundOutcome | undefined
      const generationId = recorder.startGeneration({ round, attempt, provider, model: options.connection.model, startedAt: now() })
      try {
        outcome = await (options.streamRound ?? streamModelRound)({
          provider,
          request,
          fetch: options.fetch,
          signal,
          idleTimeoutMs: options.idleTimeoutMs ?? 60_000,
          localIdPrefix: `${begun.turnId}_r${round}a${attempt}_`,
          now,
          onEvent: (event) => {
            if (event.type === 'text-delta') {
              let delta = event.delta
              // Text of a new round starts a new paragraph.
              if (needsBreak) {
                delta = (shownText.endsWith('\n') ? '\n' : '\n\n') + delta
                needsBreak = false
              }
              shownText += delta
              outputText += event.delta
              recorder.appendText(delta)
              emit({ type: 'stream', round, event: { type: 'text-delta', delta } })
              return
            }
            if (event.type === 'tool-call-start') {
              outputText += event.name
              // Past the cap the answer will not run anyway: the window is not flooded with drafts.
              if (shownCalls.size >= MAX_TOOL_CALLS_PER_ROUND) return
              shownCalls.add(event.callId)
              emit({ type: 'stream', round, event })
              setCallState(event, 'preparing')
              return
            }
            if ((event.type === 'tool-call-delta' || event.type === 'tool-call-end') && !shownCalls.has(event.callId)) {
              if (event.type === 'tool-call-delta') outputText += event.delta
              return
            }
            if (event.type === 'tool-call-delta' || event.type === 'reasoning-delta') outputText += event.delta
            emit({ type: 'stream', round, event })
          },
        })
      } finally {
        // Usage is recorded once per attempt, however the attempt ended.
        const reported = outcome && isReportedUsage(outcome.result.usage)
        const usage = reported && outcome ? outcome.result.usage : estimateUsage(request.body, outputText)
        recorder.finishGeneration(generationId, {
          endedAt: now(),
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
      if (!error || outcome.aborted) return outcome
      emit({
        type: 'diagnostics',
        round,
        attempt,
        kind: error.kind,
        status: error.status ?? outcome.status,
        requestId: error.requestId ?? outcome.requestId,
        providerMessage: error.message,
      })
      const delay = nextRetryDelayMs({ error, attempt, outputForwarded: outcome.outputForwarded, aborted: signal.aborted, policy, random: options.random })
      if (delay === undefined) return outcome
      for (const call of outcome.result.toolCalls) setCallState(call, 'not-run')
      emit({ type: 'retry-scheduled', attempt: attempt + 1, delayMs: delay, reason: error.kind, message: fallbackMessage(locale, 'retrying', { seconds: Math.ceil(delay / 1000) }) })
      if (!(await cancellableSleep(delay, signal))) {
        endInterrupted('user-stop')
        return undefined
      }
    }
  }

  function handleProviderError(result: TurnResult, error: ProviderError): void {
    for (const call of result.toolCalls) setCallState(call, 'not-run', { argumentsText: call.argumentsText })
    const id: FallbackMessageId =
      error.kind === 'quota-exceeded' ? 'quota-exceeded'
      : error.kind === 'authentication' ? 'authentication'
      : previousRoundHadToolFailure ? 'tool-failed-no-answer'
      : 'no-answer'
    notice(id)
    storedError = { kind: error.kind, message: error.message }
    if (shownText.length > 0) endInterrupted(error.kind === 'network' || error.kind === 'truncated' ? 'network' : 'provider-error')
    else status = 'failed'
  }

  /** Runs a verified turn's calls in order; each gets exactly one result under its own id. */
  async function runToolCalls(
    turn: { conversationId: string; turnId: string },
    calls: TurnToolCall[],
  ): Promise<{ results: HistoryToolResult[]; endTurn: boolean; hadFailure: boolean }> {
    const results: HistoryToolResult[] = []
    let endTurn = false
    let hadFailure = false
    for (const call of calls) {
      const inner = expandParallelWrapper(call, declaredToolNames)
      if (inner) {
        const innerRun = await runToolCalls(turn, inner)
        endTurn ||= innerRun.endTurn
        hadFailure ||= innerRun.hadFailure
        const combined = innerRun.results.map((r) => ({ tool: r.name, ok: !r.isError, result: JSON.parse(r.content) as unknown }))
        const result: HistoryToolResult = {
          callId: call.callId,
          name: call.name,
          content: JSON.stringify(combined),
          isError: innerRun.results.some((r) => r.isError),
        }
        // Only the wrapper's id is known to the provider: inner results travel inside its one result.
        results.push(result)
        recorder.recordToolResult(result, 'done', {
          status: 'succeeded',
          callId: call.callId,
          toolName: call.name,
          kind: 'read', // the wrapper itself changes nothing; its inner writes went through the ledger
          output: combined as JsonValue,
          repeated: false,
          idempotencyKey: undefined,
        })
        setCallState(call, 'done', { argumentsText: call.argumentsText, summary: `${inner.length} calls` })
        continue
      }
      const finishCall = (state: ToolCallState, content: unknown, isError: boolean, summary?: string, outcome?: ToolCallOutcome) => {
        const result: HistoryToolResult = { callId: call.callId, name: call.name, content: JSON.stringify(content), isError }
        results.push(result)
        recorder.recordToolResult(result, state, outcome)
        setCallState(call, state, { argumentsText: call.argumentsText, ...(summary ? { summary } : {}) })
      }
      if (signal.aborted) {
        finishCall('cancelled', { error: 'The user stopped the turn before this action started.' }, true)
        continue
      }
      const request = { conversationId: turn.conversationId, turnId: turn.turnId, callId: call.callId, toolName: call.name, arguments: call.arguments, argumentsText: call.argumentsText }
      const prepared = tools.prepareToolCall(request)
      if (prepared.status !== 'ready') {
        // Invalid arguments or an unknown tool: not run; the model gets the error under the same id.
        const streak = (invalidStreak.get(call.name) ?? 0) + 1
        invalidStreak.set(call.name, streak)
        if (streak >= 2) endTurn = true
        const forModel = toolResultForModel(prepared)
        finishCall('invalid', forModel.content, true, prepared.message, prepared)
        continue
      }
      invalidStreak.delete(call.name)
      // A write the ledger already holds only returns its stored result: nothing to approve.
      if (prepared.tool.kind === 'write' && !prepared.alreadyRecorded && !alwaysAllowed.has(call.name)) {
        setCallState(call, 'awaiting-approval', { argumentsText: call.argumentsText })
        const approvalId = `${turn.turnId}:${call.callId}`
        emit({ type: 'approval-request', approvalId, callId: call.callId, name: call.name, arguments: call.arguments ?? {} })
        const decision = await options.approver({ approvalId, callId: call.callId, name: call.name, arguments: call.arguments ?? {} }, signal)
        if (signal.aborted) {
          finishCall('cancelled', { error: 'The user stopped the turn before this action started.' }, true)
          continue
        }
        if (decision === 'deny') {
          finishCall('denied', { error: 'The user declined this action. Do not retry it unless they ask.' }, true)
          continue
        }
        if (decision === 'always') alwaysAllowed.add(call.name)
      }
      setCallState(call, 'running', { argumentsText: call.argumentsText })
      // The registry retries a failed read once and never retries a write.
      const outcome: ToolCallOutcome = await tools.executeToolCall(request, { signal })
      const forModel = toolResultForModel(outcome)
      const state: ToolCallState =
        outcome.status === 'succeeded' ? (outcome.repeated ? 'repeated' : 'done')
        : outcome.status === 'invalid-arguments' || outcome.status === 'unknown-tool' ? 'invalid'
        : 'failed'
      if (state === 'failed') hadFailure = true
      finishCall(state, forModel.content, forModel.isError, summarize(outcome), outcome)
    }
    return { results, endTurn, hadFailure }
  }
}

function summarize(outcome: ToolCallOutcome): string {
  switch (outcome.status) {
    case 'succeeded':
      return outcome.repeated ? `Already done at ${outcome.firstRecordedAt}` : truncate(JSON.stringify(outcome.output))
    case 'failed':
      return outcome.error.message
    case 'unknown':
      return outcome.message
    default:
      return outcome.message
  }
}

function truncate(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
