import type { StreamEvent } from '../../shared/stream-events'
import { endsWithHighSurrogate, wellFormed } from '../../shared/well-formed-text'
import type { FetchLike, RoundOutcome, StreamModelRoundOptions } from '../harness/stream-model-round'

/** What an API key is replaced with wherever it would leave the core. */
export const REDACTED = '[redacted]'

/** Keys shorter than this are not scrubbed: a 3-letter "key" would blank ordinary words. */
export const MIN_REDACTED_KEY_LENGTH = 8

/**
 * The spellings of a set of keys that can appear in provider output: as given, as inside a JSON
 * string literal (a proxy that echoes the request puts `\n`, `\"`, `\/`, `\u0000` there), and
 * URL-encoded (echoed query strings). Longest first, so a longer form wins at the same position.
 */
export function keyForms(keys: readonly string[]): string[] {
  const forms = new Set<string>()
  for (const key of keys) {
    if (key.length < MIN_REDACTED_KEY_LENGTH) continue
    forms.add(key)
    forms.add(JSON.stringify(key).slice(1, -1))
    forms.add(JSON.stringify(key).slice(1, -1).replace(/\//g, '\\/'))
    forms.add(encodeURIComponent(key))
  }
  return [...forms].sort((a, b) => b.length - a.length)
}

/** Replaces every form of every key in `text`. */
export function redactText(text: string, forms: readonly string[]): string {
  let out = text
  for (const form of forms) if (out.includes(form)) out = out.split(form).join(REDACTED)
  return out
}

/**
 * Replaces every known key inside a plain-data value with `[redacted]`: every string in it, keys
 * of objects included. Values without a key come back as they are (same reference).
 */
export function redactKeys<T>(value: T, keys: readonly string[]): T {
  const forms = keyForms(keys)
  return forms.length === 0 ? value : redactValue(value, forms)
}

/** {@link redactKeys} with the forms already computed (hot paths: every run event). */
export function redactValue<T>(value: T, forms: readonly string[]): T {
  if (forms.length === 0) return value
  if (typeof value === 'string') return redactText(value, forms) as T
  if (typeof value !== 'object' || value === null) return value
  if (value instanceof Error) return redactError(value, forms) as T
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((item: unknown) => {
      const next = redactValue(item, forms)
      if (next !== item) changed = true
      return next
    })
    return (changed ? out : value) as T
  }
  let changed = false
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const nextKey = redactText(key, forms)
    const next = redactValue(item, forms)
    if (next !== item || nextKey !== key) changed = true
    out[nextKey] = next
  }
  return (changed ? out : value) as T
}

/** An error with every key scrubbed from its message, stack and cause chain (name and `code` kept). */
export function redactError(error: unknown, forms: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return typeof error === 'string' ? redactText(error, forms) : error
  const scrubbed = new Error(redactText(error.message, forms))
  scrubbed.name = error.name
  scrubbed.stack = error.stack === undefined ? undefined : redactText(error.stack, forms)
  const code = (error as { code?: unknown }).code
  if (code !== undefined)
    (scrubbed as Error & { code?: unknown }).code = typeof code === 'string' ? redactText(code, forms) : code
  const cause = (error as { cause?: unknown }).cause
  if (cause !== undefined) {
    ;(scrubbed as Error & { cause?: unknown }).cause =
      cause instanceof Error
        ? redactError(cause, forms, depth + 1)
        : typeof cause === 'object' && cause !== null
          ? redactValue(cause, forms)
          : redactText(String(cause), forms)
  }
  return scrubbed
}

/**
 * Scrubs keys from a byte stream as it passes, across chunk boundaries: bytes that could be the
 * start of a key are held back until the next chunk says whether they are (so a key split over
 * two network reads is still caught). Linear in the stream size; holds at most the longest form
 * minus one byte.
 */
export class StreamRedactor {
  private readonly forms: Uint8Array[]
  private readonly replacement = new TextEncoder().encode(REDACTED)
  private held: Uint8Array = new Uint8Array(0)

