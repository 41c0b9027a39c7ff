import type { SettingsView } from '../../shared/ipc/app-contract'
import { localeFromEnv } from '../../shared/locale-pick'
import { priceFor } from '../../shared/pricing'
import type { StoreReader } from '../db/keel-store'
import { knownProfileIds, notReadyReason } from '../providers/provider-config'
import type { ProviderKeys } from '../secrets/provider-keys'
import { readSettings } from '../settings/read-settings'
import { defaultProfileId, resolveSavedProfile } from '../settings/saved-profiles'
import type { Env } from '../../shared/env'

export function buildSettingsView(store: StoreReader, env: Env, keys: ProviderKeys): SettingsView {
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
    firstRun: !chosen
      ? { provider: defaultProvider, reason: 'unknown-provider' }
      : chosen.notReady
        ? { provider: defaultProvider, reason: chosen.notReady }
        : null,
    maxToolRounds: values.maxToolRounds,
    turnTimeoutSeconds: values.turnTimeoutSeconds,
    toolPermissions: { ...values.toolPermissions },
    providers,
    keyStorage: keys.vault.storage,
    webTools: {
      ...values.webTools,
      keys: { brave: keys.searchKeyStatus('brave'), tavily: keys.searchKeyStatus('tavily') },
    },
    corruptSettings: [...settings.corrupt],
  }
}
