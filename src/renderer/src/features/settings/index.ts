// Settings (providers, appearance, defaults, MCP servers) and the first-run card.
export { FirstRunCard } from './first-run'
export { SettingsPanel } from './settings-panel'
export {
  PROVIDERS_COMMANDS,
  SETTINGS_COMMANDS,
  type ProvidersClient,
  type SettingsClient,
} from './settings-client'