  constructor(forms: readonly string[]) {
    const encoder = new TextEncoder()
    this.forms = forms.map((form) => encoder.encode(form)).filter((bytes) => bytes.length > 0)
  }

  /** The bytes that are safe to pass on now. */
  push(chunk: Uint8Array): Uint8Array {
    if (this.forms.length === 0) return chunk
    const buffer = this.held.length === 0 ? chunk : concat([this.held, chunk])
    const out: Uint8Array[] = []
    let from = 0
    for (;;) {
      const found = this.nextMatch(buffer, from)
      if (!found) break
      out.push(buffer.subarray(from, found.at), this.replacement)
      from = found.at + found.length
    }
    const keep = this.heldSuffix(buffer, from)
    out.push(buffer.subarray(from, buffer.length - keep))
    this.held = buffer.slice(buffer.length - keep)
    return concat(out)
  }

  /** What was held back at the end of the stream (a key prefix that never completed). */
  end(): Uint8Array {
    const rest = this.held
    this.held = new Uint8Array(0)
    return rest
  }

  private nextMatch(buffer: Uint8Array, from: number): { at: number; length: number } | undefined {
    let best: { at: number; length: number } | undefined
    const view = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    for (const form of this.forms) {
      const at = view.indexOf(form, from)
      // Forms are longest first: at the same position the longer one was found first and stays.
      if (at >= 0 && (!best || at < best.at)) best = { at, length: form.length }
    }
    return best
  }

  /** Length of the longest tail of `buffer[from..]` that is a proper prefix of some form. */
  private heldSuffix(buffer: Uint8Array, from: number): number {
    let longest = 0
    for (const form of this.forms) {
      // Only a tail starting with the form's first byte can be its prefix: one pass over the last bytes.
      for (let at = Math.max(from, buffer.length - form.length + 1); at < buffer.length; at++) {
        const length = buffer.length - at
        if (length <= longest) break
        if (buffer[at] === form[0] && startsWithAt(buffer, at, form, length)) {
          longest = length
          break
        }
      }
    }
    return longest
  }
}

function startsWithAt(buffer: Uint8Array, at: number, form: Uint8Array, length: number): boolean {
  for (let i = 0; i < length; i++) if (buffer[at + i] !== form[i]) return false
  return true
}

/**
 * Text that arrives in deltas (a streamed answer, reasoning, a tool call's argument text), made safe
 * as it passes: keys scrubbed even when split over two deltas (a tail that could be the start of a
 * key waits for the next delta, or {@link TextStreamRedactor.end}), and lone surrogates replaced
 * with U+FFFD (a trailing first half waits for its second half in the next delta).
 */
export class TextStreamRedactor {
  private held = ''

  constructor(private readonly forms: readonly string[]) {}

  push(delta: string): string {
    const text = this.forms.length === 0 ? this.held + delta : redactText(this.held + delta, this.forms)
    let keep = this.forms.length === 0 ? 0 : heldTextSuffix(text, this.forms)
    if (keep === 0 && endsWithHighSurrogate(text)) keep = 1
    this.held = text.slice(text.length - keep)
    return wellFormed(text.slice(0, text.length - keep))
  }

  end(): string {
    const rest = this.held
    this.held = ''
    return wellFormed(rest)
  }
}

function heldTextSuffix(text: string, forms: readonly string[]): number {
  let longest = 0
  for (const form of forms) {
    const first = form[0]
    for (let at = Math.max(0, text.length - form.length + 1); at < text.length; at++) {
      const length = text.length - at
      if (length <= longest) break
      if (text[at] === first && form.startsWith(text.slice(at))) {
        longest = length
        break
      }
    }
  }
  return longest
}

