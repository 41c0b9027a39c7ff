// A connection watching resources against real servers: the reference `everything` server
// (2025-11-25, `resources/subscribe`) over stdio and Streamable HTTP, and a 2026-07-28 server over
// loopback HTTP (test/support/mcp/modern-resources-server.mjs), where the URIs travel in a
// `subscriptions/listen` filter and the updates on that stream.
import { afterEach, describe, expect, it } from 'vitest'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpLaunchSpec } from '../../../src/main/mcp/mcp-connection-port'
import {
  eventually,
  referenceServer,
  startEverythingHttp,
  stdioSpec,
  TEST_OPTIONS,
} from '../../support/mcp/mcp-test-servers'
import { startModernResourcesServer, type ModernResourcesServer } from '../../support/mcp/modern-resources-server.mjs'

const connections: McpConnection[] = []
const stops: Array<() => Promise<unknown>> = []
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()))
  await Promise.all(stops.splice(0).map((stop) => stop()))
})

const URI = 'demo://resource/dynamic/text/1'
const call = { signal: new AbortController().signal }

async function started(spec: McpLaunchSpec): Promise<{ connection: McpConnection; updates: string[] }> {
  const connection = new McpConnection(spec, TEST_OPTIONS)
  connections.push(connection)
  const updates: string[] = []
  connection.onResourceUpdated((uri) => updates.push(uri))
  await connection.start()
  expect(connection.status().state).toBe('ready')
  return { connection, updates }
}

const httpSpec = (url: string): McpLaunchSpec => ({
  id: 'http',
  name: 'HTTP server',
  transport: 'http',
  url,
  timeoutMs: 15_000,
  maxTotalTimeoutMs: 30_000,
  startTimeoutMs: 15_000,
})

describe('the everything server (2025-11-25)', () => {
  it('over stdio: subscribes and hears the updates it sends', async () => {
    const { connection, updates } = await started(stdioSpec([referenceServer('everything')]))
    expect(await connection.watchResources([URI])).toEqual({ watching: [URI] })
    // Its tool starts sending an update for every subscribed URI (one at once, then every 5 s).
    await connection.callTool('toggle-subscriber-updates', {}, call)
    await eventually(() => updates.includes(URI))
    expect(await connection.watchResources([])).toEqual({ watching: [] })
  })

  it('over Streamable HTTP: subscribes and hears the updates it sends', async () => {
    const server = await startEverythingHttp('streamableHttp')
    stops.push(server.stop)
    const { connection, updates } = await started(httpSpec(server.url))
    expect(connection.status()).toMatchObject({ protocolVersion: '2025-11-25' })
    expect(await connection.watchResources([URI])).toEqual({ watching: [URI] })
    await connection.callTool('toggle-subscriber-updates', {}, call)
    await eventually(() => updates.includes(URI))
  })
})

describe('a 2026-07-28 server', () => {
  async function modern(): Promise<{ server: ModernResourcesServer; connection: McpConnection; updates: string[] }> {
    const server = await startModernResourcesServer()
    stops.push(server.close)
    return { server, ...(await started(httpSpec(server.url))) }
  }

  it('watches through a subscriptions/listen filter, never resources/subscribe, and hears updates on it', async () => {
    const { server, connection, updates } = await modern()
    expect(connection.status()).toMatchObject({ protocolVersion: '2026-07-28' })
    // An unknown URI is left out of what the server acknowledged.
    expect(await connection.watchResources(['notes://today', 'notes://nowhere'])).toEqual({
      watching: ['notes://today'],
    })
    expect(server.watching()).toEqual([['notes://today']])
    // The same set asked again (the unknown URI still in it) keeps the stream it has.
    const listens = () => server.requests.filter((request) => request.method === 'subscriptions/listen').length
    await connection.watchResources(['notes://nowhere', 'notes://today'])
    expect(listens()).toBe(1)
    server.change('notes://today', 'version 2')
    await eventually(() => updates.includes('notes://today'))
    expect(server.requests.map((request) => request.method)).not.toContain('resources/subscribe')
  })

  it('opens a stream for a changed set before the old one closes, and closes it when none is left', async () => {
    const { server, connection } = await modern()
    await connection.watchResources(['notes://today'])
    expect(await connection.watchResources(['notes://today', 'notes://tomorrow'])).toEqual({
      watching: ['notes://today', 'notes://tomorrow'],
    })
    await eventually(() => server.watching().length === 1)
    expect(server.watching()).toEqual([['notes://today', 'notes://tomorrow']])
    await connection.watchResources([])
    await eventually(() => server.watching().length === 0)
  })

  it('opens a dropped stream again and says its resources may have changed meanwhile', async () => {
    const { server, connection, updates } = await modern()
    await connection.watchResources(['notes://today'])
    server.dropStreams()
    await eventually(() => updates.includes('notes://today') && server.watching().length === 1)
    updates.length = 0
    server.change('notes://today', 'version 3')
    await eventually(() => updates.includes('notes://today'))
  })
})
