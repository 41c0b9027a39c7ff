// The provider profiles as saved: connection settings with the vault's key, resolution, the default.
import type { ProviderProfileId } from '../../shared/provider-profiles'
import {
  notReadyReason,
  resolveDefaultProvider,
  resolveProfile,
  type ResolvedProfile,
  type StoredProviderSettings,
} from '../providers/provider-config'
import type { ProviderKeys } from '../secrets/provider-keys'
import type { EffectiveSettings } from './read-settings'
import type { Env } from '../../shared/env'

/** The connection settings of one provider as saved, with the vault's key (env overrides apply in resolveConnection). */
export function storedProviderSettings(
  settings: EffectiveSettings,
  keys: ProviderKeys,
  provider: ProviderProfileId,
): StoredProviderSettings {
  const stored = Object.hasOwn(settings.values.providers, provider) ? settings.values.providers[provider] : undefined
  return { baseUrl: stored?.baseUrl, model: stored?.model, apiKey: keys.saved(provider) }
}

/** Resolves one profile from the saved settings, the vault's key and the environment (`undefined`: no such profile). */
export function resolveSavedProfile(
  settings: EffectiveSettings,
  keys: ProviderKeys,
  env: Env,
  id: ProviderProfileId,
  overrides?: StoredProviderSettings,
): ResolvedProfile | undefined {
  return resolveProfile(id, { saved: settings.values.providers, savedKey: keys.saved(id), env, overrides })
}

/** The default provider profile (env, saved, else the first one set up and ready). */
export function defaultProfileId(settings: EffectiveSettings, keys: ProviderKeys, env: Env): ProviderProfileId {
  return resolveDefaultProvider(env, settings.values.activeProvider ?? undefined, {
    profiles: settings.values.providers,
    isReadyAndConfigured: (id) => {
      const profile = resolveSavedProfile(settings, keys, env, id)
      return profile?.configured === true && notReadyReason(profile) === undefined
    },
  })
}
