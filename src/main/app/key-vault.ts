import type { KeyStorageMode } from '../../shared/ipc/app-contract'
import type { ProviderId } from '../../shared/provider-id'

/** What the UI may learn about a key: whether one is set and its last four characters. Never the key. */
export type KeyStatus = { set: false } | { set: true; endsWith: string; source: 'saved' | 'environment' }

export type KeySetResult = { ok: true } | { ok: false; reason: 'plain-text-not-allowed' | 'unavailable'; message: string }

/**
 * Where saved API keys live, outside the database. The Electron shell provides one backed by
 * `safeStorage`; browser mode uses {@link createMemoryKeyVault}. Keys from the environment are not
 * the vault's business (the app service checks them first).
 */
export interface KeyVault {
  /** How keys are kept, as shown in settings. */
  readonly storage: KeyStorageMode
  /** The saved key for a provider, for building its connection (core only; never sent to the UI). */
  get(provider: ProviderId): string | undefined
  /** Saves a key. `allowPlainTextStorage` is the user's opt-in where no OS keyring exists. */
  set(provider: ProviderId, key: string, options?: { allowPlainTextStorage?: boolean }): Promise<KeySetResult>
  clear(provider: ProviderId): Promise<void>
}

/** "set, ends in …abcd": the last four characters, or fewer for a very short key. */
export function keyEnding(key: string): string {
  return key.length <= 8 ? key.slice(-2) : key.slice(-4)
}

/** Browser mode: keys given with `keys.set` are kept in this process's memory for the session only. */
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
    },
  }
}
