import { z } from 'zod'
import type { MeasurementKind } from '../../../shared/measurement'
import type { MeasurementStore } from '../../db/measurement-store'
import { defineTool, type ToolDefinition } from '../define-tool'
import { endOfRange, parseDateArgument } from './measurement-dates'
import { measurementKindSchema, measurementView } from './measurement-schemas'

export const DEFAULT_LIST_LIMIT = 20
export const MAX_LIST_LIMIT = 200

export interface ListMeasurementsInput {
  kind: MeasurementKind | undefined
  /** Inclusive bounds on the date taken, epoch ms. */
  from: number | undefined
  to: number | undefined
  limit: number
}

const dateText = (which: string) =>
  z
    .string()
    .optional()
    .describe(`${which} of the range, inclusive: a calendar date (2024-05-01) or an ISO 8601 date-time with time zone.`)

export const listMeasurementsSchema = z
  .strictObject({
    kind: measurementKindSchema.optional().describe('Only this kind; omit for all kinds.'),
    from: dateText('Start'),
    to: dateText('End'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_LIST_LIMIT)
      .optional()
      .describe(`How many to return, newest first (default ${DEFAULT_LIST_LIMIT}, at most ${MAX_LIST_LIMIT}).`),
  })
  .transform((raw, context): ListMeasurementsInput => {
    let from: number | undefined
    let to: number | undefined
    if (raw.from !== undefined) {
      const parsed = parseDateArgument(raw.from, 'from')
      if (!parsed.ok) context.addIssue({ code: 'custom', path: ['from'], message: parsed.message })
      else from = parsed.date.epochMs
    }
    if (raw.to !== undefined) {
      const parsed = parseDateArgument(raw.to, 'to')
      if (!parsed.ok) context.addIssue({ code: 'custom', path: ['to'], message: parsed.message })
      else to = endOfRange(parsed.date)
    }
    if (from !== undefined && to !== undefined && from > to) {
      context.addIssue({ code: 'custom', path: ['from'], message: `from '${raw.from}' is after to '${raw.to}'` })
    }
    return { kind: raw.kind, from, to, limit: raw.limit ?? DEFAULT_LIST_LIMIT }
  })

export function createListMeasurementsTool(deps: { measurements: MeasurementStore }): ToolDefinition {
  return defineTool({
    name: 'list_measurements',
    title: 'List measurements',
    titles: { 'pt-BR': 'Listar medidas', es: 'Listar medidas' },
    effect: 'none',
    description:
      "List the user's recorded measurements, newest first, optionally of one kind and within a date range. Use it to find ids before deleting and to answer questions about trends.",
    inputSchema: listMeasurementsSchema,
    handler(input) {
      // One extra row tells whether there are more than `limit`.
      const rows = deps.measurements.list({ kind: input.kind, from: input.from, to: input.to, limit: input.limit + 1 })
      const page = rows.slice(0, input.limit)
      return {
        ok: true,
        output: { measurements: page.map(measurementView), count: page.length, hasMore: rows.length > input.limit },
      }
    },
  })
}
