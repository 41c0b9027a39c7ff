// A newer Keel's MCP server list read by this one, through the whole core and a real SQLite file:
// the stored servers have keys this Keel does not know. They are not a corrupt setting, and every
// edit (switches, consent, the edit form) writes them back unchanged; the window's own payloads
// stay strict, so it cannot add such a key.
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { readSettings } from '../../../src/main/settings/read-settings'
import { type AppWorld, startAppWorld } from './app-helpers'

let world: AppWorld | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
})

const NEWER = { colour: 'blue', sandbox: { network: false, folders: ['/srv'] } }

function storedServers(path: string): Array<Record<string, unknown>> {
  const db = new Database(path, { readonly: true })
  try {
    const row = db.prepare(`SELECT value_json FROM settings WHERE key = 'mcpServers'`).get() as { value_json: string }
    return JSON.parse(row.value_json) as Array<Record<string, unknown>>
  } finally {
    db.close()
  }
}

describe('a newer Keel’s mcpServers setting', () => {
  it('is read (not corrupt) and its unknown keys survive every edit; the window cannot add one', async () => {
    world = await startAppWorld()
    const client = world.client('window')
    const saved = await client.value('mcp.save', {
      name: 'Remote',
      transport: 'http',
      url: 'http://127.0.0.1:9/mcp',
      disabled: true,
    })
    const id = saved.config.id
    // What a newer Keel wrote into the same file.
    const newer = storedServers(world.dbPath).map((server) => ({ ...server, ...NEWER }))
    world.store.db.prepare(`UPDATE settings SET value_json = ? WHERE key = 'mcpServers'`).run(JSON.stringify(newer))
    expect(readSettings(world.store).corrupt).toEqual([])
    expect((await client.value('mcp.list', {})).map((view) => view.config.id)).toEqual([id])

    await client.value('mcp.update', { serverId: id, timeoutMs: 30_000 })
    await client.value('mcp.save', { serverId: id, name: 'Remote 2', transport: 'http', url: 'http://127.0.0.1:9/v2' })
    await client.value('mcp.update', { serverId: id, disabled: false })
    const [after] = storedServers(world.dbPath)
    expect(after).toMatchObject({ ...NEWER, id, name: 'Remote 2', url: 'http://127.0.0.1:9/v2', timeoutMs: 30_000 })
    expect(readSettings(world.store).values.mcpServers[0]?.sandbox).toEqual(NEWER.sandbox)

    // The window's payloads are strict: no unknown key gets in through them.
    const refused = await client.call('mcp.save', {
      name: 'Other',
      transport: 'http',
      url: 'http://127.0.0.1:9/o',
      colour: 'red',
    })
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } })
    const update = await client.call('mcp.update', { serverId: id, colour: 'red' })
    expect(update).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(storedServers(world.dbPath)).toHaveLength(1)
    expect(storedServers(world.dbPath)[0]?.colour).toBe('blue')
  })
})
