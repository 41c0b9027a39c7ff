import { z } from 'zod'
import type { MeasurementKind } from '../../../shared/measurement'
import type { MeasurementStore } from '../../db/measurement-store'
import { defineTool, type ToolDefinition } from '../define-tool'
import { endOfRange, parseDateArgument, startOfRange, type ParsedDate } from './measurement-dates'
import { measurementKindSchema, measurementView } from './measurement-schemas'

export const DEFAULT_LIST_LIMIT = 20
export const MAX_LIST_LIMIT = 200

export interface ListMeasurementsInput {
  kind: MeasurementKind | undefined
  /** Inclusive bounds on the date taken; a day is the user's local day, placed in their zone when the call runs. */
  from: ParsedDate | undefined
  to: ParsedDate | undefined
  limit: number
}

const dateText = (which: string) =>
  z
    .string()
    .optional()
    .describe(
      `${which} of the range, inclusive: a calendar date (2024-05-01, the user's local day) or an ISO 8601 date-time with time zone.`,
    )

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
    let from: ParsedDate | undefined
    let to: ParsedDate | undefined
    if (raw.from !== undefined) {
      const parsed = parseDateArgument(raw.from, 'from')
      if (!parsed.ok) context.addIssue({ code: 'custom', path: ['from'], message: parsed.message })
      else from = parsed.date
    }
    if (raw.to !== undefined) {
      const parsed = parseDateArgument(raw.to, 'to')
      if (!parsed.ok) context.addIssue({ code: 'custom', path: ['to'], message: parsed.message })
      else to = parsed.date
    }
    // Two days, or two instants, compare without a zone. A day against an instant depends on the
    // zone: such a range that turns out empty simply lists nothing.
    if (from !== undefined && to !== undefined && from.precision === to.precision && from.epochMs > to.epochMs) {
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
    handler(input, context) {
      const from = input.from && startOfRange(input.from, context.timeZone)
      const to = input.to && endOfRange(input.to, context.timeZone)
      // One extra row tells whether there are more than `limit`.
      const rows = deps.measurements.list({
        kind: input.kind,
        from: from?.instant,
        to: to?.instant,
        days: { from: from?.wallClock, to: to?.wallClock },
        limit: input.limit + 1,
      })
      const page = rows.slice(0, input.limit)
      return {
        ok: true,
        output: { measurements: page.map(measurementView), count: page.length, hasMore: rows.length > input.limit },
      }
    },
  })
}
