import { valueExceedsDepth } from '../../shared/json-depth'
import type { FinishReason } from '../../shared/finish-reason'
import { providerError, type ProviderError } from '../../shared/provider-error'
import type { ProviderId } from '../../shared/provider-id'
import type { StreamEvent } from '../../shared/stream-events'
import type { Citation, HostedCall, HostedSource, HostedToolKind } from '../../shared/hosted-tools'
import type { ReplayItem, RoundResult, TurnToolCall } from '../../shared/round-result'
import type { Usage } from '../../shared/usage'
import { TextPieces } from './text-pieces'
import { asObject, tryParseJson } from './wire-access'
import { emptyObjectArray } from './object-array'

/** Pending state of one tool call, keyed the way its protocol keys it. */
export interface PendingToolCall {
  readonly key: string
  readonly callId: string
  readonly callIdIsLocal: boolean
  readonly name: string
  /** Argument fragments, joined once at the end (linear in the stream size). */
  readonly fragments: TextPieces
  /** The complete argument text when the provider also sent it whole (it wins over fragments). */
  wholeText: string | undefined
  /** The arguments as an object, when the provider sent them as one (Gemini): no need to re-parse the text. */
  wholeObject: Record<string, unknown> | undefined
  /** Anthropic: an empty input means `{}`. */
  emptyMeansEmptyObject: boolean
  closed: boolean
}

/**
 * Collects one turn's normalized events and state for any adapter. Adapters translate wire
 * payloads into calls on this object; the rules every provider shares live here: events out in
 * arrival order, arguments kept as text while the stream runs and parsed only at the end, and
 * `truncated` decided from the end signal, the finish and calls left open.
 */
export class TurnAccumulator {
  private pendingEvents = emptyObjectArray<StreamEvent>()
  private readonly textParts = new TextPieces()
  private readonly reasoningParts = new TextPieces()
  private readonly calls: PendingToolCall[] = []
  private readonly callsByKey = new Map<string, PendingToolCall>()
  /** Tools the provider runs itself: kept apart from `calls`, so nothing here can ever be run. */
  private readonly hosted: HostedCall[] = []
  private readonly hostedById = new Map<string, HostedCall>()
  private readonly citations: Citation[] = []
  private localIdCount = 0
  private usage: Usage = {
    inputTokens: undefined,
    outputTokens: undefined,
    reasoningTokens: undefined,
    cachedInputTokens: undefined,
  }
  private finishReason: FinishReason | null = null
  private rawFinishReason: string | null = null
  private endSignal = false
  /** The provider said the output was cut for length, whatever else it reported. */
  private outputCut = false
  private error: ProviderError | undefined
  /** The response was an HTTP error (or a plain error document): there never was a stream. */
  private failedBeforeStream = false
  private result: RoundResult | undefined
  readonly replay: ReplayItem[] = []
  responseId: string | undefined
  model: string | undefined

  constructor(
    readonly provider: ProviderId,
    private readonly localIdPrefix: string,
  ) {}

  /** Events produced since the last call, in order. */
  drainEvents(): StreamEvent[] {
    if (this.pendingEvents.length === 0) return EMPTY
    const out = this.pendingEvents
    this.pendingEvents = emptyObjectArray()
    return out
  }

  get hasText(): boolean {
    return !this.textParts.isEmpty
  }

  get hasReasoning(): boolean {
    return !this.reasoningParts.isEmpty
  }

  get hasError(): boolean {
    return this.error !== undefined
  }

  get isFailedBeforeStream(): boolean {
    return this.failedBeforeStream
  }

  get hasEndSignal(): boolean {
    return this.endSignal
  }

  /** Client tool calls only (hosted calls are never counted: they decide no finish reason). */
  get toolCallCount(): number {
    return this.calls.length
  }

  get hostedCallCount(): number {
    return this.hosted.length
  }

  get citationCount(): number {
    return this.citations.length
  }

