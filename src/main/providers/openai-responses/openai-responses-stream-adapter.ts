import type { FinishReason } from '../../../shared/finish-reason'
import type { ProviderError } from '../../../shared/provider-error'
import type { HttpResponseMeta } from '../http-response-meta'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'
import { readWebSearchCallItem } from './openai-web-search'
import { urlCitation } from '../url-citation'

/**
 * OpenAI Responses (`POST /v1/responses`, `stream: true`). No `[DONE]`: the terminal events
 * `response.completed` / `.incomplete` / `.failed` are the only end signal.
 * A class, not closures made per parser: its methods are then the same functions for every turn, so
 * the optimized code of one turn serves the next (see `AnthropicStreamAdapter`).
 * @see https://platform.openai.com/docs/api-reference/responses-streaming
 */
export class OpenAIResponsesStreamAdapter implements WireStreamAdapter {
  readonly label = 'OpenAI Responses'
  readonly truncationIsError = false
  readonly allowJsonArrayBody = false
  /** Calls by item id and by output index; a proxy may stream under `fc_tmp_…` and finish under the real id. */
  private readonly byItem = new Map<string, PendingToolCall>()
  private readonly byIndex = new Map<number, PendingToolCall>()
  private readonly byCallId = new Map<string, PendingToolCall>()
  private lastReasoningKey: string | undefined
  /** Where each output text part (`item_id:content_index`) starts in the round's text: annotations index into the part. */
  private readonly partStarts = new Map<string, number>()
  /** Message items whose annotations came as `annotation.added` events (not read again from the item). */
  private readonly annotatedItems = new Set<string>()
  private lastPartItem: unknown
  private lastPartIndex: unknown
  private refusal = false
  private terminalStatus: string | undefined
  private incompleteReason: string | undefined

  constructor(private readonly acc: TurnAccumulator) {}

  handlePayload(payload: WireObject): void {
    const acc = this.acc
    switch (payload.type) {
      case 'response.output_text.delta': {
        // Hot path: the part's start is noted once per part, not looked up per delta.
        const itemId = payload.item_id
        const contentIndex = payload.content_index
        if (itemId !== this.lastPartItem || contentIndex !== this.lastPartIndex)
          this.notePartStart(itemId, contentIndex)
        acc.appendText(asString(payload.delta) ?? '')
        return
      }
      case 'response.output_text.annotation.added': {
        const itemId = asString(payload.item_id) ?? ''
        this.annotatedItems.add(itemId)
        const start = this.partStarts.get(`${itemId}:${asNumber(payload.content_index) ?? 0}`)
        const citation = urlCitation(asObject(payload.annotation), start)
        if (citation) acc.addCitation(citation)
        return
      }
      case 'response.function_call_arguments.delta': {
        const call = this.findCall(payload)
        if (call) acc.appendToolArguments(call, asString(payload.delta) ?? '')
        return
      }
      case 'response.created':
      case 'response.in_progress':
      case 'response.queued': {
        const response = asObject(payload.response)
        acc.responseId ??= asString(response?.id)
        acc.model ??= asString(response?.model)
        return
      }
      case 'response.refusal.delta':
        this.refusal = true
        acc.appendText(asString(payload.delta) ?? '')
        return
      case 'response.reasoning_summary_text.delta':
        this.appendReasoning(
          `${asString(payload.item_id)}:${asNumber(payload.summary_index)}`,
          asString(payload.delta) ?? '',
        )
        return
      case 'response.reasoning_text.delta':
        this.appendReasoning(
          `${asString(payload.item_id)}:text:${asNumber(payload.content_index)}`,
          asString(payload.delta) ?? '',
        )
        return
      case 'response.output_item.added': {
        const item = asObject(payload.item)
        if (item?.type === 'function_call') this.openCall(item, asNumber(payload.output_index))
        else if (item?.type === 'web_search_call') readWebSearchCallItem(acc, item, false)
        return
      }
      case 'response.function_call_arguments.done': {
        const call = this.findCall(payload)
        const args = asString(payload.arguments)
        if (call && args !== undefined) acc.setToolArguments(call, args)
        if (call) acc.closeToolCall(call)
        return
      }
      case 'response.output_item.done':
        this.itemDone(payload)
        return
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed':
        this.terminal(payload)
        return
      case 'error': {
        // Documented flat ({code, message}); the live API nests it ({error:{type, code, message}}).
        const nested = asObject(payload.error)
        acc.fail(errorFromStreamPayload(nested ?? payload, 'The provider reported an error'))
        return
      }
      default:
        return // other items (file search, reasoning parts, web_search_call progress…) carry nothing the harness runs
    }
  }

  handleSentinel(data: string): boolean {
    return data.trim() === '[DONE]' // some proxies append it; it means nothing here
  }

  handleEnd(): void {
    const acc = this.acc
    const terminalStatus = this.terminalStatus
    if (acc.hasError) {
      acc.setFinish('error', terminalStatus ?? null)
      return
    }
    if (terminalStatus === undefined) return
    let reason: FinishReason
    let raw = terminalStatus
    if (terminalStatus === 'completed') {
      reason = acc.toolCallCount > 0 ? 'tool-calls' : this.refusal ? 'content-filter' : 'stop'
    } else if (terminalStatus === 'incomplete') {
      raw = this.incompleteReason ?? 'incomplete'
      reason = this.incompleteReason === 'content_filter' ? 'content-filter' : 'length'
    } else reason = 'other'
    acc.setFinish(reason, raw)
  }

