/**
 * The user's time zone, with nothing but `Intl`: a zone's UTC offset at an instant, the first
 * instant of a local calendar day (right across DST), and instants written with an offset.
 * Pure (no clock, no environment): callers pass the instant and the IANA zone name.
 */

/** A calendar date, month 1–12. */
export interface CalendarDay {
  year: number
  month: number
  day: number
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

/**
 * The zone's IANA name when Intl knows the zone, else undefined. The name is kept as the user
 * spelled it (`Asia/Kolkata` stays so, though older ICU builds resolve it to `Asia/Calcutta`), with
 * IANA's capitalization when Intl lists it (`europe/lisbon` → `Europe/Lisbon`).
 */
export function canonicalTimeZone(name: string): string | undefined {
  const trimmed = name.trim()
  if (trimmed === '' || trimmed.length > 100) return undefined
  let resolved: string
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone
  } catch {
    // RangeError: an unknown zone.
    return undefined
  }
  const lower = trimmed.toLowerCase()
  if (resolved.toLowerCase() === lower) return resolved
  return listedZones().get(lower) ?? trimmed
}

let listed: Map<string, string> | undefined

function listedZones(): Map<string, string> {
  listed ??= new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]))
  return listed
}

// Building a DateTimeFormat is costly; one per zone is kept.
const offsetFormats = new Map<string, Intl.DateTimeFormat>()

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    offsetFormats.set(timeZone, format)
  }
  return format
}

// `GMT`, `GMT+05:30`, `GMT-00:44:30` (a local mean time before 1972 has seconds). Some ICU builds write U+2212.
const LONG_OFFSET = /^GMT(?:([+\-\u2212])(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/

/**
 * The zone's offset from UTC at an instant, in milliseconds (UTC−03:00 → −10 800 000), exact to
 * the second. Throws a RangeError for an unknown zone or an instant no Date can hold.
 */
export function utcOffsetMs(epochMs: number, timeZone: string): number {
  const part = offsetFormat(timeZone)
    .formatToParts(epochMs)
    .find((p) => p.type === 'timeZoneName')?.value
  const match = part === undefined ? null : LONG_OFFSET.exec(part)
  if (!match) throw new RangeError(`unexpected offset '${part ?? ''}' for ${timeZone}`)
  const [, sign, hours, minutes, seconds] = match
  if (sign === undefined) return 0
  const ms = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds ?? 0)) * 1000
  return sign === '+' ? ms : -ms
}

/**
 * The offset as stored (whole minutes). A seconds offset (a local mean time) is rounded up, so that
 * `instant + offset` stays on the same local day when the instant is a local midnight.
 */
export function utcOffsetMinutes(epochMs: number, timeZone: string): number {
  // `+ 0` turns a −0 into 0.
  return Math.ceil(utcOffsetMs(epochMs, timeZone) / MINUTE_MS) + 0
}

/**
 * The first instant of a local calendar day in the zone. Usually local 00:00; on a day whose
 * midnight falls in a DST gap (clocks jump from 00:00 to 01:00, as in São Paulo until 2019) the
 * instant the day begins; on a day whose midnight happens twice, the first one.
 */
export function localMidnight(day: CalendarDay, timeZone: string): number {
  const wall = Date.UTC(day.year, day.month - 1, day.day)
  // The offsets in force a day before and a day after: midnight is under one of them (DST moves a few hours at most).
  const before = utcOffsetMs(wall - DAY_MS, timeZone)
  const after = utcOffsetMs(wall + DAY_MS, timeZone)
  const candidates = [wall - before, wall - after].sort((a, b) => a - b)
  // A candidate is right when the zone really has that offset at that instant.
  for (const instant of candidates) if (instant - wall === -utcOffsetMs(instant, timeZone)) return instant
  // Midnight is skipped: the day begins when the clocks jump, the instant the old offset's midnight would be.
  return wall - before
}

/** `YYYY-MM-DD` of the local day an instant falls on, given the offset stored with it. */
export function localDayText(epochMs: number, offsetMinutes: number): string | null {
  const wall = epochMs + offsetMinutes * MINUTE_MS
  if (!Number.isSafeInteger(wall) || Math.abs(wall) > 8.64e15) return null
  return new Date(wall).toISOString().split('T')[0] ?? null
}

/**
 * ISO 8601 with the offset: `2026-12-01T07:30:00-03:00` (milliseconds only when there are some);
 * null when the instant is no real date.
 */
export function isoWithOffset(epochMs: number, offsetMinutes: number): string | null {
  const wall = epochMs + offsetMinutes * MINUTE_MS
  if (!Number.isSafeInteger(wall) || Math.abs(wall) > 8.64e15) return null
  const text = new Date(wall).toISOString().replace(/\.000Z$/, 'Z')
  return `${text.slice(0, -1)}${offsetText(offsetMinutes, '-')}`
}

/** `+05:30`, `-03:00` (`minus` lets prose use the typographic minus, U+2212). */
export function offsetText(offsetMinutes: number, minus: '-' | '\u2212' = '-'): string {
  const abs = Math.abs(offsetMinutes)
  const hh = String(Math.floor(abs / 60)).padStart(2, '0')
  const mm = String(abs % 60).padStart(2, '0')
  return `${offsetMinutes < 0 ? minus : '+'}${hh}:${mm}`
}

/** The local calendar day (and its weekday, 0 = Sunday) at an instant in the zone. */
export function localDayAt(epochMs: number, timeZone: string): CalendarDay & { weekday: number } {
  const wall = new Date(epochMs + utcOffsetMs(epochMs, timeZone))
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    weekday: wall.getUTCDay(),
  }
}

/** The calendar day after `day`. */
export function nextDay(day: CalendarDay): CalendarDay {
  const next = new Date(Date.UTC(day.year, day.month - 1, day.day) + DAY_MS)
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() }
}
