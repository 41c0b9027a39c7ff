// The shell's adapter onto the app service: windows as clients.
import { describe, expect, it, vi } from 'vitest'
import type { KeelAppService } from '../../../src/main/app/keel-app-service'
import { toAppServicePort } from '../../../src/main/shell/app-service-adapter'

describe('toAppServicePort', () => {
  it('connects each window once, routes its events to it, and disconnects it', async () => {
    const connect = vi.fn()
    const handle = vi.fn(async () => ({ ok: true as const, value: { runId: 'r1' } }))
    const disconnect = vi.fn(() => 0)
    const port = toAppServicePort({ connect, handle, disconnect } as unknown as KeelAppService)
    const sent: unknown[] = []
    const client = { id: 'window-1', send: (e: unknown) => sent.push(e) }
    await port.handle('turns.start', { text: 'hi' }, client)
    await port.handle('conversations.list', {}, client)
    expect(connect).toHaveBeenCalledTimes(1)
    expect(handle).toHaveBeenCalledWith('turns.start', { text: 'hi' }, { clientId: 'window-1' })
    const sink = connect.mock.calls[0]![1] as (e: unknown) => void
    sink({ runId: 'r1', event: { type: 'notice', id: 'x', text: 'y' } })
    expect(sent).toHaveLength(1)
    port.disconnect('window-1')
    expect(disconnect).toHaveBeenCalledWith('window-1')
  })
})
