// Providers as a person configures them: *profiles* with a human name, made from a *preset*
// (OpenAI, Anthropic, Google Gemini, Ollama, LM Studio, OpenRouter, another OpenAI-compatible
// server). A profile speaks one of the five wire APIs (`provider-id.ts`). The five wire ids stay
// valid profile ids (the CLI's `--provider`, `KEEL_<PROVIDER>_*` and settings saved before profiles
// existed keep working); presets add `ollama`, `lmstudio`, `openrouter`, and `custom-<n>` for more.
import { PROVIDER_IDS, isProviderId, type ProviderId } from './provider-id'

/** A profile's id: lower-case letters, digits and dashes (it names env variables and vault entries). */
export type ProviderProfileId = string

const PROFILE_ID = /^[a-z0-9][a-z0-9-]{0,39}$/

export function isProfileIdSyntax(value: unknown): value is ProviderProfileId {
  return typeof value === 'string' && PROFILE_ID.test(value)
}

export const PRESET_IDS = ['openai', 'anthropic', 'gemini', 'ollama', 'lmstudio', 'openrouter', 'custom'] as const
export type PresetId = (typeof PRESET_IDS)[number]

export function isPresetId(value: unknown): value is PresetId {
  return typeof value === 'string' && (PRESET_IDS as readonly string[]).includes(value)
}

/** What choosing a preset fills in. */
export interface ProviderPreset {
  id: PresetId
  /** The name shown (a brand: the same in every language, except "Other OpenAI-compatible server"). */
  name: string
  api: ProviderId
  /** Empty for `custom`: the user types it. */
  baseUrl: string
  /** Whether the preset's own endpoint refuses requests without a key. */
  needsKey: boolean
  /** A model to start from ('' where the server decides: pick one from its list). */
  model: string
  /** The profile id a first profile of this preset gets (`custom-<n>` when taken, or for `custom`). */
  profileId: ProviderProfileId | undefined
  /** The environment variable a key is read from, if any. */
  keyVariable: string | undefined
  /** Where a person gets a key (shown next to the key field). */
  keyUrl: string | undefined
}

export const PROVIDER_PRESETS: Readonly<Record<PresetId, Readonly<ProviderPreset>>> = {
  openai: {
    id: 'openai',
    name: 'OpenAI',
    api: 'openai-responses',
    baseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    model: 'gpt-5-mini',
    profileId: 'openai-responses',
    keyVariable: 'OPENAI_API_KEY',
    keyUrl: 'https://platform.openai.com/api-keys',
  },
  anthropic: {
    id: 'anthropic',
    name: 'Anthropic',
    api: 'anthropic',
    baseUrl: 'https://api.anthropic.com/v1',
    needsKey: true,
    model: 'claude-sonnet-4-5',
    profileId: 'anthropic',
    keyVariable: 'ANTHROPIC_API_KEY',
    keyUrl: 'https://console.anthropic.com/settings/keys',
  },
  gemini: {
    id: 'gemini',
    name: 'Google Gemini',
    api: 'gemini',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    needsKey: true,
    model: 'gemini-2.5-flash',
    profileId: 'gemini',
    keyVariable: 'GEMINI_API_KEY',
    keyUrl: 'https://aistudio.google.com/apikey',
  },
  ollama: {
    id: 'ollama',
    name: 'Ollama',
    api: 'openai-chat',
    baseUrl: 'http://127.0.0.1:11434/v1',
    needsKey: false,
    model: '',
    profileId: 'ollama',
    keyVariable: undefined,
    keyUrl: undefined,
  },
  lmstudio: {
    id: 'lmstudio',
    name: 'LM Studio',
    api: 'openai-chat',
    baseUrl: 'http://127.0.0.1:1234/v1',
    needsKey: false,
    model: '',
    profileId: 'lmstudio',
    keyVariable: undefined,
    keyUrl: undefined,
  },
  openrouter: {
    id: 'openrouter',
    name: 'OpenRouter',
    api: 'openai-chat',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    model: 'openai/gpt-4.1-mini',
    profileId: 'openrouter',
    keyVariable: 'OPENROUTER_API_KEY',
    keyUrl: 'https://openrouter.ai/keys',
  },
  custom: {
    id: 'custom',
    name: 'Other OpenAI-compatible server',
    api: 'openai-chat',
    baseUrl: '',
    needsKey: false,
    model: '',
    profileId: undefined,
    keyVariable: undefined,
    keyUrl: undefined,
  },
}

