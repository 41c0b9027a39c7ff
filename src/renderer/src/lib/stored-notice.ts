import type { Message } from '../../../shared/conversation'
import { fallbackMessage, type FallbackMessageId } from '../../../shared/fallback-messages'
import type { Locale } from '../../../shared/locale'

/**
 * Keel's own message for a stored answer that did not end well, rebuilt after a reload from what
 * was saved (status, error kind, calls that never got a result), in the UI's current language.
 * Live runs show the notices the core sent; this covers the same answers once reopened.
 */
export function storedNotice(message: Message, locale: Locale): string | undefined {
  if (message.role !== 'assistant') return undefined
  if (message.status === 'failed') {
    const kind = message.error?.kind
    const id: FallbackMessageId =
      kind === 'quota-exceeded' ? 'quota-exceeded'
      : kind === 'authentication' ? 'authentication'
      : kind === 'invalid-arguments' ? 'invalid-arguments-twice'
      : kind === 'storage-full' ? 'storage-full'
      : kind === 'storage' ? 'storage-failed'
      : 'no-answer'
    return fallbackMessage(locale, id)
  }
  if (message.status === 'interrupted' && message.interruptReason !== 'user-stop') {
    const answered = new Set(message.parts.flatMap((p) => (p.type === 'tool-result' ? [p.callId] : [])))
    const notRun = message.parts.flatMap((p) => (p.type === 'tool-call' && !answered.has(p.callId) ? [p.toolName] : []))
    return notRun.length > 0 ? fallbackMessage(locale, 'truncated-actions-not-run', { actions: notRun }) : fallbackMessage(locale, 'truncated')
  }
  return undefined
}
