// A day the model gives is the user's local day: stored as its first instant in the user's zone with
// the zone's offset, read back as the same day, found by date ranges of local days; rows stored
// before offsets were kept read exactly as before.
import { describe, expect, it } from 'vitest'
import { computeIdempotencyKey } from '../../../src/main/ledger/idempotency-key'
import { datePreamble } from '../../../src/shared/date-preamble'
import type { ToolCallOutcome } from '../../../src/shared/tool-outcome'
import type { JsonObject } from '../../../src/shared/json-value'
import { useToolHarness } from './tool-fixtures'

const setup = useToolHarness()
const iso = (ms: number) => new Date(ms).toISOString()

function output(outcome: ToolCallOutcome): JsonObject {
  if (outcome.status !== 'succeeded') throw new Error(`expected success, got ${JSON.stringify(outcome)}`)
  return outcome.output as JsonObject
}
const listed = (outcome: ToolCallOutcome) =>
  (output(outcome).measurements as JsonObject[]).map((m) => [m.value, m.takenAt])

describe('days are the user local days', () => {
  it('a day is stored as its local midnight with the offset, and read back as the same day in that zone', async () => {
    const t = setup(Date.UTC(2024, 5, 1))
    const kolkata = { timeZone: 'Asia/Kolkata' }
    const recorded = await t.run(
      'record_measurement',
      { kind: 'weight', value: 72, unit: 'kg', date: '2024-05-01' },
      kolkata,
    )
    expect(output(recorded).recorded).toMatchObject({ takenAt: '2024-05-01' })
    const stored = t.store.measurements.latest('weight')!
    expect(iso(stored.takenAt)).toBe('2024-04-30T18:30:00.000Z')
    expect(stored).toMatchObject({ takenAtPrecision: 'day', takenAtOffsetMin: 330 })
    expect(output(await t.run('get_measurement', { kind: 'weight' }, kolkata)).latest).toMatchObject({
      takenAt: '2024-05-01',
    })
    expect(listed(await t.run('list_measurements', { from: '2024-05-01', to: '2024-05-01' }, kolkata))).toEqual([
      [72, '2024-05-01'],
    ])
    // The day before and after hold nothing, though its instant is on 30 April in UTC.
    expect(listed(await t.run('list_measurements', { from: '2024-04-30', to: '2024-04-30' }, kolkata))).toEqual([])
    expect(listed(await t.run('list_measurements', { from: '2024-05-02', to: '2024-05-02' }, kolkata))).toEqual([])
  })

  it('"yesterday" is the model\'s to work out from the preamble; the day it gives is kept as that local day', async () => {
    // 02:00 UTC on 1 December is still 30 November, 23:00, in São Paulo: yesterday there is the 29th.
    const now = Date.UTC(2026, 11, 1, 2)
    expect(datePreamble({ now, timeZone: 'America/Sao_Paulo', locale: 'en' })).toContain(
      'Monday, 30 November 2026 (2026-11-30)',
    )
    const t = setup(now)
    const zone = { timeZone: 'America/Sao_Paulo' }
    const recorded = await t.run(
      'record_measurement',
      { kind: 'weight', value: 72, unit: 'kg', date: '2026-11-29' },
      zone,
    )
    expect(output(recorded).recorded).toMatchObject({ takenAt: '2026-11-29' })
    expect(iso(t.store.measurements.latest('weight')!.takenAt)).toBe('2026-11-29T03:00:00.000Z')
    expect(output(await t.run('get_measurement', { kind: 'weight' }, zone)).latest).toMatchObject({
      takenAt: '2026-11-29',
    })
  })

  it('local midnight is right on DST days (New York springs forward, Lisbon falls back), and a DST day lists its 23 hours', async () => {
    const t = setup(Date.UTC(2026, 11, 1))
    const ny = { timeZone: 'America/New_York' }
    await t.run('record_measurement', { kind: 'weight', value: 80, unit: 'kg', date: '2026-03-08' }, ny)
    await t.run('record_measurement', { kind: 'weight', value: 81, unit: 'kg', date: '2026-03-09' }, ny)
    await t.run(
      'record_measurement',
      { kind: 'weight', value: 82, unit: 'kg', date: '2026-10-25' },
      { timeZone: 'Europe/Lisbon' },
    )
    const rows = t.store.measurements.list({ limit: 10 }).map((m) => [m.value, iso(m.takenAt), m.takenAtOffsetMin])
    expect(rows).toEqual([
      [82, '2026-10-24T23:00:00.000Z', 60],
      [81, '2026-03-09T04:00:00.000Z', -240],
      [80, '2026-03-08T05:00:00.000Z', -300],
    ])
    // 23:30 on the 8th (EDT) is in the 8th; 00:00 on the 9th is not.
    await t.run('record_measurement', { kind: 'weight', value: 83, unit: 'kg', date: '2026-03-09T03:30:00Z' }, ny)
    await t.run('record_measurement', { kind: 'weight', value: 84, unit: 'kg', date: '2026-03-09T04:00:00Z' }, ny)
    expect(listed(await t.run('list_measurements', { from: '2026-03-08', to: '2026-03-08' }, ny))).toEqual([
      [83, '2026-03-08T23:30:00-04:00'],
      [80, '2026-03-08'],
    ])
  })

  it('gives instants with the user offset then, "now" included', async () => {
    const t = setup(Date.UTC(2026, 11, 1, 12))
    const given = await t.run(
      'record_measurement',
      { kind: 'weight', value: 70, unit: 'kg', date: '2026-12-01T10:30:00Z' },
      { timeZone: 'America/Sao_Paulo' },
    )
    expect(output(given).recorded).toMatchObject({ takenAt: '2026-12-01T07:30:00-03:00' })
    const now = await t.run(
      'record_measurement',
      { kind: 'weight', value: 71, unit: 'kg' },
      { timeZone: 'Asia/Kolkata' },
    )
    expect(output(now).recorded).toMatchObject({ takenAt: '2026-12-01T17:30:00+05:30' })
  })

  it('keeps the idempotency key of the same arguments: the normalized date, whatever the zone', async () => {
    const t = setup(Date.UTC(2024, 5, 1))
    const args = { kind: 'weight', value: 72, unit: 'kg', date: ' 2024-05-01 ' }
    const first = await t.run('record_measurement', args, { timeZone: 'Asia/Kolkata' })
    const again = await t.run('record_measurement', args, { timeZone: 'America/Sao_Paulo' })
    const key = computeIdempotencyKey({
      ...t.ids,
      toolName: 'record_measurement',
      canonicalArguments: { kind: 'weight', value: 72, unit: 'kg', date: '2024-05-01' },
    })
    expect(first).toMatchObject({ status: 'succeeded', repeated: false, idempotencyKey: key })
    expect(again).toMatchObject({ status: 'succeeded', repeated: true, idempotencyKey: key })
    expect(t.writtenRows().measurements).toBe(1)
  })

  it('refuses a day whose local midnight falls outside the one date range, with a typed failure and nothing stored', async () => {
    const t = setup(Date.UTC(2024, 5, 1))
    // 1 January 1900 begins on 31 December 1899 (UTC) in Kolkata.
    const outcome = await t.run(
      'record_measurement',
      { kind: 'weight', value: 72, unit: 'kg', date: '1900-01-01' },
      { timeZone: 'Asia/Kolkata' },
    )
    expect(outcome).toMatchObject({ status: 'failed', error: { kind: 'rejected', retryable: false } })
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/before 1900.*Asia\/Kolkata/)
    expect(t.writtenRows().measurements).toBe(0)
  })

  it('a range from a day to an earlier instant (its order depends on the zone) lists nothing rather than failing', async () => {
    const t = setup(Date.UTC(2024, 5, 1))
    await t.run('record_measurement', { kind: 'weight', value: 72, unit: 'kg', date: '2024-05-01' })
    const outcome = await t.run(
      'list_measurements',
      { from: '2024-05-02', to: '2024-05-01T12:00:00Z' },
      { timeZone: 'Asia/Kolkata' },
    )
    expect(listed(outcome)).toEqual([])
  })
})

