import { argumentsTextOf } from '../../../shared/json-depth'
import type { FinishReason } from '../../../shared/finish-reason'
import type { ProviderError } from '../../../shared/provider-error'
import type { HttpResponseMeta } from '../http-response-meta'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, sumKnown, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'
import type { HostedCall } from '../../../shared/hosted-tools'
import { urlCitation } from '../url-citation'
import { utf8Span } from '../utf8-span'
import {
  isBuiltInCallStep,
  isBuiltInResultStep,
  openBuiltInCall,
  openBuiltInResult,
  readBuiltInCallDelta,
  readBuiltInResultDelta,
} from './interactions-built-in-steps'

interface ThoughtStep {
  signature: string
  summary: string[]
}

/**
 * Gemini Interactions (`POST /v1beta/interactions`, `stream: true`), current "steps" schema, and
 * the legacy "content" schema for recognition. `interaction.completed` (legacy
 * `interaction.complete`) is the end signal; its `status` says why.
 * A class, not closures made per parser: its methods are then the same functions for every turn, so
 * the optimized code of one turn serves the next (see `AnthropicStreamAdapter`).
 * @see https://ai.google.dev/gemini-api/docs/interactions/streaming
 */
export class GeminiInteractionsStreamAdapter implements WireStreamAdapter {
  readonly label = 'Gemini Interactions'
  readonly truncationIsError = true
  readonly allowJsonArrayBody = false
  private readonly calls = new Map<number, PendingToolCall>()
  /** Arguments a call's `step.start` carried whole (used when no fragment follows). */
  private readonly initialArguments = new Map<number, WireObject>()
  private readonly thoughts = new Map<number, ThoughtStep>()
  private readonly legacyCallIds = new Map<number, string | undefined>()
  /** Built-in tool steps (run at Google) by index: a call step or the result step of one. */
  private readonly builtInSteps = new Map<number, { call: HostedCall; result: boolean }>()
  /** Where each text step starts in the round's text (its annotations index into the step, in bytes). */
  private readonly textStepStarts = new Map<number, number>()
  private status: string | undefined

  constructor(private readonly acc: TurnAccumulator) {}

  handlePayload(payload: WireObject): void {
    const type = asString(payload.event_type) ?? asString(payload.type)
    const index = asNumber(payload.index) ?? -1
    switch (type) {
      case 'step.delta':
      case 'content.delta': {
        const delta = asObject(payload.delta)
        if (delta) this.stepDelta(index, delta)
        return
      }
      case 'interaction.created':
      case 'interaction.start': {
        const interaction = asObject(payload.interaction)
        this.acc.responseId ??= asString(interaction?.id)
        this.acc.model ??= asString(interaction?.model)
        return
      }
      case 'step.start':
      case 'content.start': {
        const step = asObject(payload.step) ?? asObject(payload.content)
        if (step) this.startStep(index, step)
        return
      }
      case 'step.stop':
      case 'content.stop':
        this.stopStep(index)
        return
      case 'interaction.completed':
      case 'interaction.complete':
        this.complete(payload)
        return
      case 'error':
        this.acc.fail(errorFromStreamPayload(asObject(payload.error), 'The provider reported an error'))
        return
      default:
        return // interaction.status_update / in_progress / requires_action and future events
    }
  }

  handleSentinel(data: string): boolean {
    return data.trim() === '[DONE]'
  }

  handleEnd(): void {
    const acc = this.acc
    const status = this.status
    if (status !== undefined && mapInteractionStatus(status, false) === 'length') acc.markOutputCut()
    if (acc.hasError) {
      acc.setFinish('error', status ?? null)
      return
    }
    if (status !== undefined) acc.setFinish(mapInteractionStatus(status, acc.toolCallCount > 0), status)
  }

  errorFromDocument(document: unknown, meta: HttpResponseMeta | undefined): ProviderError {
    return errorFromDocument('Gemini Interactions', document, meta)
  }

  private startStep(index: number, step: WireObject): void {
    const acc = this.acc
    switch (step.type) {
      case 'function_call': {
        // Legacy schema: `content.start` holds only the id; name and arguments come in one delta.
        if (!asString(step.name)) {
          this.legacyCallIds.set(index, asString(step.id))
          return
        }
        const call = acc.openToolCall(`step:${index}`, asString(step.id), asString(step.name) ?? '')
        this.calls.set(index, call)
        const initial = asObject(step.arguments)
        if (initial && Object.keys(initial).length > 0) this.initialArguments.set(index, initial)
        else this.initialArguments.delete(index)
        return
      }
      case 'thought':
        this.thoughts.set(index, { signature: asString(step.signature) ?? '', summary: [] })
        return
      case 'model_output':
      case 'text':
        this.textStepStarts.set(index, acc.textLength)
        acc.appendText(asString(step.text) ?? '')
        return
      default: {
        // Built-in tools run at Google: hosted calls, never client ones.
        const type = asString(step.type) ?? ''
        if (isBuiltInCallStep(type))
          this.builtInSteps.set(index, { call: openBuiltInCall(acc, step, type), result: false })
        else if (isBuiltInResultStep(type))
          this.builtInSteps.set(index, { call: openBuiltInResult(acc, step, type), result: true })
        return
      }
    }
  }

