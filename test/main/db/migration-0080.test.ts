// Migration 0080: measurements keep the user's UTC offset; rows stored before have none and read as UTC, as they always did.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { takenAtText } from '../../../src/shared/measurement'
import { openAtVersion } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir, openAt } = useTempStores()

const insertOld = `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES (?, ?, ?, ?, ?, ?, 1)`

describe('migration 0080 (measurement offsets)', () => {
  it('adds taken_at_offset_min to a version-70 database; the rows there get NULL and keep everything else', () => {
    const db = openAtVersion(tempDir(), 70)
    db.prepare(insertOld).run('weight', 72, 72, 'kg', Date.UTC(2024, 4, 1), 'day')
    expect(migrate(db, { targetVersion: 80 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(80)
    expect(
      db.prepare('SELECT kind, input_value, taken_at, taken_at_precision, taken_at_offset_min FROM measurements').get(),
    ).toEqual({
      kind: 'weight',
      input_value: 72,
      taken_at: Date.UTC(2024, 4, 1),
      taken_at_precision: 'day',
      taken_at_offset_min: null,
    })
    db.close()
  })

  it('keeps offsets within a day (IANA offsets lie within ±15 h); NULL stays allowed', () => {
    const db = openAtVersion(tempDir(), 80)
    const insert = db.prepare(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, taken_at_offset_min, recorded_at) VALUES ('weight', 1, 1, 'kg', 1, 'day', ?, 1)`,
    )
    for (const ok of [-180, 330, 0, 840, -720, null]) expect(() => insert.run(ok)).not.toThrow()
    for (const bad of [1440, -1440, 100_000]) expect(() => insert.run(bad)).toThrow(/CHECK/)
    expect(() => insert.run('-03:00')).toThrow(/CHECK|cannot store TEXT/)
    db.close()
  })

  it('reads rows stored before exactly as before: a day is the UTC date, an instant the UTC instant', () => {
    const dir = tempDir()
    const db = openAtVersion(dir, 70)
    db.prepare(insertOld).run('weight', 72, 72, 'kg', Date.UTC(2024, 4, 1), 'day')
    db.prepare(insertOld).run('weight', 73, 73, 'kg', Date.UTC(2024, 4, 2, 9, 14), 'instant')
    db.close()
    const store = openAt(join(dir, 'keel.db'))
    const [instant, day] = store.measurements.list({ limit: 10 })
    expect(day).toMatchObject({ takenAt: Date.UTC(2024, 4, 1), takenAtPrecision: 'day', takenAtOffsetMin: undefined })
    expect(takenAtText(day!)).toBe('2024-05-01')
    expect(instant).toMatchObject({ takenAtPrecision: 'instant', takenAtOffsetMin: undefined })
    expect(takenAtText(instant!)).toBe('2024-05-02T09:14:00.000Z')
  })
})
