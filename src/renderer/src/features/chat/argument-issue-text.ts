// Why a tool call's arguments were refused, in the user's language (defect 14): one short sentence
// per problem, from its kind as data (`ArgumentIssueReason`), never from the model-facing English.
import { MEASUREMENT_KINDS, type MeasurementKind } from '../../../../shared/measurement'
import type { Locale } from '../../../../shared/locale'
import type { ArgumentIssueReason, ToolArgumentIssue } from '../../../../shared/tool-outcome'
import type { MessageKey, Translate } from '../../i18n/messages'

/** Arguments of Keel's own tools, named in the user's language; any other is quoted as sent. */
const FIELDS = ['kind', 'value', 'unit', 'date', 'id', 'from', 'to', 'limit'] as const
const TYPES = ['number', 'integer', 'string', 'boolean', 'array', 'object', 'null'] as const

/**
 * The sentences for a refused call's issues, joined; undefined when none carries a reason (rows
 * stored before reasons were kept: the card then shows what the model was told, as before).
 */
export function argumentIssuesText(t: Translate, issues: readonly ToolArgumentIssue[] | undefined): string | undefined {
  const said = (issues ?? []).flatMap((issue) => (issue.reason ? [argumentIssueText(t, issue.path, issue.reason)] : []))
  return said.length > 0 ? [...new Set(said)].join(' ') : undefined
}

/** One problem in one short sentence ("Weight takes kg or lb."). */
export function argumentIssueText(t: Translate, path: string, reason: ArgumentIssueReason): string {
  const locale = t.locale ?? 'en'
  const field = fieldLabel(t, path)
  const subject = (name: string | undefined) => (name !== undefined && isKind(name) ? t(`kind.${name}`) : field)
  switch (reason.kind) {
    case 'allowed-values': {
      const values = orList(locale, reason.values)
      return reason.subject !== undefined && isKind(reason.subject)
        ? t('errors.arg.allowedFor', { subject: subject(reason.subject), values })
        : t('errors.arg.allowed', { field, values })
    }
    case 'missing':
      return t('errors.arg.missing', { field })
    case 'unexpected':
      return t('errors.arg.unexpected', { field })
    case 'wrong-type':
      return t('errors.arg.wrongType', {
        field,
        type: (TYPES as readonly string[]).includes(reason.expected)
          ? t(`errors.type.${reason.expected}` as MessageKey)
          : reason.expected,
      })
    case 'range': {
      const unit = reason.unit === undefined ? '' : reason.unit === '%' ? '%' : ` ${reason.unit}`
      const values = {
        subject: subject(reason.subject),
        unit,
        minimum: number(locale, reason.minimum),
        maximum: number(locale, reason.maximum),
      }
      if (reason.minimum !== undefined && reason.maximum !== undefined) return t('errors.arg.between', values)
      if (reason.minimum !== undefined) return t('errors.arg.atLeast', values)
      if (reason.maximum !== undefined) return t('errors.arg.atMost', values)
      return t('errors.arg.other', { field })
    }
    case 'too-long':
      return t(reason.unit === 'items' ? 'errors.arg.tooLongItems' : 'errors.arg.tooLongCharacters', {
        field,
        limit: number(locale, reason.limit),
      })
    case 'too-short':
      return t(reason.unit === 'items' ? 'errors.arg.tooShortItems' : 'errors.arg.tooShortCharacters', {
        field,
        limit: number(locale, reason.limit),
      })
    case 'other':
      return path === '' ? t('errors.arg.otherWhole') : t('errors.arg.other', { field })
  }
}

/** "Unit" / "Unidade" for Keel's own arguments; “lat” (quoted as sent) for a server's. */
function fieldLabel(t: Translate, path: string): string {
  const name = path.split('.').pop() ?? path
  if (path === name && (FIELDS as readonly string[]).includes(name)) return t(`errors.field.${name}` as MessageKey)
  return t('errors.arg.quoted', { name: path || '?' })
}

function isKind(value: string): value is MeasurementKind {
  return (MEASUREMENT_KINDS as readonly string[]).includes(value)
}

/** "kg or lb", "kg ou lb", "kg o lb". */
function orList(locale: Locale, values: readonly string[]): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(values)
}

function number(locale: Locale, value: number | undefined): string {
  return value === undefined ? '' : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)
}
