import type { KeyStorageMode, ProviderSettingsView } from '../../shared/ipc/app-contract'
import type { ProviderId } from '../../shared/provider-id'

/** What the UI may learn about a key: whether one is set, where it comes from and its {@link keyEnding}. Never the key. */
export type KeyStatus = ProviderSettingsView['key']

/** The answer of a vault write. `plain-text-not-allowed`: no OS keyring and the user has not opted in. */
export type KeyVaultResult = { ok: true } | { ok: false; reason: 'plain-text-not-allowed' | 'unavailable'; message: string }

/**
 * Where saved API keys live, outside the database. The Electron shell provides one backed by
 * `safeStorage` (`shell/safe-storage-key-vault.ts`); browser mode and the CLI use
 * {@link createMemoryKeyVault}. Keys from the environment are not the vault's business (the app
 * service checks them first). Only `get` ever returns a key, for the core's provider requests: it
 * must never reach a window, a log line or an export.
 */
export interface KeyVault {
  /** How keys are kept, as shown in settings. */
  readonly storage: KeyStorageMode
  /** The saved key for a provider, for building its connection (core only; never sent to the UI). */
  get(provider: ProviderId): string | undefined
  /** Saves (replaces) a key. `allowPlainTextStorage` is the user's opt-in where no OS keyring exists. */
  set(provider: ProviderId, key: string, options?: { allowPlainTextStorage?: boolean }): Promise<KeyVaultResult>
  /** Forgets a key; fails (`unavailable`) when a saved copy could not be removed from disk. */
  clear(provider: ProviderId): Promise<KeyVaultResult>
}

/** How many of a key's last characters settings may show. */
const SHOWN_ENDING = 4
/** Keys shorter than this show no ending at all, so never more than a quarter of a key is shown. */
const MIN_LENGTH_TO_SHOW_ENDING = SHOWN_ENDING * 4

/** "set, ends in …abcd": the last four characters of a key of 16 or more; nothing (`''`) of a shorter one. */
export function keyEnding(key: string): string {
  return key.length >= MIN_LENGTH_TO_SHOW_ENDING ? key.slice(-SHOWN_ENDING) : ''
}

/** Browser mode and the CLI: keys given with `keys.set` are kept in this process's memory for the session only. */
export function createMemoryKeyVault(): KeyVault {
  const keys = new Map<ProviderId, string>()
  return {
    storage: 'memory-only',
    get: (provider) => keys.get(provider),
    async set(provider, key) {
      keys.set(provider, key)
      return { ok: true }
    },
    async clear(provider) {
      keys.delete(provider)
      return { ok: true }
    },
  }
}
