// The narrow clients, one per part of the window, cut once from the whole API (main.tsx): no
// component or store below holds the whole API, only the commands its part calls.
import type { KeelApi } from '../../../shared/ipc/app-contract'
import { COMPOSER_MCP_COMMANDS, type ComposerMcpClient } from '../features/chat'
import { CONVERSATION_SETTINGS_COMMANDS, type ConversationSettingsClient } from '../features/conversation-settings'
import { MEASUREMENTS_COMMANDS, type MeasurementsClient } from '../features/measurements'
import { PROVIDERS_COMMANDS, type ProvidersClient, SETTINGS_COMMANDS, type SettingsClient } from '../features/settings'
import { SEARCH_COMMANDS, type SearchClient } from '../features/sidebar'
import { CHAT_COMMANDS, type ChatClient } from '../state/chat-client'
import { CONVERSATION_LIST_COMMANDS, type ConversationListClient } from '../state/conversation-list-client'
import { narrowClient } from './narrow-client'

export interface AppClients {
  /** The chat store's: the open conversation, runs, approvals, settings. */
  chat: ChatClient
  /** The conversation list store's: the sidebar's pages, Pinned, pin / rename / delete. */
  conversationList: ConversationListClient
  /** The sidebar's search box. */
  search: SearchClient
  measurements: MeasurementsClient
  /** The Settings panel (providers, new-conversation defaults, MCP servers). */
  settings: SettingsClient
  /** The first-run card (a provider's form). */
  firstRun: ProvidersClient
  /** The open conversation's settings and its export/import menu. */
  conversationSettings: ConversationSettingsClient
  /** The composer's `@` resources and `/` prompts from MCP servers (read only). */
  composerMcp: ComposerMcpClient
}

export function appClients(api: KeelApi): AppClients {
  return {
    chat: narrowClient(api, CHAT_COMMANDS),
    conversationList: narrowClient(api, CONVERSATION_LIST_COMMANDS),
    search: narrowClient(api, SEARCH_COMMANDS),
    measurements: narrowClient(api, MEASUREMENTS_COMMANDS),
    settings: narrowClient(api, SETTINGS_COMMANDS),
    firstRun: narrowClient(api, PROVIDERS_COMMANDS),
    conversationSettings: narrowClient(api, CONVERSATION_SETTINGS_COMMANDS),
    composerMcp: narrowClient(api, COMPOSER_MCP_COMMANDS),
  }
}
