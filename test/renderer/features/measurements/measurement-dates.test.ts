// The measurements view: a day shows as the calendar day the user meant, wherever the window is;
// an instant shows in the window's time zone; a row stored before offsets were kept shows as before.
import { describe, expect, it } from 'vitest'
import { chartPoints } from '../../../../src/renderer/src/features/measurements/measurement-chart'
import { formatChartDay, formatTakenAt } from '../../../../src/renderer/src/features/measurements/measurement-dates'
import type { Measurement } from '../../../../src/shared/measurement'

// 1 May 2024 in Kolkata begins at 18:30 UTC on 30 April.
const kolkataDay = { takenAt: Date.UTC(2024, 3, 30, 18, 30), takenAtPrecision: 'day', takenAtOffsetMin: 330 } as const
const oldDay = { takenAt: Date.UTC(2024, 4, 1), takenAtPrecision: 'day', takenAtOffsetMin: undefined } as const

describe('formatTakenAt', () => {
  it('shows a day as its calendar day, not the UTC date of its local midnight, in whatever zone the window is', () => {
    for (const zone of ['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati', undefined]) {
      expect(formatTakenAt('en', kolkataDay, zone)).toBe('May 1, 2024')
      expect(formatTakenAt('pt-BR', kolkataDay, zone)).toBe('1 de mai. de 2024')
    }
  })

  it('shows a day stored before offsets were kept (midnight UTC) as that date, as before', () => {
    expect(formatTakenAt('en', oldDay, 'America/Los_Angeles')).toBe('May 1, 2024')
  })

  it("shows an instant in the window's time zone", () => {
    const instant = {
      takenAt: Date.UTC(2026, 11, 1, 10, 30),
      takenAtPrecision: 'instant',
      takenAtOffsetMin: -180,
    } as const
    expect(formatTakenAt('en', instant, 'America/Sao_Paulo')).toMatch(/^Dec 1, 2026,? 7:30\s?AM$/)
    expect(formatTakenAt('en', instant, 'Asia/Tokyo')).toMatch(/^Dec 1, 2026,? 7:30\s?PM$/)
  })

  it('is undefined, never a throw, for a stored time that is no real date', () => {
    expect(
      formatTakenAt('en', { takenAt: 9e15, takenAtPrecision: 'instant', takenAtOffsetMin: undefined }),
    ).toBeUndefined()
    expect(formatTakenAt('en', { takenAt: 8.64e15, takenAtPrecision: 'day', takenAtOffsetMin: 600 })).toBeUndefined()
  })
})

describe('chart dates', () => {
  const row = (partial: Partial<Measurement> & Pick<Measurement, 'id' | 'takenAt'>): Measurement => ({
    kind: 'weight',
    canonicalValue: 70,
    canonicalUnit: 'kg',
    value: 70,
    unit: 'kg',
    takenAtPrecision: 'instant',
    takenAtOffsetMin: undefined,
    recordedAt: 0,
    deletedAt: undefined,
    ...partial,
  })

  it('labels a day point with its calendar day and an instant with the window date', () => {
    const points = chartPoints(
      [row({ id: 1, ...kolkataDay }), row({ id: 2, takenAt: Date.UTC(2024, 4, 3, 23, 30) })],
      'weight',
      Date.UTC(2024, 5, 1),
    )
    expect(points.map((p) => formatChartDay('en', p, 'America/Los_Angeles'))).toEqual(['May 1, 2024', 'May 3, 2024'])
    expect(points.map((p) => formatChartDay('en', p, 'Asia/Kolkata'))).toEqual(['May 1, 2024', 'May 4, 2024'])
  })
})
