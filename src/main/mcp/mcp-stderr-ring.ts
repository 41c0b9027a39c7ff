// The last bytes a server wrote to stderr, for the settings page and error cards: a fixed-size
// ring, so a server that floods stderr costs Keel at most `capacity` bytes.

export const MCP_STDERR_RING_BYTES = 64 * 1024

export class StderrRing {
  private chunks: Buffer[] = []
  private size = 0
  /** Bytes dropped from the front so far (the tail says it was cut). */
  private dropped = 0

  constructor(readonly capacity = MCP_STDERR_RING_BYTES) {}

  push(chunk: Buffer | string): void {
    let data = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk
    if (data.length >= this.capacity) {
      this.dropped += this.size + data.length - this.capacity
      // Copy: keeping a slice would pin the whole (possibly huge) chunk in memory.
      data = Buffer.from(data.subarray(data.length - this.capacity))
      this.chunks = [data]
      this.size = data.length
      return
    }
    this.chunks.push(data)
    this.size += data.length
    while (this.size > this.capacity) {
      const first = this.chunks[0]
      if (!first) break
      const excess = this.size - this.capacity
      if (first.length <= excess) {
        this.chunks.shift()
        this.size -= first.length
        this.dropped += first.length
      } else {
        this.chunks[0] = first.subarray(excess)
        this.size -= excess
        this.dropped += excess
      }
    }
  }

  /** The kept bytes as text, newest last (a character cut at the front is dropped). */
  text(): string {
    const text = Buffer.concat(this.chunks, this.size).toString('utf8')
    return this.dropped > 0 ? text.replace(/^\uFFFD+/, '') : text
  }

  /** How many bytes were dropped from the front. */
  droppedBytes(): number {
    return this.dropped
  }

  /** The last non-empty line. */
  lastLine(): string | undefined {
    const lines = this.text()
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
    return lines.at(-1)
  }

  /**
   * The lines that explain an exit, for a failure reason: see {@link explainingLines}. Only the
   * last few KiB are read.
   */
  explanation(): string | undefined {
    return explainingLines(this.text().slice(-EXPLAIN_TAIL_CHARS))
  }
}

const EXPLAIN_TAIL_CHARS = 8 * 1024
/** A reason stays readable in a status line: at most this many characters in all, and per line. */
export const MCP_EXPLANATION_MAX_CHARS = 500
const LINE_MAX_CHARS = 240
const MAX_LINES = 3

/** Lines that only frame an error: Node's version footer, stack frames, its source excerpt and caret, braces. */
const NOISE = [
  /^Node\.js v\d/,
  /^\s+at\s/,
  /^\s*\^+\s*$/,
  /^\s*[{}[\]]\s*$/,
  /^\s*-{3,}\s*$/,
  /^\s*File ".*", line \d+/,
]
/** A line that says what went wrong (Node's `Error: ENOENT…`, Python's last traceback line, npm's `npm error …`, Go's `panic:`). */
const ERROR_LINE =
  /^(?:[\w.$]*(?:Error|Exception)\b|error\b|fatal\b|panic:|npm (?:ERR!|error)\b|Traceback\b)|\b(?:E[A-Z]{3,}|error|failed|cannot|could not|not found|denied)\b/i

/**
 * The lines of a stderr tail that explain an exit: the last few error lines written at the start of
 * a line (indented ones are stack frames or an error's fields), else the last line that is not
 * framing — never Node's `Node.js vNN` footer or a stack frame. Bounded in length.
 */
export function explainingLines(tail: string): string | undefined {
  const lines = tail
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !NOISE.some((noise) => noise.test(line)))
  const errors = lines.filter((line) => ERROR_LINE.test(line))
  const unindented = errors.filter((line) => !/^\s/.test(line))
  const picked = unindented.length > 0 ? unindented : errors.length > 0 ? errors : lines.slice(-1)
  const unique = [...new Set(picked.map((line) => cut(line.trim(), LINE_MAX_CHARS)))].slice(-MAX_LINES)
  if (unique.length === 0) return undefined
  return cut(unique.join(' — '), MCP_EXPLANATION_MAX_CHARS)
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
