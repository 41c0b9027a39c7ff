import type { Message, MessageEnd } from '../../shared/conversation'
import type { AssistantMessageWriter, MessageDetails } from '../db/assistant-message-writer'
import type { StoreReader, StoreWriter } from '../db/keel-store'

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
interface Entry {
  messages: Map<string, Deferred>
  timer: ReturnType<typeof setInterval> | undefined
  /** An attempt waits in the store's write queue (one is enough). */
  queued: boolean
}
const deferredByStore = new WeakMap<StoreReader, Entry>()

export function deferFinalization(
  store: StoreWriter,
  writer: AssistantMessageWriter,
  end: MessageEnd,
  details: MessageDetails = {},
): void {
  let entry = deferredByStore.get(store)
  if (!entry) deferredByStore.set(store, (entry = { messages: new Map(), timer: undefined, queued: false }))
  entry.messages.set(writer.messageId, { writer, end, details })
  if (!entry.timer) {
    entry.timer = setInterval(() => retryDeferredFinalizations(store), RETRY_MS)
    entry.timer.unref?.()
  }
}

/**
 * Tries to write every deferred end again; returns how many are still not written. While an import
 * holds the writer (its transaction open across event-loop turns, where a write would be undone
 * with a failed import), the attempt waits in the store's queue and runs as soon as it has ended.
 */
export function retryDeferredFinalizations(store: StoreWriter): number {
  const entry = deferredByStore.get(store)
  if (!entry) return 0
  if (!entry.queued) {
    entry.queued = true
    store.whenWritable(() => {
      entry.queued = false
      writeDeferred(store, entry)
    })
  }
  return store.isOpen ? entry.messages.size : 0
}

function writeDeferred(store: StoreWriter, entry: Entry): void {
  if (store.isOpen) {
    for (const [messageId, deferred] of entry.messages) {
      if (deferred.writer.isFinished || deferred.writer.finalize(deferred.end, deferred.details).ok)
        entry.messages.delete(messageId)
    }
  }
  if (entry.messages.size === 0 || !store.isOpen) {
    if (entry.timer) clearInterval(entry.timer)
    entry.timer = undefined
  }
}

/** A stored message as the window should see it: with the end that is still waiting to be written. */
export function withDeferredEnd(store: StoreReader, message: Message): Message {
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