  /** Characters of answer text so far (where a citation's span starts, where a server block sits). */
  get textLength(): number {
    return this.textParts.length
  }

  /** The answer text so far (joins the pieces: only for rare events such as grounding metadata). */
  textSoFar(): string {
    return this.textParts.text()
  }

  /**
   * Announces a tool the provider runs itself, or returns the one already announced under `id`
   * (emits nothing then: call {@link updateHostedCall} to change it). Never a client tool call.
   */
  openHostedCall(id: string | undefined, toolName: string, kind: HostedToolKind): HostedCall {
    const known = id === undefined ? undefined : this.hostedById.get(id)
    if (known) return known
    const call: HostedCall = {
      id: id || this.newLocalCallId('hosted'),
      toolName,
      kind,
      queries: [],
      url: undefined,
      status: 'running',
      errorCode: undefined,
      sources: [],
      suggestionsHtml: undefined,
    }
    this.hosted.push(call)
    this.hostedById.set(call.id, call)
    this.pendingEvents.push({ type: 'hosted-call', call: snapshot(call) })
    return call
  }

  hostedCall(id: string): HostedCall | undefined {
    return this.hostedById.get(id)
  }

  /** Changes a hosted call and emits its whole new state. Sources are appended (deduplicated by URL). */
  updateHostedCall(
    call: HostedCall,
    change: {
      kind?: HostedToolKind
      queries?: readonly string[]
      url?: string | undefined
      status?: HostedCall['status']
      errorCode?: string | undefined
      sources?: readonly HostedSource[]
      suggestionsHtml?: string | undefined
    },
  ): void {
    if (change.kind !== undefined) call.kind = change.kind
    if (change.queries) for (const query of change.queries) if (!call.queries.includes(query)) call.queries.push(query)
    if (change.url !== undefined) call.url = change.url
    if (change.status !== undefined) call.status = change.status
    if (change.errorCode !== undefined) call.errorCode = change.errorCode
    if (change.sources)
      for (const source of change.sources)
        if (!call.sources.some((known) => known.url === source.url)) call.sources.push({ ...source })
    if (change.suggestionsHtml !== undefined) call.suggestionsHtml = change.suggestionsHtml
    this.pendingEvents.push({ type: 'hosted-call', call: snapshot(call) })
  }

  addCitation(citation: Citation): void {
    if (citation.url.length === 0) return
    const copy = { ...citation, span: citation.span ? { ...citation.span } : undefined }
    this.citations.push(copy)
    this.pendingEvents.push({ type: 'citation', citation: { ...copy, span: copy.span ? { ...copy.span } : undefined } })
  }

  appendText(delta: string): void {
    if (delta.length === 0) return
    this.textParts.push(delta)
    this.pendingEvents.push({ type: 'text-delta', delta })
  }

  appendReasoning(delta: string): void {
    if (delta.length === 0) return
    this.reasoningParts.push(delta)
    this.pendingEvents.push({ type: 'reasoning-delta', delta })
  }

  /** A call id for a provider that sent none: unique within this parser, stable across read splits. */
  newLocalCallId(scope?: string): string {
    this.localIdCount++
    return `${this.localIdPrefix}${scope ? `${scope}_` : ''}${this.localIdCount}`
  }

