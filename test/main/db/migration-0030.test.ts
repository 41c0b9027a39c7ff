// Migration 0030: the tool ledger and the call ids that referred to each action.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { useTempStores } from './store-fixtures'
import { openAtVersion, seedConversation, tableNames } from './migration-test-helpers'

const { tempDir } = useTempStores()

describe('migration 0030 (tool ledger)', () => {
  it('adds the ledger tables and keeps the data of version 20', () => {
    const db = openAtVersion(tempDir(), 20)
    seedConversation(db)
    db.prepare(
      `INSERT INTO generations (id, turn_id, round, attempt, provider, model, started_at, outcome) VALUES ('g1', 't1', 1, 1, 'p', 'm', 1, 'running')`,
    ).run()
    expect(migrate(db, { targetVersion: 30 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(30)
    expect(tableNames(db)).toEqual(expect.arrayContaining(['tool_ledger', 'tool_ledger_calls']))
    expect(db.prepare('SELECT id FROM generations').all()).toEqual([{ id: 'g1' }])
    db.close()
  })

  it('keeps one row per key, ties state to output/error, and remembers each call id once', () => {
    const db = openAtVersion(tempDir(), 30)
    seedConversation(db)
    const insert = db.prepare(
      `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, output_json, error_json, created_at, updated_at)
       VALUES (?, 'c1', 't1', 'record_measurement', '{}', ?, ?, ?, 1, 1)`,
    )
    const id = Number(insert.run('k1', 'succeeded', '{"ok":1}', null).lastInsertRowid)
    insert.run('k2', 'failed', null, '{"kind":"not-found"}')
    insert.run('k3', 'unknown', null, null)
    expect(() => insert.run('k1', 'succeeded', '{}', null)).toThrow(/UNIQUE/)
    expect(() => insert.run('k4', 'succeeded', null, null)).toThrow(/CHECK/)
    expect(() => insert.run('k4', 'failed', null, null)).toThrow(/CHECK/)
    expect(() => insert.run('k4', 'unknown', '{}', null)).toThrow(/CHECK/)
    expect(() => insert.run('k4', 'pending', null, null)).toThrow(/CHECK/)
    expect(() =>
      db
        .prepare(
          `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, created_at, updated_at) VALUES ('k5', 'c1', 'no-turn', 't', '{}', 'unknown', 1, 1)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/)
    seedConversation(db, 'c2', 't2')
    expect(() =>
      db
        .prepare(
          `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, created_at, updated_at) VALUES ('k6', 'c1', 't2', 't', '{}', 'unknown', 1, 1)`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/)

    const call = db.prepare('INSERT INTO tool_ledger_calls (ledger_id, call_id, referenced_at) VALUES (?, ?, 1)')
    call.run(id, 'call_a')
    expect(() => call.run(id, 'call_a')).toThrow(/UNIQUE|PRIMARY/)
    expect(() => call.run(999, 'call_b')).toThrow(/FOREIGN KEY/)
    db.close()
  })
})
