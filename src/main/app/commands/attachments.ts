import { getAttachment } from '../attachment-commands'
import type { AppParts, HandlerMap } from './command-handler'

/** The files stored with the user's messages. */
export function attachmentHandlers(app: AppParts): HandlerMap<'attachments'> {
  return {
    'attachments.get': ({ attachmentId }) => getAttachment(app.reads.store, attachmentId),
  }
}