  /**
   * Opens a call under `key`. Returns the existing call when the key is already open (compatible
   * servers repeat the id and name on every fragment: that is the same call, not a new one).
   */
  openToolCall(key: string, providerCallId: string | undefined, name: string): PendingToolCall {
    const existing = this.callsByKey.get(key)
    if (existing && !existing.closed) return existing
    const callIdIsLocal = providerCallId === undefined || providerCallId.length === 0
    const sameId = callIdIsLocal ? undefined : this.calls.find((c) => !c.callIdIsLocal && c.callId === providerCallId)
    if (sameId) {
      // A second call under an id this turn already used (a repeated or replayed event): its result
      // could not go back under its own id, and the stream is not what the protocol promises.
      this.fail(
        providerError({
          kind: 'malformed',
          message: `The stream started tool call ${providerCallId} a second time`,
          retryable: false,
        }),
      )
      return sameId
    }
    const call: PendingToolCall = {
      key,
      callId: callIdIsLocal ? this.newLocalCallId() : providerCallId,
      callIdIsLocal,
      name,
      fragments: new TextPieces(),
      wholeText: undefined,
      wholeObject: undefined,
      emptyMeansEmptyObject: false,
      closed: false,
    }
    this.calls.push(call)
    this.callsByKey.set(key, call)
    this.pendingEvents.push({ type: 'tool-call-start', callId: call.callId, name })
    return call
  }

  /** Like {@link openToolCall} but with an id the adapter generated itself (marked local). */
  openToolCallWithLocalId(key: string, localId: string, name: string): PendingToolCall {
    const call = this.openToolCall(key, localId, name)
    ;(call as { callIdIsLocal: boolean }).callIdIsLocal = true
    return call
  }

  toolCall(key: string): PendingToolCall | undefined {
    return this.callsByKey.get(key)
  }

  /** Moves a call to another key (a proxy that renames an item mid-stream keeps one call). */
  rekeyToolCall(call: PendingToolCall, key: string): void {
    this.callsByKey.set(key, call)
  }

  appendToolArguments(call: PendingToolCall, delta: string): void {
    if (delta.length === 0 || call.closed) return
    call.fragments.push(delta)
    this.pendingEvents.push({ type: 'tool-call-delta', callId: call.callId, delta })
  }

  /**
   * The provider restated the whole argument text (authoritative over the fragments). `asObject`:
   * the same arguments as the object the provider sent (the text is then its JSON serialization).
   */
  setToolArguments(call: PendingToolCall, text: string, asObject?: Record<string, unknown>): void {
    if (call.closed) return
    if (call.fragments.isEmpty && text.length > 0) {
      this.pendingEvents.push({ type: 'tool-call-delta', callId: call.callId, delta: text })
    }
    call.wholeText = text
    call.wholeObject = asObject
  }

  closeToolCall(call: PendingToolCall): void {
    if (call.closed) return
    call.closed = true
    this.pendingEvents.push({ type: 'tool-call-end', callId: call.callId })
  }

  openToolCalls(): PendingToolCall[] {
    return this.calls.filter((c) => !c.closed)
  }

  setFinish(finishReason: FinishReason, rawFinishReason: string | null): void {
    this.finishReason = finishReason
    this.rawFinishReason = rawFinishReason
  }

  /**
   * The provider ended the output for length (`length`, `max_tokens`, `MAX_TOKENS`, `incomplete`).
   * Kept apart from the finish reason, which an error overrides: the turn stays `truncated`.
   */
  markOutputCut(): void {
    this.outputCut = true
  }

  get currentFinishReason(): FinishReason | null {
    return this.finishReason
  }

  /** Overwrites the usage fields that are known in `partial` (providers send running totals). */
  mergeUsage(partial: Partial<Usage>): void {
    for (const key of USAGE_KEYS) {
      const value = partial[key]
      if (value !== undefined) this.usage[key] = value
    }
  }

  /** Records an error; the first one is kept (later ones are usually its echo, e.g. `response.failed`). */
  fail(error: ProviderError): void {
    if (this.error) return
    this.error = error
    this.pendingEvents.push({ type: 'error', error })
  }

  failBeforeStream(error: ProviderError): void {
    this.failedBeforeStream = true
    this.fail(error)
    this.setFinish('error', null)
  }

  /** The provider's positive end-of-turn signal arrived. */
  markEndSignal(): void {
    this.endSignal = true
  }

