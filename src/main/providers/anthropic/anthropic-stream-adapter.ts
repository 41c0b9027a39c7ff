import type { FinishReason } from '../../../shared/finish-reason'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import { asNumber, asObject, asString, sumKnown, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'

interface ThinkingBlock {
  thinking: string[]
  signature: string
}

/**
 * Anthropic Messages (`POST /v1/messages`, `stream: true`). `message_stop` is the end signal.
 * @see https://docs.anthropic.com/en/api/messages-streaming
 */
export function createAnthropicStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  const toolBlocks = new Map<number, { call: PendingToolCall; initialInput: WireObject | undefined }>()
  const thinkingBlocks = new Map<number, ThinkingBlock>()
  let stopReason: string | undefined

  return {
    label: 'Anthropic',
    truncationIsError: false,
    allowJsonArrayBody: false,
    handlePayload(payload) {
      switch (payload.type) {
        case 'message_start': {
          const message = asObject(payload.message)
          acc.responseId ??= asString(message?.id)
          acc.model ??= asString(message?.model)
          readUsage(acc, asObject(message?.usage))
          return
        }
        case 'content_block_start': {
          const index = asNumber(payload.index) ?? -1
          const block = asObject(payload.content_block)
          switch (block?.type) {
            case 'text':
              acc.appendText(asString(block.text) ?? '')
              return
            case 'thinking':
              thinkingBlocks.set(index, { thinking: [], signature: asString(block.signature) ?? '' })
              acc.appendReasoning(asString(block.thinking) ?? '')
              return
            case 'redacted_thinking':
              acc.replay.push({ type: 'anthropic-redacted-thinking', data: asString(block.data) ?? '' })
              return
            case 'tool_use': {
              const call = acc.openToolCall(`block:${index}`, asString(block.id), asString(block.name) ?? '')
              // A no-argument tool streams only `partial_json: ""`, which means `{}`.
              call.emptyMeansEmptyObject = true
              const input = asObject(block.input)
              toolBlocks.set(index, { call, initialInput: input && Object.keys(input).length > 0 ? input : undefined })
              return
            }
            default:
              return // server tools (web search…) run at Anthropic; nothing for the harness
          }
        }
        case 'content_block_delta': {
          const index = asNumber(payload.index) ?? -1
          const delta = asObject(payload.delta)
          switch (delta?.type) {
            case 'text_delta':
              acc.appendText(asString(delta.text) ?? '')
              return
            case 'thinking_delta': {
              const text = asString(delta.thinking) ?? ''
              thinkingBlocks.get(index)?.thinking.push(text)
              acc.appendReasoning(text)
              return
            }
            case 'signature_delta': {
              const block = thinkingBlocks.get(index)
              if (block) block.signature += asString(delta.signature) ?? ''
              return
            }
            case 'input_json_delta': {
              const tool = toolBlocks.get(index)
              if (tool) acc.appendToolArguments(tool.call, asString(delta.partial_json) ?? '')
              return
            }
            default:
              return
          }
        }
        case 'content_block_stop': {
          const index = asNumber(payload.index) ?? -1
          const tool = toolBlocks.get(index)
          if (tool) {
            // Compatible servers may send the whole input in content_block_start and no deltas.
            if (tool.initialInput && tool.call.fragments.every((f) => f.trim().length === 0)) {
              acc.setToolArguments(tool.call, JSON.stringify(tool.initialInput))
            }
            acc.closeToolCall(tool.call)
            return
          }
          const thinking = thinkingBlocks.get(index)
          if (thinking) {
            acc.replay.push({ type: 'anthropic-thinking', thinking: thinking.thinking.join(''), signature: thinking.signature })
            thinkingBlocks.delete(index)
          }
          return
        }
        case 'message_delta': {
          const stop = asString(asObject(payload.delta)?.stop_reason)
          if (stop) stopReason = stop
          readUsage(acc, asObject(payload.usage))
          return
        }
        case 'message_stop':
          acc.markEndSignal()
          return
        case 'error':
          acc.fail(errorFromStreamPayload(asObject(payload.error), 'The provider reported an error'))
          return
        default:
          return // ping and future events
      }
    },
    handleSentinel() {
      return false
    },
    handleEnd() {
      if (acc.hasError) {
        acc.setFinish('error', stopReason ?? null)
        return
      }
      if (stopReason !== undefined) acc.setFinish(mapAnthropicStopReason(stopReason), stopReason)
    },
    errorFromDocument(document, meta) {
      return errorFromDocument('Anthropic', document, meta)
    },
  }
}

/** Usage in `message_start` and the cumulative `message_delta` usage: the last numbers win. */
function readUsage(acc: TurnAccumulator, usage: WireObject | undefined): void {
  if (!usage) return
  const input = asNumber(usage.input_tokens)
  const cacheWrite = asNumber(usage.cache_creation_input_tokens)
  const cacheRead = asNumber(usage.cache_read_input_tokens)
  acc.mergeUsage({
    inputTokens: input === undefined ? undefined : sumKnown(input, cacheWrite, cacheRead),
    outputTokens: asNumber(usage.output_tokens),
    reasoningTokens: asNumber(asObject(usage.output_tokens_details)?.thinking_tokens),
    cachedInputTokens: cacheRead,
  })
}

/** @see https://docs.anthropic.com/en/api/messages#response-stop-reason */
export function mapAnthropicStopReason(raw: string): FinishReason {
  switch (raw) {
    case 'end_turn':
    case 'stop_sequence':
      return 'stop'
    case 'tool_use':
      return 'tool-calls'
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length'
    case 'refusal':
      return 'content-filter'
    default:
      return 'other' // pause_turn and future reasons
  }
}
