import type { FinishReason } from '../../../shared/finish-reason'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'

/**
 * OpenAI Responses (`POST /v1/responses`, `stream: true`). No `[DONE]`: the terminal events
 * `response.completed` / `.incomplete` / `.failed` are the only end signal.
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export function createOpenAIResponsesStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  /** Calls by item id and by output index; a proxy may stream under `fc_tmp_…` and finish under the real id. */
  const byItem = new Map<string, PendingToolCall>()
  const byIndex = new Map<number, PendingToolCall>()
  const byCallId = new Map<string, PendingToolCall>()
  const reasoningItems = new Map<string, { encryptedContent: string | undefined; summary: string[] }>()
  let lastReasoningKey: string | undefined
  let refusal = false
  let terminalStatus: string | undefined
  let incompleteReason: string | undefined

  const findCall = (payload: WireObject): PendingToolCall | undefined => {
    const itemId = asString(payload.item_id)
    const index = asNumber(payload.output_index)
    return (itemId !== undefined ? byItem.get(itemId) : undefined) ?? (index !== undefined ? byIndex.get(index) : undefined)
  }

  const openCall = (item: WireObject, outputIndex: number | undefined): PendingToolCall => {
    const callId = asString(item.call_id)
    // The terminal output and proxies repeat calls: one call_id is one call, however often it is announced.
    const known = (callId !== undefined ? byCallId.get(callId) : undefined) ?? (outputIndex !== undefined ? byIndex.get(outputIndex) : undefined)
    const call = known ?? acc.openToolCall(`out:${outputIndex ?? asString(item.id) ?? byCallId.size}`, callId ?? asString(item.id), asString(item.name) ?? '')
    const itemId = asString(item.id)
    if (itemId !== undefined) byItem.set(itemId, call)
    if (outputIndex !== undefined) byIndex.set(outputIndex, call)
    if (callId !== undefined) byCallId.set(callId, call)
    return call
  }

  const appendReasoning = (key: string, delta: string): void => {
    if (lastReasoningKey !== undefined && lastReasoningKey !== key && delta.length > 0) acc.appendReasoning('\n\n')
    lastReasoningKey = key
    acc.appendReasoning(delta)
  }

  const terminal = (payload: WireObject): void => {
    const response = asObject(payload.response)
    acc.markEndSignal()
    terminalStatus = asString(response?.status) ?? String(payload.type).replace('response.', '')
    incompleteReason = asString(asObject(response?.incomplete_details)?.reason)
    // Still truncated when an earlier `error` event makes the finish `error`.
    if (terminalStatus === 'incomplete' && incompleteReason !== 'content_filter') acc.markOutputCut()
    readUsage(asObject(response?.usage))
    if (response) {
      acc.responseId ??= asString(response.id)
      acc.model ??= asString(response.model)
    }
    if (payload.type === 'response.failed') {
      acc.fail(errorFromStreamPayload(asObject(response?.error), 'The response failed'))
    }
  }

  const readUsage = (usage: WireObject | undefined): void => {
    if (!usage) return
    acc.mergeUsage({
      inputTokens: asNumber(usage.input_tokens),
      outputTokens: asNumber(usage.output_tokens),
      reasoningTokens: asNumber(asObject(usage.output_tokens_details)?.reasoning_tokens),
      cachedInputTokens: asNumber(asObject(usage.input_tokens_details)?.cached_tokens),
    })
  }

  return {
    label: 'OpenAI Responses',
    truncationIsError: false,
    allowJsonArrayBody: false,
    handlePayload(payload) {
      switch (payload.type) {
        case 'response.created':
        case 'response.in_progress':
        case 'response.queued': {
          const response = asObject(payload.response)
          acc.responseId ??= asString(response?.id)
          acc.model ??= asString(response?.model)
          return
        }
        case 'response.output_text.delta':
          acc.appendText(asString(payload.delta) ?? '')
          return
        case 'response.refusal.delta':
          refusal = true
          acc.appendText(asString(payload.delta) ?? '')
          return
        case 'response.reasoning_summary_text.delta':
          appendReasoning(`${asString(payload.item_id)}:${asNumber(payload.summary_index)}`, asString(payload.delta) ?? '')
          return
        case 'response.reasoning_text.delta':
          appendReasoning(`${asString(payload.item_id)}:text:${asNumber(payload.content_index)}`, asString(payload.delta) ?? '')
          return
        case 'response.output_item.added': {
          const item = asObject(payload.item)
          if (item?.type === 'function_call') openCall(item, asNumber(payload.output_index))
          return
        }
        case 'response.function_call_arguments.delta': {
          const call = findCall(payload)
          if (call) acc.appendToolArguments(call, asString(payload.delta) ?? '')
          return
        }
        case 'response.function_call_arguments.done': {
          const call = findCall(payload)
          const args = asString(payload.arguments)
          if (call && args !== undefined) acc.setToolArguments(call, args)
          if (call) acc.closeToolCall(call)
          return
        }
        case 'response.output_item.done': {
          const item = asObject(payload.item)
          if (item?.type === 'function_call') {
            const call = openCall(item, asNumber(payload.output_index))
            const args = asString(item.arguments)
            if (args !== undefined && call.wholeText === undefined) acc.setToolArguments(call, args)
            // An item that ends `incomplete` was cut: its call stays open, so the turn is truncated.
            if (item.status !== 'incomplete') acc.closeToolCall(call)
          } else if (item?.type === 'reasoning') {
            const id = asString(item.id) ?? ''
            const summary = (asArray(item.summary) ?? []).map((s) => asString(asObject(s)?.text) ?? '')
            reasoningItems.set(id, { encryptedContent: asString(item.encrypted_content), summary })
            acc.replay.push({ type: 'openai-reasoning', itemId: id, encryptedContent: asString(item.encrypted_content), summary })
          }
          return
        }
        case 'response.completed':
        case 'response.incomplete':
        case 'response.failed':
          terminal(payload)
          return
        case 'error': {
          // Documented flat ({code, message}); the live API nests it ({error:{type, code, message}}).
          const nested = asObject(payload.error)
          acc.fail(errorFromStreamPayload(nested ?? payload, 'The provider reported an error'))
          return
        }
        default:
          return // other items (web search, reasoning parts, annotations…) carry nothing the harness runs
      }
    },
    handleSentinel(data) {
      return data.trim() === '[DONE]' // some proxies append it; it means nothing here
    },
    handleEnd() {
      if (acc.hasError) {
        acc.setFinish('error', terminalStatus ?? null)
        return
      }
      if (terminalStatus === undefined) return
      let reason: FinishReason
      let raw = terminalStatus
      if (terminalStatus === 'completed') {
        reason = acc.toolCallCount > 0 ? 'tool-calls' : refusal ? 'content-filter' : 'stop'
      } else if (terminalStatus === 'incomplete') {
        raw = incompleteReason ?? 'incomplete'
        reason = incompleteReason === 'content_filter' ? 'content-filter' : 'length'
      } else reason = 'other'
      acc.setFinish(reason, raw)
    },
    errorFromDocument(document, meta) {
      return errorFromDocument('OpenAI Responses', document, meta)
    },
  }
}