  /**
   * Builds the turn result (once) and queues the final `finish` event.
   * @param truncationIsError report a missing end signal as a `truncated` error (Google's rule).
   * @param garbage bytes that were not the protocol were seen.
   */
  finishTurn(options: { truncationIsError: boolean; garbage: boolean; providerLabel: string }): RoundResult {
    if (this.result) return this.result
    const openCall = this.calls.some((c) => !c.closed)
    if (!this.endSignal && !this.error && !this.failedBeforeStream) {
      if (options.garbage) {
        this.fail(
          providerError({
            kind: 'malformed',
            message: `The ${options.providerLabel} stream held data that is not its protocol and ended without its end-of-turn signal`,
            retryable: false,
          }),
        )
      } else if (options.truncationIsError) {
        this.fail(
          providerError({
            kind: 'truncated',
            message: `The ${options.providerLabel} stream ended before its end-of-turn signal`,
            retryable: true,
          }),
        )
      }
    }
    const truncated = this.failedBeforeStream
      ? false
      : !this.endSignal || this.finishReason === 'length' || this.outputCut || openCall
    const toolCalls: TurnToolCall[] = this.calls.map((call) => {
      let text = call.wholeText ?? call.fragments.text()
      if (call.emptyMeansEmptyObject && text.trim().length === 0) text = '{}'
      return {
        callId: call.callId,
        callIdIsLocal: call.callIdIsLocal,
        name: call.name,
        argumentsText: text,
        arguments: !call.closed
          ? undefined
          : call.wholeObject && text === call.wholeText && !valueExceedsDepth(call.wholeObject)
            ? call.wholeObject
            : parseArgumentsObject(text),
        closed: call.closed,
      }
    })
    this.result = {
      provider: this.provider,
      complete: this.endSignal,
      truncated,
      finishReason: this.finishReason,
      rawFinishReason: this.rawFinishReason,
      text: this.textParts.text(),
      reasoning: this.reasoningParts.text(),
      toolCalls,
      hostedCalls: this.hosted.map(snapshot),
      citations: placedCitations(this.citations, this.textParts.length),
      usage: { ...this.usage },
      error: this.error,
      replay: this.replay,
      responseId: this.responseId,
      model: this.model,
    }
    this.pendingEvents.push({
      type: 'finish',
      finishReason: this.finishReason,
      rawFinishReason: this.rawFinishReason,
      usage: { ...this.usage },
      complete: this.endSignal,
      truncated,
    })
    return this.result
  }
}

const EMPTY: StreamEvent[] = []

/**
 * Citations whose span lies within the answer text keep it; a span past the text (a cut stream,
 * offsets from a provider that disagree with its text) is dropped rather than pointing elsewhere.
 */
function placedCitations(citations: Citation[], textLength: number): Citation[] {
  return citations.map((citation) =>
    citation.span && (citation.span.end > textLength || citation.span.start > citation.span.end)
      ? { ...citation, span: undefined }
      : citation,
  )
}

/** A copy that later changes to the call do not reach (events are handed out while it changes). */
function snapshot(call: HostedCall): HostedCall {
  return { ...call, queries: [...call.queries], sources: call.sources.map((source) => ({ ...source })) }
}
const USAGE_KEYS = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens'] as const

/**
 * The arguments object, or undefined when the text is not exactly one JSON object, or nests deeper
 * than `MAX_ARGUMENT_DEPTH` (shared/json-depth). Never `{}` as a stand-in.
 *
 * The depth is checked on the parsed value, not by a scan of the text first: V8's `JSON.parse` is
 * iterative (any depth parses without overflowing the stack), and the value of real arguments is a
 * few containers around long strings, so the walk is nearly free where a text scan would read every
 * character of a 10 MB file body once more. Nothing recursive sees the value before this check.
 */
export function parseArgumentsObject(text: string): Record<string, unknown> | undefined {
  const object = asObject(tryParseJson(text))
  return object === undefined || valueExceedsDepth(object) ? undefined : object
}
