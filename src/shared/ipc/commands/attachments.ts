import { z } from 'zod'
import type { AttachmentInfo } from '../../attachments'
import type { AccessOf } from './command-domain'

/** The files stored with the user's messages. */
export const ATTACHMENT_SCHEMAS = {
  /** One stored file of a user's message, with its bytes (the window shows images from them: no file paths). */
  'attachments.get': z.strictObject({ attachmentId: z.number().int().positive() }),
} as const

export const ATTACHMENT_ACCESS = {
  'attachments.get': 'read',
} as const satisfies AccessOf<typeof ATTACHMENT_SCHEMAS>

export interface AttachmentResponses {
  'attachments.get': AttachmentInfo & { dataBase64: string }
}
