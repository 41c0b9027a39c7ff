import { openAIErrorObject, statusForKind } from './error-documents'
import type { PlannedTurn } from './normalize-turn'
import { obfuscation, sseEvent } from './sse'
import type { ScriptedUsage } from './types'
import type { RenderContext, RenderedStream, WireRenderer } from './wire-renderer'

type Json = Record<string, unknown>

/**
 * OpenAI Responses: `response.created`, `response.in_progress`, one output item per reasoning /
 * message / function call (`fc_…` item id ≠ `call_…` call id), then exactly one terminal event
 * (`response.completed`, or `response.incomplete` for length and content-filter finishes).
 * No `[DONE]`. A length finish leaves the last output item `incomplete` (a call without
 * `function_call_arguments.done`).
 */
export const openAIResponsesRenderer: WireRenderer = {
  contentType: () => 'text/event-stream; charset=utf-8',

  render(turn, context) {
    const events: string[] = []
    const emit = (payload: Json): void => {
      const type = String(payload.type)
      events.push(sseEvent(type, JSON.stringify({ type, sequence_number: events.length, ...payload })))
    }
    const output: Json[] = []
    const truncatedLast = turn.finish === 'length'
    const itemCount = (turn.reasoning ? 1 : 0) + (turn.text ? 1 : 0) + turn.toolCalls.length
    const isLast = (outputIndex: number) => outputIndex === itemCount - 1

    emit({ type: 'response.created', response: responseObject(turn, context, 'in_progress', [], undefined) })
    emit({ type: 'response.in_progress', response: responseObject(turn, context, 'in_progress', [], undefined) })

    if (turn.reasoning) {
      const outputIndex = output.length
      const id = `rs_${turn.serial}`
      const wantsEncrypted = includes(context.request.body, 'reasoning.encrypted_content')
      const encrypted = wantsEncrypted ? { encrypted_content: `gAAAAAsim${turn.serial}` } : {}
      emit({
        type: 'response.output_item.added',
        output_index: outputIndex,
        item: { id, type: 'reasoning', ...encrypted, summary: [] },
      })
      const base = { item_id: id, output_index: outputIndex, summary_index: 0 }
      emit({ type: 'response.reasoning_summary_part.added', ...base, part: { type: 'summary_text', text: '' } })
      for (const delta of turn.reasoningDeltas) {
        emit({ type: 'response.reasoning_summary_text.delta', ...base, delta, obfuscation: obfuscation(events.length) })
      }
      emit({ type: 'response.reasoning_summary_text.done', ...base, text: turn.reasoning })
      emit({
        type: 'response.reasoning_summary_part.done',
        ...base,
        part: { type: 'summary_text', text: turn.reasoning },
      })
      const item = { id, type: 'reasoning', ...encrypted, summary: [{ type: 'summary_text', text: turn.reasoning }] }
      output.push(item)
      emit({ type: 'response.output_item.done', output_index: outputIndex, item })
    }

    if (turn.text) {
      const outputIndex = output.length
      const id = `msg_${turn.serial}`
      emit({
        type: 'response.output_item.added',
        output_index: outputIndex,
        item: { id, type: 'message', status: 'in_progress', content: [], role: 'assistant' },
      })
      const base = { item_id: id, output_index: outputIndex, content_index: 0 }
      emit({ type: 'response.content_part.added', ...base, part: outputText('') })
      for (const delta of turn.textDeltas) {
        emit({
          type: 'response.output_text.delta',
          ...base,
          delta,
          logprobs: [],
          obfuscation: obfuscation(events.length),
        })
      }
      emit({ type: 'response.output_text.done', ...base, text: turn.text, logprobs: [] })
      emit({ type: 'response.content_part.done', ...base, part: outputText(turn.text) })
      const status = truncatedLast && isLast(outputIndex) ? 'incomplete' : 'completed'
      const item = { id, type: 'message', status, content: [outputText(turn.text)], role: 'assistant' }
      output.push(item)
      emit({ type: 'response.output_item.done', output_index: outputIndex, item })
    }

    for (const call of turn.toolCalls) {
      const outputIndex = output.length
      const item = {
        id: call.itemId,
        type: 'function_call',
        status: 'in_progress',
        arguments: '',
        call_id: call.callId ?? '',
        name: call.name,
      }
      emit({ type: 'response.output_item.added', output_index: outputIndex, item })
      for (const delta of call.fragments) {
        emit({
          type: 'response.function_call_arguments.delta',
          item_id: call.itemId,
          output_index: outputIndex,
          delta,
          obfuscation: obfuscation(events.length),
        })
      }
      const cut = truncatedLast && isLast(outputIndex)
      if (!cut) {
        emit({
          type: 'response.function_call_arguments.done',
          item_id: call.itemId,
          output_index: outputIndex,
          arguments: call.argumentsText,
        })
      }
      const done = { ...item, status: cut ? 'incomplete' : 'completed', arguments: call.argumentsText }
      output.push(done)
      emit({ type: 'response.output_item.done', output_index: outputIndex, item: done })
    }

    const terminal =
      turn.finish === 'length'
        ? { type: 'response.incomplete', status: 'incomplete', reason: 'max_output_tokens' }
        : turn.finish === 'content-filter'
          ? { type: 'response.incomplete', status: 'incomplete', reason: 'content_filter' }
          : { type: 'response.completed', status: 'completed', reason: undefined }
    emit({ type: terminal.type, response: responseObject(turn, context, terminal.status, output, terminal.reason) })
    return { events, trailer: '' } satisfies RenderedStream
  },

  streamError(kind, turn, context, eventsBefore, message) {
    // The live API nests the error (`{type:"error", error:{type, code, message, param}}`), then fails the response.
    const base = openAIErrorObject(statusForKind('openai-responses', kind))
    const error: Record<string, unknown> = { ...base, message: message ?? base.message }
    const failed = {
      ...responseObject(turn, context, 'failed', [], undefined),
      error: { code: error.code ?? error.type, message: error.message },
    }
    return [
      sseEvent(
        'error',
        JSON.stringify({
          type: 'error',
          sequence_number: eventsBefore,
          error: { type: error.type, code: error.code, message: error.message, param: null },
        }),
      ),
      sseEvent(
        'response.failed',
        JSON.stringify({ type: 'response.failed', sequence_number: eventsBefore + 1, response: failed }),
      ),
    ]
  },
}

function outputText(text: string): Json {
  return { type: 'output_text', annotations: [], logprobs: [], text }
}

function responseObject(
  turn: PlannedTurn,
  context: RenderContext,
  status: string,
  output: Json[],
  incompleteReason: string | undefined,
): Json {
  const done = status !== 'in_progress'
  return {
    id: turn.responseId,
    object: 'response',
    created_at: context.createdAt,
    status,
    background: false,
    completed_at: status === 'completed' ? context.createdAt : null,
    error: null,
    incomplete_details: incompleteReason ? { reason: incompleteReason } : null,
    instructions: null,
    max_output_tokens: null,
    model: context.model,
    output,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: false,
    temperature: 1.0,
    text: { format: { type: 'text' } },
    tool_choice: 'auto',
    tools: [],
    top_p: 1.0,
    truncation: 'disabled',
    usage: done ? usageObject(turn.usage) : null,
    metadata: {},
  }
}

function usageObject(usage: ScriptedUsage | null): Json | null {
  if (!usage) return null
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cachedInputTokens ?? 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens ?? 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  }
}

function includes(body: unknown, value: string): boolean {
  if (typeof body !== 'object' || body === null) return false
  const include = (body as { include?: unknown }).include
  return Array.isArray(include) && include.includes(value)
}
