import { createParser, type EventSourceMessage, type EventSourceParser, type ParseError } from 'eventsource-parser'

/** Where {@link SseFramer} sends events (`atEof`: completed only by the end of the body). */
export interface SseEventSink {
  onEvent(name: string | undefined, data: string, atEof: boolean): void
}

const LF = 0x0a
const CR = 0x0d

/**
 * Decoded text → SSE events, framed by eventsource-parser, within a size limit and in linear work.
 *
 * - Line endings are normalized to LF before the library sees them (CRLF, CR and LF all end a line
 *   in SSE, so this changes nothing). Why: for each CR the library searches for the next LF, which
 *   is quadratic in a read made of CR-only lines; on LF-only text it makes one forward pass. A CR
 *   that ends a read is a line end at once; an LF that starts the next read is then its other half.
 * - Every line must be at most `maxChars`, checked exactly whatever the read boundaries: the text
 *   before an offending line is still framed, so any split of a body gives the same events.
 * - Every event's data must be at most `maxChars`, checked when it is dispatched. Meanwhile the
 *   library's own `maxBufferSize` (one line + one event) bounds what it holds; it can only trip on
 *   an event the dispatch check would refuse anyway, so the verdict does not depend on the split.
 * Crossing a limit calls `onLimit` once; the framer then ignores all input.
 */
export class SseFramer {
  private readonly lease: ParserLease
  private readonly parser: EventSourceParser
  /** The last read ended with a CR (already passed on as LF): a leading LF of the next read is its pair. */
  private pendingCr = false
  /** Length of the unfinished last line, already fed to the library. */
  private lineChars = 0
  private flushing = false
  private stopped = false
  private ended = false
  /** Lines that were not part of the protocol (unknown fields, a bad `retry`). */
  garbage = false
  /** Characters this framer's own scans examined (work meter for the linearity tests). */
  scannedChars = 0

  /**
   * @param sink receives each event; an object with a method rather than a callback made per
   * parser, so the call is the same function for every turn (its optimized code is kept).
   */
  constructor(
    private readonly sink: SseEventSink,
    private readonly onLimit: () => void,
    private readonly maxChars: number,
  ) {
    this.lease = leaseParser(this, 2 * maxChars)
    this.parser = this.lease.parser
  }

  /** From the library: one event. */
  dispatch(event: EventSourceMessage): void {
    if (this.stopped) return
    if (event.data.length > this.maxChars) this.stop()
    else this.sink.onEvent(event.event, event.data, this.flushing)
  }

  /** From the library: a line it could not read, or its buffer limit. */
  error(error: ParseError): void {
    if (error.type === 'max-buffer-size-exceeded') this.stop()
    else this.garbage = true
  }

  /** Characters of an unfinished line held across reads. */
  get heldLineChars(): number {
    return this.lineChars
  }

  push(text: string): void {
    if (this.stopped || this.ended) return
    if (this.pendingCr) {
      this.pendingCr = false
      if (text.charCodeAt(0) === LF) text = text.slice(1)
    }
    if (text.length === 0) return
    this.scannedChars += text.length
    if (text.indexOf('\r') !== -1) {
      this.scannedChars += text.length
      if (text.charCodeAt(text.length - 1) === CR) this.pendingCr = true
      // split/join beats a regex replace by ~10× on CRLF bodies (Gemini's), measured.
      text = text.split('\r\n').join('\n')
      if (text.indexOf('\r') !== -1) text = text.replaceAll('\r', '\n')
    }
    const cut = this.firstLineOverLimit(text)
    if (cut === undefined) {
      this.parser.feed(text)
      return
    }
    if (cut > 0) this.parser.feed(text.slice(0, cut))
    this.stop()
  }

  /** The body ended: a last event without its blank line is dispatched, flagged `atEof`. */
  end(): void {
    if (this.stopped || this.ended) return
    this.flushing = true
    this.parser.feed('\n\n')
    this.flushing = false
    this.ended = true
    returnParser(this.lease)
  }

  private stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.onLimit()
  }

  /**
   * Where the first line longer than the limit starts in `text` (LF-only), or undefined; keeps
   * `lineChars` current. Looks only at the first and last line of a read no longer than the limit
   * (a line wholly inside it cannot be too long), so the cost is far below one pass.
   */
  private firstLineOverLimit(text: string): number | undefined {
    const max = this.maxChars
    const first = text.indexOf('\n')
    if (first === -1) {
      this.scannedChars += text.length
      if (this.lineChars + text.length > max) return 0
      this.lineChars += text.length
      return undefined
    }
    this.scannedChars += first + 1
    if (this.lineChars + first > max) return 0
    if (text.length > max) {
      for (let start = first + 1; ; ) {
        const next = text.indexOf('\n', start)
        if (next === -1) break
        this.scannedChars += next + 1 - start
        if (next - start > max) return start
        start = next + 1
      }
    }
    const last = text.lastIndexOf('\n')
    this.scannedChars += text.length - last
    if (text.length - last - 1 > max) return last + 1
    this.lineChars = text.length - last - 1
    return undefined
  }
}

/** An eventsource-parser instance and the framer it currently reads for. */
interface ParserLease {
  readonly parser: EventSourceParser
  readonly maxBufferSize: number
  framer: SseFramer | undefined
}

/**
 * eventsource-parser instances of finished bodies, reset, for the next body. Why: the library's
 * parser is a set of closures made by `createParser`, and V8 compiled its line loop (with our event
 * handling inlined into it) again for every new set: a fresh parser per turn cost a recompilation
 * per turn (seen with --trace-opt). A body that stopped at a limit keeps its parser (it is dropped).
 */
const idleParsers: ParserLease[] = []
const MAX_IDLE_PARSERS = 4

function leaseParser(framer: SseFramer, maxBufferSize: number): ParserLease {
  const index = idleParsers.findIndex((lease) => lease.maxBufferSize === maxBufferSize)
  if (index !== -1) {
    const lease = idleParsers[index]!
    idleParsers.splice(index, 1)
    lease.framer = framer
    return lease
  }
  const lease: { parser: EventSourceParser | undefined; maxBufferSize: number; framer: SseFramer | undefined } = {
    parser: undefined,
    maxBufferSize,
    framer,
  }
  lease.parser = createParser({
    onEvent: (event) => lease.framer?.dispatch(event),
    onError: (error) => lease.framer?.error(error),
    maxBufferSize,
  })
  return lease as ParserLease
}

function returnParser(lease: ParserLease): void {
  lease.framer = undefined
  lease.parser.reset()
  if (idleParsers.length < MAX_IDLE_PARSERS) idleParsers.push(lease)
}
