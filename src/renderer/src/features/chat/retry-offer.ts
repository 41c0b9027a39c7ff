// Whether a stored answer's own notice offers Retry (its last notice, as the answer shows it).
// Where it does, Regenerate would be a second button for the same act beside it.
import type { Message } from '../../../../shared/conversation'
import { noticeAction } from '../../../../shared/error-notice'
import { isFallbackMessageId } from '../../../../shared/fallback-messages'
import { legacyNotice } from '../../../../shared/legacy-notice'

export function answerOffersRetry(message: Message): boolean {
  const legacy = legacyNotice(message)
  const last = legacy ?? message.notices.at(-1)
  if (!last) return false
  // Notices of unknown ids keep the Retry they always had (status.tsx).
  return isFallbackMessageId(last.id)
    ? noticeAction({ id: last.id, ...(last.values ? { values: last.values } : {}) }).retry
    : true
}
