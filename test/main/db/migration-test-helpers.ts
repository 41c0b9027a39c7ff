// Opens a fresh database migrated up to (and including) `version`, for the per-migration tests.
import { join } from 'node:path'
import type Database from 'better-sqlite3'
import { openDatabase } from '../../../src/main/db/database'

export function openAtVersion(dir: string, version: number): Database.Database {
  const opened = openDatabase(join(dir, 'keel.db'), { migrate: { targetVersion: version } })
  if (!opened.ok) throw new Error(`${opened.error.kind}: ${opened.error.message}`)
  return opened.db
}

export function tableNames(db: Database.Database): string[] {
  return (
    db
      .prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
      .all() as { name: string }[]
  ).map((row) => row.name)
}

export function seedConversation(db: Database.Database, id = 'c1', turnId = 't1'): void {
  db.prepare('INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, 1, 1)').run(id, 'seeded')
  db.prepare('INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, 1)').run(turnId, id)
}
