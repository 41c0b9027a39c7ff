import { readdirSync } from 'node:fs'
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
    expect(result).toEqual({ ok: true, fromVersion: 0, toVersion: LATEST_SCHEMA_VERSION, applied: MIGRATIONS.map((m) => m.version) })
    expect(migrate(db)).toEqual({ ok: true, fromVersion: LATEST_SCHEMA_VERSION, toVersion: LATEST_SCHEMA_VERSION, applied: [] })
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
    expect(tableNames(db)).toEqual(['first_table'])
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

  it('stops at the target version when asked (how the per-migration tests start)', () => {
    const db = openEmpty()
    const result = migrate(db, { targetVersion: 20 })
    expect(result.ok && result.applied).toEqual([10, 20])
    expect(readSchemaVersion(db)).toBe(20)
    db.close()
  })
})
