import { providerError } from '../../shared/provider-error'
import type { ProviderId } from '../../shared/provider-id'
import type { StreamEvent } from '../../shared/stream-events'
import type { RoundResult } from '../../shared/round-result'
import { BodyFramer, type BodyFrameSink } from './framing/body-framer'
import { describeBreach, type FramingLimitBreach, type FramingLimits } from './framing/framing-limits'
import type { HttpResponseMeta } from './http-response-meta'
import { providerAdapterFactory } from './provider-registry'
import { TurnAccumulator } from './turn-accumulator'
import type { WireStreamAdapter } from './wire-stream-adapter'
import { asObject, tryParseJson } from './wire-access'
import { PayloadSampler } from './payload-shapes'
import { ParserWarmth, type WarmableParser } from './parser-warmth'
import { classifyProviderError } from './classify-provider-error'

export interface StreamParserOptions {
  /** The HTTP response line and headers. Without it the body is taken as a 200 stream. */
  response?: HttpResponseMeta | undefined
  /** Prefix for call ids generated when a provider sends none (pass the turn id to keep them unique). */
  localIdPrefix?: string | undefined
  /** Size limits of the framing layer (tests lower them); defaults to `DEFAULT_FRAMING_LIMITS`. */
  limits?: Partial<FramingLimits> | undefined
}

/**
 * Parses one provider response body into normalized events, as bytes arrive, and into a
 * {@link RoundResult} at the end. Feed every network read to `push`, then call `end` once.
 * The output is the same however the body is split into reads.
 */
export interface StreamParser {
  push(bytes: Uint8Array): StreamEvent[]
  end(): { events: StreamEvent[]; result: RoundResult }
  /**
   * The body crossed a size limit (a line, event, element or document too long): the turn has a
   * `malformed` error and further input is ignored. Stop reading the body and call `end`.
   */
  readonly halted: boolean
}

export function createStreamParser(provider: ProviderId, options: StreamParserOptions = {}): StreamParser {
  let warmth = WARMTHS.get(provider)
  if (warmth === undefined) {
    warmth = new ParserWarmth(new ProviderStreamParser(provider, { localIdPrefix: 'warmth_' }, undefined))
    WARMTHS.set(provider, warmth)
  }
  return new ProviderStreamParser(provider, options, warmth)
}

/** One {@link ParserWarmth} per provider, made with its first parser and kept for the life of the process. */
const WARMTHS = new Map<ProviderId, ParserWarmth>()

/**
 * The {@link StreamParser} for every provider, and the framer's sink. A class rather than closures
 * made per parser: the per-event path (`onEvent` → `handlePayload`) is then the same functions for
 * every turn, so their optimized code outlives a turn (closures were re-optimized each turn).
 * Its parts are not private: a {@link ParserWarmth} drives an idle one (this class is not exported).
 */
class ProviderStreamParser implements StreamParser, BodyFrameSink, WarmableParser {
  readonly accumulator: TurnAccumulator
  readonly adapter: WireStreamAdapter
  readonly framer: BodyFramer
  private readonly httpOk: boolean
  private corrupt = false
  private corruptAfterEnd = false
  private ended = false
  /** This turn's first and last payloads, whose shapes the warmth keeps at the end. */
  private readonly sampler = new PayloadSampler()

  constructor(
    provider: ProviderId,
    private readonly options: StreamParserOptions,
    /** Undefined for the warmth's own idle parser. */
    private readonly warmth: ParserWarmth | undefined,
  ) {
    this.accumulator = new TurnAccumulator(provider, options.localIdPrefix ?? 'keel_call_')
    this.adapter = providerAdapterFactory(provider)(this.accumulator)
    const status = options.response?.status ?? 200
    this.httpOk = status >= 200 && status < 300
    this.framer = new BodyFramer(this, { allowJsonArray: this.adapter.allowJsonArrayBody, limits: options.limits })
  }

  get halted(): boolean {
    return this.framer.halted
  }

  push(bytes: Uint8Array): StreamEvent[] {
    if (this.ended) throw new Error('StreamParser: push after end')
    this.framer.push(bytes)
    return this.accumulator.drainEvents()
  }

