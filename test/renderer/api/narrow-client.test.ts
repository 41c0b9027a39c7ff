import { describe, expect, it } from 'vitest'
import { appClients } from '../../../src/renderer/src/api/app-clients'
import { narrowClient } from '../../../src/renderer/src/api/narrow-client'
import type { KeelApi } from '../../../src/shared/ipc/app-contract'

/** A whole API whose every command answers its own name and the `this` it was called with. */
function wholeApi(): KeelApi {
  const api: Record<string, unknown> = {}
  return new Proxy(api, {
    get: (_target, name: string) =>
      function (this: unknown, request: unknown) {
        return Promise.resolve({ ok: true, value: { name, request, self: this } })
      },
  }) as unknown as KeelApi
}

describe('narrow clients', () => {
  it('hold only the commands named, each calling the API as its method', async () => {
    const api = wholeApi()
    const client = narrowClient(api, ['mcp.list', 'onRunEvent'])
    expect(Object.keys(client).sort()).toEqual(['mcp.list', 'onRunEvent'])
    const answer = (await client['mcp.list']({})) as unknown as { value: { name: string; self: unknown } }
    expect(answer.value.name).toBe('mcp.list')
    expect(answer.value.self).toBe(api)
    expect((client as Record<string, unknown>)['conversations.delete']).toBeUndefined()
  })

  it('leave out a command a double lacks (the store checks for `runs.attach`)', () => {
    const double = { 'settings.get': () => Promise.resolve({ ok: true, value: {} }) } as unknown as KeelApi
    expect(Object.keys(narrowClient(double, ['settings.get', 'runs.attach']))).toEqual(['settings.get'])
  })

  it('give no panel a command of another: search cannot delete, measurements cannot touch MCP', () => {
    const clients = appClients(wholeApi())
    expect(Object.keys(clients.search)).toEqual(['conversations.search'])
    expect(Object.keys(clients.measurements).every((name) => name.startsWith('measurements.'))).toBe(true)
    expect(Object.keys(clients.conversationSettings).every((name) => name.startsWith('conversations.'))).toBe(true)
    expect(Object.keys(clients.firstRun)).not.toContain('mcp.save')
    expect(Object.keys(clients.chat)).not.toContain('mcp.save')
    expect(Object.keys(clients.settings)).toContain('mcp.save')
    // The composer reads resources and prompts and is told when one it attached changes; it can change no server.
    expect(Object.keys(clients.composerMcp).sort()).toEqual([
      'mcp.complete',
      'mcp.getPrompt',
      'mcp.list',
      'mcp.prompts',
      'mcp.readResource',
      'mcp.resources',
      'mcp.subscribeResource',
      'mcp.unsubscribeResource',
      'onMcpEvent',
    ])
    // The sidebar's list holds the list commands; the chat store none of them.
    expect(Object.keys(clients.conversationList).sort()).toEqual([
      'conversations.delete',
      'conversations.list',
      'conversations.pin',
      'conversations.rename',
    ])
    expect(Object.keys(clients.chat).filter((name) => name in clients.conversationList)).toEqual([])
  })
})
