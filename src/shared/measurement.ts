/**
 * Body measurements: the kinds Keel records, their units, conversions and plausible ranges.
 * Pure data and functions, shared by the tools (validation), the store and the measurements view.
 *
 * Every measurement is stored twice over: the canonical value (in the kind's canonical unit, used
 * for ranges, charts and comparisons) and the value and unit the user gave (used for display, so
 * "154 lb" stays "154 lb" and no rounding ever happens on the way back).
 */

import { isoWithOffset, localDayText } from './time-zone'

export const MEASUREMENT_KINDS = ['height', 'weight', 'body-fat', 'waist', 'resting-heart-rate'] as const

export type MeasurementKind = (typeof MEASUREMENT_KINDS)[number]

export const MEASUREMENT_UNITS = ['cm', 'm', 'in', 'ft', 'kg', 'lb', '%', 'bpm'] as const

export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number]

export interface MeasurementKindInfo {
  /** Human label, English (the UI translates by kind). */
  label: string
  /** The unit every stored canonical value is in. */
  canonicalUnit: MeasurementUnit
  /** Units accepted for this kind, canonical first. */
  units: readonly MeasurementUnit[]
  /** Inclusive plausible range, in the canonical unit. Values outside are refused, never clamped. */
  min: number
  max: number
}

export const MEASUREMENT_KIND_INFO: Readonly<Record<MeasurementKind, MeasurementKindInfo>> = {
  height: { label: 'height', canonicalUnit: 'cm', units: ['cm', 'm', 'in', 'ft'], min: 40, max: 250 },
  weight: { label: 'weight', canonicalUnit: 'kg', units: ['kg', 'lb'], min: 2, max: 500 },
  'body-fat': { label: 'body fat', canonicalUnit: '%', units: ['%'], min: 2, max: 70 },
  waist: { label: 'waist', canonicalUnit: 'cm', units: ['cm', 'in'], min: 30, max: 250 },
  'resting-heart-rate': { label: 'resting heart rate', canonicalUnit: 'bpm', units: ['bpm'], min: 25, max: 200 },
}

/** How many canonical units one unit is (exact by definition: 1 in = 2.54 cm, 1 lb = 0.45359237 kg). */
const FACTOR_TO_CANONICAL: Readonly<Record<MeasurementUnit, number>> = {
  cm: 1,
  m: 100,
  in: 2.54,
  ft: 30.48,
  kg: 1,
  lb: 0.45359237,
  '%': 1,
  bpm: 1,
}

/** Spellings people and models use, mapped to the unit. Matching ignores case and outer spaces. */
const UNIT_ALIASES: Readonly<Record<string, MeasurementUnit>> = {
  cm: 'cm',
  centimeter: 'cm',
  centimeters: 'cm',
  centimetre: 'cm',
  centimetres: 'cm',
  m: 'm',
  meter: 'm',
  meters: 'm',
  metre: 'm',
  metres: 'm',
  in: 'in',
  inch: 'in',
  inches: 'in',
  ft: 'ft',
  foot: 'ft',
  feet: 'ft',
  kg: 'kg',
  kgs: 'kg',
  kilogram: 'kg',
  kilograms: 'kg',
  lb: 'lb',
  lbs: 'lb',
  pound: 'lb',
  pounds: 'lb',
  '%': '%',
  percent: '%',
  bpm: 'bpm',
  'beats per minute': 'bpm',
}

/** The unit a spelling stands for (`'lbs'` → `'lb'`), or undefined when it is not a unit Keel knows. */
export function normalizeUnit(spelling: string): MeasurementUnit | undefined {
  return UNIT_ALIASES[spelling.trim().toLowerCase()]
}

export function isUnitValidForKind(kind: MeasurementKind, unit: MeasurementUnit): boolean {
  return MEASUREMENT_KIND_INFO[kind].units.includes(unit)
}

/**
 * The one value rule every entrance checks (the model's tools, the window's add and edit, imports):
 * the unit is one of the kind's, and the value, converted, lies in the kind's plausible range.
 */
export function measurementValueProblem(
  kind: MeasurementKind,
  value: number,
  unit: MeasurementUnit,
): 'unit-not-for-kind' | 'value-out-of-range' | undefined {
  if (!isUnitValidForKind(kind, unit)) return 'unit-not-for-kind'
  const info = MEASUREMENT_KIND_INFO[kind]
  const canonical = toCanonicalValue(value, unit)
  // Written so NaN is out of range too.
  return canonical >= info.min && canonical <= info.max ? undefined : 'value-out-of-range'
}

/** `value` in `unit` expressed in the kind's canonical unit. The caller checks the unit fits the kind. */
export function toCanonicalValue(value: number, unit: MeasurementUnit): number {
  return value * FACTOR_TO_CANONICAL[unit]
}

/** A canonical value expressed in `unit` (for showing ranges in the unit the user chose). */
export function fromCanonicalValue(canonicalValue: number, unit: MeasurementUnit): number {
  return canonicalValue / FACTOR_TO_CANONICAL[unit]
}