function concat(parts: Uint8Array[]): Uint8Array {
  const nonEmpty = parts.filter((part) => part.length > 0)
  if (nonEmpty.length === 1) return nonEmpty[0]!
  const total = nonEmpty.reduce((sum, part) => sum + part.length, 0)
  const out = new Uint8Array(total)
  let offset = 0
  for (const part of nonEmpty) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/**
 * A fetch whose every output is free of the given keys: the body bytes (error documents, in-band
 * error events, echoed text), the response headers (a proxy's `x-request-id: <key>`), and the
 * message of an error fetch itself throws (undici puts an invalid header value, i.e. the key, in
 * its message). Everything a provider says passes through here, so nothing downstream (parser,
 * events, store, terminal) can meet a key.
 */
export function redactingFetch(fetchImpl: FetchLike, keys: readonly string[]): FetchLike {
  const forms = keyForms(keys)
  if (forms.length === 0) return fetchImpl
  return async (url, init) => {
    let response: Response
    try {
      response = await fetchImpl(url, init)
    } catch (error) {
      throw redactError(error, forms)
    }
    const headers = new Headers()
    response.headers.forEach((value, name) => headers.append(redactText(name, forms), redactText(value, forms)))
    let body: ReadableStream<Uint8Array> | null = null
    if (response.body && !NULL_BODY_STATUSES.has(response.status)) {
      const redactor = new StreamRedactor(forms)
      body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            const safe = redactor.push(chunk)
            if (safe.length > 0) controller.enqueue(safe)
          },
          flush(controller) {
            const rest = redactor.end()
            if (rest.length > 0) controller.enqueue(rest)
          },
        }),
      )
    }
    return new Response(body, { status: response.status, statusText: redactText(response.statusText, forms), headers })
  }
}

type StreamRound = (options: StreamModelRoundOptions) => Promise<RoundOutcome>

/**
 * One model round whose normalized events and result are safe to show and store: free of the given
 * keys, and well-formed text (see {@link TextStreamRedactor}). Text, reasoning and each call's
 * argument text are cleaned as streams (a key split across deltas, which the byte-level scrub of
 * {@link redactingFetch} cannot see, is caught here); a held-back tail is released before the next
 * event of another kind, and at the end of the round.
 */
export function sanitizingStreamRound(streamRound: StreamRound, keys: readonly string[]): StreamRound {
  const forms = keyForms(keys)
  return async (options) => {
    const text = new TextStreamRedactor(forms)
    const reasoning = new TextStreamRedactor(forms)
    const calls = new Map<string, TextStreamRedactor>()
    const emit = options.onEvent
    const release = (except?: TextStreamRedactor) => {
      if (except !== text) {
        const rest = text.end()
        if (rest) emit({ type: 'text-delta', delta: rest })
      }
      if (except !== reasoning) {
        const rest = reasoning.end()
        if (rest) emit({ type: 'reasoning-delta', delta: rest })
      }
      for (const [callId, redactor] of calls) {
        if (redactor === except) continue
        const rest = redactor.end()
        if (rest) emit({ type: 'tool-call-delta', callId, delta: rest })
      }
    }
    const onEvent = (event: StreamEvent) => {
      switch (event.type) {
        case 'text-delta': {
          release(text)
          const delta = text.push(event.delta)
          if (delta) emit({ type: 'text-delta', delta })
          return
        }
        case 'reasoning-delta': {
          release(reasoning)
          const delta = reasoning.push(event.delta)
          if (delta) emit({ type: 'reasoning-delta', delta })
          return
        }
        case 'tool-call-delta': {
          let redactor = calls.get(event.callId)
          if (!redactor) calls.set(event.callId, (redactor = new TextStreamRedactor(forms)))
          release(redactor)
          const delta = redactor.push(event.delta)
          if (delta) emit({ type: 'tool-call-delta', callId: event.callId, delta })
          return
        }
        default:
          release()
          emit(redactValue(event, forms))
      }
    }
    const outcome = await streamRound({ ...options, onEvent })
    release()
    const result = redactValue(outcome.result, forms)
    return {
      ...outcome,
      result: {
        ...result,
        text: wellFormed(result.text),
        reasoning: wellFormed(result.reasoning),
        toolCalls: result.toolCalls.map((call) => ({ ...call, argumentsText: wellFormed(call.argumentsText) })),
      },
      requestId: redactValue(outcome.requestId, forms),
    }
  }
}
