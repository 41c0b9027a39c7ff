import { describe, expect, it } from 'vitest'
import type { Measurement } from '../../../../src/shared/measurement'
import {
  DAY_LABEL_GAP,
  chartPoints,
  displayUnitOf,
  fittingDayLabels,
  labelWidth,
  scaleChart,
} from '../../../../src/renderer/src/features/measurements/measurement-chart'

function m(
  partial: Partial<Measurement> & Pick<Measurement, 'id' | 'kind' | 'canonicalValue' | 'takenAt'>,
): Measurement {
  return {
    canonicalUnit: 'kg',
    value: partial.canonicalValue,
    unit: 'kg',
    takenAtPrecision: 'instant',
    takenAtOffsetMin: undefined,
    recordedAt: partial.takenAt,
    deletedAt: undefined,
    ...partial,
  }
}

const box = { width: 200, height: 100, padding: 10 }

describe('displayUnitOf', () => {
  it('charts each kind in its canonical unit', () => {
    expect(displayUnitOf('weight')).toBe('kg')
    expect(displayUnitOf('height')).toBe('cm')
    expect(displayUnitOf('waist')).toBe('cm')
    expect(displayUnitOf('body-fat')).toBe('%')
    expect(displayUnitOf('resting-heart-rate')).toBe('bpm')
  })
})

describe('chartPoints', () => {
  it('keeps only live rows of the kind, oldest first, in the display unit', () => {
    const rows = [
      m({ id: 3, kind: 'weight', canonicalValue: 70, takenAt: 3000 }),
      // 154 lb given, stored canonically as 69.8532...: charted in kg, rounded to 2 decimals.
      m({ id: 1, kind: 'weight', canonicalValue: 154 * 0.45359237, value: 154, unit: 'lb', takenAt: 1000 }),
      m({ id: 2, kind: 'height', canonicalValue: 180, canonicalUnit: 'cm', unit: 'cm', takenAt: 2000 }),
      m({ id: 4, kind: 'weight', canonicalValue: 90, takenAt: 500, deletedAt: 4000 }),
    ]
    expect(chartPoints(rows, 'weight')).toEqual([
      { id: 1, takenAt: 1000, value: 69.85 },
      { id: 3, takenAt: 3000, value: 70 },
    ])
  })

  it('orders equal times by id', () => {
    const rows = [
      m({ id: 9, kind: 'weight', canonicalValue: 71, takenAt: 1 }),
      m({ id: 5, kind: 'weight', canonicalValue: 72, takenAt: 1 }),
    ]
    expect(chartPoints(rows, 'weight').map((p) => p.id)).toEqual([5, 9])
  })
})

describe('scaleChart', () => {
  it('returns nothing for no points', () => {
    expect(scaleChart([], box)).toEqual({ points: [], range: undefined, path: '' })
  })

  it('maps time left to right and value bottom to top inside the padding', () => {
    const scaled = scaleChart(
      [
        { id: 1, takenAt: 0, value: 70 },
        { id: 2, takenAt: 50, value: 75 },
        { id: 3, takenAt: 100, value: 80 },
      ],
      box,
    )
    expect(scaled.points.map(({ x, y }) => [x, y])).toEqual([
      [10, 90],
      [100, 50],
      [190, 10],
    ])
    expect(scaled.range).toEqual({ minValue: 70, maxValue: 80, from: 0, to: 100 })
    expect(scaled.path).toBe('M10 90 L100 50 L190 10')
  })

  it('centres a single point and a flat series', () => {
    expect(scaleChart([{ id: 1, takenAt: 5, value: 72.5 }], box).points.map(({ x, y }) => [x, y])).toEqual([[100, 50]])
    const flat = scaleChart(
      [
        { id: 1, takenAt: 0, value: 72 },
        { id: 2, takenAt: 10, value: 72 },
      ],
      box,
    )
    expect(flat.points.map((p) => p.y)).toEqual([50, 50])
    expect(flat.points.map((p) => p.x)).toEqual([10, 190])
  })
})

describe('fittingDayLabels (dates under a narrow chart)', () => {
  const formats = [
    ['10 de nov. de 2026', '28 de nov. de 2026'],
    ['10/11/2026', '28/11/2026'],
  ] as const
  it('keeps the long dates where both fit with the gap between them', () => {
    const needed = labelWidth('10 de nov. de 2026') + DAY_LABEL_GAP + labelWidth('28 de nov. de 2026')
    expect(fittingDayLabels(formats, needed)).toEqual({ first: '10 de nov. de 2026', last: '28 de nov. de 2026' })
  })
  it('takes the shorter dates, then the first alone, as the room shrinks', () => {
    const needed = labelWidth('10 de nov. de 2026') + DAY_LABEL_GAP + labelWidth('28 de nov. de 2026')
    expect(fittingDayLabels(formats, needed - 1)).toEqual({ first: '10/11/2026', last: '28/11/2026' })
    expect(fittingDayLabels(formats, labelWidth('10/11/2026') * 2)).toEqual({ first: '10/11/2026', last: undefined })
  })
  it('a single date is shown alone, in its long form', () => {
    expect(fittingDayLabels([['1 Dec 2026', undefined]], 10)).toEqual({ first: '1 Dec 2026', last: undefined })
  })
})
