import { PROVIDER_IDS, isProviderId, type ProviderId } from '../../shared/provider-id'
import {
  IMPLICIT_PROFILE_IDS,
  PROVIDER_PRESETS,
  apiOfProfile,
  isProfileIdSyntax,
  keyRequiredFor,
  nameOfProfile,
  presetOfProfile,
  type PresetId,
  type ProviderProfileId,
  type StoredProviderProfile,
} from '../../shared/provider-profiles'
import type { ProviderDefaults } from './provider-definition'
import { PROVIDERS } from './provider-registry'
import type { ProviderConnection } from './provider-request'
import type { Env } from '../../shared/env'

/** Built-in defaults per provider, from each provider's definition (`provider-registry.ts`). */
export const PROVIDER_DEFAULTS: Readonly<Record<ProviderId, Readonly<ProviderDefaults>>> = Object.fromEntries(
  PROVIDER_IDS.map((id) => [id, PROVIDERS[id].defaults]),
) as Record<ProviderId, Readonly<ProviderDefaults>>

export const DEFAULT_PROVIDER: ProviderId = 'openai-responses'

/** `openai-chat` → `OPENAI_CHAT`: the infix of `KEEL_<PROVIDER>_BASE_URL` and `KEEL_<PROVIDER>_MODEL` (any profile id). */
export function providerEnvName(provider: ProviderProfileId): string {
  return provider.toUpperCase().replace(/-/g, '_')
}

/** What the user saved in settings for one provider (any field may be unset). */
export interface StoredProviderSettings {
  baseUrl?: string | undefined
  model?: string | undefined
  apiKey?: string | undefined
}

/**
 * The connection for one provider. Precedence, highest first: explicit overrides (CLI flags),
 * environment (`KEEL_<PROVIDER>_BASE_URL`, `KEEL_<PROVIDER>_MODEL`, `OPENAI_API_KEY` /
 * `ANTHROPIC_API_KEY` / `GEMINI_API_KEY`), saved settings, built-in defaults.
 */
export function resolveConnection(
  provider: ProviderId,
  options: { settings?: StoredProviderSettings; env?: Env; overrides?: StoredProviderSettings } = {},
): ProviderConnection {
  const env = options.env ?? {}
  const name = providerEnvName(provider)
  const defaults = PROVIDERS[provider].defaults
  const pick = (...values: (string | undefined)[]) => values.find((v) => v !== undefined && v.trim().length > 0)?.trim()
  return {
    baseUrl:
      pick(options.overrides?.baseUrl, env[`KEEL_${name}_BASE_URL`], options.settings?.baseUrl) ?? defaults.baseUrl,
    model: pick(options.overrides?.model, env[`KEEL_${name}_MODEL`], options.settings?.model) ?? defaults.model,
    apiKey: pick(options.overrides?.apiKey, env[defaults.keyVariable], options.settings?.apiKey) ?? '',
  }
}

/** The environment variable a profile's key is read from: a wire id's (`OPENAI_API_KEY`, …) or its preset's own. */
export function profileKeyVariable(id: ProviderProfileId, stored?: StoredProviderProfile): string | undefined {
  if (isProviderId(id)) return PROVIDERS[id].defaults.keyVariable
  // Only a preset's own profile reads the preset's variable: a second OpenRouter account is not the first.
  const preset = PROVIDER_PRESETS[presetOfProfile(id, stored)]
  return preset.profileId === id ? preset.keyVariable : undefined
}

/** Every profile that exists: the five wire ids, the presets' own ids, and every saved one. */
export function knownProfileIds(saved: Readonly<Record<string, StoredProviderProfile>>): ProviderProfileId[] {
  return [...new Set([...IMPLICIT_PROFILE_IDS, ...Object.keys(saved)])]
}

export function isKnownProfile(
  id: string | undefined,
  saved: Readonly<Record<string, StoredProviderProfile>>,
): id is ProviderProfileId {
  return id !== undefined && isProfileIdSyntax(id) && (IMPLICIT_PROFILE_IDS.includes(id) || Object.hasOwn(saved, id))
}

/** One profile, resolved: what it is, where it sends and as whom, and whether a request may be sent. */
export interface ResolvedProfile {
  id: ProviderProfileId
  name: string
  preset: PresetId
  /** The wire API it speaks. */
  api: ProviderId
  connection: ProviderConnection
  keyRequired: boolean
  /** Saved in settings, or given a key, base URL or model by the environment or the vault. */
  configured: boolean
}

