// Local days in the user's zone: the first instant of a day across DST, offsets as stored, instants written with them.
import { describe, expect, it } from 'vitest'
import {
  canonicalTimeZone,
  isoWithOffset,
  localDayText,
  localMidnight,
  nextDay,
  utcOffsetMinutes,
} from '../../src/shared/time-zone'

const iso = (ms: number) => new Date(ms).toISOString()
const HOUR = 3_600_000

describe('localMidnight', () => {
  it('is local 00:00 in a half-hour zone', () => {
    expect(iso(localMidnight({ year: 2024, month: 5, day: 1 }, 'Asia/Kolkata'))).toBe('2024-04-30T18:30:00.000Z')
  })

  it('is right on the day New York springs forward (a 23-hour day) and the day after', () => {
    const day = { year: 2026, month: 3, day: 8 }
    const start = localMidnight(day, 'America/New_York')
    const end = localMidnight(nextDay(day), 'America/New_York')
    expect(iso(start)).toBe('2026-03-08T05:00:00.000Z')
    expect(iso(end)).toBe('2026-03-09T04:00:00.000Z')
    expect(end - start).toBe(23 * HOUR)
  })

  it('is right on the day Lisbon falls back (a 25-hour day)', () => {
    const day = { year: 2026, month: 10, day: 25 }
    const start = localMidnight(day, 'Europe/Lisbon')
    expect(iso(start)).toBe('2026-10-24T23:00:00.000Z')
    expect(localMidnight(nextDay(day), 'Europe/Lisbon') - start).toBe(25 * HOUR)
  })

  it('is the moment the day begins when midnight itself is skipped (São Paulo, 4 November 2018: 00:00 → 01:00)', () => {
    const start = localMidnight({ year: 2018, month: 11, day: 4 }, 'America/Sao_Paulo')
    expect(iso(start)).toBe('2018-11-04T03:00:00.000Z')
    expect(localDayText(start, utcOffsetMinutes(start, 'America/Sao_Paulo'))).toBe('2018-11-04')
    // One millisecond earlier is still the 3rd.
    expect(localDayText(start - 1, utcOffsetMinutes(start - 1, 'America/Sao_Paulo'))).toBe('2018-11-03')
  })

  it('is the first of two midnights when the clocks fall back from 01:00 to 00:00 (Havana, 3 November 2024)', () => {
    expect(iso(localMidnight({ year: 2024, month: 11, day: 3 }, 'America/Havana'))).toBe('2024-11-03T04:00:00.000Z')
  })

  it('keeps the day when the offset had seconds (Kolkata on Madras time, +05:21:10, in 1901)', () => {
    const start = localMidnight({ year: 1901, month: 1, day: 1 }, 'Asia/Kolkata')
    expect(iso(start)).toBe('1900-12-31T18:38:50.000Z')
    // Rounded up to whole minutes, the stored offset still reads back as the same local day.
    expect(utcOffsetMinutes(start, 'Asia/Kolkata')).toBe(322)
    expect(localDayText(start, utcOffsetMinutes(start, 'Asia/Kolkata'))).toBe('1901-01-01')
  })
})

describe('instants with their offset', () => {
  it('writes ISO 8601 with the offset, milliseconds only when there are some', () => {
    expect(isoWithOffset(Date.UTC(2026, 11, 1, 10, 30), -180)).toBe('2026-12-01T07:30:00-03:00')
    expect(isoWithOffset(Date.UTC(2026, 11, 1, 10, 30, 0, 5), 330)).toBe('2026-12-01T16:00:00.005+05:30')
    expect(isoWithOffset(Date.UTC(2026, 11, 1, 10, 30), 0)).toBe('2026-12-01T10:30:00+00:00')
  })

  it('is null, never a throw, for a stored time that is no real date', () => {
    expect(isoWithOffset(8.64e15, 60)).toBeNull()
    expect(isoWithOffset(Number.NaN, 0)).toBeNull()
    expect(localDayText(-8.64e15, -60)).toBeNull()
  })

  it('reads the offset in force at the instant, DST included', () => {
    expect(utcOffsetMinutes(Date.UTC(2026, 0, 15), 'America/New_York')).toBe(-300)
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 15), 'America/New_York')).toBe(-240)
    expect(utcOffsetMinutes(Date.UTC(2026, 6, 15), 'UTC')).toBe(0)
  })
})

describe('canonicalTimeZone', () => {
  it('knows real zones (in any case) and refuses the rest', () => {
    expect(canonicalTimeZone('america/sao_paulo')).toBe('America/Sao_Paulo')
    expect(canonicalTimeZone('utc')).toBe('UTC')
    // Kept as given, though an older ICU resolves it to its legacy name (Asia/Calcutta).
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata')
    expect(canonicalTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon')
    for (const bad of ['', '  ', 'Mars/Olympus_Mons', 'UTC+99', 'x'.repeat(500)])
      expect(canonicalTimeZone(bad)).toBeUndefined()
  })
})
