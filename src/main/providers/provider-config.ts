import { PROVIDER_IDS, isProviderId, type ProviderId } from '../../shared/provider-id'
import type { ProviderDefaults } from './provider-definition'
import { PROVIDERS } from './provider-registry'
import type { ProviderConnection } from './provider-request'

/** Built-in defaults per provider, from each provider's definition (`provider-registry.ts`). */
export const PROVIDER_DEFAULTS: Readonly<Record<ProviderId, Readonly<ProviderDefaults>>> = Object.fromEntries(
  PROVIDER_IDS.map((id) => [id, PROVIDERS[id].defaults]),
) as Record<ProviderId, Readonly<ProviderDefaults>>

export const DEFAULT_PROVIDER: ProviderId = 'openai-responses'

/** `openai-chat` → `OPENAI_CHAT`: the infix of `KEEL_<PROVIDER>_BASE_URL` and `KEEL_<PROVIDER>_MODEL`. */
export function providerEnvName(provider: ProviderId): string {
  return provider.toUpperCase().replace(/-/g, '_')
}

/** What the user saved in settings for one provider (any field may be unset). */
export interface StoredProviderSettings {
  baseUrl?: string | undefined
  model?: string | undefined
  apiKey?: string | undefined
}

type Env = Readonly<Record<string, string | undefined>>

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
    baseUrl: pick(options.overrides?.baseUrl, env[`KEEL_${name}_BASE_URL`], options.settings?.baseUrl) ?? defaults.baseUrl,
    model: pick(options.overrides?.model, env[`KEEL_${name}_MODEL`], options.settings?.model) ?? defaults.model,
    apiKey: pick(options.overrides?.apiKey, env[defaults.keyVariable], options.settings?.apiKey) ?? '',
  }
}

/** `KEEL_DEFAULT_PROVIDER`, then the saved default, then {@link DEFAULT_PROVIDER}; unknown ids are ignored. */
export function resolveDefaultProvider(env: Env, saved?: string): ProviderId {
  const fromEnv = env.KEEL_DEFAULT_PROVIDER?.trim()
  if (isProviderId(fromEnv)) return fromEnv
  if (isProviderId(saved)) return saved
  return DEFAULT_PROVIDER
}

/** Every environment variable Keel reads for providers (for the README and `--help`). */
export function providerEnvironmentVariables(): string[] {
  const names = new Set<string>(['KEEL_DEFAULT_PROVIDER'])
  for (const provider of PROVIDER_IDS) {
    names.add(`KEEL_${providerEnvName(provider)}_BASE_URL`)
    names.add(`KEEL_${providerEnvName(provider)}_MODEL`)
    names.add(PROVIDERS[provider].defaults.keyVariable)
  }
  return [...names]
}
