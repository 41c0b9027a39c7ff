import { z } from 'zod'

import { measurementTimeProblem } from '../../../shared/measurement'

const DAY_MS = 86_400_000

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const dateTimeWithOffset = z.iso.datetime({ offset: true })
const localDateTime = z.iso.datetime({ local: true })

/**
 * A date as the model gave it, understood:
 * - `day`: a calendar date (`2024-05-01`), stored as midnight UTC of that date;
 * - `instant`: a date-time with `Z` or an offset, stored as that instant.
 * `normalized` is the same moment written one way only (`2024-05-01`, or the ISO instant in UTC), so
 * two spellings of one instant give one idempotency key.
 */
export interface ParsedDate {
  epochMs: number
  precision: 'day' | 'instant'
  normalized: string
}

export type DateParse = { ok: true; date: ParsedDate } | { ok: false; message: string }

export function parseDateArgument(text: string, argumentName: string): DateParse {
  const trimmed = text.trim()
  const dateOnly = DATE_ONLY.exec(trimmed)
  if (dateOnly) {
    const [, y, m, d] = dateOnly
    const epochMs = Date.UTC(Number(y), Number(m) - 1, Number(d))
    if (new Date(epochMs).toISOString().slice(0, 10) !== trimmed) {
      return { ok: false, message: `${argumentName} '${text}' is not a real calendar date` }
    }
    return { ok: true, date: { epochMs, precision: 'day', normalized: trimmed } }
  }
  if (dateTimeWithOffset.safeParse(trimmed).success) {
    const epochMs = Date.parse(trimmed)
    if (Number.isNaN(epochMs)) return { ok: false, message: `${argumentName} '${text}' is not a real date-time` }
    return { ok: true, date: { epochMs, precision: 'instant', normalized: new Date(epochMs).toISOString() } }
  }
  if (localDateTime.safeParse(trimmed).success) {
    return {
      ok: false,
      message: `${argumentName} '${text}' has no time zone; add one (e.g. '${trimmed}Z' or '${trimmed}-03:00') or give only the date (YYYY-MM-DD)`,
    }
  }
  return {
    ok: false,
    message: `${argumentName} '${text}' is not a date; use YYYY-MM-DD or an ISO 8601 date-time with a time zone (2024-05-01T07:30:00Z)`,
  }
}

/** Refuses dates outside the one range of {@link measurementTimeProblem}: before 1900, or in the future beyond a day. */
export function checkMeasurementDate(date: ParsedDate, argumentName: string, text: string, now: number): string | undefined {
  switch (measurementTimeProblem(date.epochMs, now)) {
    case 'not-a-time':
      return `${argumentName} '${text}' is not a real date`
    case 'too-early':
      return `${argumentName} '${text}' is before 1900`
    case 'in-the-future':
      return `${argumentName} '${text}' is in the future (now is ${new Date(now).toISOString()}); measurements can only be recorded for today or earlier`
    default:
      return undefined
  }
}

/** End of the range a date names: the last millisecond of a calendar date, or the instant itself. */
export function endOfRange(date: ParsedDate): number {
  return date.precision === 'day' ? date.epochMs + DAY_MS - 1 : date.epochMs
}
