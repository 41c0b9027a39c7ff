import { anthropicErrorObject, statusForKind } from './error-documents'
import type { PlannedTurn } from './normalize-turn'
import { sseEvent } from './sse'
import type { ScriptedFinish } from './types'
import type { WireRenderer } from './wire-renderer'

type Json = Record<string, unknown>

const STOP_REASON: Record<ScriptedFinish, string> = {
  stop: 'end_turn',
  'tool-calls': 'tool_use',
  length: 'max_tokens',
  'content-filter': 'refusal',
}

/**
 * Anthropic Messages: `message_start` (with usage), content blocks (thinking with a
 * `signature_delta`, text, tool_use whose first `input_json_delta` is `""`; a no-argument call
 * sends only that), a `ping`, `message_delta` with `stop_reason` and cumulative usage,
 * `message_stop`. Data lines carry Anthropic's variable whitespace padding. A length finish
 * leaves the last tool_use block without `content_block_stop`, as the API does.
 */
export const anthropicRenderer: WireRenderer = {
  contentType: () => 'text/event-stream; charset=utf-8',

  render(turn, context) {
    const events: string[] = []
    const emit = (payload: Json): void => {
      events.push(sseEvent(String(payload.type), padded(JSON.stringify(payload), events.length)))
    }
    let index = 0
    const usage = turn.usage
    const cached = usage?.cachedInputTokens ?? 0
    const inputUsage = usage
      ? { input_tokens: usage.inputTokens - cached, cache_creation_input_tokens: 0, cache_read_input_tokens: cached }
      : undefined

    emit({
      type: 'message_start',
      message: {
        model: context.model,
        id: turn.responseId,
        type: 'message',
        role: 'assistant',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        ...(inputUsage ? { usage: { ...inputUsage, output_tokens: 1, service_tier: 'standard' } } : {}),
      },
    })
    const startBlock = (block: Json): void => {
      emit({ type: 'content_block_start', index, content_block: block })
      if (index === 0) emit({ type: 'ping' })
    }
    const delta = (d: Json): void => emit({ type: 'content_block_delta', index, delta: d })
    const stopBlock = (): void => {
      emit({ type: 'content_block_stop', index })
      index++
    }

    if (turn.reasoning) {
      startBlock({ type: 'thinking', thinking: '', signature: '' })
      for (const thinking of turn.reasoningDeltas) delta({ type: 'thinking_delta', thinking })
      delta({ type: 'signature_delta', signature: signatureFor(turn) })
      stopBlock()
    }
    if (turn.text) {
      startBlock({ type: 'text', text: '' })
      for (const text of turn.textDeltas) delta({ type: 'text_delta', text })
      stopBlock()
    }
    turn.toolCalls.forEach((call, position) => {
      startBlock({ type: 'tool_use', id: call.callId ?? '', name: call.name, input: {} })
      delta({ type: 'input_json_delta', partial_json: '' })
      // A call without arguments streams only the empty delta (the client reads `""` as `{}`).
      const noArguments = call.argumentsObject !== undefined && Object.keys(call.argumentsObject).length === 0
      if (!noArguments) for (const partial of call.fragments) delta({ type: 'input_json_delta', partial_json: partial })
      const cut = turn.finish === 'length' && position === turn.toolCalls.length - 1
      if (!cut) stopBlock()
    })
    emit({
      type: 'message_delta',
      delta: { stop_reason: STOP_REASON[turn.finish], stop_sequence: null },
      ...(inputUsage && usage ? { usage: { ...inputUsage, output_tokens: usage.outputTokens } } : {}),
    })
    emit({ type: 'message_stop' })
    return { events, trailer: '' }
  },

  streamError(kind, _turn, _context, _before, message) {
    // Quoted from a live stream (anthropic-sdk-go#200): a `details` key and a trailing space. The connection closes after it.
    const error = {
      ...anthropicErrorObject(statusForKind('anthropic', kind)),
      ...(message === undefined ? {} : { message }),
    }
    return [sseEvent('error', `${JSON.stringify({ type: 'error', error: { details: null, ...error } })} `)]
  },
}

/** Anthropic pads data lines with a variable run of spaces, mostly before the last `}`. */
function padded(json: string, n: number): string {
  const spaces = ' '.repeat((n * 5) % 14)
  if (spaces.length === 0) return json
  return n % 4 === 3 ? json + spaces : `${json.slice(0, -1)}${spaces}}`
}

function signatureFor(turn: PlannedTurn): string {
  return Buffer.from(`sim-signature:${turn.serial}:${turn.reasoning.length}`).toString('base64')
}
