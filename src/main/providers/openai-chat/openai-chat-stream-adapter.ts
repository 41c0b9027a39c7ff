import type { FinishReason } from '../../../shared/finish-reason'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asArray, asNumber, asObject, asString, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'

/**
 * OpenAI Chat Completions and the compatible servers (Ollama, LM Studio, vLLM, OpenRouter).
 * `data: [DONE]` is the transport's end; `finish_reason` arrives in its own chunk before it.
 * @see https://platform.openai.com/docs/api-reference/chat-streaming
 */
export function createOpenAIChatStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  /** The call currently open at each `index` (fragments are joined strictly by index). */
  const openByIndex = new Map<number, { call: PendingToolCall; providerId: string | undefined }>()
  let callSerial = 0
  let refusal = false
  let rawFinish: string | undefined

  const closeAll = (): void => {
    for (const { call } of openByIndex.values()) acc.closeToolCall(call)
    openByIndex.clear()
  }

  const handleToolDelta = (fragment: WireObject, position: number): void => {
    const index = asNumber(fragment.index) ?? position
    const id = asString(fragment.id) || undefined
    const fn = asObject(fragment.function)
    const name = asString(fn?.name) || undefined
    let open = openByIndex.get(index)
    // Compatible servers (Ollama via LiteLLM) send parallel calls all at index 0: a new, different id
    // on an index that already holds a call starts a new call. A repeated id is the same call.
    if (open && id !== undefined && open.providerId !== undefined && id !== open.providerId) {
      acc.closeToolCall(open.call)
      open = undefined
    }
    if (!open) {
      const call = acc.openToolCall(`index:${index}#${callSerial++}`, id, name ?? '')
      open = { call, providerId: id }
      openByIndex.set(index, open)
    }
    const args = asString(fn?.arguments)
    if (args !== undefined) acc.appendToolArguments(open.call, args)
  }

  return {
    label: 'OpenAI Chat Completions',
    truncationIsError: false,
    allowJsonArrayBody: false,
    handlePayload(chunk) {
      if (chunk.error !== undefined && chunk.error !== null) {
        // In-band error after HTTP 200: a chunk with an `error` key and no choices.
        acc.fail(errorFromStreamPayload(asObject(chunk.error), 'The provider reported an error'))
        return
      }
      acc.responseId ||= asString(chunk.id) || undefined
      acc.model ||= asString(chunk.model) || undefined
      const usage = asObject(chunk.usage)
      if (usage) {
        acc.mergeUsage({
          inputTokens: asNumber(usage.prompt_tokens),
          outputTokens: asNumber(usage.completion_tokens),
          reasoningTokens: asNumber(asObject(usage.completion_tokens_details)?.reasoning_tokens),
          cachedInputTokens: asNumber(asObject(usage.prompt_tokens_details)?.cached_tokens),
        })
      }
      // `choices` may be missing, null or empty (usage chunk last, Azure's filter chunk first).
      const choices = asArray(chunk.choices)
      if (!choices) return
      for (const entry of choices) {
        const choice = asObject(entry)
        if (!choice || (asNumber(choice.index) ?? 0) !== 0) continue // only the first choice is the answer
        const delta = asObject(choice.delta)
        if (delta) {
          const content = delta.content
          if (typeof content === 'string') {
            if (content) acc.appendText(content)
          } else if (content !== undefined && content !== null) readContentParts(acc, content)
          const refusalText = asString(delta.refusal)
          if (refusalText) {
            refusal = true
            acc.appendText(refusalText)
          }
          // Reasoning fields of compatible servers (DeepSeek, OpenRouter, Ollama, vLLM).
          const reasoning = asString(delta.reasoning_content) ?? asString(delta.reasoning)
          if (reasoning) acc.appendReasoning(reasoning)
          const toolCalls = asArray(delta.tool_calls)
          if (toolCalls) {
            for (let i = 0; i < toolCalls.length; i++) {
              const fragment = asObject(toolCalls[i])
              if (fragment) handleToolDelta(fragment, i)
            }
          }
        }
        const finish = asString(choice.finish_reason)
        if (finish) {
          rawFinish = finish
          // Cut for length: the turn is truncated even if an error was reported too.
          if (finish === 'length') acc.markOutputCut()
          closeAll()
        }
      }
    },
    handleSentinel(data) {
      if (data.trim() !== '[DONE]') return false
      acc.markEndSignal()
      // `[DONE]` ends the transport. Calls still open are closed by it; whether the turn ended for
      // tool calls is decided by `finish_reason` alone (compatible servers may never send one).
      closeAll()
      return true
    },
    handleEnd() {
      if (acc.hasError) {
        acc.setFinish('error', rawFinish ?? null)
        return
      }
      if (rawFinish === undefined) return
      acc.setFinish(mapOpenAIChatFinishReason(rawFinish, acc.toolCallCount > 0, refusal), rawFinish)
    },
    errorFromDocument(document, meta) {
      return errorFromDocument('OpenAI Chat Completions', document, meta)
    },
  }
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
