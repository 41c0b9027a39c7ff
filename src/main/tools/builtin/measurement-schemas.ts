import { z } from 'zod'
import type { JsonObject } from '../../../shared/json-value'
import {
  MEASUREMENT_KIND_INFO,
  MEASUREMENT_KINDS,
  isoStringOrNull,
  takenAtText,
  type Measurement,
  type MeasurementKind,
} from '../../../shared/measurement'

/** Every kind with its units, for descriptions the model reads. */
export const UNITS_BY_KIND_TEXT = MEASUREMENT_KINDS.map(
  (kind) => `${kind}: ${MEASUREMENT_KIND_INFO[kind].units.join(' | ')}`,
).join('; ')

export const measurementKindSchema = z
  .enum(MEASUREMENT_KINDS, {
    error: (issue) =>
      issue.input === undefined
        ? undefined
        : `unknown measurement kind ${JSON.stringify(issue.input)}; use one of: ${MEASUREMENT_KINDS.join(', ')}`,
  })
  .describe(`The kind of measurement: ${MEASUREMENT_KINDS.join(', ')}.`)

/**
 * A measurement as the model sees it. `takenAt` is `YYYY-MM-DD` (the user's local day) for a date,
 * else ISO 8601 with the user's offset then (`2026-12-01T07:30:00-03:00`; UTC for rows stored before
 * offsets were kept); null if not a real date.
 */
export function measurementView(measurement: Measurement): JsonObject {
  return {
    id: measurement.id,
    kind: measurement.kind,
    value: measurement.value,
    unit: measurement.unit,
    // Rounded for reading only (0.01 kg / cm / % / bpm); the stored canonical value is exact.
    canonicalValue: Math.round(measurement.canonicalValue * 100) / 100,
    canonicalUnit: measurement.canonicalUnit,
    // A stored time that is not a real date (written before dates were checked) reads as null, never an error.
    takenAt: takenAtText(measurement),
    recordedAt: isoStringOrNull(measurement.recordedAt),
  }
}

export function kindLabel(kind: MeasurementKind): string {
  return MEASUREMENT_KIND_INFO[kind].label
}
