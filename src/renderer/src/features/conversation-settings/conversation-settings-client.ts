import type { KeelApi } from '../../../../shared/ipc/app-contract'

/** What the open conversation's settings and its menu call (settings, export, import). */
export const CONVERSATION_SETTINGS_COMMANDS = [
  'conversations.settings',
  'conversations.settingsUpdate',
  'conversations.export',
  'conversations.import',
  'conversations.importPart',
] as const satisfies readonly (keyof KeelApi)[]

export type ConversationSettingsClient = Pick<KeelApi, (typeof CONVERSATION_SETTINGS_COMMANDS)[number]>

/** What Settings' "New conversations" section calls (the defaults every new conversation starts with). */
export const CONVERSATION_DEFAULTS_COMMANDS = [
  'conversations.settings',
  'conversations.settingsDefaults',
] as const satisfies readonly (keyof KeelApi)[]

export type ConversationDefaultsClient = Pick<KeelApi, (typeof CONVERSATION_DEFAULTS_COMMANDS)[number]>
