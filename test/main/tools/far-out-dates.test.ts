// A measurement's date: one range at every entrance (the tools, the window's edits, the store), and
// every reader robust to a row stored before that (a hostile test stored 9007199254740991).
import { describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { EARLIEST_MEASUREMENT_MS, isoStringOrNull, measurementTimeProblem } from '../../../src/shared/measurement'
import { startAppWorld } from '../app/app-helpers'
import { useToolHarness } from './tool-fixtures'

const FAR_OUT = Number.MAX_SAFE_INTEGER
const setup = useToolHarness()

function insertRaw(store: KeelStore, takenAt: number): number {
  const result = store.db
    .prepare<[number, number]>(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('weight', 80, 80, 'kg', ?, 'day', ?)`,
    )
    .run(takenAt, Date.UTC(2026, 0, 1))
  return Number(result.lastInsertRowid)
}

describe('the one date range', () => {
  it('is 1900 to now plus a day, and refuses what is no real date', () => {
    const now = Date.UTC(2026, 11, 1)
    expect(measurementTimeProblem(EARLIEST_MEASUREMENT_MS, now)).toBeUndefined()
    expect(measurementTimeProblem(EARLIEST_MEASUREMENT_MS - 1, now)).toBe('too-early')
    expect(measurementTimeProblem(now + 86_400_000, now)).toBeUndefined()
    expect(measurementTimeProblem(now + 86_400_001, now)).toBe('in-the-future')
    for (const bad of [FAR_OUT, -FAR_OUT, 8.64e15 + 1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(measurementTimeProblem(bad, now)).toBe('not-a-time')
    expect(isoStringOrNull(FAR_OUT)).toBeNull()
    expect(isoStringOrNull(0)).toBe('1970-01-01T00:00:00.000Z')
  })

  it('the store refuses to insert a date outside it', () => {
    const t = setup()
    expect(() =>
      t.store.measurements.insert({
        kind: 'weight',
        canonicalValue: 80,
        value: 80,
        unit: 'kg',
        takenAt: FAR_OUT,
        takenAtPrecision: 'day',
      }),
    ).toThrow(RangeError)
  })
})

describe('a row stored with a far-out date', () => {
  it('both read tools still answer (the date reads as null); the row is listed', async () => {
    const t = setup()
    await t.run('record_measurement', { kind: 'weight', value: 72, unit: 'kg', date: '2025-01-05' })
    insertRaw(t.store, FAR_OUT)
    const latest = await t.run('get_measurement', { kind: 'weight' })
    expect(latest).toMatchObject({ status: 'succeeded', output: { latest: { value: 80, takenAt: null } } })
    const list = await t.run('list_measurements', { kind: 'weight' })
    expect(list.status).toBe('succeeded')
    expect(JSON.stringify(list)).toContain('"takenAt":null')
    expect(JSON.stringify(list)).toContain('"takenAt":"2025-01-05"')
  })

  it('the window: listed; an edit that keeps the bad date, or brings a new one out of range, is refused with a typed detail; delete works', async () => {
    const world = await startAppWorld()
    try {
      const client = world.client('w')
      const id = insertRaw(world.store, FAR_OUT)
      const listed = await client.value('measurements.list', { kind: 'weight' })
      expect(listed.map((m) => m.takenAt)).toEqual([FAR_OUT])
      const keepDate = await client.call('measurements.update', { id, value: 81, unit: 'kg' })
      expect(keepDate).toMatchObject({
        ok: false,
        error: { kind: 'validation', detail: { code: 'date-out-of-range', earliest: EARLIEST_MEASUREMENT_MS } },
      })
      const farOut = await client.call('measurements.update', { id, value: 81, unit: 'kg', takenAt: FAR_OUT })
      expect(farOut).toMatchObject({ ok: false, error: { kind: 'validation' } })
      const tomorrowPlus = await client.call('measurements.update', {
        id,
        value: 81,
        unit: 'kg',
        takenAt: Date.now() + 3 * 86_400_000,
      })
      expect(tomorrowPlus).toMatchObject({ ok: false, error: { detail: { code: 'date-out-of-range' } } })
      const fixed = await client.call('measurements.update', {
        id,
        value: 81,
        unit: 'kg',
        takenAt: Date.UTC(2026, 0, 2),
      })
      expect(fixed).toMatchObject({ ok: true, value: { value: 81, takenAt: Date.UTC(2026, 0, 2) } })
      const again = insertRaw(world.store, FAR_OUT)
      expect(await client.value('measurements.delete', { id: again })).toEqual({ deleted: true })
    } finally {
      await world.close()
    }
  })
})
