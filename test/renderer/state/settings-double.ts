// The settings answer the window's store tests give `settings.get`: what the stores read at start.
import type { SettingsView } from '../../../src/shared/ipc/commands/settings'

/** English, Anthropic by default, no provider set up, keys in memory only; `overrides` change any of it. */
export function settingsDouble(overrides: Partial<SettingsView> = {}): Partial<SettingsView> {
  return {
    language: 'en',
    defaultProvider: 'anthropic',
    maxToolRounds: 8,
    toolPermissions: {},
    providers: [],
    keyStorage: 'memory-only',
    corruptSettings: [],
    ...overrides,
  }
}
