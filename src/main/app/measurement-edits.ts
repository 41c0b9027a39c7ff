import type { CommandRequest } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import {
  EARLIEST_MEASUREMENT_MS,
  FUTURE_TOLERANCE_MS,
  MEASUREMENT_KIND_INFO,
  describePlausibleRange,
  measurementTimeProblem,
  fromCanonicalValue,
  measurementValueProblem,
  normalizeUnit,
  toCanonicalValue,
  type Measurement,
} from '../../shared/measurement'
import type { StoreWriter } from '../db/keel-store'
import { fail, notFound, ok } from './app-result'

/**
 * The user corrects a measurement in the measurements view. This is a direct user action, not a
 * model's tool call, so it does not go through the idempotency ledger (the ledger guards side effects
 * a model asked for across retries and regenerations; a click is answered once, synchronously).
 * The edit is a replacement, in one transaction: the old row is soft-deleted and a corrected row is
 * inserted (no ledger link). A row a ledger entry created therefore still says what that entry
 * recorded (its effect row stays whole, as for every delete), and the corrected value has a new id.
 */
export function updateMeasurement(
  store: StoreWriter,
  request: CommandRequest<'measurements.update'>,
): AppResult<Measurement> {
  const old = store.measurements.get(request.id)
  if (!old) return notFound('measurement')
  const unit = normalizeUnit(request.unit)
  const problem = unit ? measurementValueProblem(old.kind, request.value, unit) : 'unit-not-for-kind'
  if (!unit || problem === 'unit-not-for-kind') {
    const units = [...MEASUREMENT_KIND_INFO[old.kind].units]
    return fail(
      'validation',
      `'${request.unit}' is not a unit for ${MEASUREMENT_KIND_INFO[old.kind].label} (use ${units.join(', ')}).`,
      {
        detail: { code: 'unit-not-for-kind', kind: old.kind, unit: request.unit, units },
      },
    )
  }
  const canonicalValue = toCanonicalValue(request.value, unit)
  const info = MEASUREMENT_KIND_INFO[old.kind]
  if (problem === 'value-out-of-range') {
    const range = describePlausibleRange(old.kind, unit)
    return fail('validation', `${request.value} ${unit} is outside the plausible range for ${info.label} (${range}).`, {
      detail: {
        code: 'value-out-of-range',
        kind: old.kind,
        value: request.value,
        unit,
        min: fromCanonicalValue(info.min, unit),
        max: fromCanonicalValue(info.max, unit),
      },
    })
  }
  const takenAt = request.takenAt ?? old.takenAt
  const now = store.clock()
  if (measurementTimeProblem(takenAt, now)) {
    // A new date out of range, or an old row whose stored date was never valid (it can still be deleted).
    return fail(
      'validation',
      `The date must lie between ${new Date(EARLIEST_MEASUREMENT_MS).toISOString().slice(0, 10)} and ${new Date(now + FUTURE_TOLERANCE_MS).toISOString().slice(0, 10)}.`,
      {
        detail: { code: 'date-out-of-range', earliest: EARLIEST_MEASUREMENT_MS, latest: now + FUTURE_TOLERANCE_MS },
      },
    )
  }
  const measurement = store.transaction(() => {
    store.measurements.softDelete(old.id)
    return store.measurements.insert({
      kind: old.kind,
      canonicalValue,
      value: request.value,
      unit,
      takenAt,
      takenAtPrecision: request.takenAt === undefined ? old.takenAtPrecision : 'instant',
      // The same date keeps its offset; a new instant from the window has none known (it reads as UTC, still the same instant).
      takenAtOffsetMin: request.takenAt === undefined ? old.takenAtOffsetMin : undefined,
    })
  })
  return ok(measurement)
}

/** A soft delete made in the UI (no ledger entry: see {@link updateMeasurement}). */
export function deleteMeasurement(store: StoreWriter, id: number): boolean {
  return store.measurements.softDelete(id) !== undefined
}
