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
  /** Tools the provider ran itself (never run here). */
  hostedCalls: { toolName: string; kind: string; query: string | null; url: string | null; status: string }[]
  /** Every source the round cited or its hosted calls found, once each, cited ones first. */
  sources: { url: string; title: string | null }[]
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
    hostedCalls: result.hostedCalls.map((call) => ({
      toolName: call.toolName,
      kind: call.kind,
      query: call.queries.length > 0 ? call.queries.join(' | ') : null,
      url: call.url ?? null,
      status: call.status,
    })),
    sources: sourcesOf(result),
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

function sourcesOf(result: RoundResult): TurnResultJson['sources'] {
  const byUrl = new Map<string, string | null>()
  for (const citation of result.citations) if (!byUrl.has(citation.url)) byUrl.set(citation.url, citation.title ?? null)
  for (const call of result.hostedCalls)
    for (const source of call.sources) if (!byUrl.has(source.url)) byUrl.set(source.url, source.title ?? null)
  return [...byUrl].map(([url, title]) => ({ url, title }))
}
