import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../src/shared/locale'
import { DICTIONARIES, LANGUAGE_NAMES, translator, type MessageKey } from '../../src/renderer/src/i18n/messages'

describe('UI dictionary', () => {
  const englishKeys = Object.keys(DICTIONARIES.en).sort()

  it.each(LOCALES)('%s has every key, each non-empty, with the same placeholders as English', (locale) => {
    const dictionary = DICTIONARIES[locale]
    expect(Object.keys(dictionary).sort()).toEqual(englishKeys)
    for (const key of englishKeys as MessageKey[]) {
      expect(dictionary[key].trim(), `${locale}.${key}`).not.toBe('')
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()
      expect(placeholders(dictionary[key]), `${locale}.${key}`).toEqual(placeholders(DICTIONARIES.en[key]))
    }
    expect(LANGUAGE_NAMES[locale]).toBeTruthy()
  })

  it('fills placeholders', () => {
    expect(translator('en')('keySet', { end: 'abcd' })).toBe('set, ends in …abcd')
    expect(translator('pt-BR')('send')).toBe('Enviar')
    expect(translator('es')('stop')).toBe('Detener')
  })

  it('translates the core labels (not just copies English)', () => {
    for (const key of ['send', 'stop', 'message', 'newConversation', 'settings', 'interrupted', 'retry'] as const) {
      expect(DICTIONARIES['pt-BR'][key]).not.toBe(DICTIONARIES.en[key])
      expect(DICTIONARIES.es[key]).not.toBe(DICTIONARIES.en[key])
    }
  })
})
