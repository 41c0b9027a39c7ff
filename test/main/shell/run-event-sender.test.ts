import { describe, expect, it, vi } from 'vitest'
import type { McpEvent, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { MCP_EVENT_CHANNEL, RUN_EVENT_CHANNEL } from '../../../src/shared/ipc/channels'
import { createRunEventClients } from '../../../src/main/shell/run-event-sender'
import { FakeWebContents } from './fake-electron'

vi.mock('electron', () => ({}))

const envelope = (runId: string): RunEventEnvelope => ({
  runId,
  event: { type: 'run-start' } as unknown as RunEventEnvelope['event'],
})

/** The service's `connect`/`disconnect`, recording each client's event sink (what the service calls for its runs). */
function recordingService() {
  const sinks = new Map<string, (envelope: RunEventEnvelope) => void>()
  const mcpSinks = new Map<string, (event: McpEvent) => void>()
  return {
    sinks,
    mcpSinks,
    connect: vi.fn(
      (clientId: string, sink: (envelope: RunEventEnvelope) => void, mcpSink?: (event: McpEvent) => void) => {
        sinks.set(clientId, sink)
        if (mcpSink) mcpSinks.set(clientId, mcpSink)
      },
    ),
    disconnect: vi.fn((_clientId: string) => 0),
  }
}

describe('run event clients', () => {
  it('connects each webContents once, and sends its runs’ events only to it', () => {
    const service = recordingService()
    const { clientFor } = createRunEventClients(service)
    const a = new FakeWebContents()
    const b = new FakeWebContents()
    const idA = clientFor(a)
    expect(clientFor(a)).toBe(idA)
    clientFor(b)
    expect(service.connect).toHaveBeenCalledTimes(2)
    service.sinks.get(idA)!(envelope('run-a'))
    expect(a.sent).toEqual([{ channel: RUN_EVENT_CHANNEL, args: [envelope('run-a')] }])
    expect(b.sent).toEqual([])
  })

  it('sends the MCP events of what a webContents subscribed to only to it, on their own channel', () => {
    const service = recordingService()
    const { clientFor } = createRunEventClients(service)
    const a = new FakeWebContents()
    const b = new FakeWebContents()
    const idA = clientFor(a)
    clientFor(b)
    const event: McpEvent = { type: 'resource-updated', serverId: 'notes', uri: 'notes://today' }
    service.mcpSinks.get(idA)!(event)
    expect(a.sent).toEqual([{ channel: MCP_EVENT_CHANNEL, args: [event] }])
    expect(b.sent).toEqual([])
    a.destroy()
    service.mcpSinks.get(idA)!(event)
    expect(a.sent).toHaveLength(1)
  })

  it('gives one id per webContents', () => {
    const { clientFor } = createRunEventClients(recordingService())
    const a = new FakeWebContents()
    expect(clientFor(a)).toBe(clientFor(a))
    expect(clientFor(a)).not.toBe(clientFor(new FakeWebContents()))
  })

  it('when the webContents is destroyed: the service stops that client’s runs once, later events are dropped', () => {
    const service = recordingService()
    const { clientFor } = createRunEventClients(service)
    const a = new FakeWebContents()
    const b = new FakeWebContents()
    const idA = clientFor(a)
    clientFor(b)
    a.destroy()
    expect(service.disconnect).toHaveBeenCalledExactlyOnceWith(idA)
    expect(() => service.sinks.get(idA)!(envelope('late'))).not.toThrow()
    a.emit('destroyed')
    a.emit('render-process-gone')
    expect(service.disconnect).toHaveBeenCalledOnce()
    expect(a.sent).toEqual([])
  })

  it('a crashed renderer also disconnects the client', () => {
    const service = recordingService()
    const { clientFor } = createRunEventClients(service)
    const a = new FakeWebContents()
    const id = clientFor(a)
    a.emit('render-process-gone', {}, { reason: 'crashed' })
    expect(service.disconnect).toHaveBeenCalledExactlyOnceWith(id)
    service.sinks.get(id)!(envelope('after-crash'))
    expect(a.sent).toEqual([])
  })
})
