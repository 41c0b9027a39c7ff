import { copyFileSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/main/db/database'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../src/main/db/migrations/index'
import { KEEL_APPLICATION_ID } from '../../../src/main/db/migrations/migration'
import type { Migration } from '../../../src/main/db/migrations/migration'
import { useTempStores } from './store-fixtures'
import { tableNames } from './migration-test-helpers'

const { tempDir } = useTempStores()

const openEmpty = () => {
  const opened = openDatabase(join(tempDir(), 'keel.db'), { migrate: { targetVersion: 0 } })
  if (!opened.ok) throw new Error(opened.error.message)
  return opened.db
}

describe('migrate', () => {
  it('lists one migration per file, versions increasing in steps of 10, names matching the files', () => {
    const files = readdirSync(join(import.meta.dirname, '../../../src/main/db/migrations'))
      .filter((f) => /^\d{4}-/.test(f))
      .sort()
    expect(MIGRATIONS.map((m) => `${String(m.version).padStart(4, '0')}-${m.name}.ts`)).toEqual(files)
    // Multiples of 10, increasing (a branch may leave a gap for a number reserved by another one).
    MIGRATIONS.forEach((m, index) => {
      expect(m.version % 10).toBe(0)
      expect(m.version).toBeGreaterThan(MIGRATIONS[index - 1]?.version ?? 0)
    })
    expect(LATEST_SCHEMA_VERSION).toBe(MIGRATIONS[MIGRATIONS.length - 1]?.version)
  })

  it('applies every migration in order on an empty database and records the version', () => {
    const db = openEmpty()
    expect(readSchemaVersion(db)).toBe(0)
    const result = migrate(db)
    expect(result).toEqual({
      ok: true,
      fromVersion: 0,
      toVersion: LATEST_SCHEMA_VERSION,
      applied: MIGRATIONS.map((m) => m.version),
    })
    expect(migrate(db)).toEqual({
      ok: true,
      fromVersion: LATEST_SCHEMA_VERSION,
      toVersion: LATEST_SCHEMA_VERSION,
      applied: [],
    })
    db.close()
  })

  it('runs each migration in its own transaction: a failing one rolls back entirely and leaves the previous version', () => {
    const db = openEmpty()
    const migrations: Migration[] = [
      { version: 10, name: 'first', up: (d) => d.exec('CREATE TABLE first_table (x INTEGER) STRICT') },
      {
        version: 20,
        name: 'broken',
        up: (d) => {
          d.exec('CREATE TABLE half_done (x INTEGER) STRICT')
          throw new Error('boom in the middle')
        },
      },
      { version: 30, name: 'never', up: (d) => d.exec('CREATE TABLE never_table (x INTEGER) STRICT') },
    ]
    const result = migrate(db, { migrations })
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.kind).toBe('migration-failed')
      expect(result.error.targetVersion).toBe(20)
      expect(result.error.message).toMatch(/Migration 20 \(broken\) failed and was rolled back.*boom in the middle/)
    }
    expect(readSchemaVersion(db)).toBe(10)
    expect(tableNames(db)).toEqual(['first_table', 'schema_migrations'])
    expect(db.prepare('SELECT version, name, how FROM schema_migrations').all()).toEqual([
      { version: 10, name: 'first', how: 'ran' },
    ])
    db.close()
  })

  it('refuses a schema newer than the migrations it knows, without changing it', () => {
    const db = openEmpty()
    db.pragma(`application_id = ${KEEL_APPLICATION_ID}`)
    db.pragma('user_version = 990')
    const result = migrate(db)
    expect(result.ok ? 'ok' : result.error.kind).toBe('newer-schema')
    expect(readSchemaVersion(db)).toBe(990)
    db.close()
  })

  it("runs a migration the store lacks even when its number is below the store's version, and records each one", () => {
    const db = openEmpty()
    const made = (version: number): Migration => ({
      version,
      name: `m${version}`,
      up: (d) => d.exec(`CREATE TABLE t${version} (x INTEGER) STRICT`),
    })
    expect(migrate(db, { migrations: [made(10), made(30)] })).toMatchObject({ ok: true, applied: [10, 30] })
    // 20 reached this build after 30 did.
    expect(migrate(db, { migrations: [made(10), made(20), made(30)] })).toEqual({
      ok: true,
      fromVersion: 30,
      toVersion: 30,
      applied: [20],
    })
    expect(tableNames(db)).toEqual(['schema_migrations', 't10', 't20', 't30'])
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all()).toEqual([10, 20, 30])
    db.close()
  })

  it('records what a store from before records has in one step; a migration that fails after it leaves the store to finish next time', () => {
    const path = join(tempDir(), 'keel.db')
    copyFileSync(join(import.meta.dirname, '../../fixtures/legacy-stores/made-at-0120-without-0110.sqlite'), path)
    const opened = openDatabase(path, { migrate: { targetVersion: 0 } })
    if (!opened.ok) throw new Error(opened.error.message)
    const db = opened.db
    const failing = MIGRATIONS.map((m) =>
      m.version === 110
        ? {
            ...m,
            up: () => {
              throw new Error('killed mid-migration')
            },
          }
        : m,
    )
    const result = migrate(db, { migrations: failing })
    expect(result.ok ? 'ok' : result.error.message).toMatch(
      /Migration 110 \(conversation-settings\) failed and was rolled back.*killed mid-migration/,
    )
    expect(tableNames(db)).not.toContain('conversation_settings')
    expect(
      db.prepare(`SELECT version FROM schema_migrations WHERE how = 'found' ORDER BY version`).pluck().all(),
    ).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 120, 130])
    expect(readSchemaVersion(db)).toBe(130)
    // The next open finds 110 (and every migration above 130) missing and runs them.
    expect(migrate(db)).toMatchObject({
      ok: true,
      applied: [110, ...MIGRATIONS.map((m) => m.version).filter((version) => version > 130)],
    })
    expect(tableNames(db)).toContain('conversation_settings')
    db.close()
  })

  it('refuses a store that records a migration this build does not know, without changing it', () => {
    const path = join(tempDir(), 'keel.db')
    const first = openDatabase(path)
    if (!first.ok) throw new Error(first.error.message)
    first.db
      .prepare(
        `INSERT INTO schema_migrations (version, name, how, recorded_at) VALUES (175, 'from-a-newer-keel', 'ran', 1)`,
      )
      .run()
    first.db.close()
    const before = readFileSync(path)
    const reopened = openDatabase(path)
    expect(reopened.ok ? 'opened' : reopened.error.kind).toBe('newer-schema')
    if (!reopened.ok)
      expect(reopened.error.message).toMatch(/migration 175, which this Keel does not know.*not changed/)
    expect(readFileSync(path).equals(before)).toBe(true)
  })

  it('stops at the target version when asked (how the per-migration tests start)', () => {
    const db = openEmpty()
    const result = migrate(db, { targetVersion: 20 })
    expect(result.ok && result.applied).toEqual([10, 20])
    expect(readSchemaVersion(db)).toBe(20)
    db.close()
  })
})
