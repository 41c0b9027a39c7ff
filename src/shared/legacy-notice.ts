import type { Message } from './conversation'
import type { FallbackMessageId, NoticeRef } from './fallback-messages'

/**
 * The notice of an answer stored before notices were kept (migration 0070): derived from what was
 * saved (status, error kind, calls that never got a result), as the window did then. Answers
 * stored since keep the notice they showed ({@link Message.notices}).
 */
export function legacyNotice(message: Message): NoticeRef | undefined {
  if (message.role !== 'assistant' || message.notices.length > 0) return undefined
  if (message.status === 'failed') {
    const kind = message.error?.kind
    const id: FallbackMessageId =
      kind === 'quota-exceeded'
        ? 'quota-exceeded'
        : kind === 'authentication'
          ? 'authentication'
          : kind === 'invalid-arguments'
            ? 'invalid-arguments-twice'
            : kind === 'storage-full'
              ? 'storage-full'
              : kind === 'storage'
                ? 'storage-failed'
                : 'no-answer'
    return { id }
  }
  if (message.status === 'interrupted' && message.interruptReason !== 'user-stop') {
    const notRun = callsNotRun(message).map((call) => call.name)
    return notRun.length > 0 ? { id: 'truncated-actions-not-run', values: { actions: notRun } } : { id: 'truncated' }
  }
  return undefined
}

/** The calls of a stored answer that never got a result (cut off, or never confirmed): they were not run. */
export function callsNotRun(message: Message): { callId: string; name: string }[] {
  const answered = new Set(message.parts.flatMap((p) => (p.type === 'tool-result' ? [p.callId] : [])))
  return message.parts.flatMap((p) =>
    p.type === 'tool-call' && !answered.has(p.callId) ? [{ callId: p.callId, name: p.toolName }] : [],
  )
}
