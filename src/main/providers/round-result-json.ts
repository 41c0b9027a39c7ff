import type { RoundResult } from '../../shared/round-result'
import { mayRunToolCalls } from './turn-verdict'

/** The stable JSON shape `keel replay` prints: unknown values are `null`, never omitted. */
export interface TurnResultJson {
  provider: string
  complete: boolean
  truncated: boolean
  executable: boolean
  finishReason: string | null
  rawFinishReason: string | null
  text: string
  reasoning: string
  toolCalls: { callId: string; name: string; argumentsText: string; arguments: Record<string, unknown> | null }[]
  usage: { inputTokens: number | null; outputTokens: number | null }
  error: { kind: string; message: string; retryable: boolean; status: number | null } | null
}

export function turnResultToJson(result: RoundResult): TurnResultJson {
  return {
    provider: result.provider,
    complete: result.complete,
    truncated: result.truncated,
    executable: mayRunToolCalls(result),
    finishReason: result.finishReason,
    rawFinishReason: result.rawFinishReason,
    text: result.text,
    reasoning: result.reasoning,
    toolCalls: result.toolCalls.map((call) => ({
      callId: call.callId,
      name: call.name,
      argumentsText: call.argumentsText,
      arguments: call.arguments ?? null,
    })),
    usage: {
      inputTokens: result.usage.inputTokens ?? null,
      outputTokens: result.usage.outputTokens ?? null,
    },
    error: result.error
      ? {
          kind: result.error.kind,
          message: result.error.message,
          retryable: result.error.retryable,
          status: result.error.status ?? null,
        }
      : null,
  }
}
