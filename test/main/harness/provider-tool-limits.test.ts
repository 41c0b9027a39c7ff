// the tools of popular MCP servers (167, with descriptions up to 6993 characters)
// configured together, through the real MCP tool adapter and the real harness, over real HTTP to
// the simulated provider: every request keeps its provider's documented limits (OpenAI: at most
// 128 tools; Chat Completions: descriptions of at most 1024), the user is told which tools were
// left out before the request, and a shortened tool still checks its arguments with its full schema.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import { assignMcpProviderNames } from '../../../src/main/mcp/mcp-provider-names'
import { toKeelTool } from '../../../src/main/mcp/mcp-tool-adapter'
import type { Tool, ToolSource } from '../../../src/main/tools/tool'
import { allPopularTools } from '../../support/mcp/popular-server-tools.mjs'
import { declarationViolations, declaredTools } from '../../support/provider-declaration-rules'
import { chat, eventsOf, startWorld, toolResultsIn, type HarnessWorld } from './harness-helpers'

/** The popular servers' tools as Keel's MCP adapter makes them; `calls` records what reached a server. */
function popularServers(
  only?: readonly string[],
): ToolSource & { calls: { name: string; args: Record<string, unknown> }[] } {
  const listed = allPopularTools().filter(({ server }) => !only || only.includes(server))
  const names = assignMcpProviderNames(listed.map(({ server, tool }) => ({ serverId: server, toolName: tool.name })))
  const calls: { name: string; args: Record<string, unknown> }[] = []
  const tools: Tool[] = listed.map(({ server, tool }, index) => {
    const adapted = toKeelTool({
      server: { id: server, name: server, trustReadOnlyHints: false, timeoutMs: 5_000, maxTotalTimeoutMs: 10_000 },
      tool,
      definitionHash: `hash-${index}`,
      connection: {
        async callTool(name, args) {
          calls.push({ name, args })
          return { kind: 'result', result: { content: [{ type: 'text', text: `ran ${name}` }] } }
        },
      },
      providerName: names[index]!,
    })
    if (!adapted.ok) throw new Error(adapted.reason)
    return adapted.tool
  })
  return { id: 'mcp', list: () => tools, calls }
}

describe('popular MCP servers configured together', () => {
  let world: HarnessWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('Chat Completions: at most 128 tools, descriptions of at most 1024, Keel’s own tools kept, the rest named before the request', async () => {
    const servers = popularServers()
    const offered = servers.list()
    expect(offered.length).toBe(167)
    // firecrawl 12, desktop_commander 15, sequential_thinking 1, context7 1.
    expect(offered.filter((tool) => tool.description.length > 1024).length).toBe(29)
    world.server.enqueue({ type: 'turn', text: 'Hello.' })
    const run = await chat(world, 'openai-chat', 'hi', { sources: [servers] })
    expect(run.status).toBe('completed')
    const declared = declaredTools('openai-chat', world.server.requests[0]!.body as Record<string, unknown>)
    expect(declared.length).toBe(128)
    for (const tool of declared) expect(tool.description.length).toBeLessThanOrEqual(1024)
    // Keel's own tools go first; the servers' fill the rest in the order configured.
    const own = ['get_measurement', 'list_measurements', 'record_measurement', 'delete_measurement']
    expect(
      declared
        .slice(0, own.length)
        .map((t) => t.name)
        .sort(),
    ).toEqual([...own].sort())
    const leftOut = offered.map((t) => t.name).filter((name) => !declared.some((t) => t.name === name))
    expect(leftOut.length).toBe(167 + own.length - 128)
    // The notice names every left-out tool and the limit, and comes before the first request.
    const [notice, ...others] = eventsOf(run.events, 'notice')
    expect(others).toEqual([])
    expect(notice!.id).toBe('tools-over-limit')
    expect(notice!.values?.actions).toEqual(leftOut)
    expect(notice!.text).toContain('at most 128 tools')
    expect(notice!.text).toContain(`left out ${leftOut.length} tools`)
    expect(run.events.indexOf(notice!)).toBeLessThan(run.events.findIndex((e) => e.type === 'round-start'))
    // Stored with the answer, so the reloaded answer says it too.
    expect(world.store.conversations.getMessage(run.messageId)!.notices.map((n) => n.id)).toEqual(['tools-over-limit'])
  })

  it.each(PROVIDER_IDS.map((p) => [p]))(
    '%s: every request keeps the provider’s tool rules',
    async (provider: ProviderId) => {
      world.server.enqueue({ type: 'turn', text: 'Hello.' })
      const run = await chat(world, provider, 'hi', { sources: [popularServers()] })
      expect(run.status).toBe('completed')
      const declared = declaredTools(provider, world.server.requests[0]!.body as Record<string, unknown>)
      const openai = provider === 'openai-chat' || provider === 'openai-responses'
      expect(declared.length).toBe(openai ? 128 : 171)
      expect(declarationViolations(provider, declared)).toEqual([])
      for (const tool of declared) {
        if (provider === 'openai-chat') expect(tool.description.length).toBeLessThanOrEqual(1024)
        expect(tool.schema.type).toBe('object')
        expect(tool.schema.$schema).toBeUndefined()
      }
      // Only Chat Completions has a description limit on record: the others get them whole.
      if (provider !== 'openai-chat')
        expect(declared.filter((t) => t.description.length > 1024).length).toBeGreaterThan(0)
    },
  )

  it('a tool sent with a shortened description still checks its arguments with its full schema', async () => {
    const servers = popularServers(['desktop_commander'])
    world.server.enqueue(
      // `start_search` (6550 characters of description) requires `pattern`: the model forgot it.
      { type: 'turn', toolCalls: [{ name: 'mcp__desktop_commander__start_search', arguments: { path: '/tmp' } }] },
      {
        type: 'turn',
        toolCalls: [{ name: 'mcp__desktop_commander__start_search', arguments: { path: '/tmp', pattern: 'TODO' } }],
      },
      { type: 'turn', text: 'Searching.' },
    )
    const run = await chat(world, 'openai-chat', 'find TODOs in /tmp', { sources: [servers] })
    expect(run.status).toBe('completed')
    const sent = declaredTools('openai-chat', world.server.requests[0]!.body as Record<string, unknown>).find(
      (t) => t.name === 'mcp__desktop_commander__start_search',
    )!
    expect(sent.description.length).toBe(1024)
    expect(sent.description.endsWith('…')).toBe(true)
    const [refused] = toolResultsIn('openai-chat', world.server.requests[1]!)
    expect(refused!.content).toContain('pattern')
    expect(servers.calls).toEqual([{ name: 'start_search', args: { path: '/tmp', pattern: 'TODO' } }])
  })
})
