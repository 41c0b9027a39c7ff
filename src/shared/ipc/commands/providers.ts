import { z } from 'zod'
import { PRESET_IDS } from '../../provider-profiles'
import type { AccessOf } from './command-domain'
import { httpUrl, providerId } from './request-fields'
import type { SettingsView } from './settings'

/**
 * What the provider form shows, not yet saved: Test connection and the model list use it. The key
 * typed goes one way (it is used for the request and never sent back); absent fields fall back
 * to the saved profile's.
 */
const providerDraft = z.strictObject({
  preset: z.enum(PRESET_IDS).optional(),
  baseUrl: httpUrl.optional(),
  model: z.string().trim().max(200).optional(),
  apiKey: z.string().trim().min(1).max(1000).optional(),
  keyRequired: z.boolean().optional(),
})
/** A saved profile (`provider`), a form's draft of a new one (`draft.preset`), or a saved one edited. */
const providerTarget = z
  .strictObject({ provider: providerId.optional(), draft: providerDraft.optional() })
  .refine((value) => value.provider !== undefined || value.draft?.preset !== undefined, {
    error: 'Name a provider, or a preset in the draft.',
  })

/** Provider profiles and their keys: save, remove, test a connection, list a server's models. */
export const PROVIDER_SCHEMAS = {
  /** Write-only: the key is never sent back, only "set, ends in …abcd". */
  'keys.set': z.strictObject({
    provider: providerId,
    key: z.string().trim().min(1).max(1000),
    allowPlainTextStorage: z.boolean().optional(),
  }),
  'keys.clear': z.strictObject({ provider: providerId }),
  /** Test connection: reachable, key accepted, model present (the models endpoint first; else one tiny request). */
  'providers.test': providerTarget,
  /** The models the server lists (OpenAI-compatible `GET /models`, Anthropic's and Gemini's own). */
  'providers.models': providerTarget,
  /** Adds (no `id`: a new profile from `preset`) or changes a provider profile; a key given goes to the key vault. */
  'providers.save': z.strictObject({
    id: providerId.optional(),
    preset: z.enum(PRESET_IDS),
    name: z.string().trim().min(1).max(80).optional(),
    baseUrl: httpUrl.optional(),
    model: z.string().trim().min(1).max(200).optional(),
    keyRequired: z.boolean().optional(),
    models: z.array(z.string().trim().min(1).max(200)).max(2000).optional(),
    apiKey: z.string().trim().min(1).max(1000).optional(),
    allowPlainTextStorage: z.boolean().optional(),
    /** Make it the default provider (the first one saved always is, when the default cannot answer). */
    makeDefault: z.boolean().optional(),
  }),
  /** Forgets a profile's settings and key (a preset or wire id stays listed, unconfigured). */
  'providers.remove': z.strictObject({ id: providerId }),
} as const

export const PROVIDER_ACCESS = {
  'keys.set': 'write',
  'keys.clear': 'write',
  'providers.test': 'read',
  'providers.models': 'read',
  'providers.save': 'write',
  'providers.remove': 'write',
} as const satisfies AccessOf<typeof PROVIDER_SCHEMAS>

export interface ProviderResponses {
  'keys.set': SettingsView
  'keys.clear': SettingsView
  'providers.test': ProviderCheckResult
  'providers.models': ProviderModelsResult
  'providers.save': { id: string; settings: SettingsView }
  'providers.remove': SettingsView
}

/** A model a server lists. */
export interface ProviderModel {
  id: string
  /** The server's display name, where it gives one. */
  name?: string
}

/** Why a model list could not be had: nothing listening, the key refused, no such endpoint, an answer that is not a list, no key to send. */
export type ProviderListFailure =
  | 'unreachable'
  | 'key-rejected'
  | 'no-models-endpoint'
  | 'bad-response'
  | 'timeout'
  | 'no-key'
  | 'server-error'

export type ProviderModelsResult =
  | { ok: true; models: ProviderModel[] }
  | { ok: false; kind: ProviderListFailure; message: string; status?: number }

/**
 * What Test connection found. `keyAccepted`: `'not-needed'` when no key was sent and none is
 * required. `via`: the models endpoint, or (a server without one) a tiny generation request.
 */
export type ProviderCheckResult =
  | {
      ok: true
      latencyMs: number
      model: string
      reachable: true
      keyAccepted: boolean | 'not-needed'
      modelPresent: true
      via: 'models' | 'generation'
      models: ProviderModel[]
    }
  | {
      ok: false
      kind: string
      message: string
      reachable?: boolean
      keyAccepted?: boolean | 'not-needed'
      modelPresent?: boolean
      models?: ProviderModel[]
      status?: number
    }
