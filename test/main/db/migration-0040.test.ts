// Migration 0040: measurements, tied to the ledger entry that created or deleted them.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { useTempStores } from './store-fixtures'
import { openAtVersion, seedConversation, tableNames } from './migration-test-helpers'

const { tempDir } = useTempStores()

function seedLedger(db: import('better-sqlite3').Database, key: string): number {
  return Number(
    db
      .prepare(
        `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, output_json, created_at, updated_at)
         VALUES (?, 'c1', 't1', 'record_measurement', '{}', 'succeeded', '{}', 1, 1)`,
      )
      .run(key).lastInsertRowid,
  )
}

describe('migration 0040 (measurements)', () => {
  it('adds the measurements table and keeps the ledger of version 30', () => {
    const db = openAtVersion(tempDir(), 30)
    seedConversation(db)
    seedLedger(db, 'k1')
    expect(migrate(db, { targetVersion: 40 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(40)
    expect(tableNames(db)).toContain('measurements')
    expect(db.prepare('SELECT idempotency_key FROM tool_ledger').all()).toEqual([{ idempotency_key: 'k1' }])
    db.close()
  })

  it('checks kinds and units, allows one effect row per ledger entry, and outlives a deleted conversation', () => {
    const db = openAtVersion(tempDir(), 40)
    seedConversation(db)
    const ledgerId = seedLedger(db, 'k1')
    const insert = db.prepare(
      `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at, created_by_ledger_id)
       VALUES (?, 70, 70, ?, 1, 'instant', 1, ?)`,
    )
    const id = Number(insert.run('weight', 'kg', ledgerId).lastInsertRowid)
    expect(() => insert.run('weight', 'kg', ledgerId)).toThrow(/UNIQUE/)
    expect(() => insert.run('mass', 'kg', null)).toThrow(/CHECK/)
    expect(() => insert.run('weight', 'stone', null)).toThrow(/CHECK/)
    expect(() => insert.run('weight', 'kg', 999)).toThrow(/FOREIGN KEY/)
    expect(() => db.prepare(`UPDATE measurements SET deleted_by_ledger_id = ? WHERE id = ?`).run(ledgerId, id)).toThrow(
      /CHECK/,
    )
    expect(() =>
      db
        .prepare(
          `INSERT INTO measurements (kind, canonical_value, input_value, input_unit, taken_at, taken_at_precision, recorded_at) VALUES ('weight', 1, 1, 'kg', 1, 'roughly', 1)`,
        )
        .run(),
    ).toThrow(/CHECK/)

    db.prepare(`DELETE FROM conversations WHERE id = 'c1'`).run()
    expect(db.prepare('SELECT id, created_by_ledger_id FROM measurements').all()).toEqual([
      { id, created_by_ledger_id: null },
    ])
    db.close()
  })
})
