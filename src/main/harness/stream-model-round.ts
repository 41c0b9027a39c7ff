import { providerError, type ProviderError } from '../../shared/provider-error'
import type { ProviderId } from '../../shared/provider-id'
import type { StreamEvent } from '../../shared/stream-events'
import type { RoundResult } from '../../shared/round-result'
import { requestIdFromHeaders } from '../providers/http-response-meta'
import type { ProviderRequest } from '../providers/provider-request'
import { createStreamParser } from '../providers/stream-parser'

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export interface RoundOutcome {
  result: RoundResult
  /** Text, reasoning or a tool call of this attempt reached `onEvent` (a retry would repeat it). */
  outputForwarded: boolean
  /** The user's stop ended the round. */
  aborted: boolean
  status: number | undefined
  requestId: string | undefined
  startedAt: number
  endedAt: number
}

/** Used when neither `stallTimeoutMs` nor `idleTimeoutMs` is given. */
export const DEFAULT_STALL_TIMEOUT_MS = 60_000

export interface StreamModelRoundOptions {
  provider: ProviderId
  request: ProviderRequest
  fetch?: FetchLike
  /** The user's stop: aborts the HTTP request, so the provider stops generating. */
  signal: AbortSignal
  /**
   * How long the round may go without progress before the request is aborted and the round ends
   * in a transient `network` error ("no progress for N s"; the harness may retry it). Progress is
   * a normalized event out of the parser: text, reasoning, a tool-call start/delta/end, the
   * finish, an error. Bytes alone are not progress: SSE comments (`: keep-alive`), provider
   * `ping`s and bookkeeping events that yield no normalized event do not reset the clock, so a
   * server that only keeps the connection warm cannot hold the round open. The clock starts when
   * the request is sent, so waiting for the response headers counts too. Default 60 s.
   */
  stallTimeoutMs?: number
  /** @deprecated The earlier name of {@link stallTimeoutMs}, same meaning (`stallTimeoutMs` wins). */
  idleTimeoutMs?: number
  /**
   * Until the first progress, bytes without progress (keep-alives) do keep the round open: a model
   * that thinks for minutes behind a proxy that sends only comments while it waits (OpenRouter's
   * `: OPENROUTER PROCESSING`) is alive, not stalled. But only this long from the request (default
   * five times the stall timeout: 5 min), so a server that only ever keeps the connection warm still
   * cannot hold the round open for good.
   */
  firstProgressTimeoutMs?: number
  /**
   * Absolute time, in the clock of `now`, by which this round must be over however much progress
   * it makes. When it passes, the request is aborted and the round ends in a `timeout` error with
   * `retryable: false` (another attempt would pass it too). A deadline already passed when the
   * round starts sends no request. Unset: no overall limit.
   */
  deadlineAt?: number
  onEvent: (event: StreamEvent) => void
  localIdPrefix?: string
  now?: () => number
}

const OUTPUT_EVENTS = new Set<StreamEvent['type']>([
  'text-delta',
  'reasoning-delta',
  'tool-call-start',
  'tool-call-delta',
  'tool-call-end',
  'hosted-call',
  'citation',
])

/** Which normalized events count as progress for the stall clock (a decision per event type). */
const PROGRESS: Record<StreamEvent['type'], boolean> = {
  'text-delta': true,
  'reasoning-delta': true,
  'tool-call-start': true,
  'tool-call-delta': true,
  'tool-call-end': true,
  'hosted-call': true,
  citation: true,
  finish: true,
  error: true,
}

/** The `code` of the error a round gets when the turn's deadline passes. */
export const TURN_DEADLINE_CODE = 'keel-turn-deadline'

/** Longest delay `setTimeout` takes (a longer one fires at once). */
const MAX_TIMER_MS = 2 ** 31 - 1

type RoundEnding = 'stall' | 'deadline' | 'over-limit'

