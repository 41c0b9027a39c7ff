import type { FinishReason } from '../../../shared/finish-reason'
import type { ProviderError } from '../../../shared/provider-error'
import type { HttpResponseMeta } from '../http-response-meta'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'
import { urlCitation } from '../url-citation'

/**
 * OpenAI Chat Completions and the compatible servers (Ollama, LM Studio, vLLM, OpenRouter).
 * `data: [DONE]` is the transport's end; `finish_reason` arrives in its own chunk before it.
 * A class, not closures made per parser: its methods are then the same functions for every turn, so
 * the optimized code of one turn serves the next (see `AnthropicStreamAdapter`).
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
export class OpenAIChatStreamAdapter implements WireStreamAdapter {
  readonly label = 'OpenAI Chat Completions'
  readonly truncationIsError = false
  readonly allowJsonArrayBody = false
  /** The call currently open at each `index` (fragments are joined strictly by index). */
  private readonly openByIndex = new Map<number, PendingToolCall>()
  private callSerial = 0
  private refusal = false
  private rawFinish: string | undefined
  /** Annotations already read: servers may repeat them on later chunks. */
  private readonly seenAnnotations = new Set<string>()

  constructor(private readonly acc: TurnAccumulator) {}

  handlePayload(chunk: WireObject): void {
    const acc = this.acc
    if (chunk.error !== undefined && chunk.error !== null) {
      // In-band error after HTTP 200: a chunk with an `error` key and no choices.
      acc.fail(errorFromStreamPayload(asObject(chunk.error), 'The provider reported an error'))
      return
    }
    acc.responseId ||= asString(chunk.id) || undefined
    acc.model ||= asString(chunk.model) || undefined
    const usage = asObject(chunk.usage)
    if (usage) this.readUsage(usage)
    // `choices` may be missing, null or empty (usage chunk last, Azure's filter chunk first).
    const choices = asArray(chunk.choices)
    if (!choices) return
    for (let c = 0; c < choices.length; c++) {
      const choice = asObject(choices[c])
      if (!choice || (asNumber(choice.index) ?? 0) !== 0) continue // only the first choice is the answer
      const delta = asObject(choice.delta)
      if (delta) this.readDelta(delta)
      const finish = asString(choice.finish_reason)
      if (finish) {
        this.rawFinish = finish
        // Cut for length: the turn is truncated even if an error was reported too.
        if (finish === 'length') acc.markOutputCut()
        this.closeAll()
      }
    }
  }

  handleSentinel(data: string): boolean {
    if (data.trim() !== '[DONE]') return false
    this.acc.markEndSignal()
    // `[DONE]` ends the transport. Calls still open are closed by it; whether the turn ended for
    // tool calls is decided by `finish_reason` alone (compatible servers may never send one).
    this.closeAll()
    return true
  }

  handleEnd(): void {
    const acc = this.acc
    if (acc.hasError) {
      acc.setFinish('error', this.rawFinish ?? null)
      return
    }
    if (this.rawFinish === undefined) return
    acc.setFinish(mapOpenAIChatFinishReason(this.rawFinish, acc.toolCallCount > 0, this.refusal), this.rawFinish)
  }

  errorFromDocument(document: unknown, meta: HttpResponseMeta | undefined): ProviderError {
    return errorFromDocument('OpenAI Chat Completions', document, meta)
  }

  private readDelta(delta: WireObject): void {
    const acc = this.acc
    const content = delta.content
    if (typeof content === 'string') {
      if (content) acc.appendText(content)
    } else if (content !== undefined && content !== null) readContentParts(acc, content)
    const refusalText = asString(delta.refusal)
    if (refusalText) {
      this.refusal = true
      acc.appendText(refusalText)
    }
    // Reasoning fields of compatible servers (DeepSeek, OpenRouter, Ollama, vLLM).
    const reasoning = asString(delta.reasoning_content) ?? asString(delta.reasoning)
    if (reasoning) acc.appendReasoning(reasoning)
    const annotations = asArray(delta.annotations)
    if (annotations) this.readAnnotations(annotations)
    const toolCalls = asArray(delta.tool_calls)
    if (toolCalls) {
      for (let i = 0; i < toolCalls.length; i++) {
        const fragment = asObject(toolCalls[i])
        if (fragment) this.handleToolDelta(fragment, i)
      }
    }
  }

  /**
   * Search models' (and OpenRouter's web plugin) `url_citation` annotations: indexes into the
   * message content, which is the round's text. Never a tool call.
   * @see https://platform.openai.com/docs/guides/tools-web-search?api-mode=chat
   */
  private readAnnotations(annotations: readonly unknown[]): void {
    for (const entry of annotations) {
      const citation = urlCitation(asObject(entry), 0)
      if (!citation) continue
      const key = `${citation.url}\n${citation.span?.start}\n${citation.span?.end}`
      if (this.seenAnnotations.has(key)) continue
      this.seenAnnotations.add(key)
      this.acc.addCitation(citation)
    }
  }

  private handleToolDelta(fragment: WireObject, position: number): void {
    const acc = this.acc
    const index = asNumber(fragment.index) ?? position
    const id = asString(fragment.id) || undefined
    const fn = asObject(fragment.function)
    let open = this.openByIndex.get(index)
    // Compatible servers (Ollama via LiteLLM) send parallel calls all at index 0: a new, different id
    // on an index that already holds a call starts a new call. A repeated id is the same call.
    if (open && id !== undefined && !open.callIdIsLocal && id !== open.callId) {
      acc.closeToolCall(open)
      open = undefined
    }
    if (!open) {
      const name = asString(fn?.name) || undefined
      open = acc.openToolCall(`index:${index}#${this.callSerial++}`, id, name ?? '')
      this.openByIndex.set(index, open)
    }
    const args = asString(fn?.arguments)
    if (args !== undefined) acc.appendToolArguments(open, args)
  }

  private readUsage(usage: WireObject): void {
    this.acc.mergeUsage({
      inputTokens: asNumber(usage.prompt_tokens),
      outputTokens: asNumber(usage.completion_tokens),
      reasoningTokens: asNumber(asObject(usage.completion_tokens_details)?.reasoning_tokens),
      cachedInputTokens: asNumber(asObject(usage.prompt_tokens_details)?.cached_tokens),
    })
  }

  private closeAll(): void {
    for (const call of this.openByIndex.values()) this.acc.closeToolCall(call)
    this.openByIndex.clear()
  }
}

