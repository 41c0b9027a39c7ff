import { z } from 'zod'
import type { LOCALES } from '../../locale'
import type { ModelPrice } from '../../pricing'
import type { ProviderId } from '../../provider-id'
import type { PresetId, ProviderNotReadyReason } from '../../provider-profiles'
import {
  LANGUAGE_CHOICES,
  SETTING_DEFINITIONS,
  THEMES,
  TOOL_PERMISSIONS,
  modelPriceSchema,
  type LanguageChoice,
  type Theme,
} from '../../settings'
import { KEYED_SEARCH_SERVICES, type WebToolsView } from '../../web-tools'
import { webToolsSchema } from '../../web-tools-schema'
import type { AccessOf } from './command-domain'
import { providerId } from './request-fields'

/** The app's settings: language, theme, the default provider, tool limits and permissions, prices. */
export const SETTINGS_SCHEMAS = {
  'settings.get': z.strictObject({}),
  'settings.update': z.strictObject({
    /** A language, or `system`: follow the OS/browser language (the default until the user picks one). */
    language: z.enum(LANGUAGE_CHOICES).optional(),
    theme: z.enum(THEMES).optional(),
    defaultProvider: providerId.optional(),
    // The bounds are the setting's own (one definition: SETTING_DEFINITIONS).
    maxToolRounds: SETTING_DEFINITIONS.maxToolRounds.schema.optional(),
    turnTimeoutSeconds: SETTING_DEFINITIONS.turnTimeoutSeconds.schema.optional(),
    toolPermissions: z.record(z.string().min(1).max(300), z.enum(TOOL_PERMISSIONS)).optional(),
    provider: z
      .strictObject({
        id: providerId,
        baseUrl: z
          .url({ protocol: /^https?$/ })
          .nullable()
          .optional(),
        model: z.string().trim().min(1).max(200).nullable().optional(),
      })
      .optional(),
    /** The price of one provider's model (USD per million tokens); `null` forgets it. */
    price: z
      .strictObject({
        provider: providerId,
        model: z.string().trim().min(1).max(200),
        price: modelPriceSchema.nullable(),
      })
      .optional(),
    /** The MCP registry Settings browses; `null`: the official one. */
    mcpRegistryUrl: SETTING_DEFINITIONS.mcpRegistryUrl.schema.optional(),
    /** The local web tools (fields given are changed, the others kept). */
    webTools: webToolsSchema.partial().optional(),
  }),
  /** Write-only: a web search service's key goes to the key vault; only "set, ends in …abcd" comes back. */
  'webSearch.setKey': z.strictObject({
    service: z.enum(KEYED_SEARCH_SERVICES),
    key: z.string().trim().min(1).max(1000),
    allowPlainTextStorage: z.boolean().optional(),
  }),
  'webSearch.clearKey': z.strictObject({ service: z.enum(KEYED_SEARCH_SERVICES) }),
} as const

export const SETTINGS_ACCESS = {
  'settings.get': 'read',
  'settings.update': 'write',
  'webSearch.setKey': 'write',
  'webSearch.clearKey': 'write',
} as const satisfies AccessOf<typeof SETTINGS_SCHEMAS>

export interface SettingsResponses {
  'settings.get': SettingsView
  'settings.update': SettingsView
  'webSearch.setKey': SettingsView
  'webSearch.clearKey': SettingsView
}

/** How a key is kept: encrypted by the OS keyring, or (Linux without a keyring) only after the user opts in. */
export type KeyStorageMode = 'os-encrypted' | 'plain-text-opt-in' | 'memory-only'

/**
 * One provider profile as the window sees it (Settings, the first-run card, the composer's model
 * picker). `name` is the user's name, else the preset's English name (`named: false`: the window
 * shows the preset's name in its own language).
 */
export interface ProviderSettingsView {
  id: string
  name: string
  named: boolean
  preset: PresetId
  /** The wire API it speaks. */
  api: ProviderId
  baseUrl: string
  model: string
  /** Models known for it: what the server listed when it was saved, and `model`. */
  models: string[]
  /** Never the key itself. */
  key: { set: false } | { set: true; endsWith: string; source: 'saved' | 'environment' }
  /** Requests are refused (nothing is sent) while no key is set. */
  keyRequired: boolean
  /** Saved, or given a key or URL by the environment: listed as set up. */
  configured: boolean
  /** A turn can be sent (`notReady` says why not). */
  ready: boolean
  notReady?: ProviderNotReadyReason
  /** The price the user entered for `model`, or `null` (then no cost is shown for it). */
  price: ModelPrice | null
}

export interface SettingsView {
  /** The language in effect: the saved choice, or (choice `system`) the OS language as the core sees it. */
  language: (typeof LOCALES)[number]
  /** What the user chose: a language, or `system` (the window then follows the browser/OS language). */
  languageChoice: LanguageChoice
  /** System (follow the OS), light or dark. */
  theme: Theme
  /** The default provider profile's id. */
  defaultProvider: string
  /** Set when the default provider cannot answer (first run: nothing set up, or no key): the window offers setup instead of sending. */
  firstRun: { provider: string; reason: ProviderNotReadyReason } | null
  maxToolRounds: number
  /** How long one turn may take in all, in seconds. */
  turnTimeoutSeconds: number
  toolPermissions: Record<string, (typeof TOOL_PERMISSIONS)[number]>
  providers: ProviderSettingsView[]
  keyStorage: KeyStorageMode
  /** The local web tools and whether each search service has a key. */
  webTools: WebToolsView
  /** Settings that were stored corrupt and fell back to their default (reported, never silently lost). */
  corruptSettings: string[]
}
