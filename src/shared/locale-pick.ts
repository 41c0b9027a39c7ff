import { LOCALES, type Locale } from './locale'

/**
 * The interface language for a list of the user's preferred languages, best first (the browser's
 * `navigator.languages`, or the OS's `LANG`): the first that Keel speaks, `pt-*` as Brazilian
 * Portuguese and `es-*` as Spanish; English when none is. Accepts POSIX forms (`pt_BR.UTF-8`).
 */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const raw of preferred) {
    const tag = raw.split('.')[0]!.replace(/_/g, '-').toLowerCase()
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag)
    if (exact) return exact
    const language = tag.split('-')[0]
    if (language === 'pt') return 'pt-BR'
    if (language === 'es') return 'es'
    if (language === 'en') return 'en'
  }
  return 'en'
}

/** The OS language from the environment (POSIX `LC_ALL` > `LC_MESSAGES` > `LANG`; `C`/`POSIX` say nothing). */
export function localeFromEnv(env: Readonly<Record<string, string | undefined>>): Locale {
  const values = [env.LC_ALL, env.LC_MESSAGES, env.LANG, env.LANGUAGE?.split(':')[0]].filter(
    (v): v is string => v !== undefined && v !== '' && v !== 'C' && v !== 'POSIX' && !v.startsWith('C.'),
  )
  return pickLocale(values)
}
