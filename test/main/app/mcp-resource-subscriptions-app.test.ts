// mcp.subscribeResource / mcp.unsubscribeResource through the whole core: servers imported and
// agreed to like any, a 2026-07-28 server over loopback HTTP whose resources change on demand
// (test/support/mcp/modern-resources-server.mjs), and one that offers no subscriptions. Updates
// reach only the window that subscribed, as `resource-updated` MCP events; a window that goes away
// lets go of what it held.
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { startModernResourcesServer, type ModernResourcesServer } from '../../support/mcp/modern-resources-server.mjs'
import { startAppWorld, type AppWorld } from './app-helpers'

const RESOURCES_SERVER = resolve(__dirname, '../../support/mcp/resources-server.mjs')

let world: AppWorld
let server: ModernResourcesServer

beforeAll(async () => {
  server = await startModernResourcesServer()
  world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
  const client = world.client('setup')
  const config = JSON.stringify({
    mcpServers: {
      notes: { type: 'http', url: server.url },
      plain: { command: process.execPath, args: [RESOURCES_SERVER] },
    },
  })
  await client.value('mcp.import', { text: config })
  for (const view of await client.value('mcp.list', {}))
    await client.value('mcp.consent', { serverId: view.config.id, fingerprint: view.fingerprint })
  await eventually(async () => (await client.value('mcp.list', {})).every((view) => view.status.state === 'ready'))
}, 60_000)

afterAll(async () => {
  await world?.close()
  await server?.close()
})

describe('mcp.subscribeResource', () => {
  it('tells the subscribed window, and only it, when the resource changes; unsubscribing stops it', async () => {
    const one = world.client('window:1')
    const other = world.client('window:2')
    expect(await one.value('mcp.subscribeResource', { serverId: 'notes', uri: 'notes://today' })).toEqual({
      serverId: 'notes',
      uri: 'notes://today',
      watching: true,
    })
    server.change('notes://today', 'version 2')
    await eventually(() => one.mcpEvents.length > 0)
    expect(one.mcpEvents).toEqual([{ type: 'resource-updated', serverId: 'notes', uri: 'notes://today' }])
    expect(other.mcpEvents).toEqual([])
    expect(await one.value('mcp.unsubscribeResource', { serverId: 'notes', uri: 'notes://today' })).toEqual({
      unsubscribed: true,
    })
    await eventually(() => server.watching().length === 0)
  })

  it('a window that goes away lets go of what it held', async () => {
    const gone = world.client('window:3')
    await gone.value('mcp.subscribeResource', { serverId: 'notes', uri: 'notes://tomorrow' })
    expect(server.watching()).toEqual([['notes://tomorrow']])
    world.service.disconnect('window:3')
    await eventually(() => server.watching().length === 0)
  })

  it('is refused, as unsupported, for a server that offers no subscriptions, and for no such server', async () => {
    const client = world.client('window:4')
    const refused = await client.call('mcp.subscribeResource', { serverId: 'plain', uri: 'notes://a' })
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'validation', detail: { code: 'mcp-feature-unsupported', feature: 'subscribe' } },
    })
    const missing = await client.call('mcp.subscribeResource', { serverId: 'nowhere', uri: 'notes://a' })
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not-found' } })
  })
})
