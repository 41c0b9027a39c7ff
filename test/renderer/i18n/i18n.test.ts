import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../src/shared/locale'
import { DICTIONARIES, LANGUAGE_NAMES, translator, type MessageKey } from '../../../src/renderer/src/i18n/messages'

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

describe('one verb per act', () => {
  // Deleting is "Apagar" everywhere in pt-BR and "Borrar" in Spanish (the conversation menu said
  // "Apagar…" and a message "Excluir" for the same act).
  const SYNONYMS: Partial<Record<(typeof LOCALES)[number], RegExp>> = { 'pt-BR': /exclu[iíau]/i, es: /elimin[aeoó]/i }
  it.each(Object.entries(SYNONYMS))('%s says delete with one verb', (locale, other) => {
    const dictionary = DICTIONARIES[locale as (typeof LOCALES)[number]]
    for (const key of Object.keys(DICTIONARIES.en) as MessageKey[]) {
      if (!/delet/i.test(DICTIONARIES.en[key])) continue
      expect(dictionary[key], `${locale}.${key}`).not.toMatch(other)
    }
  })
})
