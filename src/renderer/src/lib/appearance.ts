// Which theme and language the window shows, from the saved choices and what the OS/browser says.
// Pure: the callers pass in `matchMedia`'s answer and `navigator.languages`.
import type { SettingsView } from '../../../shared/ipc/app-contract'
import type { Locale } from '../../../shared/locale'
import { pickLocale } from '../../../shared/locale-pick'
import type { Theme } from '../../../shared/appearance-choices'

export type ResolvedTheme = 'light' | 'dark'

/** `system` follows the OS (`prefers-color-scheme: dark`); light and dark are fixed. */
export function resolveTheme(choice: Theme, osPrefersDark: boolean): ResolvedTheme {
  if (choice === 'system') return osPrefersDark ? 'dark' : 'light'
  return choice
}

/** The window's language: the user's choice, or (never chosen) the browser's preferred languages. */
export function windowLocale(
  settings: Pick<SettingsView, 'language' | 'languageChoice'>,
  browserLanguages: readonly string[] | undefined,
): Locale {
  // A core from before the choice existed sends no `languageChoice`: its language stands.
  if (settings.languageChoice === undefined) return settings.language
  if (settings.languageChoice !== 'system') return settings.languageChoice
  return browserLanguages && browserLanguages.length > 0 ? pickLocale(browserLanguages) : settings.language
}

/** The browser's preferred languages, when there is a browser (undefined in tests without DOM). */
export function browserLanguages(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : undefined
}