  end(): { events: StreamEvent[]; result: RoundResult } {
    if (this.ended) throw new Error('StreamParser: end called twice')
    this.ended = true
    const { accumulator, adapter, framer, httpOk, options } = this
    framer.end()
    if (!httpOk && !accumulator.hasError) {
      // A non-2xx response whose body was not a JSON document (HTML from a proxy, SSE, nothing).
      accumulator.failBeforeStream(adapter.errorFromDocument(undefined, options.response))
    }
    // A halted body did not end: nothing the protocol closes at its end is closed.
    if (httpOk && !accumulator.isFailedBeforeStream && !framer.halted) adapter.handleEnd()
    const result = accumulator.finishTurn({
      truncationIsError: adapter.truncationIsError,
      garbage: framer.garbage || this.corruptAfterEnd,
      providerLabel: adapter.label,
    })
    try {
      this.warmth?.keepShapes(this.sampler)
    } catch {
      // Only a speed-up for the next turns: whatever happens there is never this turn's failure.
    }
    return { events: accumulator.drainEvents(), result }
  }

  /** BodyFrameSink: one SSE event or JSON-array element. */
  onEvent(name: string | undefined, data: string, atEof: boolean): void {
    if (!this.httpOk) return
    const payload = asObject(tryParseJson(data))
    if (payload !== undefined) {
      this.sampler.sample(payload)
      this.adapter.handlePayload(payload, name)
      return
    }
    const { accumulator, adapter } = this
    if (adapter.handleSentinel(data)) return
    if (atEof) return // the body was cut inside this event: a truncation, judged at the end
    if (accumulator.hasEndSignal) {
      this.corruptAfterEnd = true
      return
    }
    if (!this.corrupt) {
      this.corrupt = true
      accumulator.fail(
        classifyMalformed(adapter, `The ${adapter.label} stream held an event that is not a JSON object`, undefined),
      )
    }
  }

  /** BodyFrameSink: the whole body was one JSON document. */
  onDocument(text: string): void {
    const { accumulator, adapter, options } = this
    const document = tryParseJson(text)
    if (document === undefined) {
      accumulator.failBeforeStream(
        classifyMalformed(adapter, `The ${adapter.label} response was not valid JSON`, options.response),
      )
      return
    }
    accumulator.failBeforeStream(adapter.errorFromDocument(document, options.response))
  }

  /** BodyFrameSink: a size limit was crossed. */
  onLimit(breach: FramingLimitBreach): void {
    const { accumulator, adapter, options } = this
    const error = classifyMalformed(
      adapter,
      `The ${adapter.label} response ${describeBreach(breach)}; reading stopped`,
      options.response,
    )
    // Before any stream (an error body, a document, a blank prefix) there is nothing to finish.
    if (!this.httpOk || breach.what === 'json-document' || breach.what === 'leading-whitespace')
      accumulator.failBeforeStream(error)
    else accumulator.fail(error)
  }
}

function classifyMalformed(_adapter: WireStreamAdapter, message: string, meta: HttpResponseMeta | undefined) {
  const status = meta?.status
  if (status !== undefined && (status < 200 || status >= 300)) {
    return classifyProviderError({ status, codes: [], message: `${message} (HTTP ${status})` })
  }
  return providerError({
    kind: 'malformed',
    message,
    retryable: false,
  })
}

/**
 * Reads a whole body (any async iterable of byte chunks) through a parser. A body whose reading
 * fails midway (a dropped connection) is not an exception: the parse ends there and the result
 * carries a `network` error (unless the provider's own end signal had already arrived).
 */
export async function parseStreamBody(
  provider: ProviderId,
  body: AsyncIterable<Uint8Array>,
  options: StreamParserOptions & { onEvent?: (event: StreamEvent) => void } = {},
): Promise<{ events: StreamEvent[]; result: RoundResult }> {
  const parser = createStreamParser(provider, options)
  const events: StreamEvent[] = []
  const emit = (batch: StreamEvent[]) => {
    for (const event of batch) {
      events.push(event)
      options.onEvent?.(event)
    }
  }
  let readError: unknown
  try {
    for await (const chunk of body) {
      emit(parser.push(chunk))
      if (parser.halted) break // leaving the loop closes the body
    }
  } catch (error) {
    readError = error
  }
  const final = parser.end()
  let result = final.result
  if (readError !== undefined && !result.complete && (!result.error || result.error.kind === 'truncated')) {
    const error = providerError({
      kind: 'network',
      message: `The connection failed while reading the ${provider} stream: ${readError instanceof Error ? readError.message : String(readError)}`,
      retryable: true,
    })
    result = { ...result, error, truncated: true }
    const finish = final.events.filter((e) => e.type === 'finish')
    emit(final.events.filter((e) => e.type !== 'finish' && e.type !== 'error'))
    emit([{ type: 'error', error }, ...finish])
    return { events, result }
  }
  emit(final.events)
  return { events, result }
}
