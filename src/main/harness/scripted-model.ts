import type { ProviderError } from '../../shared/provider-error'
import type { StreamEvent } from '../../shared/stream-events'
import type { ReplayItem, RoundResult, TurnToolCall } from '../../shared/round-result'
import type { ProviderRequest } from '../providers/provider-request'
import { parseArgumentsObject } from '../providers/turn-accumulator'
import type { RoundOutcome, StreamModelRoundOptions } from './stream-model-round'
import type { StreamRound } from './turn-context'

/** One scripted model call: the normalized events it streams, and what it amounts to beyond them. */
export interface ScriptedCall {
  events: StreamEvent[]
  /** Replay data the provider would attach (signatures, encrypted reasoning). */
  replay?: ReplayItem[]
  /** The HTTP status it came with (diagnostics). */
  status?: number
  /** Wait before each event (lets a test stop the turn mid-stream). */
  delayMs?: number
}

/** What the script is asked: the request as built for the provider, the round and attempt, and how many calls came before. */
export interface ScriptedRequest {
  request: ProviderRequest
  callIndex: number
}

/**
 * A model for harness tests without HTTP: a function from each request to the normalized events
 * it streams. The turn result is folded from those events the way the parsers fold wire events
 * (text and reasoning joined, calls keyed by id with their argument text, the finish and any
 * error), so every harness decision can be tested on events alone. The user's stop is honoured
 * between events. The HTTP end-to-end suites remain the safety net for the real path.
 */
export function scriptedModel(
  script: (request: ScriptedRequest) => ScriptedCall,
): StreamRound & { readonly requests: ProviderRequest[] } {
  const requests: ProviderRequest[] = []
  const round = async (options: StreamModelRoundOptions): Promise<RoundOutcome> => {
    const startedAt = (options.now ?? Date.now)()
    requests.push(options.request)
    const call = script({ request: options.request, callIndex: requests.length - 1 })
    const folded = fold(options.provider, call.replay ?? [])
    let outputForwarded = false
    for (const event of call.events) {
      if (options.signal.aborted) break
      if (call.delayMs) await new Promise((resolve) => setTimeout(resolve, call.delayMs))
      if (options.signal.aborted) break
      folded.add(event)
      if (event.type !== 'finish' && event.type !== 'error') outputForwarded = true
      options.onEvent(event)
    }
    const result = folded.result()
    return {
      result,
      outputForwarded,
      aborted: options.signal.aborted,
      status: call.status,
      requestId: undefined,
      startedAt,
      endedAt: (options.now ?? Date.now)(),
    }
  }
  return Object.assign(round, { requests })
}

function fold(provider: RoundResult['provider'], replay: ReplayItem[]) {
  let text = ''
  let reasoning = ''
  let finish: Extract<StreamEvent, { type: 'finish' }> | undefined
  let error: ProviderError | undefined
  const calls = new Map<string, { name: string; text: string; closed: boolean }>()
  return {
    add(event: StreamEvent) {
      switch (event.type) {
        case 'text-delta':
          text += event.delta
          return
        case 'reasoning-delta':
          reasoning += event.delta
          return
        case 'tool-call-start':
          calls.set(event.callId, { name: event.name, text: '', closed: false })
          return
        case 'tool-call-delta': {
          const call = calls.get(event.callId)
          if (call) call.text += event.delta
          return
        }
        case 'tool-call-end': {
          const call = calls.get(event.callId)
          if (call) call.closed = true
          return
        }
        case 'finish':
          finish = event
          return
        case 'error':
          error = event.error
      }
    },
    result(): RoundResult {
      const toolCalls: TurnToolCall[] = [...calls.entries()].map(([callId, call]) => ({
        callId,
        callIdIsLocal: false,
        name: call.name,
        argumentsText: call.text,
        arguments: call.closed ? parseArgumentsObject(call.text) : undefined,
        closed: call.closed,
      }))
      const openCall = toolCalls.some((call) => !call.closed)
      const complete = finish?.complete ?? false
      return {
        provider,
        complete,
        truncated: finish ? finish.truncated || openCall : true,
        finishReason: finish?.finishReason ?? null,
        rawFinishReason: finish?.rawFinishReason ?? null,
        text,
        reasoning,
        toolCalls,
        hostedCalls: [],
        citations: [],
        usage: finish?.usage ?? {
          inputTokens: undefined,
          outputTokens: undefined,
          reasoningTokens: undefined,
          cachedInputTokens: undefined,
        },
        error,
        replay,
        responseId: undefined,
        model: undefined,
      }
    },
  }
}

/** Events of a finished answer that is only text. */
export function textAnswer(text: string, usage = { inputTokens: 10, outputTokens: 5 }): StreamEvent[] {
  return [
    { type: 'text-delta', delta: text },
    {
      type: 'finish',
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { ...usage, reasoningTokens: undefined, cachedInputTokens: undefined },
      complete: true,
      truncated: false,
    },
  ]
}

/** Events of an answer that ends for tool calls (ids given; arguments as objects or raw text). */
export function toolCallAnswer(
  calls: { id: string; name: string; arguments: Record<string, unknown> | string }[],
  text = '',
): StreamEvent[] {
  const events: StreamEvent[] = text ? [{ type: 'text-delta', delta: text }] : []
  for (const call of calls) {
    events.push({ type: 'tool-call-start', callId: call.id, name: call.name })
    events.push({
      type: 'tool-call-delta',
      callId: call.id,
      delta: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    })
    events.push({ type: 'tool-call-end', callId: call.id })
  }
  events.push({
    type: 'finish',
    finishReason: 'tool-calls',
    rawFinishReason: 'tool_calls',
    usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: undefined, cachedInputTokens: undefined },
    complete: true,
    truncated: false,
  })
  return events
}
