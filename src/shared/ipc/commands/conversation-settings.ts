import { z } from 'zod'
import {
  conversationDefaultsPatchSchema,
  conversationSettingsPatchSchema,
  type ConversationDefaults,
  type ConversationSettings,
} from '../../conversation-settings'
import type { AccessOf } from './command-domain'
import { id } from './request-fields'

/** A conversation's settings (model, system prompt, limits) and the defaults new ones take. */
export const CONVERSATION_SETTINGS_SCHEMAS = {
  /** A conversation's settings with their defaults; without an id, what a new conversation would start with. */
  'conversations.settings': z.strictObject({ conversationId: id.optional() }),
  /** Changes a conversation's settings (applies from its next answer). */
  'conversations.settingsUpdate': z.strictObject({ conversationId: id, patch: conversationSettingsPatchSchema }),
  /** Changes the defaults for new conversations (Settings): the model and the system prompt. */
  'conversations.settingsDefaults': z.strictObject({ patch: conversationDefaultsPatchSchema }),
} as const

export const CONVERSATION_SETTINGS_ACCESS = {
  'conversations.settings': 'read',
  'conversations.settingsUpdate': 'write',
  'conversations.settingsDefaults': 'write',
} as const satisfies AccessOf<typeof CONVERSATION_SETTINGS_SCHEMAS>

export interface ConversationSettingsResponses {
  'conversations.settings': ConversationSettingsView
  'conversations.settingsUpdate': ConversationSettingsView
  'conversations.settingsDefaults': ConversationSettingsView
}

/** A conversation's settings as the window shows them: its own, the defaults behind them, and what a turn uses now. */
export interface ConversationSettingsView {
  /** `null`: a conversation not started yet (the defaults a new one takes). */
  conversationId: string | null
  /** What this conversation set itself (unset fields take the defaults). */
  own: ConversationSettings
  /** The defaults for new conversations as saved in Settings. */
  saved: ConversationDefaults
  /** What an unset field falls back to: the default provider and model, the default prompt, the provider's own limits. */
  defaults: {
    provider: string
    model: string
    system: string
    maxOutputTokens: number | null
    temperature: number
    maxTemperature: number
  }
  /** What the next answer uses (`null`: nothing is sent, the provider decides). */
  effective: {
    provider: string
    model: string
    system: string
    maxOutputTokens: number | null
    temperature: number | null
    /** The provider's own web search is on (always false where its API has none). */
    webSearch: boolean
  }
  /** Whether the effective provider's API has a web search of its own (the switch is offered only then). */
  hostedSearch: boolean
}
