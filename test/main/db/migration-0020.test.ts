// Migration 0020: generations (one row per model call).
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { useTempStores } from './store-fixtures'
import { openAtVersion, seedConversation, tableNames } from './migration-test-helpers'

const { tempDir } = useTempStores()

describe('migration 0020 (generations)', () => {
  it('adds the generations table and keeps the data of version 10', () => {
    const db = openAtVersion(tempDir(), 10)
    seedConversation(db)
    expect(migrate(db, { targetVersion: 20 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(20)
    expect(tableNames(db)).toContain('generations')
    expect(db.prepare('SELECT title FROM conversations').all()).toEqual([{ title: 'seeded' }])
    db.close()
  })

  it('enforces outcome/end/usage-source consistency and one row per (turn, round, attempt)', () => {
    const db = openAtVersion(tempDir(), 20)
    seedConversation(db)
    const insert = db.prepare(
      `INSERT INTO generations (id, turn_id, round, attempt, provider, model, started_at, ended_at, outcome, usage_source, input_tokens)
       VALUES (?, 't1', ?, ?, 'anthropic', 'claude', 1, ?, ?, ?, ?)`,
    )
    insert.run('g1', 1, 1, null, 'running', null, null)
    insert.run('g2', 1, 2, 5, 'complete', 'reported', 10)
    insert.run('g3', 2, 1, null, 'app-crash', null, null)
    expect(() => insert.run('running-with-end', 3, 1, 5, 'running', null, null)).toThrow(/CHECK/)
    expect(() => insert.run('done-without-end', 3, 1, null, 'complete', 'reported', null)).toThrow(/CHECK/)
    expect(() => insert.run('done-without-source', 3, 1, 5, 'complete', null, null)).toThrow(/CHECK/)
    expect(() => insert.run('bad-source', 3, 1, 5, 'complete', 'guessed', null)).toThrow(/CHECK/)
    expect(() => insert.run('negative', 3, 1, 5, 'complete', 'reported', -1)).toThrow(/CHECK/)
    expect(() => insert.run('dup', 1, 1, 5, 'complete', 'reported', null)).toThrow(/UNIQUE/)
    expect(() =>
      db
        .prepare(
          `INSERT INTO generations (id, turn_id, round, attempt, provider, model, started_at, outcome) VALUES ('x', 'nope', 1, 1, 'p', 'm', 1, 'running')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/)
    db.close()
  })
})
