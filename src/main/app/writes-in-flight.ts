/**
 * The writing commands in flight (past the gate, answered or not yet), and a signal when none is:
 * what an import awaits before it begins, since one that awaits something (a key store, a server)
 * may still write. Awaited, not polled.
 */
export class WritesInFlight {
  private count = 0
  private idle: { settled: Promise<void>; resolve: () => void } | undefined

  begin(): void {
    this.count++
  }

  end(): void {
    this.count--
    if (this.count === 0 && this.idle) {
      this.idle.resolve()
      this.idle = undefined
    }
  }

  /** True once none is in flight; false after `timeoutMs` (the import is then refused as busy). */
  async settled(timeoutMs = 10_000): Promise<boolean> {
    if (this.count === 0) return true
    if (!this.idle) {
      let resolve!: () => void
      const settled = new Promise<void>((r) => (resolve = r))
      this.idle = { settled, resolve }
    }
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))
    try {
      return await Promise.race([this.idle.settled.then(() => true as const), timedOut])
    } finally {
      clearTimeout(timer)
    }
  }
}
