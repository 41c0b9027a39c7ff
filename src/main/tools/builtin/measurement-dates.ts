import { z } from 'zod'

import { measurementTimeProblem } from '../../../shared/measurement'
import { localMidnight, nextDay, utcOffsetMinutes, utcOffsetMs, type CalendarDay } from '../../../shared/time-zone'

const DAY_MS = 86_400_000

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
const dateTimeWithOffset = z.iso.datetime({ offset: true })
const localDateTime = z.iso.datetime({ local: true })

/**
 * A date as the model gave it, understood:
 * - `day`: a calendar date (`2024-05-01`): the user's local day, stored as its first instant in the
 *   user's time zone (see {@link resolveTakenAt}); `epochMs` is midnight UTC of the date, for the
 *   checks that need no zone;
 * - `instant`: a date-time with `Z` or an offset, stored as that instant.
 * `normalized` is the same moment written one way only (`2024-05-01`, or the ISO instant in UTC), so
 * two spellings of one instant give one idempotency key. It names no zone: the key of an action
 * does not depend on where it ran.
 */
export type ParsedDate =
  | { precision: 'day'; day: CalendarDay; epochMs: number; normalized: string }
  | { precision: 'instant'; epochMs: number; normalized: string }

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
    return {
      ok: true,
      date: {
        precision: 'day',
        day: { year: Number(y), month: Number(m), day: Number(d) },
        epochMs,
        normalized: trimmed,
      },
    }
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

/**
 * Refuses dates outside the one range of {@link measurementTimeProblem}: before 1900, or in the
 * future beyond a day. `epochMs` is the date's instant: midnight UTC of a day for the zone-free
 * check of the arguments, its local midnight once the user's zone is known.
 */
export function checkMeasurementDate(
  epochMs: number,
  argumentName: string,
  text: string,
  now: number,
): string | undefined {
  switch (measurementTimeProblem(epochMs, now)) {
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

/** When a measurement was taken, in the user's zone: the instant and the zone's offset (minutes) then. */
export interface ResolvedTakenAt {
  takenAt: number
  offsetMin: number
}

/** A day is the user's local day: its first instant in `timeZone` (right across DST); an instant stays itself. */
export function resolveTakenAt(date: ParsedDate, timeZone: string): ResolvedTakenAt {
  const takenAt = date.precision === 'day' ? localMidnight(date.day, timeZone) : date.epochMs
  return { takenAt, offsetMin: utcOffsetMinutes(takenAt, timeZone) }
}

/**
 * One end of a date range, in the two forms the store compares: `instant` for measurements taken at
 * an instant, `wallClock` (local time as epoch ms) for day measurements, which are compared by their
 * calendar date whatever zone they were stored in.
 */
export interface RangeBound {
  instant: number
  wallClock: number
}

/** Start of the range a date names: the local day's first instant, or the instant itself. */
export function startOfRange(date: ParsedDate, timeZone: string): RangeBound {
  if (date.precision === 'day') return { instant: localMidnight(date.day, timeZone), wallClock: date.epochMs }
  return { instant: date.epochMs, wallClock: date.epochMs + utcOffsetMs(date.epochMs, timeZone) }
}

/** End of the range a date names: the last millisecond of the local day (23 or 25 hours on a DST day), or the instant itself. */
export function endOfRange(date: ParsedDate, timeZone: string): RangeBound {
  if (date.precision === 'day')
    return { instant: localMidnight(nextDay(date.day), timeZone) - 1, wallClock: date.epochMs + DAY_MS - 1 }
  return { instant: date.epochMs, wallClock: date.epochMs + utcOffsetMs(date.epochMs, timeZone) }
}
