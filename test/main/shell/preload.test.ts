import { describe, expect, it, vi } from 'vitest'
import type { RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { COMMAND_NAMES, MCP_EVENT_CHANNEL, RUN_EVENT_CHANNEL, channelOf } from '../../../src/shared/ipc/channels'

const exposed: Array<{ name: string; api: unknown }> = []
const ipcRenderer = {
  invoke: vi.fn(async (..._args: unknown[]) => ({ ok: true, value: null })),
  on: vi.fn(),
  removeListener: vi.fn(),
  send: vi.fn(),
  sendSync: vi.fn(),
}
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.push({ name, api }) },
  ipcRenderer,
}))

const { createKeelApi } = await import('../../../src/preload/keel-api')
await import('../../../src/preload/index')

describe('preload', () => {
  it('exposes one object, window.keel, with one function per command plus onRunEvent and onMcpEvent, nothing else', () => {
    expect(exposed).toHaveLength(1)
    expect(exposed[0]!.name).toBe('keel')
    const api = exposed[0]!.api as Record<string, unknown>
    expect(Object.keys(api).sort()).toEqual([...COMMAND_NAMES, 'onRunEvent', 'onMcpEvent'].sort())
    for (const value of Object.values(api)) expect(typeof value).toBe('function')
    expect(Object.values(api)).not.toContain(ipcRenderer)
    expect(Object.isFrozen(api)).toBe(true)
  })

  it('each command invokes its own fixed channel with the request only', async () => {
    const api = exposed[0]!.api as Record<string, (request: unknown) => Promise<unknown>>
    for (const command of COMMAND_NAMES) {
      ipcRenderer.invoke.mockClear()
      const request = { probe: command }
      await expect(api[command]!(request)).resolves.toEqual({ ok: true, value: null })
      expect(ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith(channelOf(command), request)
    }
    // Extra arguments from the page (e.g. an attempted channel name) are not passed on.
    ipcRenderer.invoke.mockClear()
    await (api['settings.get'] as (...args: unknown[]) => Promise<unknown>)({}, 'keel:keys.set', { key: 'x' })
    expect(ipcRenderer.invoke).toHaveBeenCalledExactlyOnceWith('keel:settings.get', {})
    expect(ipcRenderer.send).not.toHaveBeenCalled()
    expect(ipcRenderer.sendSync).not.toHaveBeenCalled()
  })

  it('onRunEvent forwards only the envelope (never the IPC event) and returns a working unsubscribe', () => {
    const ipc = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() }
    const api = createKeelApi(ipc)
    const seen: unknown[][] = []
    const unsubscribe = api.onRunEvent((...args: unknown[]) => seen.push(args))
    expect(ipc.on).toHaveBeenCalledOnce()
    const [channel, forward] = ipc.on.mock.calls[0]! as [string, (event: unknown, envelope: unknown) => void]
    expect(channel).toBe(RUN_EVENT_CHANNEL)
    const envelope: RunEventEnvelope = { runId: 'r1', event: { type: 'x' } as unknown as RunEventEnvelope['event'] }
    forward({ sender: ipcRenderer, ports: [] }, envelope)
    expect(seen).toEqual([[envelope]])
    unsubscribe()
    unsubscribe()
    expect(ipc.removeListener).toHaveBeenCalledExactlyOnceWith(RUN_EVENT_CHANNEL, forward)
    expect(() => api.onRunEvent('nope' as never)).toThrow(TypeError)
  })

  it('onMcpEvent forwards only the event on its own channel and returns a working unsubscribe', () => {
    const ipc = { invoke: vi.fn(), on: vi.fn(), removeListener: vi.fn() }
    const api = createKeelApi(ipc)
    const seen: unknown[][] = []
    const unsubscribe = api.onMcpEvent((...args: unknown[]) => seen.push(args))
    const [channel, forward] = ipc.on.mock.calls[0]! as [string, (event: unknown, value: unknown) => void]
    expect(channel).toBe(MCP_EVENT_CHANNEL)
    const event = { type: 'resource-updated', serverId: 'notes', uri: 'notes://today' }
    forward({ sender: ipcRenderer, ports: [] }, event)
    expect(seen).toEqual([[event]])
    unsubscribe()
    unsubscribe()
    expect(ipc.removeListener).toHaveBeenCalledExactlyOnceWith(MCP_EVENT_CHANNEL, forward)
    expect(() => api.onMcpEvent('nope' as never)).toThrow(TypeError)
  })
})
