/**
 * Ctrl-C for `keel chat`. One keypress can reach the CLI more than once: the terminal signals the
 * whole foreground process group (npm, tsx and the CLI), and npm/tsx forward it again. So:
 * - the first SIGINT stops the turn like the stop button (the answer is saved, run-end printed);
 * - more SIGINTs within `windowMs` are the same keypress and change nothing;
 * - a SIGINT after that window is the user insisting: `onForce` (quit at once);
 * - a SIGINT that arrives before the turn is running stops it as soon as it starts.
 */
export interface InterruptHandler {
  /** Call for every SIGINT. */
  signal(): void
  /** What "stop" means once a turn runs (`ChatIo.onInterrupt`). */
  onInterrupt(stop: () => void): void
}

export const REPEATED_SIGINT_WINDOW_MS = 2_000

export function createInterruptHandler(options: {
  onForce: () => void
  windowMs?: number
  now?: () => number
}): InterruptHandler {
  const windowMs = options.windowMs ?? REPEATED_SIGINT_WINDOW_MS
  const now = options.now ?? Date.now
  let stop: (() => void) | undefined
  let firstAt: number | undefined
  let stopRequested = false
  return {
    signal() {
      const at = now()
      if (firstAt === undefined) {
        firstAt = at
        stopRequested = true
        stop?.()
        return
      }
      if (at - firstAt < windowMs) return
      options.onForce()
    },
    onInterrupt(callback) {
      stop = callback
      if (stopRequested) callback()
    },
  }
}
