import type { FinishReason } from '../../../shared/finish-reason'
import { providerError, type ProviderError } from '../../../shared/provider-error'
import type { HttpResponseMeta } from '../http-response-meta'
import { argumentsTextOf } from '../../../shared/json-depth'
import { errorFromDocument, errorFromStreamPayload } from '../document-error'
import type { PendingToolCall, TurnAccumulator } from '../turn-accumulator'
import type { HostedCall } from '../../../shared/hosted-tools'
import { TextPieces } from '../text-pieces'
import { anthropicCitation, anthropicHostedKind, readAnthropicServerResult } from './anthropic-server-blocks'
import { asArray, asNumber, asObject, asString, sumKnown, tryParseJson, type WireObject } from '../wire-access'
import type { WireStreamAdapter } from '../wire-stream-adapter'

interface ThinkingBlock {
  thinking: string[]
  signature: string
}

/** A `server_tool_use` / `mcp_tool_use` block being streamed: a hosted call, never a client one. */
interface ServerToolBlock {
  call: HostedCall
  /** The block as `content_block_start` gave it (sent back verbatim, with the streamed input). */
  start: WireObject
  input: TextPieces
}

/** A text block that carries citations: they belong to the text it holds, known at its stop. */
interface CitedTextBlock {
  textStart: number
  citations: WireObject[]
}

/**
 * Anthropic Messages (`POST /v1/messages`, `stream: true`). `message_stop` is the end signal.
 * A class, not closures made per parser: its methods are the same functions for every turn, so the
 * optimized code of one turn serves the next (per-parser closures were re-optimized, and deoptimized
 * on "wrong call target", at the start of every turn).
 * @see https://docs.anthropic.com/en/api/messages-streaming
 */
export class AnthropicStreamAdapter implements WireStreamAdapter {
  readonly label = 'Anthropic'
  readonly truncationIsError = false
  readonly allowJsonArrayBody = false
  private readonly toolBlocks = new Map<number, { call: PendingToolCall; initialInput: WireObject | undefined }>()
  private readonly thinkingBlocks = new Map<number, ThinkingBlock>()
  private readonly serverBlocks = new Map<number, ServerToolBlock>()
  private readonly citedBlocks = new Map<number, CitedTextBlock>()
  /** Block types this adapter skipped (server tools and their results, future kinds). */
  private readonly skippedBlocks: string[] = []
  private stopReason: string | undefined

  constructor(private readonly acc: TurnAccumulator) {}