  errorFromDocument(document: unknown, meta: HttpResponseMeta | undefined): ProviderError {
    return errorFromDocument('OpenAI Responses', document, meta)
  }

  private findCall(payload: WireObject): PendingToolCall | undefined {
    const itemId = asString(payload.item_id)
    const index = asNumber(payload.output_index)
    return (
      (itemId !== undefined ? this.byItem.get(itemId) : undefined) ??
      (index !== undefined ? this.byIndex.get(index) : undefined)
    )
  }

  private openCall(item: WireObject, outputIndex: number | undefined): PendingToolCall {
    const callId = asString(item.call_id)
    // The terminal output and proxies repeat calls: one call_id is one call, however often it is announced.
    const known =
      (callId !== undefined ? this.byCallId.get(callId) : undefined) ??
      (outputIndex !== undefined ? this.byIndex.get(outputIndex) : undefined)
    const call =
      known ??
      this.acc.openToolCall(
        `out:${outputIndex ?? asString(item.id) ?? this.byCallId.size}`,
        callId ?? asString(item.id),
        asString(item.name) ?? '',
      )
    const itemId = asString(item.id)
    if (itemId !== undefined) this.byItem.set(itemId, call)
    if (outputIndex !== undefined) this.byIndex.set(outputIndex, call)
    if (callId !== undefined) this.byCallId.set(callId, call)
    return call
  }

  private itemDone(payload: WireObject): void {
    const acc = this.acc
    const item = asObject(payload.item)
    if (item?.type === 'function_call') {
      const call = this.openCall(item, asNumber(payload.output_index))
      const args = asString(item.arguments)
      if (args !== undefined && call.wholeText === undefined) acc.setToolArguments(call, args)
      // An item that ends `incomplete` was cut: its call stays open, so the turn is truncated.
      if (item.status !== 'incomplete') acc.closeToolCall(call)
    } else if (item?.type === 'web_search_call') {
      // Run by OpenAI: a hosted call with its query and sources, never a client tool call.
      readWebSearchCallItem(acc, item, true)
    } else if (item?.type === 'message') {
      const itemId = asString(item.id) ?? ''
      if (!this.annotatedItems.has(itemId)) this.readItemAnnotations(itemId, item)
    } else if (item?.type === 'reasoning') {
      const id = asString(item.id) ?? ''
      const summary = (asArray(item.summary) ?? []).map((s) => asString(asObject(s)?.text) ?? '')
      acc.replay.push({
        type: 'openai-reasoning',
        itemId: id,
        encryptedContent: asString(item.encrypted_content),
        summary,
      })
    }
  }

  private notePartStart(itemId: unknown, contentIndex: unknown): void {
    this.lastPartItem = itemId
    this.lastPartIndex = contentIndex
    const key = `${asString(itemId)}:${asNumber(contentIndex) ?? 0}`
    if (!this.partStarts.has(key)) this.partStarts.set(key, this.acc.textLength)
  }

  /** Annotations only the finished message item carries (no `annotation.added` events came for it). */
  private readItemAnnotations(itemId: string, item: WireObject): void {
    const content = asArray(item.content) ?? []
    for (let index = 0; index < content.length; index++) {
      const part = asObject(content[index])
      const start = this.partStarts.get(`${itemId}:${index}`)
      for (const annotation of asArray(part?.annotations) ?? []) {
        const citation = urlCitation(asObject(annotation), start)
        if (citation) this.acc.addCitation(citation)
      }
    }
  }

  private appendReasoning(key: string, delta: string): void {
    if (this.lastReasoningKey !== undefined && this.lastReasoningKey !== key && delta.length > 0)
      this.acc.appendReasoning('\n\n')
    this.lastReasoningKey = key
    this.acc.appendReasoning(delta)
  }

  private terminal(payload: WireObject): void {
    const acc = this.acc
    const response = asObject(payload.response)
    acc.markEndSignal()
    const terminalStatus = asString(response?.status) ?? String(payload.type).replace('response.', '')
    const incompleteReason = asString(asObject(response?.incomplete_details)?.reason)
    this.terminalStatus = terminalStatus
    this.incompleteReason = incompleteReason
    // Still truncated when an earlier `error` event makes the finish `error`.
    if (terminalStatus === 'incomplete' && incompleteReason !== 'content_filter') acc.markOutputCut()
    this.readUsage(asObject(response?.usage))
    if (response) {
      acc.responseId ??= asString(response.id)
      acc.model ??= asString(response.model)
    }
    if (payload.type === 'response.failed') {
      acc.fail(errorFromStreamPayload(asObject(response?.error), 'The response failed'))
    }
  }

  private readUsage(usage: WireObject | undefined): void {
    if (!usage) return
    this.acc.mergeUsage({
      inputTokens: asNumber(usage.input_tokens),
      outputTokens: asNumber(usage.output_tokens),
      reasoningTokens: asNumber(asObject(usage.output_tokens_details)?.reasoning_tokens),
      cachedInputTokens: asNumber(asObject(usage.input_tokens_details)?.cached_tokens),
    })
  }
}

export function createOpenAIResponsesStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  return new OpenAIResponsesStreamAdapter(acc)
}
