import { openAIErrorObject, statusForKind } from './error-documents'
import { obfuscation, sseEvent } from './sse'
import type { ScriptedFinish } from './types'
import type { WireRenderer } from './wire-renderer'

type Json = Record<string, unknown>

const FINISH: Record<ScriptedFinish, string> = {
  stop: 'stop',
  'tool-calls': 'tool_calls',
  length: 'length',
  'content-filter': 'content_filter',
}

/**
 * OpenAI Chat Completions: a role chunk, content chunks, tool calls by `index` (id and name only
 * on a call's first fragment), `finish_reason` in its own empty-delta chunk, a usage chunk with
 * `choices: []` when the request asked `stream_options.include_usage`, then `data: [DONE]`.
 * Reasoning is sent as `delta.reasoning_content` (DeepSeek / vLLM style; OpenAI streams none).
 * `faults.compat` reproduces the compatible servers' deviations.
 */
export const openAIChatRenderer: WireRenderer = {
  contentType: () => 'text/event-stream; charset=utf-8',

  render(turn, context) {
    const events: string[] = []
    const compat = context.compat
    const includeUsage = asksForUsage(context.request.body)
    const chunk = (choices: Json[], extra: Json = {}): void => {
      const body: Json = {
        id: turn.responseId,
        object: 'chat.completion.chunk',
        created: context.createdAt,
        model: context.model,
        service_tier: 'default',
        system_fingerprint: 'fp_sim',
        choices,
        ...(includeUsage ? { usage: null } : {}),
        ...extra,
      }
      if (choices.length > 0 && !('usage' in extra)) body.obfuscation = obfuscation(events.length)
      events.push(sseEvent(undefined, JSON.stringify(body)))
    }
    const choice = (delta: Json, finishReason: string | null = null): Json => ({
      index: 0,
      delta,
      logprobs: null,
      finish_reason: finishReason,
    })

    chunk([choice({ role: 'assistant', content: turn.text || turn.toolCalls.length === 0 ? '' : null, refusal: null })])
    for (const delta of turn.reasoningDeltas) chunk([choice({ reasoning_content: delta })])
    for (const delta of turn.textDeltas) chunk([choice({ content: delta })])
    turn.toolCalls.forEach((call, position) => {
      const index = compat.sameIndexForAllCalls ? 0 : position
      const id = call.callId ?? `call_${turn.serial}_${position}` // `compat.idZero` ids are set by planTurn
      const head = { index, id, type: 'function', function: { name: call.name, arguments: '' } }
      chunk([choice({ tool_calls: [head] })])
      for (const fragment of call.fragments) {
        const piece = compat.repeatIdOnEveryFragment
          ? { ...head, function: { name: call.name, arguments: fragment } }
          : { index, function: { arguments: fragment } }
        chunk([choice({ tool_calls: [piece] })])
      }
    })
    if (!compat.noFinishReason) chunk([choice({}, FINISH[turn.finish])])
    if (turn.usage && (includeUsage || compat.usageOnChoiceChunk)) {
      const usage = {
        prompt_tokens: turn.usage.inputTokens,
        completion_tokens: turn.usage.outputTokens,
        total_tokens: turn.usage.inputTokens + turn.usage.outputTokens,
        prompt_tokens_details: { cached_tokens: turn.usage.cachedInputTokens ?? 0 },
        completion_tokens_details: { reasoning_tokens: turn.usage.reasoningTokens ?? 0 },
      }
      // OpenRouter-style servers attach usage to a chunk that still has a choice.
      chunk(compat.usageOnChoiceChunk ? [choice({ role: 'assistant', content: '' })] : [], { usage })
    }
    events.push(sseEvent(undefined, '[DONE]'))
    return { events, trailer: '' }
  },

  streamError(kind, _turn, _context, _before, message) {
    // An in-band error after HTTP 200: a data chunk with an `error` key and no choices.
    const error = {
      ...openAIErrorObject(statusForKind('openai-chat', kind)),
      ...(message === undefined ? {} : { message }),
    }
    return [sseEvent(undefined, JSON.stringify({ error }))]
  },
}

function asksForUsage(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false
  const options = (body as { stream_options?: unknown }).stream_options
  return (
    typeof options === 'object' && options !== null && (options as { include_usage?: unknown }).include_usage === true
  )
}
