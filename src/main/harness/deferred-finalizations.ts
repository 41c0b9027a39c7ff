import type { Message, MessageEnd } from '../../shared/conversation'
import type { AssistantMessageWriter, MessageDetails } from '../db/assistant-message-writer'
import type { KeelStore } from '../db/keel-store'

/**
 * Assistant messages whose end could not be written (a full disk at the end of a turn). Each keeps
 * its writer (with any text still pending) and the end it should have; they are written again as
 * soon as possible — on a timer, before the next turn, and at shutdown — and meanwhile the window
 * shows them with that end instead of `streaming`. A crash before that leaves them `streaming` on
 * disk, which the next start settles as interrupted (crash recovery), as for any crash.
 */
interface Deferred {
  writer: AssistantMessageWriter
  end: MessageEnd
  details: MessageDetails
}

const RETRY_MS = 2_000
const deferredByStore = new WeakMap<
  KeelStore,
  { messages: Map<string, Deferred>; timer: ReturnType<typeof setInterval> | undefined }
>()

export function deferFinalization(
  store: KeelStore,
  writer: AssistantMessageWriter,
  end: MessageEnd,
  details: MessageDetails = {},
): void {
  let entry = deferredByStore.get(store)
  if (!entry) deferredByStore.set(store, (entry = { messages: new Map(), timer: undefined }))
  entry.messages.set(writer.messageId, { writer, end, details })
  if (!entry.timer) {
    entry.timer = setInterval(() => retryDeferredFinalizations(store), RETRY_MS)
    entry.timer.unref?.()
  }
}

/** Tries to write every deferred end again; returns how many are still not written. */
export function retryDeferredFinalizations(store: KeelStore): number {
  const entry = deferredByStore.get(store)
  if (!entry) return 0
  // An import's transaction is open across event-loop turns: a write now would be undone with a
  // failed import. The timer tries again once it has settled.
  if (store.db.open && store.db.inTransaction) return entry.messages.size
  if (store.db.open) {
    for (const [messageId, deferred] of entry.messages) {
      if (deferred.writer.isFinished || deferred.writer.finalize(deferred.end, deferred.details).ok)
        entry.messages.delete(messageId)
    }
  }
  if (entry.messages.size === 0 || !store.db.open) {
    if (entry.timer) clearInterval(entry.timer)
    entry.timer = undefined
  }
  return store.db.open ? entry.messages.size : 0
}

/** A stored message as the window should see it: with the end that is still waiting to be written. */
export function withDeferredEnd(store: KeelStore, message: Message): Message {
  const deferred = message.status === 'streaming' ? deferredByStore.get(store)?.messages.get(message.id) : undefined
  if (!deferred) return message
  const { end } = deferred
  return {
    ...message,
    status: end.status,
    interruptReason: end.status === 'interrupted' ? end.reason : undefined,
    error: end.status === 'failed' ? end.error : undefined,
    notices: [...(deferred.details.notices ?? [])],
    reasoningMs: deferred.details.reasoningMs,
  }
}
