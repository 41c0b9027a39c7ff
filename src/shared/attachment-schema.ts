import { z } from 'zod'
import {
  ATTACHMENT_MIME_TYPES,
  MAX_ATTACHMENT_BASE64_CHARS,
  MAX_ATTACHMENT_NAME_CHARS,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
  base64DecodedSize,
  isBase64,
  isImageMimeType,
  isSafeAttachmentName,
  UNSAFE_ATTACHMENT_NAME,
} from './attachments'

/** A file's name: trimmed, 1–255 characters, a name and never a path (see `safeAttachmentName`). Imports check names with it too. */
export const attachmentNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_ATTACHMENT_NAME_CHARS)
  .refine(isSafeAttachmentName, UNSAFE_ATTACHMENT_NAME)

/**
 * One file of `turns.start`: an allowed type, a name, and standard base64 whose decoded size is
 * within that type's limit. Whether the bytes really are that type is checked in the core
 * (`checkAttachment`: magic numbers, UTF-8 text), where they are decoded.
 */
export const attachmentSchema = z
  .strictObject({
    name: attachmentNameSchema,
    mimeType: z.enum(ATTACHMENT_MIME_TYPES),
    dataBase64: z.string().min(1).max(MAX_ATTACHMENT_BASE64_CHARS).refine(isBase64, 'expected standard base64'),
  })
  .superRefine((file, context) => {
    if (!isBase64(file.dataBase64)) return
    const max = isImageMimeType(file.mimeType) ? MAX_IMAGE_BYTES : MAX_TEXT_FILE_BYTES
    const size = base64DecodedSize(file.dataBase64)
    if (size > max)
      context.addIssue({
        code: 'custom',
        path: ['dataBase64'],
        message: `${file.mimeType} files can be at most ${max} bytes; this one is ${size}`,
      })
  })

/** A message's files: at most {@link MAX_ATTACHMENTS}, at most {@link MAX_ATTACHMENTS_TOTAL_BYTES} together. */
export const attachmentsSchema = z
  .array(attachmentSchema)
  .max(MAX_ATTACHMENTS)
  .refine(
    (files) => files.reduce((sum, file) => sum + base64DecodedSize(file.dataBase64), 0) <= MAX_ATTACHMENTS_TOTAL_BYTES,
    `the files together can be at most ${MAX_ATTACHMENTS_TOTAL_BYTES} bytes`,
  )
