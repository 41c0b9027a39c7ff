import type { ElicitationRequest } from '../tools/tool'
import type { HistoryToolResult } from '../../shared/chat-history'
import type { JsonValue } from '../../shared/json-value'
import { cardStateOf, cardSummaryOf } from '../../shared/tool-card'
import type { ToolCallOutcome, ToolCallRequest } from '../../shared/tool-outcome'
import type { ToolPreview } from '../../shared/tool-preview'
import type { TurnToolCall } from '../../shared/round-result'
import { toolResultMessage } from '../tools/tool-result-for-model'
import { expandParallelWrapper } from './expand-parallel-wrapper'
import { setCallState, type TurnContext } from './turn-context'

/** A result larger than this is not sent to the window's live card (the stored answer has it whole). */
const MAX_CARD_OUTPUT_CHARS = 16_000

export interface ExecutedCalls {
  /** One result per call, in the calls' order, under each call's id: exactly what the model is sent next. */
  results: HistoryToolResult[]
  /** A second invalid call of the same tool in a row: the turn ends. */
  invalidTwice: boolean
  /** A call failed (a provider failure next gets a message that says so). */
  hadFailure: boolean
}

/**
 * Runs the calls of a round that verifiably ended for them, in order; each gets exactly one
 * outcome and one result under its own id. Per call: the arguments' check (invalid ones go back to
 * the model, not run), approval for anything that is not a pure read (unless always allowed or the
 * ledger already holds the action), then the registry (reads directly, writes through the ledger).
 * The user's stop cancels calls not yet started. A `multi_tool_use.parallel` wrapper runs its
 * inner calls one by one and answers with one result.
 */
export async function executeToolCalls(context: TurnContext, calls: readonly TurnToolCall[]): Promise<ExecutedCalls> {
  const results: HistoryToolResult[] = []
  let invalidTwice = false
  let hadFailure = false
  for (const call of calls) {
    const inner = expandParallelWrapper(call, context.declaredToolNames)
    if (inner) {
      const innerRun = await executeToolCalls(context, inner)
      invalidTwice ||= innerRun.invalidTwice
      hadFailure ||= innerRun.hadFailure
      const combined = innerRun.results.map((r) => ({
        tool: r.name,
        ok: !r.isError,
        result: JSON.parse(r.content) as JsonValue,
      }))
      // Only the wrapper's id is known to the provider: the inner results travel inside its one result.
      const outcome: ToolCallOutcome = {
        status: 'succeeded',
        callId: call.callId,
        toolName: call.name,
        kind: 'read',
        output: combined,
        repeated: false,
        idempotencyKey: undefined,
      }
      const result: HistoryToolResult = {
        callId: call.callId,
        name: call.name,
        content: JSON.stringify(combined),
        isError: innerRun.results.some((r) => r.isError),
      }
      results.push(result)
      context.recorder.recordToolResult(result, outcome)
      setCallState(context, call, 'done', { argumentsText: call.argumentsText, summary: `${inner.length} calls` })
      continue
    }
    const { outcome, preview } = await runOne(context, call)
    if (outcome.status === 'invalid-arguments' || outcome.status === 'unknown-tool') {
      const streak = (context.progress.invalidStreak.get(call.name) ?? 0) + 1
      context.progress.invalidStreak.set(call.name, streak)
      if (streak >= 2) invalidTwice = true
    } else context.progress.invalidStreak.delete(call.name)
    if (outcome.status === 'failed' || outcome.status === 'unknown') hadFailure = true
    // The one wording of what the model is told (capped, images apart); stored exactly as sent.
    const result: HistoryToolResult = { callId: call.callId, name: call.name, ...toolResultMessage(outcome) }
    results.push(result)
    context.recorder.recordToolResult(result, outcome, preview)
    const summary = cardSummaryOf(outcome)
    setCallState(context, call, cardStateOf(outcome), {
      argumentsText: call.argumentsText,
      ...(summary !== undefined ? { summary } : {}),
      ...(outcome.status === 'succeeded' && JSON.stringify(outcome.output).length <= MAX_CARD_OUTPUT_CHARS
        ? { output: outcome.output }
        : {}),
      // Why the arguments were refused, for the card to say in the user's language (defect 14).
      ...(outcome.status === 'invalid-arguments' ? { issues: outcome.issues } : {}),
    })
  }
  return { results, invalidTwice, hadFailure }
}

/**
 * One call's outcome (never thrown, always one of {@link ToolCallOutcome}), with what its approval
 * showed it would act on: stored with the result, so the reopened card names the row the same way.
 */
async function runOne(
  context: TurnContext,
  call: TurnToolCall,
): Promise<{ outcome: ToolCallOutcome; preview?: ToolPreview | undefined }> {
  const base = { callId: call.callId, toolName: call.name }
  if (context.signal.aborted) return { outcome: { ...base, status: 'cancelled' } }
  const request: ToolCallRequest = {
    conversationId: context.turn.conversationId,
    turnId: context.turn.turnId,
    callId: call.callId,
    toolName: call.name,
    arguments: call.arguments,
    argumentsText: call.argumentsText,
    timeZone: context.timeZone,
  }
  const prepared = context.tools.prepareToolCall(request)
  // Invalid arguments or an unknown tool: not run; the model gets the error under the same id.
  if (prepared.status !== 'ready') return { outcome: prepared }
  const { preview } = prepared
  // A write the ledger already holds only returns its stored result: nothing to approve.
  // Anything with an effect asks first (decided by the tool's effect, never its name).
  const { tool } = prepared
  if (tool.effect !== 'none' && !prepared.alreadyRecorded && !context.alwaysAllowed.has(tool.grantKey)) {
    setCallState(context, call, 'awaiting-approval', { argumentsText: call.argumentsText })
    const approvalId = `${context.turn.turnId}:${call.callId}`
    const args = call.arguments ?? {}
    const allowAlways = tool.hints?.destructive !== true
    context.emit({
      type: 'approval-request',
      approvalId,
      callId: call.callId,
      name: call.name,
      arguments: args,
      title: tool.title,
      ...(tool.provider ? { provider: tool.provider } : {}),
      ...(tool.hints ? { hints: tool.hints } : {}),
      ...(preview ? { preview } : {}),
      allowAlways,
      ...(tool.grantScoped ? { alwaysFor: tool.grantKey.slice(tool.name.length + 1) } : {}),
    })
    const decision = await context.approver(
      { approvalId, callId: call.callId, name: call.name, arguments: args, grantKey: tool.grantKey, allowAlways },
      context.signal,
    )
    if (context.signal.aborted) return { outcome: { ...base, status: 'cancelled' }, preview }
    if (decision === 'deny') return { outcome: { ...base, status: 'denied' }, preview }
    if (decision === 'always' && allowAlways) context.alwaysAllowed.add(tool.grantKey)
  }
  setCallState(context, call, 'running', { argumentsText: call.argumentsText })
  // The registry retries a failed read once and never retries a write.
  const outcome = await context.tools.executeToolCall(request, {
    signal: context.signal,
    onProgress: ({ progress, total, message }) =>
      context.emit({
        type: 'tool-progress',
        callId: call.callId,
        progress,
        ...(total !== undefined ? { total } : {}),
        ...(message !== undefined ? { message } : {}),
      }),
    ...(context.elicit
      ? { elicit: (elicitation: ElicitationRequest) => context.elicit!(elicitation, call.callId, context.signal) }
      : {}),
  })
  return { outcome, preview }
}
