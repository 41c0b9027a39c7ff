import { z } from 'zod'
import { isProviderId, type ProviderId } from './provider-id'
import {
  MAX_OUTPUT_TOKENS_LIMIT,
  MAX_SYSTEM_PROMPT_CHARS,
  MAX_TEMPERATURE,
  type ConversationSettings,
} from './conversation-settings-limits'

export { MAX_OUTPUT_TOKENS_LIMIT, MAX_SYSTEM_PROMPT_CHARS, MAX_TEMPERATURE, type ConversationSettings }

const providerRef = z.string().trim().min(1).max(200)
const modelName = z.string().trim().min(1).max(200)
const systemText = z.string().max(MAX_SYSTEM_PROMPT_CHARS)
const maxTokens = z.number().int().min(1).max(MAX_OUTPUT_TOKENS_LIMIT)
const temperature = z.number().min(0).max(MAX_TEMPERATURE)

/** A change to a conversation's settings: a value sets, `null` clears (back to the default), absent keeps. */
export const conversationSettingsPatchSchema = z
  .strictObject({
    provider: providerRef.nullable().optional(),
    model: modelName.nullable().optional(),
    system: systemText.nullable().optional(),
    maxOutputTokens: maxTokens.nullable().optional(),
    temperature: temperature.nullable().optional(),
    webSearch: z.boolean().nullable().optional(),
  })
  .refine(
    (patch) =>
      (patch.provider === undefined) === (patch.model === undefined) &&
      (patch.provider === null) === (patch.model === null),
    {
      error: 'provider and model are chosen together.',
    },
  )

export type ConversationSettingsPatch = z.output<typeof conversationSettingsPatchSchema>

/** The stored settings' shape (reading a row, an export's `settings`). */
export const conversationSettingsSchema = z.strictObject({
  provider: providerRef.optional(),
  model: modelName.optional(),
  system: systemText.optional(),
  maxOutputTokens: maxTokens.optional(),
  temperature: temperature.optional(),
  webSearch: z.boolean().optional(),
})

/** The defaults a new conversation starts with (Settings → Conversations). Unset: the default provider and its model, no prompt. */
export const conversationDefaultsSchema = z.strictObject({
  provider: providerRef.optional(),
  model: modelName.optional(),
  system: systemText.optional(),
})

export type ConversationDefaults = z.output<typeof conversationDefaultsSchema>

/** A change to the defaults: a value sets, `null` clears, absent keeps (provider and model together). */
export const conversationDefaultsPatchSchema = z
  .strictObject({
    provider: providerRef.nullable().optional(),
    model: modelName.nullable().optional(),
    system: systemText.nullable().optional(),
  })
  .refine(
    (patch) =>
      (patch.provider === undefined) === (patch.model === undefined) &&
      (patch.provider === null) === (patch.model === null),
    {
      error: 'provider and model are chosen together.',
    },
  )

/** What a provider does when the conversation sets nothing: shown beside the fields as "default". */
export interface GenerationDefaults {
  /** The output cap Keel sends when none is set (`undefined`: none is sent; the model's own limit applies). */
  maxOutputTokens: number | undefined
  /** The provider's own temperature when none is sent. */
  temperature: number
  /** The highest temperature the provider accepts (higher values are lowered to it). */
  maxTemperature: number
}

const WIRE_DEFAULTS: Readonly<Record<ProviderId, GenerationDefaults>> = {
  'openai-responses': { maxOutputTokens: undefined, temperature: 1, maxTemperature: 2 },
  'openai-chat': { maxOutputTokens: undefined, temperature: 1, maxTemperature: 2 },
  // The Messages API requires max_tokens; its temperature range is 0–1.
  anthropic: { maxOutputTokens: 8192, temperature: 1, maxTemperature: 1 },
  gemini: { maxOutputTokens: undefined, temperature: 1, maxTemperature: 2 },
  'gemini-interactions': { maxOutputTokens: undefined, temperature: 1, maxTemperature: 2 },
}

/**
 * A provider's defaults by its wire API. A profile id that is not a wire id (an OpenAI-compatible
 * server such as Ollama) gets the Chat Completions defaults.
 */
export function generationDefaultsFor(wire: string): GenerationDefaults {
  return isProviderId(wire) ? WIRE_DEFAULTS[wire] : WIRE_DEFAULTS['openai-chat']
}
