import type { AppError } from '../../../shared/ipc/app-error'
import { MAX_IMPORT_DEPTH, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_RECORD_CHARS } from '../../../shared/ipc/channels'
import { kindKey, type Translate } from '../i18n/messages'
import { attachmentProblemText, isAttachmentProblem } from './attachment-text'

/**
 * What the window says about a failed command, in the user's language: the core's typed detail
 * where there is one; otherwise "Something went wrong: <the core's message>" (English, but never
 * lost: it is what there is to say about an unexpected failure).
 */
export function appErrorText(t: Translate, error: Pick<AppError, 'message' | 'detail'>): string {
  const detail = error.detail
  if (!detail) return t('loadError', { message: error.message })
  if (isAttachmentProblem(detail)) return attachmentProblemText(t, detail)
  switch (detail.code) {
    case 'unit-not-for-kind':
      return t('error.unit-not-for-kind', {
        unit: detail.unit,
        kind: t(kindKey(detail.kind)),
        units: detail.units.join(', '),
      })
    case 'value-out-of-range': {
      // Numbers in the user's language (72,5 in pt-BR and es), at most one decimal for the range.
      const number = (n: number, digits: number) =>
        new Intl.NumberFormat(t.locale ?? 'en', { maximumFractionDigits: digits, useGrouping: false }).format(n)
      const range = `${number(detail.min, 1)}–${number(detail.max, 1)} ${detail.unit}`
      return t('error.value-out-of-range', {
        value: number(detail.value, 6),
        unit: detail.unit,
        kind: t(kindKey(detail.kind)),
        range,
      })
    }
    case 'mcp-feature-unsupported':
      return t(`error.mcp-feature-unsupported.${detail.feature}`)
    case 'mcp-invalid-params':
      // The names are the server's argument names (data, shown as text).
      return detail.missing.length > 0
        ? t('error.mcp-invalid-params.missing', { names: detail.missing.join(', ') })
        : t('error.mcp-invalid-params')
    case 'too-many-runs':
      return t('error.too-many-runs', { max: String(detail.max) })
    case 'date-out-of-range': {
      const day = (ms: number) =>
        new Intl.DateTimeFormat(t.locale ?? 'en', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms)
      return t('error.date-out-of-range', { earliest: day(detail.earliest), latest: day(detail.latest) })
    }
    case 'import-failed': {
      const max =
        detail.problem === 'too-deep'
          ? MAX_IMPORT_DEPTH
          : detail.problem === 'record-too-large'
            ? Math.floor(MAX_IMPORT_RECORD_CHARS / 1_000_000)
            : Math.floor(MAX_IMPORT_FILE_BYTES / 1_000_000)
      return t(`error.import-failed.${detail.problem}`, { where: detail.where, max: String(max) })
    }
    default:
      return t(`error.${detail.code}`)
  }
}
