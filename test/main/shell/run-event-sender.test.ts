import { describe, expect, it, vi } from 'vitest'
import { RUN_EVENT_CHANNEL, type RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { createRunEventClients } from '../../../src/main/shell/run-event-sender'
import { FakeWebContents } from './fake-electron'

vi.mock('electron', () => ({}))

const envelope = (runId: string): RunEventEnvelope => ({ runId, event: { type: 'run-start' } as unknown as RunEventEnvelope['event'] })

describe('run event clients', () => {
  it('sends a run’s events only to the webContents that started it', () => {
    const service = { disconnect: vi.fn() }
    const { clientFor } = createRunEventClients(service)
    const a = new FakeWebContents()
    const b = new FakeWebContents()
    const clientA = clientFor(a)
    clientFor(b)
    clientA.send(envelope('run-a'))
    expect(a.sent).toEqual([{ channel: RUN_EVENT_CHANNEL, args: [envelope('run-a')] }])
    expect(b.sent).toEqual([])
  })

  it('gives one client (and one id) per webContents', () => {
    const { clientFor } = createRunEventClients({ disconnect: vi.fn() })
    const a = new FakeWebContents()
    expect(clientFor(a)).toBe(clientFor(a))
    expect(clientFor(a).id).not.toBe(clientFor(new FakeWebContents()).id)
  })

  it('when the webContents is destroyed: the service stops that client’s runs once, later events are dropped', () => {
    const service = { disconnect: vi.fn() }
    const { clientFor } = createRunEventClients(service)
    const a = new FakeWebContents()
    const b = new FakeWebContents()
    const clientA = clientFor(a)
    clientFor(b)
    a.destroy()
    expect(service.disconnect).toHaveBeenCalledExactlyOnceWith(clientA.id)
    expect(() => clientA.send(envelope('late'))).not.toThrow()
    a.emit('destroyed')
    a.emit('render-process-gone')
    expect(service.disconnect).toHaveBeenCalledOnce()
    expect(a.sent).toEqual([])
  })

  it('a crashed renderer also disconnects the client', () => {
    const service = { disconnect: vi.fn() }
    const { clientFor } = createRunEventClients(service)
    const a = new FakeWebContents()
    const client = clientFor(a)
    a.emit('render-process-gone', {}, { reason: 'crashed' })
    expect(service.disconnect).toHaveBeenCalledExactlyOnceWith(client.id)
    client.send(envelope('after-crash'))
    expect(a.sent).toEqual([])
  })
})
