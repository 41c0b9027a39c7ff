import { z } from 'zod'
import type { MeasurementStore } from '../../db/measurement-store'
import { defineTool, type ToolDefinition } from '../define-tool'
import { measurementView } from './measurement-schemas'

export const deleteMeasurementSchema = z.strictObject({
  id: z
    .number()
    .int()
    .positive()
    .describe('The id of the measurement, as returned by list_measurements or get_measurement.'),
})

export function createDeleteMeasurementTool(deps: { measurements: MeasurementStore }): ToolDefinition {
  return defineTool({
    name: 'delete_measurement',
    title: 'Delete measurement',
    titles: { 'pt-BR': 'Apagar medida', es: 'Borrar medida' },
    effect: 'local',
    description:
      'Delete one recorded measurement by its id. Find the id with list_measurements or get_measurement first; never guess an id.',
    inputSchema: deleteMeasurementSchema,
    preview(input) {
      const row = deps.measurements.get(input.id)
      return row ? { status: 'found', value: measurementView(row) } : { status: 'missing' }
    },
    handler(input, context) {
      const deleted = deps.measurements.softDelete(input.id, { deletedByLedgerId: context.ledgerEntryId })
      if (!deleted) {
        return {
          ok: false,
          failure: {
            kind: 'not-found',
            message: `There is no measurement with id ${input.id} (it may have been deleted already). Use list_measurements to find the right id.`,
            retryable: false,
          },
        }
      }
      return { ok: true, output: { deleted: measurementView(deleted) } }
    },
  })
}
