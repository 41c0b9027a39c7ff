import type { CommandRequest, SettingsView } from '../../../../shared/ipc/app-contract'
import type { LOCALES } from '../../../../shared/locale'
import { LANGUAGE_CHOICES, THEMES, type LanguageChoice, type Theme } from '../../../../shared/appearance-choices'
import { LANGUAGE_NAMES, type MessageKey, type Translate } from '../../i18n/messages'
import { browserLanguages, windowLocale } from '../../lib/appearance'

const THEME_KEYS: Record<Theme, MessageKey> = {
  system: 'appearance.theme.system',
  light: 'appearance.theme.light',
  dark: 'appearance.theme.dark',
}

/** Settings: the language (System = the browser's/OS's, until the user picks one) and the theme (System / Light / Dark). */
export function AppearanceSettings({
  settings,
  t,
  onUpdate,
}: {
  settings: SettingsView
  t: Translate
  onUpdate: (patch: CommandRequest<'settings.update'>) => Promise<void>
}) {
  const systemLanguage = LANGUAGE_NAMES[windowLocale({ ...settings, languageChoice: 'system' }, browserLanguages())]
  return (
    <>
      <div className="row">
        <label htmlFor="settings-language">{t('language')}</label>
        <select
          id="settings-language"
          value={settings.languageChoice}
          onChange={(e) => void onUpdate({ language: e.target.value as LanguageChoice })}
        >
          {LANGUAGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice === 'system'
                ? t('appearance.languageSystem', { language: systemLanguage })
                : LANGUAGE_NAMES[choice as (typeof LOCALES)[number]]}
            </option>
          ))}
        </select>
      </div>
      <div className="row">
        <label htmlFor="settings-theme">{t('appearance.theme')}</label>
        <select
          id="settings-theme"
          value={settings.theme}
          onChange={(e) => void onUpdate({ theme: e.target.value as Theme })}
        >
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {t(THEME_KEYS[theme])}
            </option>
          ))}
        </select>
      </div>
    </>
  )
}
