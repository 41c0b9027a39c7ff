import { z } from 'zod'
import { LANGUAGE_CHOICES, THEMES } from './appearance-choices'
import { LOCALES } from './locale'
import { mcpServerListSchema } from './mcp-server-schema'
import { MAX_PRICE_PER_MILLION, isPricePerMillion, type ModelPrice } from './pricing'
import { PRESET_IDS, isProfileIdSyntax } from './provider-profiles'
import { conversationDefaultsSchema } from './conversation-settings'
import { DEFAULT_WEB_TOOLS } from './web-tools'
import { webToolsSchema } from './web-tools-schema'

/** Interface languages (every local fallback message exists in each). */
export const LANGUAGES = LOCALES

export { LANGUAGE_CHOICES, THEMES, type LanguageChoice, type Theme } from './appearance-choices'

/** Per tool: ask before every write, or run without asking (reads never ask). */
export const TOOL_PERMISSIONS = ['ask', 'always-allow'] as const

const pricePerMillion = z
  .number()
  .refine(isPricePerMillion, { error: `A price is a number of dollars from 0 to ${MAX_PRICE_PER_MILLION}.` })

/** A {@link ModelPrice} (pricing.ts): the zod-free rule there, so the renderer can check a price without zod. */
export const modelPriceSchema = z.strictObject({
  inputPerMillion: pricePerMillion,
  outputPerMillion: pricePerMillion,
  cachedInputPerMillion: pricePerMillion.optional(),
  searchPerThousand: pricePerMillion.optional(),
}) satisfies z.ZodType<ModelPrice>

/** A provider profile's id (`provider-profiles.ts`): the five wire ids, preset ids, `custom-<n>`. */
export const providerProfileIdSchema = z
  .string()
  .refine(isProfileIdSyntax, { error: 'A provider id is 1–40 lower-case letters, digits or dashes.' })

/**
 * Non-secret settings of one provider profile. API keys are never here: they live encrypted outside
 * the database. Settings saved before profiles (`{ baseUrl, model }` under a wire id) are valid as
 * they are: every field added since is optional.
 */
export const providerSettingsSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  model: z.string().trim().min(1).optional(),
  name: z.string().trim().min(1).max(80).optional(),
  preset: z.enum(PRESET_IDS).optional(),
  keyRequired: z.boolean().optional(),
  models: z.array(z.string().trim().min(1).max(200)).max(2000).optional(),
})

/**
 * Every setting Keel stores: its zod schema (checked on write *and* on read) and its default.
 * A value that fails its schema on read is reported as a corrupt setting; other settings are unaffected.
 */
export const SETTING_DEFINITIONS = {
  /** `system` until the user picks a language: the window follows the OS/browser language, the core the turn's. */
  language: { schema: z.enum(LANGUAGE_CHOICES), defaultValue: 'system' },
  theme: { schema: z.enum(THEMES), defaultValue: 'system' },
  /** Tool rounds allowed in one turn before it ends with a clear message. */
  maxToolRounds: { schema: z.number().int().min(1).max(50), defaultValue: 8 },
  /** How long one turn may take in all (rounds, retries and waits); past it the answer is stopped with a clear message. */
  turnTimeoutSeconds: { schema: z.number().int().min(10).max(86_400), defaultValue: 900 },
  toolPermissions: { schema: z.record(z.string().min(1), z.enum(TOOL_PERMISSIONS)), defaultValue: {} },
  /** The default provider profile (a wire id in settings saved before profiles: still valid). */
  activeProvider: { schema: providerProfileIdSchema.nullable(), defaultValue: null },
  /** Provider profiles by id, in the order they were added. */
  providers: { schema: z.record(providerProfileIdSchema, providerSettingsSchema), defaultValue: {} },
  /** Prices the user entered, per provider profile and model name (USD per million tokens); none by default. */
  modelPrices: {
    schema: z.record(providerProfileIdSchema, z.record(z.string().min(1).max(200), modelPriceSchema)),
    defaultValue: {},
  },
  /** MCP servers (no secret values: every env value and header is in the key vault; see mcp-server-schema.ts). */
  mcpServers: { schema: mcpServerListSchema, defaultValue: [] },
  /** What a new conversation starts with: a provider and model, a system prompt (unset: the default provider's model, none). */
  conversationDefaults: { schema: conversationDefaultsSchema, defaultValue: {} },
  /** The MCP registry Settings browses (an enterprise's own); `null`: the official one. */
  mcpRegistryUrl: {
    schema: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable(),
    defaultValue: null,
  },
  /** The local web tools (page reader, web search through a service the user chose); off by default. */
  webTools: { schema: webToolsSchema, defaultValue: DEFAULT_WEB_TOOLS },
} as const

export type SettingKey = keyof typeof SETTING_DEFINITIONS

export type SettingValue<K extends SettingKey> = z.output<(typeof SETTING_DEFINITIONS)[K]['schema']>

export const SETTING_KEYS = Object.keys(SETTING_DEFINITIONS) as SettingKey[]

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFINITIONS, key)
}

/**
 * Why a setting could not be read or written.
 * - `corrupt-setting`: the stored value is not JSON or fails its schema (the default is *not*
 *   silently substituted; the caller decides, and the stored text stays for diagnosis).
 * - `invalid-setting`: a value offered for writing fails its schema; nothing was written.
 * - `unknown-setting`: no setting has this key; nothing was written.
 */
export type SettingsError =
  | { kind: 'corrupt-setting'; key: string; message: string; storedText: string }
  | { kind: 'invalid-setting'; key: string; message: string }
  | { kind: 'unknown-setting'; key: string; message: string }
