import { argumentsTextOf } from '../../../shared/json-depth'
import type { FinishReason } from '../../../shared/finish-reason'
import type { ProviderError } from '../../../shared/provider-error'
import type { HttpResponseMeta } from '../http-response-meta'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, sumKnown, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'
import { JsonPathArguments } from './json-path-arguments'
import { GeminiGrounding } from './gemini-grounding'

/**
 * Gemini `models/{m}:streamGenerateContent?alt=sse` (and Vertex, same chunks). Every chunk is a
 * whole GenerateContentResponse; there is no end sentinel: the end is EOF after a chunk that
 * carries `finishReason`. Also reads the streamed JSON array served without `alt=sse`.
 * A class, not closures made per parser: its methods are then the same functions for every turn, so
 * the optimized code of one turn serves the next (see `AnthropicStreamAdapter`).
 * @see https://ai.google.dev/api/generate-content
 */
export class GeminiStreamAdapter implements WireStreamAdapter {
  readonly label = 'Gemini'
  readonly truncationIsError = true
  readonly allowJsonArrayBody = true
  private rawFinish: string | undefined
  private lastUsage: WireObject | undefined
  private blockReason: string | undefined
  private callSerial = 0
  /** A Vertex call whose arguments stream as `partialArgs` until a part without `willContinue`. */
  private streamingCall: PendingToolCall | undefined
  private streamingArgs: JsonPathArguments | undefined
  /** Made on the first grounded chunk: most turns have none. */
  private grounding: GeminiGrounding | undefined

  constructor(private readonly acc: TurnAccumulator) {}

  handlePayload(chunk: WireObject): void {
    const acc = this.acc
    if (chunk.error !== undefined && chunk.error !== null) {
      acc.fail(errorFromStreamPayload(asObject(chunk.error), 'The provider reported an error'))
      return
    }
    acc.responseId ??= asString(chunk.responseId)
    acc.model ??= asString(chunk.modelVersion)
    // usageMetadata repeats running totals on every chunk: keep the last, read it once at the end.
    const usage = asObject(chunk.usageMetadata)
    if (usage) this.lastUsage = usage
    const feedback = asObject(chunk.promptFeedback)
    if (feedback) {
      const blocked = asString(feedback.blockReason)
      if (blocked) this.blockReason = blocked
    }
    const candidate = asObject(asArray(chunk.candidates)?.[0])
    if (!candidate) return
    const parts = asArray(asObject(candidate.content)?.parts)
    if (parts) {
      for (let i = 0; i < parts.length; i++) {
        const part = asObject(parts[i])
        if (part) this.readPart(part)
      }
    }
    // Search and URL context run at Google: reported as metadata after the text they ground.
    const grounding = asObject(candidate.groundingMetadata ?? candidate.grounding_metadata)
    if (grounding) (this.grounding ??= new GeminiGrounding(acc)).readGrounding(grounding)
    const urlContext = asObject(candidate.urlContextMetadata ?? candidate.url_context_metadata)
    if (urlContext) (this.grounding ??= new GeminiGrounding(acc)).readUrlContext(urlContext)
    // finishReason may come in a chunk with no parts at all: read it from every chunk.
    const finish = asString(candidate.finishReason)
    if (finish) this.rawFinish = finish
  }

  handleSentinel(): boolean {
    return false
  }

  handleEnd(): void {
    const acc = this.acc
    const lastUsage = this.lastUsage
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
    const rawFinish = this.rawFinish
    if (rawFinish !== undefined && mapGeminiFinishReason(rawFinish, false) === 'length') acc.markOutputCut()
    if (acc.hasError) {
      acc.setFinish('error', rawFinish ?? null)
      return
    }
    if (rawFinish !== undefined) {
      acc.markEndSignal()
      acc.setFinish(mapGeminiFinishReason(rawFinish, acc.toolCallCount > 0), rawFinish)
    } else if (this.blockReason !== undefined) {
      acc.markEndSignal()
      acc.setFinish('content-filter', this.blockReason)
    }
  }

  errorFromDocument(document: unknown, meta: HttpResponseMeta | undefined): ProviderError {
    return errorFromDocument('Gemini', document, meta)
  }

  private readPart(part: WireObject): void {
    const acc = this.acc
    const signature = asString(part.thoughtSignature)
    const functionCall = asObject(part.functionCall)
    if (functionCall) {
      this.handleFunctionCall(functionCall, signature)
      return
    }
    const text = asString(part.text)
    if (part.thought === true) acc.appendReasoning(text ?? '')
    else if (text) acc.appendText(text)
    if (signature) acc.replay.push({ type: 'gemini-thought-signature', signature, callId: undefined })
  }

  private handleFunctionCall(functionCall: WireObject, signature: string | undefined): void {
    const acc = this.acc
    const name = asString(functionCall.name)
    const partialArgs = asArray(functionCall.partialArgs)
    const willContinue = functionCall.willContinue === true
    if (name) {
      // A new functionCall part is always a new call: append, never merge by position or name.
      this.closeStreaming()
      const call = this.openCall(functionCall)
      if (signature) acc.replay.push({ type: 'gemini-thought-signature', signature, callId: call.callId })
      if (willContinue || partialArgs) {
        this.streamingCall = call
        this.streamingArgs = new JsonPathArguments()
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
    const streamingArgs = this.streamingArgs
    if (!streamingArgs) return
    if (partialArgs) {
      for (let i = 0; i < partialArgs.length; i++) {
        const piece = asObject(partialArgs[i])
        const path = asString(piece?.jsonPath)
        if (!piece || path === undefined) continue
        const value =
          'stringValue' in piece
            ? piece.stringValue
            : 'numberValue' in piece
              ? piece.numberValue
              : 'boolValue' in piece
                ? piece.boolValue
                : 'nullValue' in piece
                  ? null
                  : undefined
        if (value !== undefined) streamingArgs.set(path, value)
      }
    }
    // The empty `{}` part closes the call; so does a part that no longer says it will continue.
    if (!willContinue) this.closeStreaming()
  }

  private openCall(functionCall: WireObject): PendingToolCall {
    const acc = this.acc
    const key = `call:${this.callSerial++}`
    const name = asString(functionCall.name) ?? ''
    const id = asString(functionCall.id)
    if (id) return acc.openToolCall(key, id, name)
    // Gemini usually sends no id. Synthesize one per call (never the name: parallel calls to the
    // same function must stay apart), scoped by the response id so turns don't collide.
    return acc.openToolCallWithLocalId(
      key,
      acc.newLocalCallId(acc.responseId ? `gemini_${acc.responseId}` : 'gemini'),
      name,
    )
  }

  private closeStreaming(): void {
    const call = this.streamingCall
    const args = this.streamingArgs
    if (!call || !args) return
    if (!args.invalid) this.acc.setToolArguments(call, args.toJson(), args.value)
    this.acc.closeToolCall(call)
    this.streamingCall = undefined
    this.streamingArgs = undefined
  }
}

export function createGeminiStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  return new GeminiStreamAdapter(acc)
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
