import type { CommandRequest } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import {
  EARLIEST_MEASUREMENT_MS,
  FUTURE_TOLERANCE_MS,
  MEASUREMENT_KIND_INFO,
  fromCanonicalValue,
  isUnitValidForKind,
  normalizeUnit,
  type Measurement,
  type MeasurementKind,
} from '../../shared/measurement'
import type { StoreWriter } from '../db/keel-store'
import { recordMeasurement, recordMeasurementSchema } from '../tools/builtin/record-measurement'
import { fail, ok } from './app-result'

/**
 * "Add measurement" in the measurements view: the payload is checked by the `record_measurement`
 * tool's own schema (kind, a unit of that kind, a plausible value, a real date not in the future)
 * and written by the tool's own code, so the window and the model can record exactly the same
 * things. A direct user action: no ledger entry (see `measurement-edits.ts`). A refusal writes
 * nothing and carries the typed detail the window translates.
 */
export function addMeasurement(
  store: StoreWriter,
  request: CommandRequest<'measurements.add'>,
  timeZone: string,
): AppResult<Measurement> {
  const parsed = recordMeasurementSchema(store.clock).safeParse(request)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const message = `Nothing was added: ${parsed.error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')}`
    return fail('validation', message, refusalDetail(request, issue?.path[0], store.clock()))
  }
  const recorded = recordMeasurement(store.measurements, parsed.data, { now: store.clock(), timeZone })
  if (!recorded.ok) return fail('validation', recorded.message, refusalDetail(request, 'date', store.clock()))
  return ok(recorded.measurement)
}

/** The typed detail of a refusal, by the field the schema refused (an unknown kind has none: the window never sends one). */
function refusalDetail(
  request: CommandRequest<'measurements.add'>,
  field: PropertyKey | undefined,
  now: number,
): Parameters<typeof fail>[2] {
  if (!Object.hasOwn(MEASUREMENT_KIND_INFO, request.kind)) return {}
  const kind = request.kind as MeasurementKind
  const info = MEASUREMENT_KIND_INFO[kind]
  const unit = normalizeUnit(request.unit)
  if (field === 'unit' || !unit || !isUnitValidForKind(kind, unit))
    return { detail: { code: 'unit-not-for-kind', kind, unit: request.unit, units: [...info.units] } }
  if (field === 'value')
    return {
      detail: {
        code: 'value-out-of-range',
        kind,
        value: request.value,
        unit,
        min: fromCanonicalValue(info.min, unit),
        max: fromCanonicalValue(info.max, unit),
      },
    }
  if (field === 'date')
    return {
      detail: { code: 'date-out-of-range', earliest: EARLIEST_MEASUREMENT_MS, latest: now + FUTURE_TOLERANCE_MS },
    }
  return {}
}
