// Migration 0090: accepted MCP tool definitions (pins) — one row per server and tool, checked shapes, nothing else touched.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir, openAt } = useTempStores()
const HASH = 'a'.repeat(64)

describe('migration 0090 (MCP tool pins)', () => {
  it('adds mcp_tool_pins to a version-80 database and keeps its rows', () => {
    const db = openAtVersion(tempDir(), 80)
    db.prepare(`INSERT INTO settings (key, value_json, updated_at) VALUES ('language', '"es"', 1)`).run()
    expect(migrate(db, { targetVersion: 90 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(90)
    expect(db.prepare(`SELECT value_json FROM settings WHERE key = 'language'`).get()).toEqual({ value_json: '"es"' })
    expect(db.prepare('SELECT count(*) AS n FROM mcp_tool_pins').get()).toEqual({ n: 0 })
    db.close()
  })

  it('refuses a malformed pin: a short hash, invalid JSON, an empty name; one row per server and tool', () => {
    const db = openAtVersion(tempDir(), 90)
    const insert = db.prepare(
      'INSERT INTO mcp_tool_pins (server_id, tool_name, definition_hash, definition_json, accepted_at) VALUES (?, ?, ?, ?, 1)',
    )
    expect(() => insert.run('files', 'read', HASH, '{"name":"read"}')).not.toThrow()
    expect(() => insert.run('files', 'read', HASH, '{"name":"read"}')).toThrow(/UNIQUE|PRIMARY/)
    expect(() => insert.run('files', 'write', 'abc', '{}')).toThrow(/CHECK/)
    expect(() => insert.run('files', 'write', HASH, '{not json')).toThrow(/CHECK/)
    expect(() => insert.run('files', '', HASH, '{}')).toThrow(/CHECK/)
    db.close()
  })

  it('the pin store accepts, replaces, reads back and forgets a server', () => {
    const dir = tempDir()
    const store = openAt(join(dir, 'keel.db'))
    expect(store.mcpPins.hasAny('files')).toBe(false)
    store.mcpPins.accept('files', [
      { toolName: 'read', definitionHash: HASH, definition: { name: 'read', inputSchema: { type: 'object' } } },
      { toolName: 'write', definitionHash: 'b'.repeat(64), definition: { name: 'write' } },
    ])
    store.mcpPins.accept('files', [
      { toolName: 'write', definitionHash: 'c'.repeat(64), definition: { name: 'write', description: 'changed' } },
    ])
    const pins = store.mcpPins.forServer('files')
    expect([...pins.keys()].sort()).toEqual(['read', 'write'])
    expect(pins.get('write')).toMatchObject({
      definitionHash: 'c'.repeat(64),
      definition: { name: 'write', description: 'changed' },
    })
    expect(store.mcpPins.forServer('other').size).toBe(0)
    store.mcpPins.removeServer('files')
    expect(store.mcpPins.hasAny('files')).toBe(false)
  })
})