describe('rows stored before offsets were kept (NULL offset)', () => {
  function seedOldRows(t: ReturnType<typeof setup>) {
    const insert = t.store.db.prepare(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('weight', ?, ?, 'kg', ?, ?, ?)`,
    )
    insert.run(72, 72, Date.UTC(2024, 4, 1), 'day', Date.UTC(2024, 4, 1, 8))
    insert.run(73, 73, Date.UTC(2024, 4, 2, 9, 14), 'instant', Date.UTC(2024, 4, 2, 9, 15))
  }

  it.each(['America/Sao_Paulo', 'Asia/Kolkata', 'UTC'])(
    'read exactly as before, in any zone (%s)',
    async (timeZone) => {
      const t = setup(Date.UTC(2024, 5, 1))
      seedOldRows(t)
      expect(output(await t.run('get_measurement', { kind: 'weight' }, { timeZone })).latest).toEqual({
        id: 2,
        kind: 'weight',
        value: 73,
        unit: 'kg',
        canonicalValue: 73,
        canonicalUnit: 'kg',
        takenAt: '2024-05-02T09:14:00.000Z',
        recordedAt: '2024-05-02T09:15:00.000Z',
      })
      expect(listed(await t.run('list_measurements', {}, { timeZone }))).toEqual([
        [73, '2024-05-02T09:14:00.000Z'],
        [72, '2024-05-01'],
      ])
    },
  )

  it.each(['America/Sao_Paulo', 'Asia/Kolkata'])(
    'an old day is found by its date from any zone (%s), though its instant is midnight UTC',
    async (timeZone) => {
      const t = setup(Date.UTC(2024, 5, 1))
      seedOldRows(t)
      expect(listed(await t.run('list_measurements', { from: '2024-05-01', to: '2024-05-01' }, { timeZone }))).toEqual([
        [72, '2024-05-01'],
      ])
      expect(listed(await t.run('list_measurements', { from: '2024-04-30', to: '2024-04-30' }, { timeZone }))).toEqual(
        [],
      )
    },
  )
})
