// The settings the benchmarks' fake KeelApi answers `settings.get` with: English, no providers.
import type { SettingsView } from '../src/shared/ipc/app-contract'

export const BENCH_SETTINGS: SettingsView = {
  language: 'en',
  languageChoice: 'en',
  theme: 'system',
  defaultProvider: 'anthropic',
  firstRun: null,
  maxToolRounds: 8,
  turnTimeoutSeconds: 900,
  toolPermissions: {},
  webTools: {
    readPages: false,
    search: 'off',
    searxngUrl: null,
    keys: { brave: { set: false }, tavily: { set: false } },
  },
  providers: [],
  keyStorage: 'memory-only',
  corruptSettings: [],
}