  private stepDelta(index: number, delta: WireObject): void {
    const acc = this.acc
    switch (delta.type) {
      case 'text':
        if (!this.textStepStarts.has(index)) this.textStepStarts.set(index, acc.textLength)
        acc.appendText(asString(delta.text) ?? '')
        return
      case 'text_annotation_delta':
        this.readAnnotations(index, delta)
        return
      case 'arguments_delta': {
        // The fragment lives in `arguments`; `arguments_delta` is only the discriminator.
        const call = this.calls.get(index)
        if (call) acc.appendToolArguments(call, asString(delta.arguments) ?? '')
        return
      }
      case 'thought_summary': {
        const content = delta.content
        const text = asString(content) ?? asString(asObject(content)?.text) ?? ''
        this.thoughts.get(index)?.summary.push(text)
        acc.appendReasoning(text)
        return
      }
      case 'thought_signature': {
        const thought = this.thoughts.get(index)
        if (thought) thought.signature += asString(delta.signature) ?? ''
        return
      }
      case 'function_call': {
        // Legacy schema: the whole call in one delta, arguments as an object.
        let call = this.calls.get(index)
        if (!call) {
          const id = asString(delta.id) ?? this.legacyCallIds.get(index)
          call = acc.openToolCall(`step:${index}`, id, asString(delta.name) ?? '')
          this.calls.set(index, call)
          this.initialArguments.delete(index)
        }
        const args = delta.arguments
        acc.setToolArguments(call, typeof args === 'string' ? args : argumentsTextOf(args))
        return
      }
      default: {
        const step = this.builtInSteps.get(index)
        if (!step) return
        if (step.result) readBuiltInResultDelta(acc, step.call, delta)
        else readBuiltInCallDelta(acc, step.call, delta)
        return
      }
    }
  }

  /** `url_citation` annotations of a text step: offsets in bytes of that step's text. */
  private readAnnotations(index: number, delta: WireObject): void {
    const acc = this.acc
    const stepStart = this.textStepStarts.get(index)
    const stepText = stepStart === undefined ? undefined : acc.textSoFar().slice(stepStart)
    for (const entry of asArray(delta.annotations) ?? []) {
      const annotation = asObject(entry)
      const citation = urlCitation(annotation, undefined)
      if (!citation) continue
      const startByte = asNumber(annotation?.start_index)
      const endByte = asNumber(annotation?.end_index)
      const span =
        stepText !== undefined && stepStart !== undefined && startByte !== undefined
          ? utf8Span(stepText, startByte, endByte, undefined)
          : undefined
      acc.addCitation({
        ...citation,
        span: span ? { start: stepStart! + span.start, end: stepStart! + span.end } : undefined,
      })
    }
  }

  private stopStep(index: number): void {
    const acc = this.acc
    if (!this.calls.has(index) && this.legacyCallIds.has(index)) {
      // A legacy call announced but never described: keep it visible, open-ended, never runnable.
      this.calls.set(index, acc.openToolCall(`step:${index}`, this.legacyCallIds.get(index), ''))
      this.initialArguments.delete(index)
    }
    const call = this.calls.get(index)
    if (call) {
      const initial = this.initialArguments.get(index)
      if (initial && call.fragments.isEmpty && call.wholeText === undefined)
        acc.setToolArguments(call, argumentsTextOf(initial))
      acc.closeToolCall(call)
      return
    }
    const thought = this.thoughts.get(index)
    if (thought) {
      acc.replay.push({ type: 'interactions-thought', signature: thought.signature, summary: thought.summary.join('') })
      this.thoughts.delete(index)
    }
  }

  private complete(payload: WireObject): void {
    const acc = this.acc
    const interaction = asObject(payload.interaction)
    acc.markEndSignal()
    const status = asString(interaction?.status) ?? 'completed'
    this.status = status
    acc.responseId ??= asString(interaction?.id)
    acc.model ??= asString(interaction?.model)
    const usage = asObject(interaction?.usage)
    if (usage) {
      const output = asNumber(usage.total_output_tokens)
      const thought = asNumber(usage.total_thought_tokens)
      acc.mergeUsage({
        inputTokens: asNumber(usage.total_input_tokens),
        outputTokens: sumKnown(output, thought),
        reasoningTokens: thought,
        cachedInputTokens: asNumber(usage.total_cached_tokens),
      })
    }
    if (status === 'failed') acc.fail(errorFromStreamPayload(asObject(interaction?.error), 'The interaction failed'))
  }
}

export function createGeminiInteractionsStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  return new GeminiInteractionsStreamAdapter(acc)
}

/** @see https://ai.google.dev/gemini-api/docs/interactions/streaming */
export function mapInteractionStatus(status: string, hasToolCalls: boolean): FinishReason {
  switch (status) {
    case 'completed':
      return hasToolCalls ? 'tool-calls' : 'stop'
    case 'requires_action':
      return 'tool-calls'
    case 'incomplete':
    case 'budget_exceeded':
      return 'length'
    case 'failed':
      return 'error'
    default:
      return 'other'
  }
}
