import { googleErrorObject, statusForKind } from './error-documents'
import type { PlannedTurn } from './normalize-turn'
import { geminiJson, geminiSseEvent } from './sse'
import type { ScriptedFinish } from './types'
import type { RenderContext, WireRenderer } from './wire-renderer'

type Json = Record<string, unknown>

const FINISH_REASON: Record<ScriptedFinish, string> = {
  stop: 'STOP',
  'tool-calls': 'STOP', // Gemini has no tool-call finish reason
  length: 'MAX_TOKENS',
  'content-filter': 'SAFETY',
}

/**
 * Gemini `streamGenerateContent`: one whole GenerateContentResponse per chunk (thought parts,
 * text parts, then every functionCall complete in one chunk, no `id` unless scripted, the
 * `thoughtSignature` on the first one), `finishReason` on the last chunk, `usageMetadata` (running
 * totals) on every chunk, no end sentinel. `alt=sse`: `data:` + CRLF CRLF with Gemini's JSON
 * spacing; without it, one pretty-printed JSON array (`[{…}\n,\r\n{…}\n]`). Raw argument text
 * that is not a JSON object is sent as a string `args` (as some gateways do).
 */
export const geminiRenderer: WireRenderer = {
  contentType: (context) => (context.jsonArray ? 'application/json; charset=UTF-8' : 'text/event-stream'),

  render(turn, context) {
    const partsPerChunk: Json[][] = [
      ...turn.reasoningDeltas.map((text) => [{ text, thought: true }]),
      ...turn.textDeltas.map((text) => [{ text }]),
    ]
    if (turn.toolCalls.length > 0) {
      partsPerChunk.push(
        turn.toolCalls.map((call, position) => ({
          functionCall: {
            ...(call.callId !== undefined ? { id: call.callId } : {}),
            name: call.name,
            args: call.argumentsObject ?? call.argumentsText,
          },
          ...(position === 0 ? { thoughtSignature: thoughtSignature(turn) } : {}),
        })),
      )
    }
    if (partsPerChunk.length === 0) partsPerChunk.push([{ text: '' }])
    const chunks = partsPerChunk.map((parts, i) => {
      const last = i === partsPerChunk.length - 1
      return response(
        turn,
        context,
        {
          content: { parts, role: 'model' },
          ...(last ? { finishReason: FINISH_REASON[turn.finish] } : {}),
          index: 0,
        },
        (i + 1) / partsPerChunk.length,
      )
    })
    return {
      events: chunks.map((chunk, i) => frame(chunk, i, context)),
      trailer: context.jsonArray ? '\n]' : '',
    }
  },

  streamError(kind, _turn, context, eventsBefore, message) {
    // A chunk with an `error` key (the JS SDK raises on it when the code is 4xx/5xx).
    const error = { ...googleErrorObject(statusForKind('gemini', kind)), ...(message === undefined ? {} : { message }) }
    return [frame({ error }, eventsBefore, context)]
  },
}

function frame(chunk: Json, position: number, context: RenderContext): string {
  if (!context.jsonArray) return geminiSseEvent(geminiJson(chunk))
  return `${position === 0 ? '[' : '\n,\r\n'}${JSON.stringify(chunk, null, 2)}`
}

function response(turn: PlannedTurn, context: RenderContext, candidate: Json, progress: number): Json {
  return {
    candidates: [candidate],
    ...(turn.usage ? { usageMetadata: usageMetadata(turn, progress) } : {}),
    modelVersion: context.model,
    responseId: turn.responseId,
  }
}

function usageMetadata(turn: PlannedTurn, progress: number): Json {
  const usage = turn.usage!
  const thoughts = usage.reasoningTokens
  const candidates = Math.round((usage.outputTokens - (thoughts ?? 0)) * progress)
  const thoughtsSoFar = thoughts === undefined ? undefined : Math.round(thoughts * progress)
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: candidates,
    totalTokenCount: usage.inputTokens + candidates + (thoughtsSoFar ?? 0),
    ...(usage.cachedInputTokens !== undefined ? { cachedContentTokenCount: usage.cachedInputTokens } : {}),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: usage.inputTokens }],
    ...(thoughtsSoFar !== undefined ? { thoughtsTokenCount: thoughtsSoFar } : {}),
  }
}

function thoughtSignature(turn: PlannedTurn): string {
  return Buffer.from(`sim-thought-signature:${turn.serial}`).toString('base64')
}
