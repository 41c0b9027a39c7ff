import { MEASUREMENT_KINDS, type MeasurementKind } from '../../../shared/measurement'
import { fail, notFound, ok } from '../app-result'
import { addMeasurement } from '../measurement-add'
import { deleteMeasurement, updateMeasurement } from '../measurement-edits'
import { resolveUserTimeZone } from '../user-time-zone'
import type { AppParts, HandlerMap } from './command-handler'

/** The measurements view: the user's own list, additions, corrections and deletions. */
export function measurementHandlers(app: AppParts): HandlerMap<'measurements'> {
  return {
    'measurements.list': ({ kind, from, to, limit }) => {
      if (kind !== undefined && !(MEASUREMENT_KINDS as readonly string[]).includes(kind)) {
        return fail('validation', `Invalid request: kind: expected one of ${MEASUREMENT_KINDS.join(', ')}`)
      }
      return ok(app.reads.store.measurements.list({ kind: kind as MeasurementKind | undefined, from, to, limit }))
    },
    'measurements.update': (request) => updateMeasurement(app.store, request),
    'measurements.add': (request) => addMeasurement(app.store, request, resolveUserTimeZone(app.env)),
    'measurements.delete': ({ id }) =>
      deleteMeasurement(app.store, id) ? ok({ deleted: true as const }) : notFound('measurement'),
  }
}
