import type { Clock } from '../../db/clock'
import type { MeasurementStore } from '../../db/measurement-store'
import type { ToolDefinition } from '../define-tool'
import { createDeleteMeasurementTool } from './delete-measurement'
import { createGetMeasurementTool } from './get-measurement'
import { createListMeasurementsTool } from './list-measurements'
import { createRecordMeasurementTool } from './record-measurement'

/** The four measurement tools, bound to a store and a clock. */
export function createMeasurementTools(deps: { measurements: MeasurementStore; clock: Clock }): ToolDefinition[] {
  return [
    createGetMeasurementTool(deps),
    createListMeasurementsTool(deps),
    createRecordMeasurementTool(deps),
    createDeleteMeasurementTool(deps),
  ]
}
