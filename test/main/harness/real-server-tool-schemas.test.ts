// Real MCP servers' tools, listed over stdio (the reference servers everything, filesystem and
// memory, and a server with the schema shapes generators give), offered to a turn through the real
// MCP adapter and harness, sent over real HTTP to the simulated provider: every provider's request
// body keeps that provider's documented rules (an independent checker), no tool is withheld, and
// where a reduced schema is looser than the server's, the server's own schema still refuses a bad
// call before it reaches the server.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { compileJsonSchema } from '../../../src/main/mcp/mcp-json-schema'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpListedTool } from '../../../src/main/mcp/mcp-connection-port'
import { mcpDefinitionHash } from '../../../src/main/mcp/mcp-definition-hash'
import { assignMcpProviderNames } from '../../../src/main/mcp/mcp-provider-names'
import { toKeelTool } from '../../../src/main/mcp/mcp-tool-adapter'
import type { Tool, ToolSource } from '../../../src/main/tools/tool'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import {
  referenceServer,
  SCHEMA_SHAPES_SERVER,
  stdioSpec,
  tempDir,
  TEST_OPTIONS,
} from '../../support/mcp/mcp-test-servers'
import { declarationViolations, declaredTools } from '../../support/provider-declaration-rules'
import { chat, startWorld, toolResultsIn, type HarnessWorld } from './harness-helpers'

const dir = tempDir()
const callLog = join(dir.path, 'calls.jsonl')
const servers: { id: string; connection: McpConnection; tools: McpListedTool[] }[] = []
let source: ToolSource

beforeAll(async () => {
  const specs = [
    stdioSpec([referenceServer('everything'), 'stdio'], { id: 'everything', name: 'everything' }),
    stdioSpec([referenceServer('filesystem'), dir.path], { id: 'filesystem', name: 'filesystem' }),
    stdioSpec([referenceServer('memory')], {
      id: 'memory',
      name: 'memory',
      env: { MEMORY_FILE_PATH: join(dir.path, 'memory.jsonl') },
    }),
    stdioSpec([SCHEMA_SHAPES_SERVER], { id: 'shapes', name: 'shapes', env: { MCP_CALL_LOG: callLog } }),
  ]
  await Promise.all(
    specs.map(async (spec) => {
      const connection = new McpConnection(spec, TEST_OPTIONS)
      servers.push({ id: spec.id, connection, tools: [] })
      await connection.start()
      servers.find((s) => s.id === spec.id)!.tools = await connection.listTools()
    }),
  )
  servers.sort((a, b) => specs.findIndex((s) => s.id === a.id) - specs.findIndex((s) => s.id === b.id))
  const listed = servers.flatMap((server) => server.tools.map((tool) => ({ server, tool })))
  const names = assignMcpProviderNames(listed.map(({ server, tool }) => ({ serverId: server.id, toolName: tool.name })))
  const tools: Tool[] = listed.map(({ server, tool }, index) => {
    const adapted = toKeelTool({
      server: {
        id: server.id,
        name: server.id,
        trustReadOnlyHints: false,
        timeoutMs: 20_000,
        maxTotalTimeoutMs: 60_000,
      },
      tool,
      definitionHash: mcpDefinitionHash(tool),
      connection: server.connection,
      providerName: names[index]!,
    })
    if (!adapted.ok) throw new Error(`${tool.name}: ${adapted.reason}`)
    return adapted.tool
  })
  source = { id: 'mcp', list: () => tools }
}, 60_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.connection.close()))
  dir.remove()
})

let world: HarnessWorld
beforeEach(async () => {
  world = await startWorld()
})
afterEach(async () => {
  await world.close()
})

/** The declarations of the turn's first request, read from the body the provider received. */
function firstDeclarations(provider: ProviderId) {
  return declaredTools(provider, world.server.requests[0]!.body as Record<string, unknown>)
}

describe('real MCP servers’ tool schemas, to every provider over HTTP', () => {
  it.each(PROVIDER_IDS.map((id) => [id]))(
    '%s: the request body keeps the provider’s documented rules, and no tool is withheld',
    async (provider: ProviderId) => {
      expect(servers.map((s) => [s.id, s.tools.length > 0])).toEqual([
        ['everything', true],
        ['filesystem', true],
        ['memory', true],
        ['shapes', true],
      ])
      world.server.enqueue({ type: 'turn', text: 'Hello.' })
      const run = await chat(world, provider, 'hi', { sources: [source] })
      expect(run.status).toBe('completed')
      const declared = firstDeclarations(provider)
      expect(declarationViolations(provider, declared)).toEqual([])
      for (const tool of source.list()) expect(declared.map((d) => d.name)).toContain(tool.name)
      // The union at the top: OpenAI and Anthropic are sent its branches' parameters, not an empty object.
      const editFile = declared.find((d) => d.name === 'mcp__shapes__edit_file')!
      expect(Object.keys((editFile.schema.properties ?? {}) as object).sort()).toEqual(
        provider.startsWith('gemini') ? [] : ['action', 'content', 'path'],
      )
    },
  )

  it.each(['openai-chat', 'anthropic'] as ProviderId[])(
    '%s: a call the reduced schema would accept but the server’s schema refuses never reaches the server',
    async (provider) => {
      world.server.enqueue(
        { type: 'turn', toolCalls: [{ name: 'mcp__shapes__book_room', arguments: {} }] },
        { type: 'turn', toolCalls: [{ name: 'mcp__shapes__book_room', arguments: { roomName: 'Blue' } }] },
        { type: 'turn', text: 'Booked.' },
      )
      const run = await chat(world, provider, 'book a room', { sources: [source] })
      expect(run.status).toBe('completed')
      // What the provider was told takes `{}`: the pick-one `oneOf` cannot go at its top level.
      const sent = firstDeclarations(provider).find((d) => d.name === 'mcp__shapes__book_room')!
      expect(sent.schema.oneOf).toBeUndefined()
      const reduced = compileJsonSchema(sent.schema)
      expect(reduced.ok && reduced.check({})).toEqual([])
      // Keel checked the server's own schema: the model was told what is missing, the server saw nothing.
      const [refused] = toolResultsIn(provider, world.server.requests[1]!)
      expect(refused!.content).toContain('roomId')
      expect(refused!.content).not.toContain('ran book_room')
      const calls = existsSync(callLog) ? readFileSync(callLog, 'utf8').trim().split('\n') : []
      expect(calls.map((line) => JSON.parse(line))).toContainEqual({
        name: 'book_room',
        arguments: { roomName: 'Blue' },
      })
      expect(calls.map((line) => JSON.parse(line))).not.toContainEqual({ name: 'book_room', arguments: {} })
    },
  )
})
