// Hostile and broken stdio servers (test/support/mcp/hostile-server.mjs) through the real hub, real
// connections and a real store: nothing a server sends or does takes Keel down or reaches past it.
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpServerConfig, McpServerView } from '../../../src/shared/mcp'
import type { McpHub, McpHubEntry } from '../../../src/main/mcp/mcp-hub'
import { createMcpHub } from '../../../src/main/mcp/mcp-runtime'
import { HOSTILE_SERVER, MISBEHAVING_SERVER, TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { useTempStores } from '../db/store-fixtures'

const { tempDir, openAt } = useTempStores()
const hubs: McpHub[] = []
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()))
})

function entry(id: string, args: string[], extra: Partial<McpServerConfig> = {}): McpHubEntry {
  return {
    config: { id, name: id, transport: 'stdio', command: process.execPath, args, ...extra },
    origin: 'file',
    secrets: { env: {}, headers: {} },
  }
}

function hubWith(entries: McpHubEntry[]) {
  const dir = tempDir()
  const store = openAt(join(dir, 'keel.db'))
  const hub = createMcpHub({ pins: store.mcpPins, connection: TEST_OPTIONS, serversDir: join(dir, 'mcp-servers') })
  hubs.push(hub)
  hub.sync(entries)
  return { hub, store, dir }
}

const server = (hub: McpHub, id: string): McpServerView => hub.views().find((view) => view.config.id === id)!

describe('hostile MCP servers', () => {
  it('a server whose definitions cannot be kept: each such tool is refused with its reason; its other tools and every other server work', async () => {
    const { hub, store } = hubWith([
      entry('hostile', [HOSTILE_SERVER, 'deep-schema']),
      entry('odd', [MISBEHAVING_SERVER]),
    ])
    await hub.whenSettled(20_000)
    const hostile = server(hub, 'hostile')
    expect(hostile.status.state).toBe('ready')
    const byName = new Map(hostile.tools.map((tool) => [tool.name, tool]))
    expect(byName.get('fine')).toMatchObject({ pin: 'accepted', providerName: 'mcp__hostile__fine' })
    expect(byName.get('fine')!.refused).toBeUndefined()
    expect(byName.get('deep')!.refused).toMatch(/nested deeper than/)
    expect(byName.get('huge')!.refused).toMatch(/larger than/)
    expect(byName.get('twin')!.refused).toMatch(/more than one tool named 'twin'/)
    // What a refused tool shows is small (never the 2 MiB or 1,400 levels it sent).
    expect(JSON.stringify(hostile).length).toBeLessThan(100_000)
    expect(hostile.offered.tools).toBe(1)
    expect(server(hub, 'odd')).toMatchObject({ status: { state: 'ready' } })
    expect(server(hub, 'odd').offered.tools).toBe(13)
    expect(hub.list().map((tool) => tool.name)).toContain('mcp__hostile__fine')
    expect(hub.list().map((tool) => tool.name)).not.toContain('mcp__hostile__deep')
    // Only the well-formed tool was pinned; accepting a refused one accepts nothing.
    expect([...store.mcpPins.forServer('hostile').keys()]).toEqual(['fine'])
    expect(
      hub.acceptTools('hostile', Object.fromEntries(hostile.tools.map((tool) => [tool.name, tool.definitionHash]))),
    ).toEqual(['fine'])
  })

  it('a server that dies at start: the reason is the error that explains it, not Node’s version footer', async () => {
    const { hub } = hubWith([entry('broken', [HOSTILE_SERVER, 'enoent-crash'])])
    await hub.whenSettled(20_000)
    const status = server(hub, 'broken').status
    expect(status.state).toBe('failed')
    if (status.state !== 'failed') return
    expect(status.reason).toContain(
      "Error: ENOENT: no such file or directory, open '/keel-test/no-such-dir/config.json'",
    )
    expect(status.reason).not.toMatch(/Node\.js v\d/)
    expect(status.reason).not.toMatch(/\bat (Object\.)?openSync/)
    expect(status.reason.length).toBeLessThanOrEqual(600)
    // The whole tail is still there for the log view.
    expect(hub.stderr('broken')).toContain('Node.js v')
  })
})