export function createOpenAIChatStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  return new OpenAIChatStreamAdapter(acc)
}

/**
 * `delta.content` as a list of parts (Mistral's Magistral models): `text` parts are answer text,
 * `thinking` parts are reasoning, their `thinking` either a string or a list of text parts.
 * Other kinds (references, future ones) carry no answer text and are skipped. Recorded streams:
 * BerriAI/litellm#16272 (magistral-medium-2509), vercel/ai `packages/mistral/src/__fixtures__/mistral-reasoning.chunks.txt`.
 * @see https://docs.mistral.ai/fr/studio-api/conversations/reasoning
 */
function readContentParts(acc: TurnAccumulator, content: unknown): void {
  for (const entry of asArray(content) ?? []) {
    const part = asObject(entry)
    if (part?.type === 'text') acc.appendText(asString(part.text) ?? '')
    else if (part?.type === 'thinking') {
      const thinking = part.thinking
      if (typeof thinking === 'string') acc.appendReasoning(thinking)
      else {
        for (const inner of asArray(thinking) ?? []) {
          const piece = asObject(inner)
          if (piece?.type === 'text') acc.appendReasoning(asString(piece.text) ?? '')
        }
      }
    }
  }
}

/**
 * `stop` with complete tool calls counts as a tool-call finish: some compatible servers say `stop`
 * for tool turns, and the calls were still closed by a positive finish.
 */
export function mapOpenAIChatFinishReason(raw: string, hasToolCalls: boolean, refusal: boolean): FinishReason {
  switch (raw) {
    case 'stop':
      return hasToolCalls ? 'tool-calls' : refusal ? 'content-filter' : 'stop'
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls'
    case 'length':
      return 'length'
    case 'content_filter':
      return 'content-filter'
    default:
      return 'other'
  }
}
