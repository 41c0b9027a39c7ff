import { argumentsTextOf } from '../../../shared/json-depth'
import type { FinishReason } from '../../../shared/finish-reason'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asNumber, asObject, asString, sumKnown, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'

interface ThoughtStep {
  signature: string
  summary: string[]
}

/**
 * Gemini Interactions (`POST /v1beta/interactions`, `stream: true`), current "steps" schema, and
 * the legacy "content" schema for recognition. `interaction.completed` (legacy
 * `interaction.complete`) is the end signal; its `status` says why.
 * @see https://ai.google.dev/gemini-api/docs/interactions/streaming
 */
export function createGeminiInteractionsStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  const calls = new Map<number, { call: PendingToolCall; initialArguments: WireObject | undefined }>()
  const thoughts = new Map<number, ThoughtStep>()
  const legacyCallIds = new Map<number, string | undefined>()
  let status: string | undefined

  const startStep = (index: number, step: WireObject): void => {
    switch (step.type) {
      case 'function_call': {
        // Legacy schema: `content.start` holds only the id; name and arguments come in one delta.
        if (!asString(step.name)) {
          legacyCallIds.set(index, asString(step.id))
          return
        }
        const call = acc.openToolCall(`step:${index}`, asString(step.id), asString(step.name) ?? '')
        const initial = asObject(step.arguments)
        calls.set(index, { call, initialArguments: initial && Object.keys(initial).length > 0 ? initial : undefined })
        return
      }
      case 'thought':
        thoughts.set(index, { signature: asString(step.signature) ?? '', summary: [] })
        return
      case 'model_output':
      case 'text':
        acc.appendText(asString(step.text) ?? '')
        return
      default:
        return // built-in tool steps (google_search_call/result…) run at Google
    }
  }

  const stepDelta = (index: number, delta: WireObject): void => {
    switch (delta.type) {
      case 'text':
        acc.appendText(asString(delta.text) ?? '')
        return
      case 'thought_summary': {
        const content = delta.content
        const text = asString(content) ?? asString(asObject(content)?.text) ?? ''
        thoughts.get(index)?.summary.push(text)
        acc.appendReasoning(text)
        return
      }
      case 'thought_signature': {
        const thought = thoughts.get(index)
        if (thought) thought.signature += asString(delta.signature) ?? ''
        return
      }
      case 'arguments_delta': {
        // The fragment lives in `arguments`; `arguments_delta` is only the discriminator.
        const open = calls.get(index)
        if (open) acc.appendToolArguments(open.call, asString(delta.arguments) ?? '')
        return
      }
      case 'function_call': {
        // Legacy schema: the whole call in one delta, arguments as an object.
        let open = calls.get(index)
        if (!open) {
          const id = asString(delta.id) ?? legacyCallIds.get(index)
          const call = acc.openToolCall(`step:${index}`, id, asString(delta.name) ?? '')
          open = { call, initialArguments: undefined }
          calls.set(index, open)
        }
        const args = delta.arguments
        acc.setToolArguments(open.call, typeof args === 'string' ? args : argumentsTextOf(args))
        return
      }
      default:
        return
    }
  }

  const stopStep = (index: number): void => {
    if (!calls.has(index) && legacyCallIds.has(index)) {
      // A legacy call announced but never described: keep it visible, open-ended, never runnable.
      const call = acc.openToolCall(`step:${index}`, legacyCallIds.get(index), '')
      calls.set(index, { call, initialArguments: undefined })
    }
    const open = calls.get(index)
    if (open) {
      if (open.initialArguments && open.call.fragments.isEmpty && open.call.wholeText === undefined) {
        acc.setToolArguments(open.call, argumentsTextOf(open.initialArguments))
      }
      acc.closeToolCall(open.call)
      return
    }
    const thought = thoughts.get(index)
    if (thought) {
      acc.replay.push({ type: 'interactions-thought', signature: thought.signature, summary: thought.summary.join('') })
      thoughts.delete(index)
    }
  }

  const complete = (payload: WireObject): void => {
    const interaction = asObject(payload.interaction)
    acc.markEndSignal()
    status = asString(interaction?.status) ?? 'completed'
    acc.responseId ??= asString(interaction?.id)
    acc.model ??= asString(interaction?.model)
    const usage = asObject(interaction?.usage)
    if (usage) {
      const output = asNumber(usage.total_output_tokens)
      const thought = asNumber(usage.total_thought_tokens)
      acc.mergeUsage({
        inputTokens: asNumber(usage.total_input_tokens),
        outputTokens: sumKnown(output, thought),
        reasoningTokens: thought,
        cachedInputTokens: asNumber(usage.total_cached_tokens),
      })
    }
    if (status === 'failed') acc.fail(errorFromStreamPayload(asObject(interaction?.error), 'The interaction failed'))
  }

  return {
    label: 'Gemini Interactions',
    truncationIsError: true,
    allowJsonArrayBody: false,
    handlePayload(payload) {
      const type = asString(payload.event_type) ?? asString(payload.type)
      const index = asNumber(payload.index) ?? -1
      switch (type) {
        case 'interaction.created':
        case 'interaction.start': {
          const interaction = asObject(payload.interaction)
          acc.responseId ??= asString(interaction?.id)
          acc.model ??= asString(interaction?.model)
          return
        }
        case 'step.start':
        case 'content.start': {
          const step = asObject(payload.step) ?? asObject(payload.content)
          if (step) startStep(index, step)
          return
        }
        case 'step.delta':
        case 'content.delta': {
          const delta = asObject(payload.delta)
          if (delta) stepDelta(index, delta)
          return
        }
        case 'step.stop':
        case 'content.stop':
          stopStep(index)
          return
        case 'interaction.completed':
        case 'interaction.complete':
          complete(payload)
          return
        case 'error':
          acc.fail(errorFromStreamPayload(asObject(payload.error), 'The provider reported an error'))
          return
        default:
          return // interaction.status_update / in_progress / requires_action and future events
      }
    },
    handleSentinel(data) {
      return data.trim() === '[DONE]'
    },
    handleEnd() {
      if (status !== undefined && mapInteractionStatus(status, false) === 'length') acc.markOutputCut()
      if (acc.hasError) {
        acc.setFinish('error', status ?? null)
        return
      }
      if (status !== undefined) acc.setFinish(mapInteractionStatus(status, acc.toolCallCount > 0), status)
    },
    errorFromDocument(document, meta) {
      return errorFromDocument('Gemini Interactions', document, meta)
    },
  }
}

/** @see https://ai.google.dev/gemini-api/docs/interactions/streaming */
export function mapInteractionStatus(status: string, hasToolCalls: boolean): FinishReason {
  switch (status) {
    case 'completed':
      return hasToolCalls ? 'tool-calls' : 'stop'
    case 'requires_action':
      return 'tool-calls'
    case 'incomplete':
    case 'budget_exceeded':
      return 'length'
    case 'failed':
      return 'error'
    default:
      return 'other'
  }
}
