// Resource subscriptions above the connections, through the real hub and real connections: counted
// per holder, given again to the connection a Restart makes, forgotten for a server removed or
// switched off, and only updates of held URIs told. A 2026-07-28 server over loopback HTTP
// (test/support/mcp/modern-resources-server.mjs) shows what is watched; the reference `everything`
// server over stdio shows a 2025-11-25 server subscribed again after a Restart.
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { McpServerConfig } from '../../../src/shared/mcp'
import type { McpHub, McpHubEntry } from '../../../src/main/mcp/mcp-hub'
import type { McpResourceUpdated } from '../../../src/main/mcp/mcp-resource-subscriptions'
import { createMcpHub } from '../../../src/main/mcp/mcp-runtime'
import { eventually, referenceServer, TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { startModernResourcesServer, type ModernResourcesServer } from '../../support/mcp/modern-resources-server.mjs'
import { useTempStores } from '../db/store-fixtures'

const { tempDir, openAt } = useTempStores()
const hubs: McpHub[] = []
const servers: ModernResourcesServer[] = []
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()))
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function entry(config: Partial<McpServerConfig> & Pick<McpServerConfig, 'id' | 'transport'>): McpHubEntry {
  return { config: { name: config.id, ...config }, origin: 'file', secrets: { env: {}, headers: {} } }
}

async function hubWith(entries: McpHubEntry[]) {
  const dir = tempDir()
  const store = openAt(join(dir, 'keel.db'))
  const hub = createMcpHub({ pins: store.mcpPins, connection: TEST_OPTIONS, serversDir: join(dir, 'mcp-servers') })
  hubs.push(hub)
  hub.sync(entries)
  await hub.whenSettled(20_000)
  const updates: McpResourceUpdated[] = []
  hub.resourceSubscriptions.onUpdated((event) => updates.push(event))
  return { hub, updates }
}

async function modernHub() {
  const server = await startModernResourcesServer()
  servers.push(server)
  const notes = entry({ id: 'notes', transport: 'http', url: server.url })
  return { server, notes, ...(await hubWith([notes])) }
}

describe('resource subscriptions in the hub', () => {
  it('counts who holds a URI: the server watches it until the last holder lets go', async () => {
    const { server, hub, updates } = await modernHub()
    const subscriptions = hub.resourceSubscriptions
    expect(await subscriptions.subscribe('notes', 'notes://today', 'window:1')).toEqual({ watching: true })
    expect(await subscriptions.subscribe('notes', 'notes://today', 'window:2')).toEqual({ watching: true })
    expect(server.watching()).toEqual([['notes://today']])
    // A URI no one holds is not watched: its change is not told.
    server.change('notes://tomorrow', 'other plans')
    server.change('notes://today', 'version 2')
    await eventually(() => updates.length > 0)
    expect(updates).toEqual([{ serverId: 'notes', uri: 'notes://today' }])
    await subscriptions.unsubscribe('notes', 'notes://today', 'window:1')
    expect(server.watching()).toEqual([['notes://today']])
    // A holder that never held it changes nothing.
    await subscriptions.unsubscribe('notes', 'notes://today', 'window:9')
    expect(subscriptions.urisOf('notes')).toEqual(['notes://today'])
    await subscriptions.unsubscribe('notes', 'notes://today', 'window:2')
    await eventually(() => server.watching().length === 0)
    expect(subscriptions.urisOf('notes')).toEqual([])
  })

  it('a holder that subscribed twice must let go twice; a closed window lets go of everything it held', async () => {
    const { server, hub } = await modernHub()
    const subscriptions = hub.resourceSubscriptions
    await subscriptions.subscribe('notes', 'notes://today', 'window:1')
    await subscriptions.subscribe('notes', 'notes://today', 'window:1')
    await subscriptions.subscribe('notes', 'notes://tomorrow', 'window:1')
    await subscriptions.unsubscribe('notes', 'notes://today', 'window:1')
    expect(subscriptions.urisOf('notes')).toEqual(['notes://today', 'notes://tomorrow'])
    subscriptions.release('window:1')
    expect(subscriptions.urisOf('notes')).toEqual([])
    await eventually(() => server.watching().length === 0)
  })

  it('gives the URIs to the connection a Restart makes, and says they may have changed meanwhile', async () => {
    const { server, hub, updates } = await modernHub()
    await hub.resourceSubscriptions.subscribe('notes', 'notes://today', 'window:1')
    await hub.restart('notes')
    await eventually(() => updates.length > 0)
    expect(updates).toEqual([{ serverId: 'notes', uri: 'notes://today' }])
    await hub.whenSettled(20_000)
    await eventually(() => server.watching().length === 1)
    updates.length = 0
    server.change('notes://today', 'after the restart')
    await eventually(() => updates.length > 0)
    expect(updates).toEqual([{ serverId: 'notes', uri: 'notes://today' }])
  })

  it('forgets what was held of a server switched off or removed', async () => {
    const { server, hub, notes } = await modernHub()
    await hub.resourceSubscriptions.subscribe('notes', 'notes://today', 'window:1')
    hub.sync([{ ...notes, config: { ...notes.config, disabled: true } }])
    expect(hub.resourceSubscriptions.urisOf('notes')).toEqual([])
    await eventually(() => server.watching().length === 0)
    hub.sync([notes])
    await hub.whenSettled(20_000)
    await hub.resourceSubscriptions.subscribe('notes', 'notes://today', 'window:1')
    hub.sync([])
    expect(hub.resourceSubscriptions.urisOf('notes')).toEqual([])
  })

  it('subscribes a 2025-11-25 server (everything, stdio) again after a Restart', async () => {
    const uri = 'demo://resource/dynamic/text/1'
    const { hub, updates } = await hubWith([
      entry({ id: 'everything', transport: 'stdio', command: process.execPath, args: [referenceServer('everything')] }),
    ])
    expect(await hub.resourceSubscriptions.subscribe('everything', uri, 'window:1')).toEqual({ watching: true })
    await hub.restart('everything')
    await hub.whenSettled(20_000)
    await eventually(() => updates.length > 0)
    updates.length = 0
    // The new process sends updates for what it was asked to watch (its tool starts them).
    const toggle = hub.list().find((tool) => tool.name.endsWith('toggle-subscriber-updates'))
    if (!toggle || toggle.effect === 'local') throw new Error('no toggle-subscriber-updates tool')
    await toggle.call(
      {},
      {
        signal: new AbortController().signal,
        timeoutMs: 10_000,
        conversationId: 'c',
        turnId: 't',
        callId: 'call',
        now: Date.now(),
        timeZone: 'UTC',
      },
    )
    await eventually(() => updates.length > 0)
    expect(updates[0]).toEqual({ serverId: 'everything', uri })
  })
})
