// The shell's adapters onto the app service: keys through safeStorage's vault, windows as clients.
import { describe, expect, it, vi } from 'vitest'
import type { KeelAppService } from '../../../src/main/app/keel-app-service'
import { toAppKeyVault } from '../../../src/main/shell/app-key-vault-adapter'
import { toAppServicePort } from '../../../src/main/shell/app-service-adapter'
import type { KeyVault as ShellKeyVault } from '../../../src/main/shell/key-vault'

describe('toAppKeyVault', () => {
  const shellVault = (refuse: boolean): ShellKeyVault => ({
    storageMode: () => 'plain-text-opt-in',
    status: () => ({ set: false }),
    reveal: (provider) => (provider === 'anthropic' ? 'sk-ant-secret-1234' : undefined),
    set: async () =>
      refuse
        ? { ok: false, error: { kind: 'forbidden', message: 'no keyring', owner: 'user', retryable: false } }
        : { ok: true, value: { set: true, endsWith: '1234' } },
    clear: async () => ({ ok: true, value: { set: false } }),
  })

  it('maps the plain-text refusal to the service reason and reveals keys only through get', async () => {
    const vault = toAppKeyVault(shellVault(true))
    expect(vault.storage).toBe('plain-text-opt-in')
    expect(vault.get('anthropic')).toBe('sk-ant-secret-1234')
    expect(await vault.set('anthropic', 'k')).toEqual({ ok: false, reason: 'plain-text-not-allowed', message: 'no keyring' })
    expect(await toAppKeyVault(shellVault(false)).set('anthropic', 'k', { allowPlainTextStorage: true })).toEqual({ ok: true })
  })
})

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
