// Migration 0050: settings as key / JSON value.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { useTempStores } from './store-fixtures'
import { openAtVersion, seedConversation, tableNames } from './migration-test-helpers'

const { tempDir } = useTempStores()

describe('migration 0050 (settings)', () => {
  it('adds the settings table and keeps the data of version 40', () => {
    const db = openAtVersion(tempDir(), 40)
    seedConversation(db)
    db.prepare(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('height', 180, 180, 'cm', 1, 'day', 1)`,
    ).run()
    expect(migrate(db, { targetVersion: 50 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(50)
    expect(tableNames(db)).toContain('settings')
    expect(db.prepare('SELECT kind, canonical_value FROM measurements').all()).toEqual([
      { kind: 'height', canonical_value: 180 },
    ])
    db.close()
  })

  it('accepts only JSON values, one per key', () => {
    const db = openAtVersion(tempDir(), 50)
    const upsert = db.prepare('INSERT INTO settings (key, value_json, updated_at) VALUES (?, ?, 1)')
    upsert.run('language', '"en"')
    expect(() => upsert.run('language', '"es"')).toThrow(/UNIQUE|PRIMARY/)
    expect(() => upsert.run('maxToolRounds', '{not json')).toThrow(/CHECK/)
    db.close()
  })
})
