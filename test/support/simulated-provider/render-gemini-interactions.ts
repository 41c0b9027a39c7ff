import { googleErrorObject, statusForKind } from './error-documents'
import type { PlannedTurn } from './normalize-turn'
import { sseEvent } from './sse'
import type { ScriptedFinish } from './types'
import type { RenderContext, WireRenderer } from './wire-renderer'

type Json = Record<string, unknown>

/**
 * `content-filter` has no Interactions status (none was ever observed): it is rendered as
 * `incomplete`, which clients read as a cut turn.
 */
const STATUS: Record<ScriptedFinish, string> = {
  stop: 'completed',
  'tool-calls': 'requires_action',
  length: 'incomplete',
  'content-filter': 'incomplete',
}

/**
 * Gemini Interactions, current "steps" schema: `interaction.created`, `interaction.status_update`,
 * steps (`thought` with `thought_summary` and `thought_signature` deltas, `model_output` with
 * `text` deltas, `function_call` with id and name in `step.start` and `arguments_delta` deltas
 * whose fragment is in `arguments`), then `interaction.completed` whose `status` is
 * `completed` / `requires_action` / `incomplete`, with usage. A length finish leaves the last
 * function_call step without `step.stop`.
 */
export const geminiInteractionsRenderer: WireRenderer = {
  contentType: () => 'text/event-stream',

  render(turn, context) {
    const events: string[] = []
    const emit = (eventType: string, payload: Json): void => {
      events.push(sseEvent(eventType, JSON.stringify({ ...payload, event_type: eventType })))
    }
    let index = 0
    const step = (start: Json, deltas: Json[], stop = true): void => {
      emit('step.start', { index, step: start })
      for (const delta of deltas) emit('step.delta', { index, delta })
      if (stop) emit('step.stop', { index })
      index++
    }

    emit('interaction.created', {
      interaction: { id: turn.responseId, status: 'in_progress', object: 'interaction', model: context.model },
    })
    emit('interaction.status_update', { interaction_id: turn.responseId, status: 'in_progress' })
    if (turn.reasoning) {
      step({ type: 'thought' }, [
        ...turn.reasoningDeltas.map((text) => ({ content: { type: 'text', text }, type: 'thought_summary' })),
        { signature: Buffer.from(`sim-thought:${turn.serial}`).toString('base64'), type: 'thought_signature' },
      ])
    }
    if (turn.text)
      step(
        { type: 'model_output' },
        turn.textDeltas.map((text) => ({ text, type: 'text' })),
      )
    turn.toolCalls.forEach((call, position) => {
      const cut = turn.finish === 'length' && position === turn.toolCalls.length - 1
      step(
        { id: call.callId ?? '', signature: '', type: 'function_call', name: call.name, arguments: {} },
        call.fragments.map((fragment) => ({ arguments: fragment, type: 'arguments_delta' })),
        !cut,
      )
    })
    emit('interaction.completed', { interaction: completedInteraction(turn, context, STATUS[turn.finish]) })
    return { events, trailer: '' }
  },

  streamError(kind, _turn, _context, _before, message) {
    const error = {
      ...googleErrorObject(statusForKind('gemini-interactions', kind)),
      ...(message === undefined ? {} : { message }),
    }
    return [
      sseEvent('error', JSON.stringify({ error: { code: error.status, message: error.message }, event_type: 'error' })),
    ]
  },
}

function completedInteraction(turn: PlannedTurn, context: RenderContext, status: string): Json {
  const created = new Date(context.createdAt * 1000).toISOString().replace(/\.\d+Z$/, 'Z')
  const usage = turn.usage
  const thoughts = usage?.reasoningTokens ?? 0
  return {
    id: turn.responseId,
    status,
    ...(usage
      ? {
          usage: {
            total_tokens: usage.inputTokens + usage.outputTokens,
            total_input_tokens: usage.inputTokens,
            input_tokens_by_modality: [{ modality: 'text', tokens: usage.inputTokens }],
            total_cached_tokens: usage.cachedInputTokens ?? 0,
            total_output_tokens: usage.outputTokens - thoughts,
            total_tool_use_tokens: 0,
            total_thought_tokens: thoughts,
          },
        }
      : {}),
    created,
    updated: created,
    service_tier: 'standard',
    object: 'interaction',
    model: context.model,
  }
}
