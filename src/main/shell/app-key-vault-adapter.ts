import type { KeyVault as AppKeyVault } from '../app/key-vault'
import type { KeyVault as ShellKeyVault } from './key-vault'

/**
 * The app service's view of the safeStorage vault: `get` for provider requests (main process
 * only), `set`/`clear` with the plain-text opt-in refusal mapped to the service's reason.
 */
export function toAppKeyVault(vault: ShellKeyVault): AppKeyVault {
  return {
    get storage() {
      return vault.storageMode()
    },
    get: (provider) => vault.reveal(provider),
    async set(provider, key, options) {
      const result = await vault.set(provider, key, options)
      if (result.ok) return { ok: true }
      return {
        ok: false,
        reason: result.error.kind === 'forbidden' ? 'plain-text-not-allowed' : 'unavailable',
        message: result.error.message,
      }
    },
    async clear(provider) {
      await vault.clear(provider)
    },
  }
}
