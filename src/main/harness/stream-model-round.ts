import type { ProviderError } from '../../shared/provider-error'
import type { ProviderId } from '../../shared/provider-id'
import type { StreamEvent } from '../../shared/stream-events'
import type { TurnResult } from '../../shared/turn-result'
import { requestIdFromHeaders } from '../providers/http-response-meta'
import type { ProviderRequest } from '../providers/provider-request'
import { createStreamParser } from '../providers/stream-parser'

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export interface RoundOutcome {
  result: TurnResult
  /** Text, reasoning or a tool call of this attempt reached `onEvent` (a retry would repeat it). */
  outputForwarded: boolean
  /** The user's stop ended the round. */
  aborted: boolean
  status: number | undefined
  requestId: string | undefined
  startedAt: number
  endedAt: number
}

export interface StreamModelRoundOptions {
  provider: ProviderId
  request: ProviderRequest
  fetch?: FetchLike
  /** The user's stop: aborts the HTTP request, so the provider stops generating. */
  signal: AbortSignal
  /** No byte for this long (after the request was sent) counts as a stalled, transient failure. */
  idleTimeoutMs: number
  onEvent: (event: StreamEvent) => void
  localIdPrefix?: string
  now?: () => number
}

const OUTPUT_EVENTS = new Set<StreamEvent['type']>(['text-delta', 'reasoning-delta', 'tool-call-start', 'tool-call-delta', 'tool-call-end'])

/**
 * One model call: POST the request, stream the body through the provider's parser, forward each
 * normalized event as it arrives. Never throws for provider or network trouble: every ending
 * (HTTP error, reset, stall, stop) is a {@link TurnResult} whose error says what happened.
 */
export async function streamModelRound(options: StreamModelRoundOptions): Promise<RoundOutcome> {
  const now = options.now ?? Date.now
  const startedAt = now()
  const controller = new AbortController()
  let stalled = false
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  const armIdle = () => {
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = setTimeout(() => {
      stalled = true
      controller.abort(new Error('stalled'))
    }, options.idleTimeoutMs)
  }
  const onUserAbort = () => controller.abort(options.signal.reason)
  if (options.signal.aborted) onUserAbort()
  else options.signal.addEventListener('abort', onUserAbort, { once: true })

  let outputForwarded = false
  const forward = (events: StreamEvent[]) => {
    for (const event of events) {
      if (OUTPUT_EVENTS.has(event.type)) outputForwarded = true
      options.onEvent(event)
    }
  }
  const finish = (result: TurnResult, status: number | undefined, requestId: string | undefined): RoundOutcome => {
    if (idleTimer) clearTimeout(idleTimer)
    options.signal.removeEventListener('abort', onUserAbort)
    return { result, outputForwarded, aborted: options.signal.aborted, status, requestId, startedAt, endedAt: now() }
  }

  let response: Response
  try {
    armIdle()
    response = await (options.fetch ?? fetch)(options.request.url, {
      method: 'POST',
      headers: options.request.headers,
      body: JSON.stringify(options.request.body),
      signal: controller.signal,
    })
  } catch (cause) {
    // Nothing arrived: a connection failure, a reset before the first byte, a stall, or the stop.
    const parser = createStreamParser(options.provider, { localIdPrefix: options.localIdPrefix })
    const end = parser.end()
    const error = options.signal.aborted ? undefined : networkError(stalled ? 'The provider sent nothing for too long' : describe(cause))
    return finish(withError(end.result, error), undefined, undefined)
  }

  const meta = { status: response.status, headers: response.headers }
  const requestId = requestIdFromHeaders(meta)
  const parser = createStreamParser(options.provider, { response: meta, localIdPrefix: options.localIdPrefix })
  let transportError: ProviderError | undefined
  if (response.body) {
    const reader = response.body.getReader()
    try {
      for (;;) {
        armIdle()
        const { done, value } = await reader.read()
        if (done) break
        forward(parser.push(value))
      }
    } catch (cause) {
      if (!options.signal.aborted) transportError = networkError(stalled ? 'The stream stalled: no data for too long' : describe(cause))
      await reader.cancel().catch(() => {})
    }
  }
  const end = parser.end()
  const result = withError(end.result, transportError)
  if (transportError && result.error === transportError) {
    // The transport's error goes before the finish event, which always comes last.
    forward(end.events.filter((event) => event.type !== 'finish'))
    forward([{ type: 'error', error: transportError }])
    forward(end.events.filter((event) => event.type === 'finish'))
  } else forward(end.events)
  return finish(result, response.status, requestId ?? result.error?.requestId)
}

/** A transport failure explains a cut better than the parser's generic "truncated" verdict. */
function withError(result: TurnResult, error: ProviderError | undefined): TurnResult {
  if (!error || (result.error && result.error.kind !== 'truncated')) return result
  return { ...result, error, truncated: true }
}

function networkError(message: string): ProviderError {
  return { kind: 'network', message, retryable: true, status: undefined, code: undefined, retryAfterMs: undefined, requestId: undefined }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as Error & { cause?: unknown }).cause
    const code = inner && typeof inner === 'object' && 'code' in inner ? String((inner as { code: unknown }).code) : undefined
    return code ? `${cause.message} (${code})` : cause.message
  }
  return String(cause)
}
