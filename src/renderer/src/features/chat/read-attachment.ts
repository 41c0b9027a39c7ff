import {
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
  checkAttachment,
  checkAttachmentSet,
  encodeBase64,
  safeAttachmentName,
  sniffImageType,
  textMimeTypeFor,
  type AttachmentInput,
  type AttachmentMimeType,
  type AttachmentProblem,
} from '../../../../shared/attachments'

/** A file in the composer, read and checked, waiting to be sent. */
export interface PendingAttachment extends AttachmentInput {
  /** Unique in the composer (the same file may be attached twice). */
  key: string
  size: number
  /** Images: a data URL for the thumbnail (the CSP allows `img-src data:`; never a file path). */
  previewUrl: string | undefined
  /** Where it came from when not the user's own files (an MCP server's name), shown on its chip. */
  source?: string | undefined
}

let counter = 0

/**
 * Reads a picked, pasted or dropped file and decides what it is by its bytes, not its name: an image
 * whose magic numbers are PNG, JPEG, GIF or WebP (within the image limit), else a text file (UTF-8
 * without NULs, within the text limit), else refused. The same checks as the core's.
 */
export async function readAttachment(
  file: File,
): Promise<{ ok: true; attachment: PendingAttachment } | { ok: false; problem: AttachmentProblem }> {
  // The core refuses a name that is a path or holds control characters: the window makes it fit first.
  const name = safeAttachmentName(file.name)
  // Sizes first: a huge file is never read into memory.
  const declaredImage = file.type.startsWith('image/')
  if (declaredImage && file.size > MAX_IMAGE_BYTES)
    return { ok: false, problem: { code: 'attachment-image-too-big', name, size: file.size, max: MAX_IMAGE_BYTES } }
  if (file.size > MAX_IMAGE_BYTES)
    return { ok: false, problem: { code: 'attachment-text-too-big', name, size: file.size, max: MAX_TEXT_FILE_BYTES } }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const sniffed = sniffImageType(bytes)
  if (declaredImage && !sniffed) return { ok: false, problem: { code: 'attachment-type', name } }
  const mimeType: AttachmentMimeType = sniffed ?? textMimeTypeFor(name, file.type)
  const checked = checkAttachment(name, mimeType, bytes)
  if (!checked.ok)
    return {
      ok: false,
      problem: checked.problem.code === 'attachment-not-text' ? { code: 'attachment-type', name } : checked.problem,
    }
  const dataBase64 = encodeBase64(bytes)
  return {
    ok: true,
    attachment: {
      key: `a${++counter}`,
      name,
      mimeType,
      dataBase64,
      size: bytes.length,
      previewUrl: sniffed ? `data:${sniffed};base64,${dataBase64}` : undefined,
    },
  }
}

/** Whether one more file of this size still fits the message's count and total. */
export function problemAdding(current: readonly PendingAttachment[], size: number): AttachmentProblem | undefined {
  return checkAttachmentSet([...current.map((file) => file.size), size])
}
