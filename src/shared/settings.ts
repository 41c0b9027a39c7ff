import { z } from 'zod'
import { LOCALES } from './locale'
import { mcpServerListSchema } from './mcp-server-schema'
import { MAX_PRICE_PER_MILLION, isPricePerMillion, type ModelPrice } from './pricing'
import { PROVIDER_IDS } from './provider-id'
import { conversationDefaultsSchema } from './conversation-settings'

/** Interface languages (every local fallback message exists in each). */
export const LANGUAGES = LOCALES

/** Per tool: ask before every write, or run without asking (reads never ask). */
export const TOOL_PERMISSIONS = ['ask', 'always-allow'] as const

const pricePerMillion = z.number().refine(isPricePerMillion, { error: `A price is a number of dollars from 0 to ${MAX_PRICE_PER_MILLION}.` })

/** A {@link ModelPrice} (pricing.ts): the zod-free rule there, so the renderer can check a price without zod. */
export const modelPriceSchema = z.strictObject({
  inputPerMillion: pricePerMillion,
  outputPerMillion: pricePerMillion,
  cachedInputPerMillion: pricePerMillion.optional(),
}) satisfies z.ZodType<ModelPrice>

/** Non-secret provider settings. API keys are never here: they live encrypted outside the database. */
export const providerSettingsSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  model: z.string().trim().min(1).optional(),
})

/**
 * Every setting Keel stores: its zod schema (checked on write *and* on read) and its default.
 * A value that fails its schema on read is reported as a corrupt setting; other settings are unaffected.
 */
export const SETTING_DEFINITIONS = {
  language: { schema: z.enum(LANGUAGES), defaultValue: 'en' },
  /** Tool rounds allowed in one turn before it ends with a clear message. */
  maxToolRounds: { schema: z.number().int().min(1).max(50), defaultValue: 8 },
  /** How long one turn may take in all (rounds, retries and waits); past it the answer is stopped with a clear message. */
  turnTimeoutSeconds: { schema: z.number().int().min(10).max(86_400), defaultValue: 900 },
  toolPermissions: { schema: z.record(z.string().min(1), z.enum(TOOL_PERMISSIONS)), defaultValue: {} },
  activeProvider: { schema: z.enum(PROVIDER_IDS).nullable(), defaultValue: null },
  providers: { schema: z.partialRecord(z.enum(PROVIDER_IDS), providerSettingsSchema), defaultValue: {} },
  /** Prices the user entered, per provider and model name (USD per million tokens); none by default. */
  modelPrices: { schema: z.partialRecord(z.enum(PROVIDER_IDS), z.record(z.string().min(1).max(200), modelPriceSchema)), defaultValue: {} },
  /** MCP servers (no secret values: every env value and header is in the key vault; see mcp-server-schema.ts). */
  mcpServers: { schema: mcpServerListSchema, defaultValue: [] },
  /** What a new conversation starts with: a provider and model, a system prompt (unset: the default provider's model, none). */
  conversationDefaults: { schema: conversationDefaultsSchema, defaultValue: {} },
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