/**
 * One model call: POST the request, stream the body through the provider's parser, forward each
 * normalized event as it arrives. Never throws for provider or network trouble: every ending
 * (HTTP error, reset, stall, deadline, a body over the parser's limits, stop) is a
 * {@link RoundResult} whose error says what happened.
 */
export async function streamModelRound(options: StreamModelRoundOptions): Promise<RoundOutcome> {
  const now = options.now ?? Date.now
  const startedAt = now()
  const stallMs = options.stallTimeoutMs ?? options.idleTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS
  const controller = new AbortController()
  let ending: RoundEnding | undefined
  let headersArrived = false
  const endRound = (why: RoundEnding) => {
    if (ending || controller.signal.aborted) return
    ending = why
    controller.abort(new Error(`round ended: ${why}`))
  }

  let progressed = false
  const firstProgressMs = options.firstProgressTimeoutMs ?? stallMs * 5
  let firstProgressTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(
    () => endRound('stall'),
    Math.min(Math.max(firstProgressMs, 0), MAX_TIMER_MS),
  )
  let stallTimer: ReturnType<typeof setTimeout> | undefined
  const armStall = () => {
    if (stallTimer) clearTimeout(stallTimer)
    stallTimer = setTimeout(() => endRound('stall'), Math.min(Math.max(stallMs, 0), MAX_TIMER_MS))
  }
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined
  const armDeadline = (ms: number) => {
    deadlineTimer = setTimeout(
      () => (ms > MAX_TIMER_MS ? armDeadline(ms - MAX_TIMER_MS) : endRound('deadline')),
      Math.min(ms, MAX_TIMER_MS),
    )
  }
  const onUserAbort = () => controller.abort(options.signal.reason)

  let outputForwarded = false
  const forward = (events: StreamEvent[]) => {
    let progress = false
    for (const event of events) {
      if (OUTPUT_EVENTS.has(event.type)) outputForwarded = true
      if (PROGRESS[event.type]) progress = true
      options.onEvent(event)
    }
    if (progress && !ending) {
      if (!progressed) {
        progressed = true
        clearTimeout(firstProgressTimer)
        firstProgressTimer = undefined
      }
      armStall()
    }
  }
  const finish = (result: RoundResult, status: number | undefined, requestId: string | undefined): RoundOutcome => {
    if (stallTimer) clearTimeout(stallTimer)
    if (firstProgressTimer) clearTimeout(firstProgressTimer)
    if (deadlineTimer) clearTimeout(deadlineTimer)
    options.signal.removeEventListener('abort', onUserAbort)
    return { result, outputForwarded, aborted: options.signal.aborted, status, requestId, startedAt, endedAt: now() }
  }
  /** Why the transport failed, unless the user's stop explains it. */
  const transportError = (cause: unknown): ProviderError | undefined => {
    if (options.signal.aborted) return undefined
    if (ending === 'stall')
      return progressed || !headersArrived
        ? stallError(stallMs, headersArrived)
        : networkError(
            `No answer began within ${seconds(firstProgressMs)} s (only keep-alives arrived); the request was aborted`,
          )
    if (ending === 'deadline') return deadlineError(options.deadlineAt! - startedAt)
    if (!headersArrived && NO_CONNECTION.has(causeCode(cause) ?? ''))
      return unreachableError(describe(cause), causeCode(cause))
    return networkError(describe(cause))
  }
  const nothingArrived = (error: ProviderError | undefined): RoundOutcome => {
    const parser = createStreamParser(options.provider, { localIdPrefix: options.localIdPrefix })
    return finish(withError(parser.end().result, error), undefined, undefined)
  }

  if (options.deadlineAt !== undefined) {
    const left = options.deadlineAt - startedAt
    if (left <= 0) return nothingArrived(options.signal.aborted ? undefined : deadlineError(left))
    armDeadline(left)
  }
  if (options.signal.aborted) onUserAbort()
  else options.signal.addEventListener('abort', onUserAbort, { once: true })

  let response: Response
  try {
    armStall()
    response = await (options.fetch ?? fetch)(options.request.url, {
      method: 'POST',
      headers: options.request.headers,
      body: JSON.stringify(options.request.body),
      signal: controller.signal,
    })
  } catch (cause) {
    // Nothing arrived: a connection failure, a reset before the first byte, a stall, the deadline, or the stop.
    return nothingArrived(transportError(cause))
  }
  headersArrived = true

  const meta = { status: response.status, headers: response.headers }
  const requestId = requestIdFromHeaders(meta)
  const parser = createStreamParser(options.provider, { response: meta, localIdPrefix: options.localIdPrefix })
  let failure: ProviderError | undefined
  if (response.body) {
    const reader = response.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        // Waiting for the model to start, keep-alive bytes show the server is there (bounded by the first-progress timer).
        if (!progressed && !ending) armStall()
        forward(parser.push(value))
        if (parser.halted) {
          // The body crossed a size limit (the parser's error says which): read no further.
          endRound('over-limit')
          break
        }
      }
    } catch (cause) {
      failure = transportError(cause)
    }
    if (ending || failure || options.signal.aborted) await reader.cancel().catch(() => {})
  }
  const end = parser.end()
  const result = withError(end.result, failure)
  if (failure && result.error === failure) {
    // The transport's error goes before the finish event, which always comes last.
    forward(end.events.filter((event) => event.type !== 'finish'))
    forward([{ type: 'error', error: failure }])
    forward(end.events.filter((event) => event.type === 'finish'))
  } else forward(end.events)
  return finish(result, response.status, requestId ?? result.error?.requestId)
}

