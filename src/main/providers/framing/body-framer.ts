import { DEFAULT_FRAMING_LIMITS, type FramingLimitBreach, type FramingLimits } from './framing-limits'
import { JsonArrayFramer } from './json-array-framer'
import { SseFramer } from './sse-framer'

/**
 * Where frames go. Plain callbacks rather than a frame object per event: a stream can carry 50k
 * events and the framing layer must cost no more than the SSE library itself.
 */
export interface BodyFrameSink {
  /** One SSE event (or JSON-array element). `atEof`: completed only by the end of the body (no blank line after it). */
  onEvent(name: string | undefined, data: string, atEof: boolean): void
  /** The whole body was a single JSON document rather than a stream (error bodies, some proxies). */
  onDocument(text: string): void
  /** The body crossed a size limit: called once, after which the framer takes no more input. */
  onLimit(breach: FramingLimitBreach): void
}

export interface BodyFramerOptions {
  /** Accept a streamed JSON array of objects (Gemini without `alt=sse`); each element becomes an event. */
  allowJsonArray: boolean
  /** Defaults to {@link DEFAULT_FRAMING_LIMITS}. */
  limits?: Partial<FramingLimits> | undefined
}

type Mode = 'sniffing' | 'sse' | 'document' | 'json-array'

/**
 * Bytes → frames. Decodes UTF-8 across reads (a character split between reads is kept whole),
 * then decides from the first non-blank character what the body is: `{` a plain JSON document,
 * `[` a streamed JSON array (when allowed), anything else Server-Sent Events (see {@link SseFramer}).
 *
 * Bounded and linear: every character is examined a constant number of times (the blank prefix
 * is scanned once, not again with each read), and nothing grows past its {@link FramingLimits}:
 * crossing one reports a breach and stops all framing (`halted`), so the caller stops reading.
 */
export class BodyFramer {
  private readonly decoder = new TextDecoder('utf-8')
  private readonly limits: FramingLimits
  private mode: Mode = 'sniffing'
  /** Blank text before the first significant character, kept whole for the framer that follows. */
  private blankParts: string[] = []
  private blankChars = 0
  private sse: SseFramer | undefined
  private arrayFramer: JsonArrayFramer | undefined
  private documentParts: string[] = []
  private documentChars = 0
  private sniffScanned = 0
  private ended = false
  /** The limit that was crossed; from then on input is ignored. */
  breach: FramingLimitBreach | undefined

  constructor(
    private readonly sink: BodyFrameSink,
    private readonly options: BodyFramerOptions,
  ) {
    this.limits = { ...DEFAULT_FRAMING_LIMITS, ...definedOnly(options.limits) }
  }

  /** Lines or characters that were not part of the protocol (unknown SSE fields, stray text). */
  get garbage(): boolean {
    return (this.sse?.garbage ?? false) || (this.arrayFramer?.garbage ?? false)
  }

  get halted(): boolean {
    return this.breach !== undefined
  }

  /** Characters held across reads (a blank prefix, an unfinished line, element or document). */
  get heldChars(): number {
    return this.blankChars + this.documentChars + (this.sse?.heldLineChars ?? 0) + (this.arrayFramer?.heldChars ?? 0)
  }

  /** Characters examined by the framing scans so far (work meter for the linearity tests). */
  get scannedChars(): number {
    return this.sniffScanned + (this.sse?.scannedChars ?? 0) + (this.arrayFramer?.scannedChars ?? 0)
  }

  push(bytes: Uint8Array): void {
    if (this.ended) throw new Error('BodyFramer: push after end')
    if (this.breach) return
    const text = this.decoder.decode(bytes, { stream: true })
    if (text.length > 0) this.route(text)
  }

  end(): void {
    if (this.ended) return
    this.ended = true
    if (this.breach) return
    const rest = this.decoder.decode()
    if (rest.length > 0) this.route(rest)
    if (this.breach) return
    switch (this.mode) {
      case 'sse':
        // A complete last event may lack its blank line (real recordings end right after
        // `message_stop`): it is dispatched, flagged as completed by EOF.
        this.sse!.end()
        break
      case 'document':
        this.sink.onDocument(this.documentParts.join(''))
        break
      case 'json-array': {
        const unfinished = this.arrayFramer!.takeUnfinished()
        if (unfinished !== undefined) this.sink.onEvent(undefined, unfinished, true)
        break
      }
      case 'sniffing':
        break // empty (or whitespace-only) body
    }
  }

  private route(text: string): void {
    if (this.mode === 'sniffing') {
      const first = firstSignificantIndex(text)
      const blank = first === -1 ? text.length : first
      this.sniffScanned += first === -1 ? text.length : first + 1
      if (this.blankChars + blank > this.limits.maxDocumentChars) {
        this.stop({ what: 'leading-whitespace', limit: this.limits.maxDocumentChars })
        return
      }
      if (first === -1) {
        this.blankParts.push(text)
        this.blankChars += text.length
        return
      }
      this.startMode(text.charCodeAt(first))
      if (this.blankParts.length > 0) {
        this.blankParts.push(text)
        text = this.blankParts.join('')
        this.blankParts = []
        this.blankChars = 0
      }
    }
    switch (this.mode) {
      case 'sse':
        this.sse!.push(text)
        break
      case 'json-array':
        this.arrayFramer!.push(text)
        if (this.arrayFramer!.overLimit) this.stop({ what: 'json-array-element', limit: this.limits.maxEventChars })
        break
      case 'document':
        if (this.documentChars + text.length > this.limits.maxDocumentChars) {
          this.documentParts = []
          this.documentChars = 0
          this.stop({ what: 'json-document', limit: this.limits.maxDocumentChars })
          return
        }
        this.documentChars += text.length
        this.documentParts.push(text)
        break
    }
  }

  private startMode(firstChar: number): void {
    if (firstChar === 0x7b /* { */) this.mode = 'document'
    else if (firstChar === 0x5b /* [ */ && this.options.allowJsonArray) {
      this.mode = 'json-array'
      this.arrayFramer = new JsonArrayFramer(
        (element) => this.sink.onEvent(undefined, element, false),
        this.limits.maxEventChars,
      )
    } else {
      this.mode = 'sse'
      this.sse = new SseFramer(
        this.sink,
        () => this.stop({ what: 'sse-line-or-event', limit: this.limits.maxEventChars }),
        this.limits.maxEventChars,
      )
    }
  }

  private stop(breach: FramingLimitBreach): void {
    if (this.breach) return
    this.breach = breach
    this.blankParts = []
    this.blankChars = 0
    this.sink.onLimit(breach)
  }
}

/** Index of the first character that is not blank (space, tab, CR, LF, BOM), or -1. */
function firstSignificantIndex(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0xfeff) return i
  }
  return -1
}

function definedOnly(limits: Partial<FramingLimits> | undefined): Partial<FramingLimits> {
  const out: Partial<FramingLimits> = {}
  if (limits?.maxEventChars !== undefined) out.maxEventChars = limits.maxEventChars
  if (limits?.maxDocumentChars !== undefined) out.maxDocumentChars = limits.maxDocumentChars
  return out
}
