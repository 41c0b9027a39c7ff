// Pure helpers for the measurements view: which unit a kind is charted in, the points of one kind
// in that unit (oldest first), and their scaling into an SVG box. No React, no DOM.
import {
  MEASUREMENT_KIND_INFO,
  fromCanonicalValue,
  measurementTimeProblem,
  takenAtWallClock,
  type Measurement,
  type MeasurementKind,
  type MeasurementUnit,
} from '../../../../shared/measurement'

/** The unit a kind's chart is drawn in: its canonical unit (kg, cm, %, bpm). */
export function displayUnitOf(kind: MeasurementKind): MeasurementUnit {
  return MEASUREMENT_KIND_INFO[kind].canonicalUnit
}

export interface ChartPoint {
  id: number
  /** Epoch milliseconds. */
  takenAt: number
  /** For a day-precision measurement: its calendar day (local wall-clock time, to be formatted as UTC); else undefined. */
  calendarDay?: number | undefined
  /** In the kind's display unit, rounded to 2 decimals. */
  value: number
}

/**
 * The live measurements of `kind`, oldest first, in the kind's display unit. Rows whose stored date
 * lies outside the one measurement range (1900 to tomorrow; written before dates were checked) are
 * left out of the chart, which they would squash into a line; the table still lists them.
 */
export function chartPoints(
  measurements: readonly Measurement[],
  kind: MeasurementKind,
  now: number = Date.now(),
): ChartPoint[] {
  const unit = displayUnitOf(kind)
  return measurements
    .filter((m) => m.kind === kind && m.deletedAt === undefined && measurementTimeProblem(m.takenAt, now) === undefined)
    .map((m) => ({
      id: m.id,
      takenAt: m.takenAt,
      calendarDay: m.takenAtPrecision === 'day' ? takenAtWallClock(m) : undefined,
      value: Math.round(fromCanonicalValue(m.canonicalValue, unit) * 100) / 100,
    }))
    .sort((a, b) => a.takenAt - b.takenAt || a.id - b.id)
}

export interface ChartBox {
  width: number
  height: number
  padding: number
  /** The left gutter, where the value labels sit (default: `padding`); see {@link yAxisGutter}. */
  left?: number | undefined
}

/** The value labels' font size (styles.css `.measurement-chart .tick`). */
export const TICK_FONT_PX = 11

/**
 * An upper bound of a label's width in px: digits, separators and signs of system-ui at `fontPx`
 * are at most ~0.62 em wide (measured across the OS fonts; no DOM needed, so it is testable).
 */
export function labelWidth(text: string, fontPx: number = TICK_FONT_PX): number {
  return Math.ceil(text.length * fontPx * 0.62)
}

/** The gap between a value label and the axis. */
export const LABEL_GAP = 4

/**
 * The left gutter the value labels need: the widest one, the gap to the axis and a margin, never
 * less than `minimum` (a fixed 28 px clipped "72.57" to "2.57", defect 6).
 */
export function yAxisGutter(labels: readonly string[], minimum: number): number {
  const widest = Math.max(0, ...labels.map((label) => labelWidth(label)))
  return Math.max(minimum, widest + LABEL_GAP + 4)
}

/** The least space between the first and the last date under the chart. */
export const DAY_LABEL_GAP = 12

/**
 * The first and last dates under the chart that fit `width` side by side: the first pair of
 * `formats` (longest first) whose labels leave {@link DAY_LABEL_GAP} between them; when none fits,
 * only the first date of the shortest (the chart's summary still names both). A single date is
 * shown alone.
 */
export function fittingDayLabels(
  formats: readonly (readonly [first: string, last: string | undefined])[],
  width: number,
): { first: string; last: string | undefined } {
  for (const [first, last] of formats) {
    if (last === undefined || labelWidth(first) + DAY_LABEL_GAP + labelWidth(last) <= width) return { first, last }
  }
  const shortest = formats[formats.length - 1]
  return { first: shortest?.[0] ?? '', last: undefined }
}

export interface ScaledChart {
  points: { x: number; y: number; point: ChartPoint }[]
  /** Value range (display unit) and time range of the data; undefined when there are no points. */
  range: { minValue: number; maxValue: number; from: number; to: number } | undefined
  /** The `d` of the line's `<path>` ('' when there are no points). */
  path: string
}

const round = (n: number) => Math.round(n * 100) / 100

/**
 * Scales points into `box`: time grows left to right, value bottom to top, inside the padding.
 * A single time is centred horizontally; a flat series is centred vertically.
 */
export function scaleChart(points: readonly ChartPoint[], box: ChartBox): ScaledChart {
  if (points.length === 0) return { points: [], range: undefined, path: '' }
  const values = points.map((p) => p.value)
  const times = points.map((p) => p.takenAt)
  const minValue = Math.min(...values)
  const maxValue = Math.max(...values)
  const from = Math.min(...times)
  const to = Math.max(...times)
  const left = box.left ?? box.padding
  const innerW = box.width - left - box.padding
  const innerH = box.height - 2 * box.padding
  const x = (t: number) => round(to === from ? left + innerW / 2 : left + ((t - from) / (to - from)) * innerW)
  const y = (v: number) =>
    round(
      maxValue === minValue
        ? box.padding + innerH / 2
        : box.padding + (1 - (v - minValue) / (maxValue - minValue)) * innerH,
    )
  const scaled = points.map((point) => ({ x: x(point.takenAt), y: y(point.value), point }))
  const path = scaled.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ')
  return { points: scaled, range: { minValue, maxValue, from, to }, path }
}
