import { z } from 'zod'
import { EARLIEST_MEASUREMENT_MS, LATEST_MEASUREMENT_BOUND_MS, type Measurement } from '../../measurement'
import type { AccessOf } from './command-domain'

/** The measurements view: list, add, correct, delete (the user's own edits; the model uses tools). */
export const MEASUREMENT_SCHEMAS = {
  'measurements.list': z.strictObject({
    kind: z.string().min(1).max(50).optional(),
    from: z.number().int().min(-8.64e15).max(8.64e15).optional(),
    to: z.number().int().min(-8.64e15).max(8.64e15).optional(),
    limit: z.number().int().min(1).max(10_000).default(1000),
  }),
  'measurements.update': z.strictObject({
    id: z.number().int().positive(),
    value: z.number().finite(),
    unit: z.string().min(1).max(20),
    // The clock-free part of the one date range; "not after tomorrow" is checked where the clock is.
    takenAt: z.number().int().min(EARLIEST_MEASUREMENT_MS).max(LATEST_MEASUREMENT_BOUND_MS).optional(),
  }),
  'measurements.delete': z.strictObject({ id: z.number().int().positive() }),
  /**
   * "Add measurement" in the measurements view. Only the shape is checked here: the core checks the
   * rest with the `record_measurement` tool's own schema (kind, unit of the kind, plausible value,
   * date), so the window and the model accept exactly the same measurements.
   */
  'measurements.add': z.strictObject({
    kind: z.string().min(1).max(50),
    value: z.number().finite(),
    unit: z.string().min(1).max(20),
    /** An ISO 8601 date-time with its offset, or a calendar day (`YYYY-MM-DD`, the user's local day); absent: now. */
    date: z.string().min(1).max(64).optional(),
  }),
} as const

export const MEASUREMENT_ACCESS = {
  'measurements.list': 'read',
  'measurements.update': 'write',
  'measurements.delete': 'write',
  'measurements.add': 'write',
} as const satisfies AccessOf<typeof MEASUREMENT_SCHEMAS>

export interface MeasurementResponses {
  'measurements.list': Measurement[]
  'measurements.update': Measurement
  'measurements.delete': { deleted: true }
  'measurements.add': Measurement
}
