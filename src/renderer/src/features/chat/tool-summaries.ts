// Keel's own tools' arguments and results as one readable line each, in the window's language
// ("Recorded Weight 72.5 kg, 1 Dec 2026"); the raw JSON stays behind the card's "Raw data".
// Pure (Intl only): no React, no DOM. Tools Keel does not know (MCP) get no line: their card shows the JSON.
import type { JsonValue } from '../../../../shared/json-value'
import { MEASUREMENT_KINDS, type MeasurementKind } from '../../../../shared/measurement'
import type { ToolPreview } from '../../../../shared/tool-preview'
import { kindKey, type Translate } from '../../i18n/messages'
import { countText } from '../../i18n/plural'

type Obj = Record<string, JsonValue>

function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isKind(value: unknown): value is MeasurementKind {
  return typeof value === 'string' && (MEASUREMENT_KINDS as readonly string[]).includes(value)
}

function localeOf(t: Translate): string {
  return t.locale ?? 'en'
}

/**
 * A date as the tools write it: a calendar day (`2026-12-01`) or an instant with the user's offset
 * (`2026-12-01T07:30:00-03:00`). Either way the day shown is the user's own day (the wall-clock
 * date in the text), never shifted by the window's zone. Undefined when it is no date.
 */
export function formatToolDay(text: unknown, locale: string): string | undefined {
  if (typeof text !== 'string') return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (!match) return undefined
  const epoch = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  if (!Number.isFinite(epoch)) return undefined
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(epoch)
}

/** "Weight 72.5 kg, 1 Dec 2026" for a measurement (as tools output it) or a record call's arguments; undefined when it is neither. */
export function measurementLine(
  value: unknown,
  t: Translate,
  options: { nowWhenUndated?: boolean } = {},
): string | undefined {
  if (!isObject(value) || !isKind(value.kind) || typeof value.value !== 'number' || typeof value.unit !== 'string')
    return undefined
  const locale = localeOf(t)
  const values = {
    kind: t(kindKey(value.kind)),
    value: new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value.value),
    unit: value.unit,
  }
  const date = formatToolDay(value.takenAt ?? value.date, locale)
  if (date !== undefined) return t('appearance.measurement', { ...values, date })
  if (options.nowWhenUndated && value.date === undefined) return t('appearance.measurementNow', values)
  return `${values.kind} ${values.value} ${values.unit}`
}

/**
 * One readable line for a call's arguments (Keel's own tools), or undefined. `decided`: the call
 * is over (denied, cancelled, not run), so a delete names its row without "Will delete".
 */
export function argumentsLine(
  name: string,
  argumentsText: string,
  t: Translate,
  preview?: ToolPreview | undefined,
  options: { decided?: boolean } = {},
): string | undefined {
  let args: unknown
  try {
    args = JSON.parse(argumentsText)
  } catch {
    return undefined
  }
  if (!isObject(args)) return undefined
  const locale = localeOf(t)
  switch (name) {
    case 'record_measurement':
      return measurementLine(args, t, { nowWhenUndated: true })
    case 'delete_measurement': {
      if (typeof args.id !== 'number') return undefined
      // The row as the user knows it (kind, value, day), never its internal id (which the window shows nowhere else).
      if (preview?.status === 'missing') return t('appearance.previewMissing')
      const row = preview?.status === 'found' ? measurementLine(preview.value, t) : undefined
      if (row === undefined) return t('appearance.measurementUnnamed')
      return options.decided ? row : t('appearance.willDelete', { what: row })
    }
    case 'list_measurements': {
      const parts = [isKind(args.kind) ? t(kindKey(args.kind)) : t('appearance.listAll')]
      const from = formatToolDay(args.from, locale)
      const to = formatToolDay(args.to, locale)
      if (from !== undefined) parts.push(t('appearance.listFrom', { date: from }))
      if (to !== undefined) parts.push(t('appearance.listTo', { date: to }))
      return parts.join(' ')
    }
    case 'get_measurement':
      return isKind(args.kind) ? t('appearance.latestOf', { kind: t(kindKey(args.kind)) }) : undefined
    default:
      return undefined
  }
}

/** One readable line for a finished call's result (Keel's own tools), or undefined. */
export function resultLine(name: string, output: JsonValue | undefined, t: Translate): string | undefined {
  if (!isObject(output)) return undefined
  switch (name) {
    case 'record_measurement': {
      const what = measurementLine(output.recorded, t)
      return what === undefined ? undefined : t('appearance.recorded', { what })
    }
    case 'delete_measurement': {
      const what = measurementLine(output.deleted, t)
      return what === undefined ? undefined : t('appearance.deleted', { what })
    }
    case 'list_measurements': {
      if (typeof output.count !== 'number') return undefined
      if (output.hasMore === true) return countText(t, 'appearance.foundMore', output.count)
      return output.count === 0 ? t('appearance.foundNone') : countText(t, 'appearance.found', output.count)
    }
    case 'get_measurement': {
      if (output.latest === null && isKind(output.kind))
        return t('appearance.noneYet', { kind: t(kindKey(output.kind)) })
      const what = measurementLine(output.latest, t)
      return what === undefined ? undefined : t('appearance.latest', { what })
    }
    default:
      return undefined
  }
}
