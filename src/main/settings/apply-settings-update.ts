import type { CommandRequest } from '../../shared/ipc/app-contract'
import type { SettingKey } from '../../shared/settings'
import type { StoreWriter } from '../db/keel-store'
import { readSettings } from './read-settings'

/**
 * Applies a validated `settings.update` in one transaction. `toolPermissions` are merged into the
 * saved map; `provider.baseUrl` / `provider.model`: a string sets, `null` clears, absent keeps.
 * A corrupt stored value that is updated is replaced (starting from its default).
 */
export function applySettingsUpdate(store: StoreWriter, update: CommandRequest<'settings.update'>): void {
  const current = readSettings(store).values
  const writes: [SettingKey, unknown][] = []
  if (update.language !== undefined) writes.push(['language', update.language])
  if (update.theme !== undefined) writes.push(['theme', update.theme])
  if (update.defaultProvider !== undefined) writes.push(['activeProvider', update.defaultProvider])
  if (update.maxToolRounds !== undefined) writes.push(['maxToolRounds', update.maxToolRounds])
  if (update.turnTimeoutSeconds !== undefined) writes.push(['turnTimeoutSeconds', update.turnTimeoutSeconds])
  if (update.mcpRegistryUrl !== undefined) writes.push(['mcpRegistryUrl', update.mcpRegistryUrl])
  if (update.webTools !== undefined) writes.push(['webTools', { ...current.webTools, ...update.webTools }])
  if (update.toolPermissions !== undefined)
    writes.push(['toolPermissions', { ...current.toolPermissions, ...update.toolPermissions }])
  if (update.provider !== undefined) {
    const { id, baseUrl, model } = update.provider
    const next = { ...(Object.hasOwn(current.providers, id) ? current.providers[id] : {}) }
    if (baseUrl === null) delete next.baseUrl
    else if (baseUrl !== undefined) next.baseUrl = baseUrl
    if (model === null) delete next.model
    else if (model !== undefined) next.model = model
    writes.push(['providers', { ...current.providers, [id]: next }])
  }
  if (update.price !== undefined) {
    const { provider, model, price } = update.price
    const models = { ...(Object.hasOwn(current.modelPrices, provider) ? current.modelPrices[provider] : {}) }
    if (price === null) delete models[model]
    else models[model] = price
    writes.push(['modelPrices', { ...current.modelPrices, [provider]: models }])
  }
  store.transaction(() => {
    for (const [key, value] of writes) {
      const written = store.settings.set(key, value)
      if (!written.ok) throw new SettingsWriteError(written.error.message)
    }
  })
}

/** A value the contract accepted but the setting's own schema refused (nothing was written). */
export class SettingsWriteError extends Error {
  override readonly name = 'SettingsWriteError'
}

/** Saves "always allow" for a tool (the approval card's third button), keeping the other permissions. */
export function saveAlwaysAllow(store: StoreWriter, tool: string): void {
  const current = readSettings(store).values.toolPermissions
  store.settings.set('toolPermissions', { ...current, [tool]: 'always-allow' })
}
