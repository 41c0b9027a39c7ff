import {
  attachmentProblemMessage,
  checkAttachment,
  checkAttachmentSet,
  type AttachmentInput,
  type AttachmentProblem,
  type CheckedAttachment,
} from '../../shared/attachments'
import { fail } from './app-result'
import type { AppError } from '../../shared/ipc/app-error'

/**
 * The files of `turns.start`, decoded and checked again in the core (the schema checked the type
 * list, the base64 and the sizes): an image's bytes must be the image type it claims, a text file
 * must be UTF-8 text. The first problem refuses the whole message: nothing is stored or sent.
 */
export function checkTurnAttachments(
  inputs: readonly AttachmentInput[] | undefined,
): { ok: true; attachments: CheckedAttachment[] } | { ok: false; error: AppError } {
  const attachments: CheckedAttachment[] = []
  for (const input of inputs ?? []) {
    const bytes = Buffer.from(input.dataBase64, 'base64')
    const checked = checkAttachment(
      input.name,
      input.mimeType,
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
    )
    if (!checked.ok) return refuse(checked.problem)
    attachments.push(checked.attachment)
  }
  const setProblem = checkAttachmentSet(attachments.map((file) => file.bytes.length))
  if (setProblem) return refuse(setProblem)
  return { ok: true, attachments }
}

function refuse(problem: AttachmentProblem): { ok: false; error: AppError } {
  return fail('validation', attachmentProblemMessage(problem), { detail: problem })
}
