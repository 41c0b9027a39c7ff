import type { InterruptReason } from '../../shared/conversation'

/**
 * The abort reason when a run is stopped because no window is left to show it (the window was
 * closed, or the connection to it was lost and nobody came back while the run needed a person).
 * Only the Stop button / Esc (`turns.stop`) is "stopped by you"; this one is labelled apart.
 */
export class WindowGoneStop extends Error {
  override readonly name = 'WindowGoneStop'
  constructor(message = 'no window is left to show the answer') {
    super(message)
  }
}

/** Why an aborted turn stopped, from its signal's reason: the window went away, or the user stopped it. */
export function stopReasonOf(signal: AbortSignal): Extract<InterruptReason, 'user-stop' | 'window-closed'> {
  return signal.reason instanceof WindowGoneStop ? 'window-closed' : 'user-stop'
}
