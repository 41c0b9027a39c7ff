import { argumentsTextOf } from '../../../shared/json-depth'
import type { FinishReason } from '../../../shared/finish-reason'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, sumKnown, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'
import { JsonPathArguments } from './json-path-arguments'

/**
 * Gemini `models/{m}:streamGenerateContent?alt=sse` (and Vertex, same chunks). Every chunk is a
 * whole GenerateContentResponse; there is no end sentinel: the end is EOF after a chunk that
 * carries `finishReason`. Also reads the streamed JSON array served without `alt=sse`.
 * @see https://ai.google.dev/api/generate-content
 */
export function createGeminiStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  let rawFinish: string | undefined
  let lastUsage: WireObject | undefined
  let blockReason: string | undefined
  let callSerial = 0
  /** A Vertex call whose arguments stream as `partialArgs` until a part without `willContinue`. */
  let streaming: { call: PendingToolCall; args: JsonPathArguments } | undefined

  const newCallId = (functionCall: WireObject): { id: string; local: boolean } => {
    const id = asString(functionCall.id)
    if (id) return { id, local: false }
    // Gemini usually sends no id. Synthesize one per call (never the name: parallel calls to the
    // same function must stay apart), scoped by the response id so turns don't collide.
    return { id: acc.newLocalCallId(acc.responseId ? `gemini_${acc.responseId}` : 'gemini'), local: true }
  }

  const openCall = (functionCall: WireObject): PendingToolCall => {
    const { id, local } = newCallId(functionCall)
    const key = `call:${callSerial++}`
    const name = asString(functionCall.name) ?? ''
    return local ? acc.openToolCallWithLocalId(key, id, name) : acc.openToolCall(key, id, name)
  }

  const closeStreaming = (): void => {
    if (!streaming) return
    if (!streaming.args.invalid) acc.setToolArguments(streaming.call, streaming.args.toJson(), streaming.args.value)
    acc.closeToolCall(streaming.call)
    streaming = undefined
  }

  const handleFunctionCall = (functionCall: WireObject, signature: string | undefined): void => {
    const name = asString(functionCall.name)
    const partialArgs = asArray(functionCall.partialArgs)
    const willContinue = functionCall.willContinue === true
    if (name) {
      // A new functionCall part is always a new call: append, never merge by position or name.
      closeStreaming()
      const call = openCall(functionCall)
      if (signature) acc.replay.push({ type: 'gemini-thought-signature', signature, callId: call.callId })
      if (willContinue || partialArgs) {
        streaming = { call, args: new JsonPathArguments() }
      } else {
        const args = functionCall.args
        // `args` is normally an object; some gateways send it as a JSON string (kept as text then).
        if (typeof args === 'string') acc.setToolArguments(call, args)
        else {
          const object = asObject(args) ?? (args === undefined || args === null ? {} : undefined)
          acc.setToolArguments(call, argumentsTextOf(args), object)
        }
        acc.closeToolCall(call)
        return
      }
    }
    if (!streaming) return
    for (const entry of partialArgs ?? []) {
      const piece = asObject(entry)
      const path = asString(piece?.jsonPath)
      if (!piece || path === undefined) continue
      const value =
        'stringValue' in piece ? piece.stringValue
        : 'numberValue' in piece ? piece.numberValue
        : 'boolValue' in piece ? piece.boolValue
        : 'nullValue' in piece ? null
        : undefined
      if (value !== undefined) streaming.args.set(path, value)
    }
    // The empty `{}` part closes the call; so does a part that no longer says it will continue.
    if (!willContinue) closeStreaming()
  }

  return {
    label: 'Gemini',
    truncationIsError: true,
    allowJsonArrayBody: true,
    handlePayload(chunk) {
      if (chunk.error !== undefined && chunk.error !== null) {
        acc.fail(errorFromStreamPayload(asObject(chunk.error), 'The provider reported an error'))
        return
      }
      acc.responseId ??= asString(chunk.responseId)
      acc.model ??= asString(chunk.modelVersion)
      // usageMetadata repeats running totals on every chunk: keep the last, read it once at the end.
      const usage = asObject(chunk.usageMetadata)
      if (usage) lastUsage = usage
      const feedback = asObject(chunk.promptFeedback)
      const blocked = asString(feedback?.blockReason)
      if (blocked) blockReason = blocked
      const candidate = asObject(asArray(chunk.candidates)?.[0])
      if (!candidate) return
      for (const entry of asArray(asObject(candidate.content)?.parts) ?? []) {
        const part = asObject(entry)
        if (!part) continue
        const signature = asString(part.thoughtSignature)
        const functionCall = asObject(part.functionCall)
        if (functionCall) {
          handleFunctionCall(functionCall, signature)
          continue
        }
        const text = asString(part.text)
        if (part.thought === true) acc.appendReasoning(text ?? '')
        else if (text) acc.appendText(text)
        if (signature) acc.replay.push({ type: 'gemini-thought-signature', signature, callId: undefined })
      }
      // finishReason may come in a chunk with no parts at all: read it from every chunk.
      const finish = asString(candidate.finishReason)
      if (finish) rawFinish = finish
    },
    handleSentinel() {
      return false
    },
    handleEnd() {
      if (lastUsage) {
        const thoughts = asNumber(lastUsage.thoughtsTokenCount)
        const candidates = asNumber(lastUsage.candidatesTokenCount)
        acc.mergeUsage({
          inputTokens: asNumber(lastUsage.promptTokenCount),
          outputTokens: sumKnown(candidates, thoughts),
          reasoningTokens: thoughts,
          cachedInputTokens: asNumber(lastUsage.cachedContentTokenCount),
        })
      }
      if (rawFinish !== undefined && mapGeminiFinishReason(rawFinish, false) === 'length') acc.markOutputCut()
      if (acc.hasError) {
        acc.setFinish('error', rawFinish ?? null)
        return
      }
      if (rawFinish !== undefined) {
        acc.markEndSignal()
        acc.setFinish(mapGeminiFinishReason(rawFinish, acc.toolCallCount > 0), rawFinish)
      } else if (blockReason !== undefined) {
        acc.markEndSignal()
        acc.setFinish('content-filter', blockReason)
      }
    },
    errorFromDocument(document, meta) {
      return errorFromDocument('Gemini', document, meta)
    },
  }
}

/**
 * Gemini has no tool-call finish reason: a tool turn ends with plain `STOP`.
 * @see https://ai.google.dev/api/generate-content#FinishReason
 */
export function mapGeminiFinishReason(raw: string, hasToolCalls: boolean): FinishReason {
  switch (raw) {
    case 'STOP':
      return hasToolCalls ? 'tool-calls' : 'stop'
    case 'MAX_TOKENS':
      return 'length'
    case 'SAFETY':
    case 'RECITATION':
    case 'LANGUAGE':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
    case 'IMAGE_SAFETY':
    case 'IMAGE_PROHIBITED_CONTENT':
    case 'IMAGE_RECITATION':
      return 'content-filter'
    default:
      return 'other' // MALFORMED_FUNCTION_CALL, UNEXPECTED_TOOL_CALL, OTHER… never executable
  }
}
