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

  /** The last non-empty line (for a failure reason). */
  lastLine(): string | undefined {
    const lines = this.text().split(/\r?\n/).filter((line) => line.trim() !== '')
    return lines.at(-1)
  }
}
