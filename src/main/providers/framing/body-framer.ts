import { createParser, type EventSourceParser } from 'eventsource-parser'
import { JsonArrayFramer } from './json-array-framer'

/**
 * Where frames go. Plain callbacks rather than a frame object per event: a stream can carry 50k
 * events and the framing layer must cost no more than the SSE library itself.
 */
export interface BodyFrameSink {
  /** One SSE event (or JSON-array element). `atEof`: completed only by the end of the body (no blank line after it). */
  onEvent(name: string | undefined, data: string, atEof: boolean): void
  /** The whole body was a single JSON document rather than a stream (error bodies, some proxies). */
  onDocument(text: string): void
}

export interface BodyFramerOptions {
  /** Accept a streamed JSON array of objects (Gemini without `alt=sse`); each element becomes an event. */
  allowJsonArray: boolean
}

/** Largest non-streamed JSON body we keep in memory (error bodies are a few hundred bytes). */
const MAX_DOCUMENT_CHARS = 4 * 1024 * 1024

type Mode = 'sniffing' | 'sse' | 'document' | 'json-array'

/**
 * Bytes → frames. Decodes UTF-8 across reads (a character split between reads is kept whole),
 * then decides from the first non-blank character what the body is: `{` a plain JSON document,
 * `[` a streamed JSON array (when allowed), anything else Server-Sent Events, framed by
 * eventsource-parser (LF, CRLF or CR line endings, comments, `data:` with or without a space).
 */
export class BodyFramer {
  private readonly decoder = new TextDecoder('utf-8')
  private mode: Mode = 'sniffing'
  private sniffed = ''
  private readonly sse: EventSourceParser
  private arrayFramer: JsonArrayFramer | undefined
  private documentParts: string[] = []
  private documentChars = 0
  private flushing = false
  private ended = false
  /** Lines or characters that were not part of the protocol (unknown SSE fields, stray text). */
  garbage = false
  /** The body exceeded what a non-streamed document may hold. */
  oversized = false

  constructor(
    private readonly sink: BodyFrameSink,
    private readonly options: BodyFramerOptions,
  ) {
    this.sse = createParser({
      onEvent: (event) => this.sink.onEvent(event.event, event.data, this.flushing),
      onError: () => {
        this.garbage = true
      },
    })
  }

  push(bytes: Uint8Array): void {
    if (this.ended) throw new Error('BodyFramer: push after end')
    const text = this.decoder.decode(bytes, { stream: true })
    if (text.length > 0) this.route(text)
  }

  end(): void {
    if (this.ended) return
    this.ended = true
    const rest = this.decoder.decode()
    if (rest.length > 0) this.route(rest)
    switch (this.mode) {
      case 'sse':
        // A complete last event may lack its blank line (real recordings end right after
        // `message_stop`). A synthetic blank line dispatches it, flagged as completed by EOF.
        this.flushing = true
        this.sse.feed('\n\n')
        this.flushing = false
        break
      case 'document':
        this.sink.onDocument(this.documentParts.join(''))
        break
      case 'json-array': {
        const unfinished = this.arrayFramer!.takeUnfinished()
        if (unfinished !== undefined) this.sink.onEvent(undefined, unfinished, true)
        if (this.arrayFramer!.garbage) this.garbage = true
        break
      }
      case 'sniffing':
        break // empty (or whitespace-only) body
    }
  }

  private route(text: string): void {
    if (this.mode === 'sniffing') {
      const combined = this.sniffed + text
      const first = firstSignificantChar(combined)
      if (first === undefined) {
        this.sniffed = combined
        return
      }
      this.sniffed = ''
      if (first === '{') this.mode = 'document'
      else if (first === '[' && this.options.allowJsonArray) {
        this.mode = 'json-array'
        this.arrayFramer = new JsonArrayFramer((element) => this.sink.onEvent(undefined, element, false))
      } else this.mode = 'sse'
      text = combined
    }
    switch (this.mode) {
      case 'sse':
        this.sse.feed(text)
        break
      case 'json-array':
        this.arrayFramer!.push(text)
        break
      case 'document':
        if (this.documentChars + text.length > MAX_DOCUMENT_CHARS) {
          this.oversized = true
          return
        }
        this.documentChars += text.length
        this.documentParts.push(text)
        break
    }
  }
}

function firstSignificantChar(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c !== ' ' && c !== '\n' && c !== '\r' && c !== '\t' && c !== '\uFEFF') return c
  }
  return undefined
}
