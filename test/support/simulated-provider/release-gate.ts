/**
 * Streams scripted with `holdAfterEvents` wait here until a test releases them. Releases are
 * tickets, counted in order: the n-th stream to reach its hold goes on once `release()` has been
 * called n times, whether the release came before or after it got there — so a test never races
 * the stream it controls.
 */
export class ReleaseGate {
  private arrived = 0
  private released = 0
  private readonly waiting = new Map<number, () => void>()

  /** Streams waiting now. */
  get held(): number {
    return this.waiting.size
  }

  /** Waits for this stream's ticket, or until `closed` aborts (the client went away). */
  wait(closed: AbortSignal): Promise<void> {
    const ticket = this.arrived++
    if (ticket < this.released || closed.aborted) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const done = (): void => {
        this.waiting.delete(ticket)
        closed.removeEventListener('abort', done)
        resolve()
      }
      this.waiting.set(ticket, done)
      closed.addEventListener('abort', done, { once: true })
    })
  }

  /** Lets the next held (or next to be held) stream go on. */
  release(): void {
    const ticket = this.released++
    this.waiting.get(ticket)?.()
  }

  reset(): void {
    for (const done of [...this.waiting.values()]) done()
    this.arrived = 0
    this.released = 0
  }
}
