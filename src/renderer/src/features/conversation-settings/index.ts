// The open conversation's settings (panel, model picker, export/import menu) and the new-conversation defaults.
export {
  CONVERSATION_DEFAULTS_COMMANDS,
  CONVERSATION_SETTINGS_COMMANDS,
  type ConversationDefaultsClient,
  type ConversationSettingsClient,
} from './conversation-settings-client'
export { ConversationDefaultsSection, ConversationMenu, ConversationSettingsPanel } from './conversation-settings'
export { ConversationSettingsStore } from './conversation-settings-store'
export { ModelPicker } from './model-picker'
