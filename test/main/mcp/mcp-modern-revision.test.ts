// Keel's MCP client against a 2026-07-28 server over real loopback HTTP (test/support/mcp/
// modern-http-server.mjs): no `initialize`, `server/discover` instead; the standard headers;
// elicitation asked for in an input-required result reaches the user's form and the request is
// retried with the answer; a tool with a malformed x-mcp-header is dropped and a valid one mirrored;
// a lost response stream re-issues a listing but never a tool call, whose outcome stays unknown in
// Keel's real ledger. 2025-11-25 servers over HTTP are covered by mcp-connection-reference.test.ts.
import { afterEach, describe, expect, it } from 'vitest'
import { eventually } from '../../support/mcp/mcp-test-servers'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpCallOptions, McpLaunchSpec } from '../../../src/main/mcp/mcp-connection-port'
import { mcpDefinitionHash } from '../../../src/main/mcp/mcp-definition-hash'
import { mcpToolProviderName } from '../../../src/main/mcp/mcp-provider-names'
import { toKeelTool } from '../../../src/main/mcp/mcp-tool-adapter'
import type { ElicitationRequest, ToolSource } from '../../../src/main/tools/tool'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { type ModernHttpServer, startModernHttpServer } from '../../support/mcp/modern-http-server.mjs'
import { TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { conversationWithTurn, fakeClock, useTempStores } from '../db/store-fixtures'

const stores = useTempStores()
const servers: ModernHttpServer[] = []
const connections: McpConnection[] = []
afterEach(async () => {
  await Promise.all(connections.splice(0).map((connection) => connection.close()))
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function connect(options: { loseListStreams?: number; toolsListChanged?: boolean } = {}) {
  const server = await startModernHttpServer(options)
  servers.push(server)
  const spec: McpLaunchSpec = {
    id: 'modern',
    name: 'Modern server',
    transport: 'http',
    url: server.url,
    timeoutMs: 15_000,
    maxTotalTimeoutMs: 30_000,
    startTimeoutMs: 15_000,
  }
  const connection = new McpConnection(spec, TEST_OPTIONS)
  connections.push(connection)
  await connection.start()
  return { server, connection }
}

const call = (extra: Partial<McpCallOptions> = {}): McpCallOptions => ({
  signal: new AbortController().signal,
  ...extra,
})

describe('a 2026-07-28 server over Streamable HTTP', () => {
  it('is reached with server/discover, never initialize, and every POST carries the standard headers', async () => {
    const { server, connection } = await connect()
    expect(connection.status()).toMatchObject({ state: 'ready', protocolVersion: '2026-07-28' })
    await connection.listTools()
    await connection.callTool('route', { region: 'eu-west1' }, call())
    const methods = server.requests.map((request) => request.method)
    expect(methods).toEqual(['server/discover', 'tools/list', 'tools/call'])
    for (const request of server.requests) {
      expect(request.headers['mcp-method']).toBe(request.method)
      expect(request.headers['mcp-session-id']).toBeUndefined()
      // Stateless: each request says which revision and which client capabilities it speaks for.
      expect(request.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28')
      expect(request.params._meta['io.modelcontextprotocol/clientCapabilities']).toMatchObject({ elicitation: {} })
    }
    expect(server.requests[2]?.headers['mcp-name']).toBe('route')
  })

  it('drops a tool whose x-mcp-header is malformed and mirrors a valid one into Mcp-Param-*', async () => {
    const { server, connection } = await connect()
    const names = (await connection.listTools()).map((tool) => tool.name)
    expect(names).toEqual(['confirm_write', 'lose_stream', 'route'])
    const outcome = await connection.callTool('route', { region: 'eu-west1' }, call())
    expect(outcome).toMatchObject({ kind: 'result', result: { content: [{ text: 'routed to eu-west1' }] } })
    expect(server.requests.at(-1)?.headers['mcp-param-region']).toBe('eu-west1')
  })

  it('asks the user through the call’s form when the server answers input_required, then retries with the answer', async () => {
    const { server, connection } = await connect()
    await connection.listTools()
    const asked: ElicitationRequest[] = []
    const outcome = await connection.callTool(
      'confirm_write',
      { note: 'hello' },
      call({
        elicit: async (request) => {
          asked.push(request)
          return { action: 'accept', content: { confirmed: true } }
        },
      }),
    )
    expect(outcome).toMatchObject({ kind: 'result', result: { content: [{ text: 'wrote hello' }] } })
    expect(asked).toMatchObject([{ from: 'Modern server', message: 'Write this note?' }])
    const calls = server.requests.filter((request) => request.method === 'tools/call')
    expect(calls).toHaveLength(2)
    const [first, retry] = calls
    expect(first?.params.inputResponses).toBeUndefined()
    expect(retry?.id).not.toEqual(first?.id)
    expect(retry?.params).toMatchObject({
      name: 'confirm_write',
      arguments: { note: 'hello' },
      inputResponses: { confirm: { action: 'accept', content: { confirmed: true } } },
    })
    expect(typeof retry?.params.requestState).toBe('string')
  })

  it('declines for the user when the call has no form (the server is told no)', async () => {
    const { connection } = await connect()
    await connection.listTools()
    const outcome = await connection.callTool('confirm_write', { note: 'x' }, call())
    expect(outcome).toMatchObject({ kind: 'result', result: { content: [{ text: 'not confirmed' }] } })
  })

  it('re-issues a listing whose response stream was lost, as a new request', async () => {
    const { server, connection } = await connect({ loseListStreams: 1 })
    const tools = await connection.listTools()
    expect(tools.map((tool) => tool.name)).toContain('route')
    const lists = server.requests.filter((request) => request.method === 'tools/list')
    expect(lists).toHaveLength(2)
    expect(lists[1]?.id).not.toEqual(lists[0]?.id)
  })

  it('a write whose response stream was lost is unknown at once, in the ledger too, and never sent again', async () => {
    const { server, connection } = await connect()
    const listed = (await connection.listTools()).find((tool) => tool.name === 'lose_stream')
    if (!listed) throw new Error('lose_stream was not listed')
    const adapted = toKeelTool({
      server: {
        id: 'modern',
        name: 'Modern server',
        trustReadOnlyHints: false,
        timeoutMs: 15_000,
        maxTotalTimeoutMs: 30_000,
      },
      tool: listed,
      definitionHash: mcpDefinitionHash(listed),
      connection,
      providerName: mcpToolProviderName('modern', listed.name),
    })
    if (!adapted.ok) throw new Error(adapted.reason)
    const { store } = stores.open({ clock: fakeClock() })
    const source: ToolSource = { id: 'mcp:modern', list: () => [adapted.tool] }
    const registry = createKeelToolRegistry(store, { sources: [source] })
    const ids = conversationWithTurn(store)
    const startedAt = Date.now()
    const first = await registry.executeToolCall({
      ...ids,
      callId: 'call_1',
      toolName: adapted.tool.name,
      arguments: {},
    })
    // Well before the 15 s timeout: the lost stream itself ended the wait.
    expect(Date.now() - startedAt).toBeLessThan(10_000)
    expect(first).toMatchObject({ status: 'unknown' })
    expect(first.status === 'unknown' && first.message).toMatch(/may or may not/)
    const again = await registry.executeToolCall({
      ...ids,
      callId: 'call_2',
      toolName: adapted.tool.name,
      arguments: {},
    })
    expect(again).toMatchObject({ status: 'unknown' })
    expect(store.ledger.list()).toMatchObject([{ state: 'unknown' }])
    // Give a stray re-send time to arrive: there must be exactly one.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(server.requests.filter((request) => request.method === 'tools/call')).toHaveLength(1)
    // The connection is still usable afterwards.
    expect(await connection.callTool('route', { region: 'x' }, call())).toMatchObject({ kind: 'result' })
  })

  it('hears of tool list changes on the listen stream it opens, and re-lists when that stream drops', async () => {
    const { server, connection } = await connect({ toolsListChanged: true })
    let changes = 0
    connection.onToolsChanged(() => changes++)
    await eventually(() => server.listening() === 1)
    const listen = server.requests.find((request) => request.method === 'subscriptions/listen')
    expect(listen?.params.notifications).toEqual({ toolsListChanged: true })
    server.notifyToolsChanged()
    await eventually(() => changes === 1)
    // A dropped stream may have lost a change: the tools are listed again and the stream reopened.
    server.dropListenStreams()
    await eventually(() => changes === 2)
    await eventually(() => server.listening() === 1)
    server.notifyToolsChanged()
    await eventually(() => changes === 3)
  })
})
