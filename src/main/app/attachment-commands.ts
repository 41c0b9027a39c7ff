import type { CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import type { StoreReader } from '../db/keel-store'
import { ok, notFound } from './app-result'

/** `attachments.get`: one stored file with its bytes in base64 (the window makes a data URL of an image). */
export function getAttachment(
  store: StoreReader,
  attachmentId: number,
): AppResult<CommandResponses['attachments.get']> {
  const file = store.attachments.get(attachmentId)
  if (!file) return notFound('file')
  return ok({
    id: file.id,
    name: file.name,
    mimeType: file.mimeType,
    size: file.size,
    dataBase64: file.bytes.toString('base64'),
  })
}