/**
 * A profile's connection, with the same precedence as {@link resolveConnection} (flags, environment,
 * saved settings, defaults): a wire id resolves exactly as before profiles; other profiles start
 * from their preset (`KEEL_OLLAMA_BASE_URL`, `KEEL_CUSTOM_1_MODEL`, … work too). `undefined`: no such profile.
 */
export function resolveProfile(
  id: ProviderProfileId,
  options: {
    saved: Readonly<Record<string, StoredProviderProfile>>
    savedKey?: string | undefined
    env?: Env
    overrides?: StoredProviderSettings
  },
): ResolvedProfile | undefined {
  if (!isKnownProfile(id, options.saved)) return undefined
  const env = options.env ?? {}
  const stored = Object.hasOwn(options.saved, id) ? options.saved[id] : undefined
  const settings: StoredProviderSettings = { baseUrl: stored?.baseUrl, model: stored?.model, apiKey: options.savedKey }
  const preset = presetOfProfile(id, stored)
  let connection: ProviderConnection
  if (isProviderId(id)) connection = resolveConnection(id, { env, settings, overrides: options.overrides })
  else {
    const name = providerEnvName(id)
    const defaults = PROVIDER_PRESETS[preset]
    const keyVariable = profileKeyVariable(id, stored)
    connection = {
      baseUrl: pick(options.overrides?.baseUrl, env[`KEEL_${name}_BASE_URL`], settings.baseUrl) ?? defaults.baseUrl,
      model: pick(options.overrides?.model, env[`KEEL_${name}_MODEL`], settings.model) ?? defaults.model,
      apiKey: pick(options.overrides?.apiKey, keyVariable ? env[keyVariable] : undefined, settings.apiKey) ?? '',
    }
  }
  const name = providerEnvName(id)
  const keyVariable = profileKeyVariable(id, stored)
  const configured =
    stored !== undefined ||
    (options.savedKey ?? '') !== '' ||
    [env[`KEEL_${name}_BASE_URL`], env[`KEEL_${name}_MODEL`], keyVariable ? env[keyVariable] : undefined].some(
      (value) => (value?.trim() ?? '') !== '',
    )
  return {
    id,
    name: nameOfProfile(id, stored),
    preset,
    api: apiOfProfile(id, stored),
    connection,
    keyRequired: keyRequiredFor(id, stored, connection.baseUrl),
    configured,
  }
}

/** Why a resolved profile cannot be sent a turn, or `undefined` when it can. */
export function notReadyReason(profile: ResolvedProfile): 'no-key' | 'no-base-url' | 'no-model' | undefined {
  if (profile.connection.baseUrl === '') return 'no-base-url'
  if (profile.keyRequired && profile.connection.apiKey === '') return 'no-key'
  if (profile.connection.model === '') return 'no-model'
  return undefined
}

/**
 * The default profile: `KEEL_DEFAULT_PROVIDER`, then the saved default (unknown ids are ignored);
 * with neither, the first configured profile that is ready (one key in the environment, or one
 * server set up, is enough to start), else {@link DEFAULT_PROVIDER}.
 */
export function resolveDefaultProvider(
  env: Env,
  saved?: string,
  options: {
    profiles?: Readonly<Record<string, StoredProviderProfile>>
    isReadyAndConfigured?: (id: ProviderProfileId) => boolean
  } = {},
): ProviderProfileId {
  const profiles = options.profiles ?? {}
  const fromEnv = env.KEEL_DEFAULT_PROVIDER?.trim()
  if (isKnownProfile(fromEnv, profiles)) return fromEnv
  if (isKnownProfile(saved, profiles)) return saved
  const ready = options.isReadyAndConfigured
  if (ready) {
    const first = [...Object.keys(profiles), ...IMPLICIT_PROFILE_IDS].find(
      (id) => isKnownProfile(id, profiles) && ready(id),
    )
    if (first) return first
  }
  return DEFAULT_PROVIDER
}

const pick = (...values: (string | undefined)[]) => values.find((v) => v !== undefined && v.trim().length > 0)?.trim()

/** Every environment variable Keel reads for providers (for the README and `--help`). */
export function providerEnvironmentVariables(): string[] {
  const names = new Set<string>(['KEEL_DEFAULT_PROVIDER'])
  for (const provider of IMPLICIT_PROFILE_IDS) {
    names.add(`KEEL_${providerEnvName(provider)}_BASE_URL`)
    names.add(`KEEL_${providerEnvName(provider)}_MODEL`)
    const keyVariable = profileKeyVariable(provider)
    if (keyVariable) names.add(keyVariable)
  }
  return [...names]
}
