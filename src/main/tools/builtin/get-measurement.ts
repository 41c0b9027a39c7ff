import { z } from 'zod'
import type { JsonObject } from '../../../shared/json-value'
import type { MeasurementStore } from '../../db/measurement-store'
import { defineTool, type ToolDefinition } from '../define-tool'
import { kindLabel, measurementKindSchema, measurementView } from './measurement-schemas'

export const getMeasurementSchema = z.strictObject({ kind: measurementKindSchema })

export function createGetMeasurementTool(deps: { measurements: MeasurementStore }): ToolDefinition {
  return defineTool({
    name: 'get_measurement',
    title: 'Read measurement',
    titles: { 'pt-BR': 'Ler medida', es: 'Leer medida' },
    effect: 'none',
    description:
      "Get the user's most recent measurement of one kind (the latest by date taken). Returns null when none is recorded.",
    inputSchema: getMeasurementSchema,
    handler(input) {
      const latest = deps.measurements.latest(input.kind)
      const output: JsonObject = latest
        ? { kind: input.kind, latest: measurementView(latest) }
        : { kind: input.kind, latest: null, note: `No ${kindLabel(input.kind)} has been recorded yet.` }
      return { ok: true, output }
    },
  })
}