/** "2–500 kg", or "2–500 kg (4.4–1102.3 lb)" when the user's unit is not the canonical one. */
export function describePlausibleRange(kind: MeasurementKind, unit: MeasurementUnit): string {
  const info = MEASUREMENT_KIND_INFO[kind]
  const canonical = `${formatNumber(info.min)}–${formatNumber(info.max)} ${info.canonicalUnit}`
  if (unit === info.canonicalUnit) return canonical
  const low = formatNumber(fromCanonicalValue(info.min, unit))
  const high = formatNumber(fromCanonicalValue(info.max, unit))
  return `${canonical} (${low}–${high} ${unit})`
}

function formatNumber(value: number): string {
  return String(Math.round(value * 10) / 10)
}

/** One stored measurement, as the store returns it. Times are epoch milliseconds (UTC), with the user's offset beside. */
export interface Measurement {
  id: number
  kind: MeasurementKind
  /** Value in the kind's canonical unit (kg, cm, %, bpm). */
  canonicalValue: number
  canonicalUnit: MeasurementUnit
  /** The value as given, in `unit`. */
  value: number
  unit: MeasurementUnit
  /**
   * When the measurement was taken. For `day` precision: the first instant of that calendar date in
   * the user's time zone (local midnight), or midnight UTC for rows stored before offsets were kept.
   */
  takenAt: number
  /** `day` when only a date was given (`2024-05-01`); `instant` for a date-time or the default "now". */
  takenAtPrecision: 'day' | 'instant'
  /**
   * The user's UTC offset in minutes at `takenAt` (−180 for São Paulo): `takenAt` plus it is the
   * local wall-clock time. `undefined` for rows stored before offsets were kept: they read as UTC.
   */
  takenAtOffsetMin: number | undefined
  /** When Keel stored it. */
  recordedAt: number
  /** When it was deleted (measurements are deleted softly so the ledger's effect rows stay whole). */
  deletedAt: number | undefined
}

const DAY_MS = 86_400_000

/** The earliest moment a measurement may be taken: 1 January 1900, UTC. */
export const EARLIEST_MEASUREMENT_MS = Date.UTC(1900, 0, 1)
/** How far past "now" a measurement may lie: a calendar date that is already "today" somewhere on Earth. */
export const FUTURE_TOLERANCE_MS = DAY_MS
/** A bound that needs no clock (contracts, imports): nothing after 9999-12-31 is ever a measurement's date. */
export const LATEST_MEASUREMENT_BOUND_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

/**
 * The one range every entrance checks a measurement's date against (the model's tools, the
 * window's edits, imports, the store itself): from 1900 to one day after `now`.
 * - `not-a-time`: not an integer number of milliseconds inside JavaScript's date range;
 * - `too-early`: before 1900; `in-the-future`: after now plus a day.
 */
export function measurementTimeProblem(
  epochMs: number,
  now: number,
): 'not-a-time' | 'too-early' | 'in-the-future' | undefined {
  if (!isRepresentableTime(epochMs)) return 'not-a-time'
  if (epochMs < EARLIEST_MEASUREMENT_MS) return 'too-early'
  if (epochMs > now + FUTURE_TOLERANCE_MS) return 'in-the-future'
  return undefined
}

/** Whether `new Date(epochMs)` is a real date (an integer within ±8.64e15 ms). */
export function isRepresentableTime(epochMs: number): boolean {
  return Number.isSafeInteger(epochMs) && Math.abs(epochMs) <= 8.64e15
}

/**
 * `2024-05-01T09:14:00.000Z`, or `null` for a stored time that is not a real date (readers show
 * such a row instead of failing on it: `toISOString` throws "Invalid time value").
 */
export function isoStringOrNull(epochMs: number): string | null {
  return isRepresentableTime(epochMs) ? new Date(epochMs).toISOString() : null
}

/**
 * When a measurement was taken, as the model and the export read it: `YYYY-MM-DD` (the user's local
 * day) for day precision, else ISO 8601 with the stored offset (`2026-12-01T07:30:00-03:00`).
 * A row stored before offsets were kept reads exactly as it always did (UTC: `2024-05-01`,
 * `2024-05-01T09:14:00.000Z`). Null when the stored time is no real date.
 */
export function takenAtText(m: Pick<Measurement, 'takenAt' | 'takenAtPrecision' | 'takenAtOffsetMin'>): string | null {
  if (m.takenAtOffsetMin === undefined) {
    const iso = isoStringOrNull(m.takenAt)
    return m.takenAtPrecision === 'day' ? (iso?.slice(0, 10) ?? null) : iso
  }
  return m.takenAtPrecision === 'day'
    ? localDayText(m.takenAt, m.takenAtOffsetMin)
    : isoWithOffset(m.takenAt, m.takenAtOffsetMin)
}

/**
 * The local wall-clock time of `takenAt` as epoch milliseconds (`takenAt` + the stored offset; UTC for
 * older rows): formatted in UTC it shows the user's local date. Undefined when it is no real date.
 */
export function takenAtWallClock(m: Pick<Measurement, 'takenAt' | 'takenAtOffsetMin'>): number | undefined {
  const wall = m.takenAt + (m.takenAtOffsetMin ?? 0) * 60_000
  return isRepresentableTime(wall) ? wall : undefined
}
