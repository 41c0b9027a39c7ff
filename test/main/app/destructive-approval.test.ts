// A tool that says it may delete or overwrite gets no "always allow": the card does not offer it,
// and the core treats an `always` answer as allowing this one call (nothing saved, the next call asks).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Tool, ToolSource } from '../../../src/main/tools/tool'
import { zodToolSchema } from '../../../src/main/tools/zod-tool-schema'
import { isRunEnd, startAppWorld, type AppWorld } from './app-helpers'

function source(calls: string[]): ToolSource {
  const make = (name: string, destructive: boolean): Tool => ({
    name,
    title: name,
    description: `${name} (outside Keel)`,
    effect: 'external',
    source: 'test-mcp',
    grantKey: `mcp:test:${name}@${'a'.repeat(64)}`,
    provider: 'Test server',
    hints: { destructive, openWorld: false },
    schema: zodToolSchema(name, z.strictObject({ path: z.string() })),
    call: (input) => {
      calls.push(`${name}:${(input as { path: string }).path}`)
      return { ok: true, output: { done: true } }
    },
  })
  const tools = [make('delete_file', true), make('append_line', false)]
  return { id: 'test-mcp', list: () => tools }
}

describe('"always allow" and tools that may delete or overwrite', () => {
  let world: AppWorld
  const calls: string[] = []
  beforeEach(async () => {
    calls.length = 0
    world = await startAppWorld({ toolSources: [source(calls)] })
  })
  afterEach(async () => {
    await world.close()
  })

  async function askAndAnswer(tool: string, path: string, decision: 'always' | 'approve') {
    const a = world.client(`client-${path}`)
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: tool, arguments: { path } }] },
      { type: 'turn', text: 'Done.' },
    )
    const { runId } = await a.value('turns.start', { text: `please ${tool} ${path}` })
    const request = await a.waitFor((e) => e.type === 'approval-request')
    await a.value('approvals.answer', { approvalId: (request as { approvalId: string }).approvalId, decision })
    await a.waitFor(isRunEnd)
    await world.service.whenIdle()
    return { request, events: a.events(runId) }
  }

  it('a destructive tool: the card offers no always, `always` allows only this call, and the next call asks again', async () => {
    const first = await askAndAnswer('delete_file', '/a', 'always')
    expect(first.request).toMatchObject({ provider: 'Test server', hints: { destructive: true }, allowAlways: false })
    expect(calls).toEqual(['delete_file:/a'])
    expect((await world.client('x').value('settings.get', {})).toolPermissions).toEqual({})
    const second = await askAndAnswer('delete_file', '/b', 'approve')
    expect(second.events.some((e) => e.type === 'approval-request')).toBe(true)
    expect(calls).toEqual(['delete_file:/a', 'delete_file:/b'])
  })

  it('a tool that says it is not destructive may be always allowed, keyed to its grant key', async () => {
    const first = await askAndAnswer('append_line', '/a', 'always')
    expect(first.request).toMatchObject({ allowAlways: true })
    expect((await world.client('x').value('settings.get', {})).toolPermissions).toEqual({
      [`mcp:test:append_line@${'a'.repeat(64)}`]: 'always-allow',
    })
  })
})
