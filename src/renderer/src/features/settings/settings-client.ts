import type { KeelApi } from '../../../../shared/ipc/app-contract'
import { CONVERSATION_DEFAULTS_COMMANDS } from '../conversation-settings'
import { MCP_COMMANDS } from '../mcp'

/** What a provider's form (in Settings and on the first-run card) calls. */
export const PROVIDERS_COMMANDS = [
  'providers.models',
  'providers.test',
  'providers.save',
  'providers.remove',
  'keys.clear',
  'settings.update',
] as const satisfies readonly (keyof KeelApi)[]

export type ProvidersClient = Pick<KeelApi, (typeof PROVIDERS_COMMANDS)[number]>

/** What Settings → Web calls: its settings and the search service's key. */
export const WEB_TOOLS_COMMANDS = [
  'settings.update',
  'webSearch.setKey',
  'webSearch.clearKey',
] as const satisfies readonly (keyof KeelApi)[]

export type WebToolsClient = Pick<KeelApi, (typeof WEB_TOOLS_COMMANDS)[number]>

/** What the Settings panel calls: its providers, the web tools, the new-conversation defaults and the MCP servers. */
export const SETTINGS_COMMANDS = [
  ...PROVIDERS_COMMANDS,
  ...WEB_TOOLS_COMMANDS,
  ...CONVERSATION_DEFAULTS_COMMANDS,
  ...MCP_COMMANDS,
] as const satisfies readonly (keyof KeelApi)[]

export type SettingsClient = Pick<KeelApi, (typeof SETTINGS_COMMANDS)[number]>
