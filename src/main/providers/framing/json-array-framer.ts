/**
 * Splits a streamed top-level JSON array (`[{…}\n,\r\n{…}]`) into its object elements as they
 * complete. Gemini's streamGenerateContent answers this way when `alt=sse` is missing.
 * One pass over each character, state carried across reads: linear in the body size. An element
 * longer than `maxElementChars` (counted exactly, whatever the read boundaries) sets `overLimit`;
 * the framer then drops what it held and ignores all input.
 */
export class JsonArrayFramer {
  private depth = 0
  private inString = false
  private escaped = false
  private opened = false
  /** The closing `]` arrived. */
  closed = false
  /** Characters that are neither JSON structure nor whitespace where an element should start. */
  garbage = false
  /** An element was longer than the limit. */
  overLimit = false
  /** Characters examined (work meter for the linearity tests). */
  scannedChars = 0
  private pieces: string[] = []
  /** Characters of the unfinished element held in `pieces`. */
  private elementChars = 0
  private inElement = false

  constructor(
    private readonly onElement: (text: string) => void,
    private readonly maxElementChars = Number.POSITIVE_INFINITY,
  ) {}

  /** Characters of an unfinished element held across reads. */
  get heldChars(): number {
    return this.elementChars
  }

  push(text: string): void {
    if (this.overLimit) return
    this.scannedChars += text.length
    let start = this.inElement ? 0 : -1
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (c === 0x5c /* \ */) this.escaped = true
        else if (c === 0x22 /* " */) this.inString = false
        continue
      }
      if (this.depth === 0) {
        if (isWhitespace(c)) continue
        if (!this.opened) {
          if (c === 0x5b /* [ */) this.opened = true
          else this.garbage = true
          continue
        }
        if (this.closed) {
          this.garbage = true
          continue
        }
        if (c === 0x2c /* , */) continue
        if (c === 0x5d /* ] */) {
          this.closed = true
          continue
        }
        if (c === 0x7b /* { */) {
          this.depth = 1
          this.inElement = true
          start = i
          continue
        }
        this.garbage = true
        continue
      }
      if (c === 0x22) this.inString = true
      else if (c === 0x7b || c === 0x5b) this.depth++
      else if (c === 0x7d /* } */ || c === 0x5d) {
        this.depth--
        if (this.depth === 0) {
          if (this.elementChars + (i + 1 - start) > this.maxElementChars) {
            this.refuse()
            return
          }
          this.pieces.push(text.slice(start, i + 1))
          const element = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('')
          this.pieces = []
          this.elementChars = 0
          this.inElement = false
          start = -1
          this.onElement(element)
        }
      }
    }
    if (this.inElement && start >= 0) {
      this.elementChars += text.length - start
      if (this.elementChars > this.maxElementChars) {
        this.refuse()
        return
      }
      this.pieces.push(text.slice(start))
    }
  }

  /** The text of an element cut by the end of the body, if any. */
  takeUnfinished(): string | undefined {
    if (!this.inElement || this.overLimit) return undefined
    const rest = this.pieces.join('')
    this.pieces = []
    this.elementChars = 0
    this.inElement = false
    return rest
  }

  private refuse(): void {
    this.overLimit = true
    this.pieces = []
    this.elementChars = 0
  }
}

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09
}