/**
 * A transport failure explains a cut better than the parser's generic "truncated" verdict. A turn
 * whose end signal had arrived is whole: a connection that then hangs or fails changes nothing.
 */
function withError(result: RoundResult, error: ProviderError | undefined): RoundResult {
  if (!error || result.complete || (result.error && result.error.kind !== 'truncated')) return result
  return { ...result, error, truncated: true }
}

/** Connection errors that mean nothing reached the server (refused, unknown host, no route): it never saw the request. */
const NO_CONNECTION: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
])

function unreachableError(message: string, code: string | undefined): ProviderError {
  return providerError({
    kind: 'unreachable',
    message,
    retryable: true,
    code,
  })
}

/** The system error code under a `fetch failed` (undici puts it on `cause`, or on an AggregateError's errors). */
function causeCode(cause: unknown): string | undefined {
  const inner = cause instanceof Error ? (cause as Error & { cause?: unknown }).cause : undefined
  if (inner && typeof inner === 'object') {
    if ('code' in inner && typeof inner.code === 'string') return inner.code
    const errors = (inner as { errors?: unknown }).errors
    if (Array.isArray(errors))
      for (const e of errors) if (e && typeof e === 'object' && 'code' in e && typeof e.code === 'string') return e.code
  }
  return undefined
}

function networkError(message: string): ProviderError {
  return providerError({
    kind: 'network',
    message,
    retryable: true,
  })
}

function stallError(stallMs: number, headersArrived: boolean): ProviderError {
  const what = headersArrived ? 'only keep-alives or nothing arrived' : 'the response headers never arrived'
  return networkError(`No progress for ${seconds(stallMs)} s (${what}); the request was aborted`)
}

function deadlineError(roundMs: number): ProviderError {
  return providerError({
    kind: 'timeout',
    message: `The round passed its deadline (${seconds(Math.max(roundMs, 0))} s after it started); the request was aborted`,
    retryable: false,
    // Keel's own turn deadline (not the provider's 408): the harness tells the user so.
    code: TURN_DEADLINE_CODE,
  })
}

function seconds(ms: number): string {
  return String(Math.round(ms) / 1000)
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as Error & { cause?: unknown }).cause
    const code =
      inner && typeof inner === 'object' && 'code' in inner ? String((inner as { code: unknown }).code) : undefined
    return code ? `${cause.message} (${code})` : cause.message
  }
  return String(cause)
}
