import type { ConversationView } from '../../../shared/ipc/app-contract'
import type { AppResult } from '../../../shared/ipc/app-error'

/** A conversation with at least this many messages is rendered in a task after the one its reply arrived in. */
export const LARGE_VIEW_MESSAGES = 500

/**
 * Resolves with `result` in a later task when it is a large conversation's view. Why: the reply of
 * a conversation with thousands of messages is parsed (JSON in browser mode, a structured clone
 * over IPC) in the task that delivers it, and rendering it right after in the same task made one
 * long task of both. In between, the browser may
 * handle input and draw a frame. Smaller views render at once, as before.
 */
export function largeViewYield<T extends AppResult<ConversationView>>(result: T): Promise<T> | T {
  if (!result.ok || result.value.messages.length < LARGE_VIEW_MESSAGES) return result
  return new Promise((resolve) => {
    // A message to ourselves is a new task without setTimeout's clamping (scheduler.yield is not everywhere yet).
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve(result)
    }
    channel.port2.postMessage(null)
  })
}