  handlePayload(payload: WireObject): void {
    const acc = this.acc
    switch (payload.type) {
      case 'content_block_delta': {
        const index = asNumber(payload.index) ?? -1
        const delta = asObject(payload.delta)
        switch (delta?.type) {
          case 'text_delta':
            acc.appendText(asString(delta.text) ?? '')
            return
          case 'input_json_delta': {
            const tool = this.toolBlocks.get(index)
            if (tool) acc.appendToolArguments(tool.call, asString(delta.partial_json) ?? '')
            else this.serverBlocks.get(index)?.input.push(asString(delta.partial_json) ?? '')
            return
          }
          case 'citations_delta': {
            const citation = asObject(delta.citation)
            if (citation) this.citedBlock(index).citations.push(citation)
            return
          }
          case 'thinking_delta': {
            const text = asString(delta.thinking) ?? ''
            this.thinkingBlocks.get(index)?.thinking.push(text)
            acc.appendReasoning(text)
            return
          }
          case 'signature_delta': {
            const block = this.thinkingBlocks.get(index)
            if (block) block.signature += asString(delta.signature) ?? ''
            return
          }
          default:
            return
        }
      }
      case 'message_start': {
        const message = asObject(payload.message)
        acc.responseId ??= asString(message?.id)
        acc.model ??= asString(message?.model)
        // While the message is open (`stop_reason: null`) its output count is a placeholder (often 1):
        // only `message_delta` says how many were written. A message_start that is already whole counts.
        readUsage(acc, asObject(message?.usage), { outputIsPlaceholder: !asString(message?.stop_reason) })
        this.readStartContent(message?.content)
        const stop = asString(message?.stop_reason)
        if (stop) this.stopReason = stop
        return
      }
      case 'content_block_start':
        this.startBlock(asNumber(payload.index) ?? -1, asObject(payload.content_block))
        return
      case 'content_block_stop':
        this.stopBlock(asNumber(payload.index) ?? -1)
        return
      case 'message_delta': {
        const stop = asString(asObject(payload.delta)?.stop_reason)
        if (stop) this.stopReason = stop
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
  }

  handleSentinel(): boolean {
    return false
  }

  handleEnd(): void {
    const acc = this.acc
    // A text block the stream left open still says what it cited, up to where it was cut.
    for (const index of [...this.citedBlocks.keys()]) this.flushCitations(index)
    const stopReason = this.stopReason
    const reason = stopReason === undefined ? undefined : mapAnthropicStopReason(stopReason)
    if (
      !acc.hasError &&
      (reason === 'stop' || reason === 'tool-calls' || reason === 'paused') &&
      this.skippedBlocks.length > 0 &&
      nothingRead(acc)
    ) {
      // Content arrived but none of it was readable here: saying "done, nothing to show" would
      // lose it silently.
      acc.fail(
        providerError({
          kind: 'malformed',
          message: `The Anthropic message held only content Keel does not read (${[...new Set(this.skippedBlocks)].join(', ')})`,
          retryable: false,
        }),
      )
    }
    if (reason === 'length') acc.markOutputCut() // still truncated when an error overrides the finish
    if (acc.hasError) {
      acc.setFinish('error', stopReason ?? null)
      return
    }
    if (stopReason !== undefined && reason !== undefined) acc.setFinish(reason, stopReason)
  }

  errorFromDocument(document: unknown, meta: HttpResponseMeta | undefined): ProviderError {
    return errorFromDocument('Anthropic', document, meta)
  }

  private startBlock(index: number, block: WireObject | undefined): void {
    const acc = this.acc
    switch (block?.type) {
      case 'text': {
        const textStart = acc.textLength
        acc.appendText(asString(block.text) ?? '')
        const citations = asArray(block.citations)
        if (citations && citations.length > 0) {
          const cited = this.citedBlock(index)
          cited.textStart = textStart
          for (const citation of citations) {
            const object = asObject(citation)
            if (object) cited.citations.push(object)
          }
        } else this.citedBlocks.delete(index)
        return
      }
      case 'server_tool_use':
      case 'mcp_tool_use': {
        // Run by Anthropic: shown as a hosted call, sent back verbatim, never a client tool call.
        const toolName =
          asString(block.name) ?? (block.type === 'mcp_tool_use' ? 'mcp' : (asString(block.type) ?? 'server_tool'))
        const call = acc.openHostedCall(asString(block.id), toolName, anthropicHostedKind(toolName))
        this.serverBlocks.set(index, { call, start: block, input: new TextPieces() })
        return
      }
      case 'thinking': {
        // Compatible servers (and a block already whole in `message_start`) may carry text here.
        const text = asString(block.thinking) ?? ''
        this.thinkingBlocks.set(index, { thinking: text ? [text] : [], signature: asString(block.signature) ?? '' })
        acc.appendReasoning(text)
        return
      }
      case 'redacted_thinking':
        acc.replay.push({ type: 'anthropic-redacted-thinking', data: asString(block.data) ?? '' })
        return
      case 'tool_use': {
        const call = acc.openToolCall(`block:${index}`, asString(block.id), asString(block.name) ?? '')
        // A no-argument tool streams only `partial_json: ""`, which means `{}`.
        call.emptyMeansEmptyObject = true
        const input = block.input
        const object = asObject(input)
        if (object === undefined && input !== undefined && input !== null) {
          // Not an object: kept as text, so the call never parses and is never run.
          acc.setToolArguments(call, argumentsTextOf(input))
        }
        this.toolBlocks.set(index, {
          call,
          initialInput: object && Object.keys(object).length > 0 ? object : undefined,
        })
        return
      }
      default: {
        const type = asString(block?.type)
        if (block && type && (type.endsWith('_tool_result') || type === 'mcp_tool_result')) {
          // A server tool's result arrives whole here: its sources, and the block to send back.
          readAnthropicServerResult(acc, block, type)
          acc.replay.push({ type: 'anthropic-server-block', block, textOffset: acc.textLength })
          return
        }
        // Future kinds carry nothing the harness reads. Remembered so that a message of nothing
        // else is not an empty success.
        this.skippedBlocks.push(type ?? 'a block without a type')
        return
      }
    }
  }

  private stopBlock(index: number): void {
    this.flushCitations(index)
    const server = this.serverBlocks.get(index)
    if (server) {
      this.serverBlocks.delete(index)
      this.stopServerBlock(server)
      return
    }
    const tool = this.toolBlocks.get(index)
    if (tool) {
      // Compatible servers may send the whole input in content_block_start and no deltas.
      if (tool.initialInput && tool.call.fragments.text().trim().length === 0) {
        this.acc.setToolArguments(tool.call, argumentsTextOf(tool.initialInput))
      }
      this.acc.closeToolCall(tool.call)
      this.toolBlocks.delete(index)
      return
    }
    const thinking = this.thinkingBlocks.get(index)
    if (thinking) {
      this.acc.replay.push({
        type: 'anthropic-thinking',
        thinking: thinking.thinking.join(''),
        signature: thinking.signature,
      })
      this.thinkingBlocks.delete(index)
    }
  }

  /** The server tool's input is whole: its query or URL is known, and the block can be sent back as received. */
  private stopServerBlock(server: ServerToolBlock): void {
    const acc = this.acc
    const streamed = server.input.text()
    const startInput = asObject(server.start.input)
    const input = streamed.trim().length > 0 ? asObject(tryParseJson(streamed)) : (startInput ?? {})
    const query = asString(input?.query)
    const url = asString(input?.url)
    acc.updateHostedCall(server.call, { queries: query ? [query] : [], url })
    // The input as streamed (a cut one stays text, and the round is truncated anyway).
    const block = { ...server.start, input: input ?? streamed }
    acc.replay.push({ type: 'anthropic-server-block', block, textOffset: acc.textLength })
  }

  private citedBlock(index: number): CitedTextBlock {
    let block = this.citedBlocks.get(index)
    if (!block) {
      block = { textStart: this.acc.textLength, citations: [] }
      this.citedBlocks.set(index, block)
    }
    return block
  }

  /** A cited text block ended: its citations cover the text it held. */
  private flushCitations(index: number): void {
    const block = this.citedBlocks.get(index)
    if (!block) return
    this.citedBlocks.delete(index)
    const span = { start: block.textStart, end: this.acc.textLength }
    for (const raw of block.citations) {
      const citation = anthropicCitation(raw, span)
      if (citation) this.acc.addCitation(citation)
    }
  }

  /**
   * `message_start.message.content` is documented as empty, but calls made from Anthropic's code
   * execution ("programmatic tool calling") arrive there whole, with the stop reason, followed
   * directly by `message_stop` (vercel/ai#14512, #14717). Each block is complete: start and stop
   * it in place. Streamed blocks that follow continue the indexes.
   */
  private readStartContent(content: unknown): void {
    if (content === undefined || content === null) return
    const blocks = asArray(content)
    if (!blocks) {
      this.skippedBlocks.push('content that is not a list')
      return
    }
    for (let index = 0; index < blocks.length; index++) {
      this.startBlock(index, asObject(blocks[index]))
      this.stopBlock(index)
    }
  }
}

export function createAnthropicStreamAdapter(acc: TurnAccumulator): WireStreamAdapter {
  return new AnthropicStreamAdapter(acc)
}

function nothingRead(acc: TurnAccumulator): boolean {
  return (
    !acc.hasText && !acc.hasReasoning && acc.toolCallCount === 0 && acc.hostedCallCount === 0 && acc.replay.length === 0
  )
}

/** Usage in `message_start` and the cumulative `message_delta` usage: the last numbers win. */
function readUsage(
  acc: TurnAccumulator,
  usage: WireObject | undefined,
  options: { outputIsPlaceholder?: boolean } = {},
): void {
  if (!usage) return
  const input = asNumber(usage.input_tokens)
  const cacheWrite = asNumber(usage.cache_creation_input_tokens)
  const cacheRead = asNumber(usage.cache_read_input_tokens)
  acc.mergeUsage({
    inputTokens: input === undefined ? undefined : sumKnown(input, cacheWrite, cacheRead),
    outputTokens: options.outputIsPlaceholder ? undefined : asNumber(usage.output_tokens),
    reasoningTokens: options.outputIsPlaceholder
      ? undefined
      : asNumber(asObject(usage.output_tokens_details)?.thinking_tokens),
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
    case 'pause_turn':
      // Anthropic paused its own long tool loop: sent back as it is, the turn goes on.
      return 'paused'
    default:
      return 'other' // future reasons
  }
}
