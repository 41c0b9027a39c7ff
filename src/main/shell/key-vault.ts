import type { AppResult } from '../../shared/ipc/app-error'
import type { KeyStorageMode } from '../../shared/ipc/app-contract'
import type { ProviderId } from '../../shared/provider-id'

/**
 * Where provider API keys live, outside the database. Pure interface (no electron) so the app
 * service can depend on it and browser mode or tests can supply another implementation.
 * Nothing here ever returns a key except `reveal`, which is for the main process's provider
 * requests only and must never be passed to a renderer, a log line or an export.
 */
export interface KeyVault {
  /** How keys are kept on this machine (shown in settings). */
  storageMode(): KeyStorageMode
  status(provider: ProviderId): KeyStatus
  /**
   * Stores (replaces) a key. With `plain-text-opt-in` storage the call is refused unless
   * `allowPlainTextStorage` is true: the user was told there is no OS keyring and agreed.
   */
  set(provider: ProviderId, key: string, options?: { allowPlainTextStorage?: boolean }): Promise<AppResult<KeyStatus>>
  clear(provider: ProviderId): Promise<AppResult<KeyStatus>>
  /** The key itself, for a provider request in the main process. */
  reveal(provider: ProviderId): string | undefined
}

/** What a renderer may learn about a key: whether one is set and its last characters. */
export type KeyStatus = { set: false } | { set: true; endsWith: string }

/** Keys shorter than this show no ending at all, so at most a quarter of a key is ever shown. */
const MIN_LENGTH_TO_SHOW_ENDING = 16

export function keyEnding(key: string): string {
  return key.length >= MIN_LENGTH_TO_SHOW_ENDING ? key.slice(-4) : ''
}
