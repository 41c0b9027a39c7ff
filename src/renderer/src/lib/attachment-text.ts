import {
  MAX_ATTACHMENTS,
  MAX_ATTACHMENTS_TOTAL_BYTES,
  MAX_IMAGE_BYTES,
  MAX_TEXT_FILE_BYTES,
  type AttachmentProblem,
} from '../../../shared/attachments'
import type { Translate } from '../i18n/messages'

/** Bytes as people read them, in the window's language: "3.75 MB", "256 KB", "812 bytes" (binary units, as the limits are). */
export function formatBytes(t: Translate, bytes: number): string {
  const number = (n: number) => new Intl.NumberFormat(t.locale ?? 'en', { maximumFractionDigits: 2 }).format(n)
  if (bytes >= 1024 * 1024) return `${number(bytes / (1024 * 1024))} MB`
  if (bytes >= 1024) return `${number(Math.round((bytes / 1024) * 10) / 10)} KB`
  return `${number(bytes)} B`
}

/** The limits, said before anything is attached. */
export function attachmentLimitsText(t: Translate): string {
  return t('attachments.limits', {
    image: formatBytes(t, MAX_IMAGE_BYTES),
    text: formatBytes(t, MAX_TEXT_FILE_BYTES),
    count: MAX_ATTACHMENTS,
    total: formatBytes(t, MAX_ATTACHMENTS_TOTAL_BYTES),
  })
}

/** Why a file cannot be attached, in the window's language (from the window's own check or the core's error detail). */
export function attachmentProblemText(t: Translate, problem: AttachmentProblem): string {
  const values: Record<string, string | number> = {}
  if ('name' in problem) values.name = problem.name
  if ('size' in problem) values.size = formatBytes(t, problem.size)
  if ('max' in problem) values.max = problem.code === 'attachment-too-many' ? problem.max : formatBytes(t, problem.max)
  return t(`attachments.problem.${problem.code}`, values)
}

export function isAttachmentProblem(detail: { code: string } | undefined): detail is AttachmentProblem {
  return detail !== undefined && detail.code.startsWith('attachment-')
}
