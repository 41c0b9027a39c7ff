/**
 * Who may write on the store's one connection right now. An import holds it for its whole
 * transaction, which stays open across event-loop turns (`importStoreInSlices`): a write made
 * meanwhile would land inside that transaction and be undone with a failed import. Commands are
 * refused while it is held (KeelAppService); writers that run from a timer or an event (a deferred
 * message end, an MCP server's first tool list) go through {@link WriteGate.whenWritable} instead:
 * run at once, or queued and run in order as soon as the import has ended.
 */
export class WriteGate {
  private held = false
  private readonly queue: Array<() => void> = []

  /** Whether an import holds the writer now. */
  get isHeld(): boolean {
    return this.held
  }

  /**
   * Runs `write` now (synchronously, so its errors reach the caller) when nothing holds the writer;
   * otherwise queues it, to run after the holder has ended, in the order queued. A queued write that
   * throws is given up alone (the next still runs): each writer retries in its own way.
   */
  whenWritable(write: () => void): void {
    if (!this.held) write()
    else this.queue.push(write)
  }

  /** Holds the writer while `work` runs (one holder at a time), then runs what was queued meanwhile. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    if (this.held) throw new Error('the store writer is already held')
    this.held = true
    try {
      return await work()
    } finally {
      this.held = false
      this.drain()
    }
  }

  private drain(): void {
    // A queued write may queue nothing new (the gate is open now), so one pass empties it.
    for (const write of this.queue.splice(0)) {
      try {
        write()
      } catch {
        // Its owner tries again (a deferred end stays on its retry list; a pin is reviewed again).
      }
    }
  }
}
