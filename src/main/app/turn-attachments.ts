import { checkAttachment, checkAttachmentSet, type AttachmentInput, type AttachmentProblem, type CheckedAttachment } from '../../shared/attachments'
import { fail } from './app-result'
import type { AppError } from '../../shared/ipc/app-error'

/** English for logs and the CLI; the window words the problem from the error's detail. */
function problemMessage(problem: AttachmentProblem): string {
  switch (problem.code) {
    case 'attachment-type':
      return `${problem.name}: this type of file cannot be attached.`
    case 'attachment-image-too-big':
      return `${problem.name}: images can be at most ${problem.max} bytes; this one is ${problem.size}.`
    case 'attachment-text-too-big':
      return `${problem.name}: text files can be at most ${problem.max} bytes; this one is ${problem.size}.`
    case 'attachment-too-many':
      return `At most ${problem.max} files can be attached to a message (${problem.count} were).`
    case 'attachment-total-too-big':
      return `The files of a message can be at most ${problem.max} bytes together (these are ${problem.size}).`
    case 'attachment-not-image':
      return `${problem.name}: its contents are not a ${problem.declared} image.`
    case 'attachment-not-text':
      return `${problem.name}: it is not a text file (UTF-8 without NUL characters).`
    case 'attachment-empty':
      return `${problem.name}: the file is empty.`
  }
}

/**
 * The files of `turns.start`, decoded and checked again in the core (the schema checked the type
 * list, the base64 and the sizes): an image's bytes must be the image type it claims, a text file
 * must be UTF-8 text. The first problem refuses the whole message: nothing is stored or sent.
 */
export function checkTurnAttachments(inputs: readonly AttachmentInput[] | undefined): { ok: true; attachments: CheckedAttachment[] } | { ok: false; error: AppError } {
  const attachments: CheckedAttachment[] = []
  for (const input of inputs ?? []) {
    const bytes = Buffer.from(input.dataBase64, 'base64')
    const checked = checkAttachment(input.name, input.mimeType, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length))
    if (!checked.ok) return refuse(checked.problem)
    attachments.push(checked.attachment)
  }
  const setProblem = checkAttachmentSet(attachments.map((file) => file.bytes.length))
  if (setProblem) return refuse(setProblem)
  return { ok: true, attachments }
}

function refuse(problem: AttachmentProblem): { ok: false; error: AppError } {
  return fail('validation', problemMessage(problem), { detail: problem })
}
