// How the measurements view shows when a measurement was taken. Pure (Intl only), no React, no DOM.
import type { Locale } from '../../../../shared/locale'
import { isRepresentableTime, takenAtWallClock, type Measurement } from '../../../../shared/measurement'

/**
 * A day-precision measurement shows its calendar day: the user's local day it was recorded for,
 * whatever zone the window is in (its local wall-clock time, formatted as UTC; rows stored before
 * offsets were kept are UTC days, as they always were). An instant shows in the window's time zone
 * (`timeZone` is for tests; the window passes none). Undefined when the stored time is no real date.
 */
export function formatTakenAt(
  locale: Locale,
  m: Pick<Measurement, 'takenAt' | 'takenAtPrecision' | 'takenAtOffsetMin'>,
  timeZone?: string,
): string | undefined {
  if (!isRepresentableTime(m.takenAt)) return undefined
  if (m.takenAtPrecision === 'day') {
    const wall = takenAtWallClock(m)
    return wall === undefined
      ? undefined
      : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(wall)
  }
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(m.takenAt)
}

/**
 * The date under a chart point: its calendar day for a day-precision point, else the window's local
 * date. `style`: `short` (numeric) where a narrow chart has no room for the medium one.
 */
export function formatChartDay(
  locale: Locale,
  point: { takenAt: number; calendarDay?: number | undefined },
  timeZone?: string,
  style: 'medium' | 'short' = 'medium',
): string {
  return point.calendarDay !== undefined
    ? new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' }).format(point.calendarDay)
    : new Intl.DateTimeFormat(locale, { dateStyle: style, ...(timeZone ? { timeZone } : {}) }).format(point.takenAt)
}