/** The preset and English name of each wire id used as a profile (how settings saved before profiles read). */
export const WIRE_PROFILES: Readonly<Record<ProviderId, { preset: PresetId; name: string }>> = {
  'openai-responses': { preset: 'openai', name: 'OpenAI' },
  'openai-chat': { preset: 'custom', name: 'OpenAI (Chat Completions)' },
  anthropic: { preset: 'anthropic', name: 'Anthropic' },
  gemini: { preset: 'gemini', name: 'Google Gemini' },
  'gemini-interactions': { preset: 'gemini', name: 'Google Gemini (Interactions API)' },
}

/** Profile ids that exist without being saved: the five wire ids and the presets' own ids. */
export const IMPLICIT_PROFILE_IDS: readonly ProviderProfileId[] = [
  ...PROVIDER_IDS,
  ...PRESET_IDS.flatMap((preset) => {
    const id = PROVIDER_PRESETS[preset].profileId
    return id && !isProviderId(id) ? [id] : []
  }),
]

/** What settings keep for one profile (non-secret; the key is in the key vault under the profile id). */
export interface StoredProviderProfile {
  baseUrl?: string | undefined
  model?: string | undefined
  /** The user's name for it; absent: the preset's (translated by the window). */
  name?: string | undefined
  preset?: PresetId | undefined
  /** Whether requests need a key; absent: the preset's rule ({@link keyRequiredFor}). */
  keyRequired?: boolean | undefined
  /** Models the server listed when the profile was saved (the model picker offers them). */
  models?: string[] | undefined
}

/** The preset a profile is made from: its saved one, the wire id's, the preset with that id, else "custom". */
export function presetOfProfile(id: ProviderProfileId, stored?: StoredProviderProfile): PresetId {
  if (stored?.preset) return stored.preset
  if (isProviderId(id)) return WIRE_PROFILES[id].preset
  const byId = PRESET_IDS.find((preset) => PROVIDER_PRESETS[preset].profileId === id)
  return byId ?? 'custom'
}

/** The wire API a profile speaks: a wire id speaks itself; any other profile its preset's API. */
export function apiOfProfile(id: ProviderProfileId, stored?: StoredProviderProfile): ProviderId {
  return isProviderId(id) ? id : PROVIDER_PRESETS[presetOfProfile(id, stored)].api
}

/** The English name of a profile (the window translates the preset names it knows). */
export function nameOfProfile(id: ProviderProfileId, stored?: StoredProviderProfile): string {
  if (stored?.name) return stored.name
  if (isProviderId(id)) return WIRE_PROFILES[id].name
  return PROVIDER_PRESETS[presetOfProfile(id, stored)].name
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return undefined
  }
}

/**
 * Whether a profile must not be called without a key: the user's choice where saved; otherwise the
 * preset's, and only for the preset's own endpoint — a proxy or local server the user pointed a
 * profile at decides for itself (settings from before profiles keep working keyless there).
 */
export function keyRequiredFor(
  id: ProviderProfileId,
  stored: StoredProviderProfile | undefined,
  baseUrl: string,
): boolean {
  if (stored?.keyRequired !== undefined) return stored.keyRequired
  const preset = PROVIDER_PRESETS[presetOfProfile(id, stored)]
  if (isProviderId(id) && id === 'openai-chat') return hostOf(baseUrl) === 'api.openai.com'
  return preset.needsKey && hostOf(baseUrl) !== undefined && hostOf(baseUrl) === hostOf(preset.baseUrl)
}

/** A new profile's id for a preset: its own id when free, else the first free `custom-<n>`. */
export function newProfileId(preset: PresetId, taken: ReadonlySet<string>): ProviderProfileId {
  const own = PROVIDER_PRESETS[preset].profileId
  if (own && !taken.has(own)) return own
  for (let n = 1; ; n++) if (!taken.has(`custom-${n}`)) return `custom-${n}`
}

/** Why a turn cannot be sent to a profile (nothing is sent: the window offers setup, the CLI exits 2). */
export type ProviderNotReadyReason = 'unknown-provider' | 'no-key' | 'no-base-url' | 'no-model'
