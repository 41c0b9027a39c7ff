import { z } from 'zod'
import { utcOffsetMinutes } from '../../../shared/time-zone'
import {
  MEASUREMENT_KIND_INFO,
  describePlausibleRange,
  fromCanonicalValue,
  measurementValueProblem,
  normalizeUnit,
  toCanonicalValue,
  type Measurement,
  type MeasurementKind,
  type MeasurementUnit,
} from '../../../shared/measurement'
import type { Clock } from '../../db/clock'
import type { MeasurementStore } from '../../db/measurement-store'
import { defineTool, type ToolDefinition } from '../define-tool'
import { checkMeasurementDate, parseDateArgument, resolveTakenAt } from './measurement-dates'
import { UNITS_BY_KIND_TEXT, kindLabel, measurementKindSchema, measurementView } from './measurement-schemas'

/**
 * The validated, normalized arguments: what the handler gets and what the idempotency key is made of.
 * `date` stays `undefined` when the model gave none: "now" is resolved by the handler at first
 * execution, so a retry of the same call is the same action (see `idempotency-key.ts`).
 */
export interface RecordMeasurementInput {
  kind: MeasurementKind
  value: number
  unit: MeasurementUnit
  /** `YYYY-MM-DD` (the user's local day, placed in their zone at execution), or an ISO instant in UTC; `undefined` = now. */
  date: string | undefined
}

export function recordMeasurementSchema(clock: Clock) {
  return z
    .strictObject({
      kind: measurementKindSchema,
      value: z.number().describe('The value exactly as the user gave it, in `unit` (e.g. 154 for "154 lb").'),
      unit: z
        .string()
        .describe(`The unit the user gave. Allowed per kind: ${UNITS_BY_KIND_TEXT}. Never convert the value yourself.`),
      date: z
        .string()
        .optional()
        .describe(
          "When it was measured: a calendar date (2024-05-01), which is the user's local day, or an ISO 8601 date-time with time zone (2024-05-01T07:30:00-03:00). Work out relative dates (yesterday, last Monday) from today's date in the user's time zone. Omit when the user means now.",
        ),
    })
    .transform((raw, context): RecordMeasurementInput => {
      const info = MEASUREMENT_KIND_INFO[raw.kind]
      const unit = normalizeUnit(raw.unit)
      const problem = unit === undefined ? 'unit-not-for-kind' : measurementValueProblem(raw.kind, raw.value, unit)
      if (unit === undefined || problem === 'unit-not-for-kind') {
        context.addIssue({
          code: 'custom',
          path: ['unit'],
          message: `unit '${raw.unit}' is not valid for ${info.label}; use ${info.units.join(' or ')}`,
          params: { reason: { kind: 'allowed-values', values: [...info.units], subject: raw.kind } },
        })
        return z.NEVER
      }
      if (problem === 'value-out-of-range') {
        context.addIssue({
          code: 'custom',
          path: ['value'],
          message: `${kindLabel(raw.kind)} ${raw.value} ${unit} is outside the plausible range ${describePlausibleRange(raw.kind, unit)}; check the value and the unit with the user`,
          // The range in the user's unit (rounded as the model's text rounds it).
          params: {
            reason: {
              kind: 'range',
              minimum: roundForText(fromCanonicalValue(info.min, unit)),
              maximum: roundForText(fromCanonicalValue(info.max, unit)),
              unit,
              subject: raw.kind,
            },
          },
        })
        return z.NEVER
      }
      let date: string | undefined
      if (raw.date !== undefined) {
        const parsed = parseDateArgument(raw.date, 'date')
        // The zone is not known here (it comes with the call): a day is checked as its UTC date, and again as its local day when it runs.
        const problem = parsed.ok
          ? checkMeasurementDate(parsed.date.epochMs, 'date', raw.date, clock())
          : parsed.message
        if (problem !== undefined || !parsed.ok) {
          context.addIssue({ code: 'custom', path: ['date'], message: problem ?? 'date is invalid' })
          return z.NEVER
        }
        date = parsed.date.normalized
      }
      return { kind: raw.kind, value: raw.value, unit, date }
    })
}

function roundForText(value: number): number {
  return Math.round(value * 10) / 10
}

export function createRecordMeasurementTool(deps: { measurements: MeasurementStore; clock: Clock }): ToolDefinition {
  return defineTool({
    name: 'record_measurement',
    title: 'Record measurement',
    titles: { 'pt-BR': 'Registrar medida', es: 'Registrar medida' },
    effect: 'local',
    description:
      'Record one body measurement of the user (height, weight, body fat, waist, resting heart rate). Pass the value and unit exactly as the user said them; Keel converts. Omit the date when the user means now; ask the user when the date is unclear. Recording the same measurement twice in one turn has no further effect.',
    inputSchema: recordMeasurementSchema(deps.clock),
    handler(input, context) {
      const recorded = recordMeasurement(deps.measurements, input, {
        now: context.now,
        timeZone: context.timeZone,
        ledgerEntryId: context.ledgerEntryId,
      })
      return recorded.ok
        ? { ok: true, output: { recorded: measurementView(recorded.measurement) } }
        : { ok: false, failure: { kind: 'rejected', message: recorded.message, retryable: false } }
    },
  })
}

/** Where a validated measurement is recorded from: a tool call (with its ledger entry) or the measurements view (none). */
export interface RecordContext {
  now: number
  /** The user's IANA time zone: a calendar day is their local day. */
  timeZone: string
  ledgerEntryId?: number | undefined
}

export type Recorded = { ok: true; measurement: Measurement } | { ok: false; problem: 'date'; message: string }

/**
 * Stores one measurement whose arguments passed {@link recordMeasurementSchema}: the date placed in
 * the user's zone (now when absent) and checked again there, the value converted. The one write path
 * of the `record_measurement` tool and of "Add measurement" in the window.
 */
export function recordMeasurement(
  measurements: MeasurementStore,
  input: RecordMeasurementInput,
  at: RecordContext,
): Recorded {
  const parsedDate = input.date === undefined ? undefined : parseDateArgument(input.date, 'date')
  const date = parsedDate?.ok ? parsedDate.date : undefined
  // A day is the user's local day: its first instant in their zone, with the zone's offset then.
  const resolved = date
    ? resolveTakenAt(date, at.timeZone)
    : { takenAt: at.now, offsetMin: utcOffsetMinutes(at.now, at.timeZone) }
  const problem = checkMeasurementDate(resolved.takenAt, 'date', input.date ?? 'now', at.now)
  if (problem !== undefined)
    return {
      ok: false,
      problem: 'date',
      message: `${problem} (in the user's time zone, ${at.timeZone}). Nothing was recorded.`,
    }
  const measurement = measurements.insert({
    kind: input.kind,
    canonicalValue: toCanonicalValue(input.value, input.unit),
    value: input.value,
    unit: input.unit,
    takenAt: resolved.takenAt,
    takenAtPrecision: date?.precision ?? 'instant',
    takenAtOffsetMin: resolved.offsetMin,
    createdByLedgerId: at.ledgerEntryId,
  })
  return { ok: true, measurement }
}
