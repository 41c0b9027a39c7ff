import type { CommandRequest, SettingsView } from '../../shared/ipc/app-contract'
import { localeFromEnv } from '../../shared/locale-pick'
import { priceFor } from '../../shared/pricing'
import type { ProviderProfileId } from '../../shared/provider-profiles'
import { SETTING_DEFINITIONS, SETTING_KEYS, type SettingKey, type SettingValue } from '../../shared/settings'
import type { KeelStore } from '../db/keel-store'
import type { SettingRead } from '../db/settings-store'
import { knownProfileIds, notReadyReason, resolveDefaultProvider, resolveProfile, type ResolvedProfile, type StoredProviderSettings } from '../providers/provider-config'
import type { ProviderKeys } from './provider-keys'

type Env = Readonly<Record<string, string | undefined>>

/** Saved settings, each read on its own: a corrupt one falls back to its default and is reported. */
export interface EffectiveSettings {
  values: { [K in SettingKey]: SettingValue<K> }
  corrupt: SettingKey[]
}

export function readSettings(store: KeelStore): EffectiveSettings {
  const all = store.settings.getAll()
  const corrupt: SettingKey[] = []
  const pick = <K extends SettingKey>(key: K, read: SettingRead<K>, fallback: SettingValue<K>): SettingValue<K> => {
    if (read.ok) return read.value
    corrupt.push(key)
    return fallback
  }
  // Each default is the one in SETTING_DEFINITIONS (written down once).
  const values = Object.fromEntries(SETTING_KEYS.map((key) => [key, pick(key, all[key] as SettingRead<typeof key>, SETTING_DEFINITIONS[key].defaultValue as SettingValue<typeof key>)])) as EffectiveSettings['values']
  return { values, corrupt }
}

/** The connection settings of one provider as saved, with the vault's key (env overrides apply in resolveConnection). */
export function storedProviderSettings(settings: EffectiveSettings, keys: ProviderKeys, provider: ProviderProfileId): StoredProviderSettings {
  const stored = Object.hasOwn(settings.values.providers, provider) ? settings.values.providers[provider] : undefined
  return { baseUrl: stored?.baseUrl, model: stored?.model, apiKey: keys.saved(provider) }
}

/** Resolves one profile from the saved settings, the vault's key and the environment (`undefined`: no such profile). */
export function resolveSavedProfile(settings: EffectiveSettings, keys: ProviderKeys, env: Env, id: ProviderProfileId, overrides?: StoredProviderSettings): ResolvedProfile | undefined {
  return resolveProfile(id, { saved: settings.values.providers, savedKey: keys.saved(id), env, overrides })
}

/** The default provider profile (env, saved, else the first one set up and ready). */
export function defaultProfileId(settings: EffectiveSettings, keys: ProviderKeys, env: Env): ProviderProfileId {
  return resolveDefaultProvider(env, settings.values.activeProvider ?? undefined, {
    profiles: settings.values.providers,
    isReadyAndConfigured: (id) => {
      const profile = resolveSavedProfile(settings, keys, env, id)
      return profile !== undefined && profile.configured && notReadyReason(profile) === undefined
    },
  })
}

export function buildSettingsView(store: KeelStore, env: Env, keys: ProviderKeys): SettingsView {
  const settings = readSettings(store)
  const { values } = settings
  const defaultProvider = defaultProfileId(settings, keys, env)
  const providers = knownProfileIds(values.providers).flatMap((id) => {
    const profile = resolveSavedProfile(settings, keys, env, id)
    if (!profile) return []
    const stored = Object.hasOwn(values.providers, id) ? values.providers[id] : undefined
    const { baseUrl, model } = profile.connection
    const reason = notReadyReason(profile)
    // The key is resolved with the connection only to be dropped here: the view carries its status.
    return [
      {
        id,
        name: profile.name,
        named: stored?.name !== undefined,
        preset: profile.preset,
        api: profile.api,
        baseUrl,
        model,
        models: [...new Set([...(stored?.models ?? []), ...(model ? [model] : [])])],
        key: keys.status(id),
        keyRequired: profile.keyRequired,
        configured: profile.configured,
        ready: reason === undefined,
        ...(reason ? { notReady: reason } : {}),
        price: priceFor(values.modelPrices, id, model) ?? null,
      },
    ]
  })
  const chosen = providers.find((provider) => provider.id === defaultProvider)
  return {
    language: values.language === 'system' ? localeFromEnv(env) : values.language,
    languageChoice: values.language,
    theme: values.theme,
    defaultProvider,
    firstRun: !chosen ? { provider: defaultProvider, reason: 'unknown-provider' } : chosen.notReady ? { provider: defaultProvider, reason: chosen.notReady } : null,
    maxToolRounds: values.maxToolRounds,
    turnTimeoutSeconds: values.turnTimeoutSeconds,
    toolPermissions: { ...values.toolPermissions },
    providers,
    keyStorage: keys.vault.storage,
    corruptSettings: [...settings.corrupt],
  }
}

/**
 * Applies a validated `settings.update` in one transaction. `toolPermissions` are merged into the
 * saved map; `provider.baseUrl` / `provider.model`: a string sets, `null` clears, absent keeps.
 * A corrupt stored value that is updated is replaced (starting from its default).
 */
export function applySettingsUpdate(store: KeelStore, update: CommandRequest<'settings.update'>): void {
  const current = readSettings(store).values
  const writes: [SettingKey, unknown][] = []
  if (update.language !== undefined) writes.push(['language', update.language])
  if (update.theme !== undefined) writes.push(['theme', update.theme])
  if (update.defaultProvider !== undefined) writes.push(['activeProvider', update.defaultProvider])
  if (update.maxToolRounds !== undefined) writes.push(['maxToolRounds', update.maxToolRounds])
  if (update.turnTimeoutSeconds !== undefined) writes.push(['turnTimeoutSeconds', update.turnTimeoutSeconds])
  if (update.toolPermissions !== undefined) writes.push(['toolPermissions', { ...current.toolPermissions, ...update.toolPermissions }])
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
  store.db.transaction(() => {
    for (const [key, value] of writes) {
      const written = store.settings.set(key, value)
      if (!written.ok) throw new SettingsWriteError(written.error.message)
    }
  })()
}

/** A value the contract accepted but the setting's own schema refused (nothing was written). */
export class SettingsWriteError extends Error {
  override readonly name = 'SettingsWriteError'
}

/** Saves "always allow" for a tool (the approval card's third button), keeping the other permissions. */
export function saveAlwaysAllow(store: KeelStore, tool: string): void {
  const current = readSettings(store).values.toolPermissions
  store.settings.set('toolPermissions', { ...current, [tool]: 'always-allow' })
}
