// "Add measurement": the window's command, checked by the record_measurement tool's own schema and written by its code (real SQLite).
import { afterEach, describe, expect, it } from 'vitest'
import { countRows, startAppWorld, type AppWorld } from './app-helpers'

let world: AppWorld
afterEach(async () => {
  await world?.close()
})

describe('measurements.add', () => {
  it('records a measurement at the given instant (no ledger entry), listed at once', async () => {
    world = await startAppWorld({ env: { KEEL_TIME_ZONE: 'America/Sao_Paulo' } })
    const a = world.client('window')
    const added = await a.value('measurements.add', {
      kind: 'weight',
      value: 154,
      unit: 'lb',
      date: '2026-11-30T07:30:00-03:00',
    })
    expect(added).toMatchObject({
      kind: 'weight',
      value: 154,
      unit: 'lb',
      takenAt: Date.parse('2026-11-30T10:30:00Z'),
      takenAtPrecision: 'instant',
      takenAtOffsetMin: -180,
    })
    expect(added.canonicalValue).toBeCloseTo(154 * 0.45359237, 9)
    expect(countRows(world.store, 'tool_ledger')).toBe(0)
    expect(await a.value('measurements.list', { kind: 'weight' })).toEqual([added])
    // A calendar day is the user's local day; no date is now. Units are read as the tool reads them.
    const day = await a.value('measurements.add', { kind: 'waist', value: 80, unit: 'CM', date: '2026-11-29' })
    expect(day).toMatchObject({ unit: 'cm', takenAtPrecision: 'day', takenAt: Date.parse('2026-11-29T03:00:00Z') })
    const before = world.store.clock()
    const now = await a.value('measurements.add', { kind: 'resting-heart-rate', value: 58, unit: 'bpm' })
    expect(now.takenAt).toBeGreaterThanOrEqual(before)
    expect(now.takenAt).toBeLessThanOrEqual(world.store.clock())
    expect(now.takenAtPrecision).toBe('instant')
  })

  it('refuses what the tool refuses, with the typed reason, and stores nothing', async () => {
    world = await startAppWorld()
    const a = world.client('window')
    const refusals = [
      [
        { kind: 'weight', value: 900, unit: 'kg' },
        { code: 'value-out-of-range', kind: 'weight', value: 900, unit: 'kg' },
      ],
      [
        { kind: 'weight', value: 70, unit: 'cm' },
        { code: 'unit-not-for-kind', kind: 'weight', unit: 'cm', units: ['kg', 'lb'] },
      ],
      [{ kind: 'weight', value: 70, unit: 'kg', date: '2999-01-01T00:00:00Z' }, { code: 'date-out-of-range' }],
      [{ kind: 'weight', value: 70, unit: 'kg', date: '1850-01-01' }, { code: 'date-out-of-range' }],
      [{ kind: 'weight', value: 70, unit: 'kg', date: '2026-02-30' }, { code: 'date-out-of-range' }],
      [{ kind: 'mood', value: 3, unit: 'points' }, undefined],
    ] as const
    for (const [payload, detail] of refusals) {
      const result = await a.call('measurements.add', payload)
      expect(result, JSON.stringify(payload)).toMatchObject({ ok: false, error: { kind: 'validation', owner: 'user' } })
      if (!result.ok)
        expect(result.error.detail).toEqual(detail === undefined ? undefined : expect.objectContaining(detail))
    }
    expect(countRows(world.store, 'measurements')).toBe(0)
  })
})
