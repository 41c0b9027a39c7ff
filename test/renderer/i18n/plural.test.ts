import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../../src/shared/locale'
import { DICTIONARIES, translator, type MessageKey } from '../../../src/renderer/src/i18n/messages'
import { countText, pluralForm } from '../../../src/renderer/src/i18n/plural'

describe('count sentences', () => {
  it('follow each language’s plural rule', () => {
    expect([0, 1, 2].map((n) => pluralForm('en', n))).toEqual(['other', 'one', 'other'])
    // Portuguese (CLDR): 0 and 1 are singular.
    expect([0, 1, 2].map((n) => pluralForm('pt-BR', n))).toEqual(['one', 'one', 'other'])
    // Spanish has a "many" form (millions): written with the plural.
    expect(pluralForm('es', 1_000_000)).toBe('other')
  })

  it('say "1 model" and "2 models", with the language’s digit grouping', () => {
    expect(countText(translator('en'), 'providers.modelsLoaded', 1)).toBe('1 model from the server.')
    expect(countText(translator('en'), 'providers.modelsLoaded', 2)).toBe('2 models from the server.')
    expect(countText(translator('pt-BR'), 'providers.modelsLoaded', 1)).toBe('1 modelo do servidor.')
    expect(countText(translator('pt-BR'), 'providers.modelsLoaded', 1200)).toBe('1.200 modelos do servidor.')
    expect(countText(translator('en'), 'mcpOffered', 1, { tokens: 140 })).toBe(
      'Offered to the model: 1 tool (≈ 140 tokens)',
    )
    expect(countText(translator('pt-BR'), 'appearance.found', 1)).toBe('1 medida encontrada')
  })

  // Labels where the number names no noun (a position, a total in parentheses, a fixed limit).
  const NOT_COUNT_SENTENCES = new Set<string>([
    'versions.position',
    'finding.findCount',
    'unknownActionsTitle',
    'appearance.approveAll',
    'appearance.denyAll',
    'mcpTools',
    'mcpReviewTitle',
    // A fixed limit (10 files).
    'attachments.limits',
    // Only for 2 or more (one conversation has its own sentence with its title).
    'convset.importedMany',
    // One point and a range of 2 or more are different sentences (measurements-view.tsx picks).
    'chartSummaryOne',
    'chartSummary',
    // Only shown above the many-tools threshold.
    'mcpTooManyTools',
    // Only shown past a size limit of thousands of characters.
    'reading.diagramTooLarge',
  ])

  it.each(LOCALES)('%s: every sentence with {count} has a singular and a plural form', (locale) => {
    const dictionary = DICTIONARIES[locale]
    const keys = Object.keys(dictionary) as MessageKey[]
    for (const key of keys) {
      if (!dictionary[key].includes('{count}') || NOT_COUNT_SENTENCES.has(key)) continue
      expect(key, `${locale}: "${dictionary[key]}" is a count sentence without plural forms`).toMatch(/\.(one|other)$/)
      const base = key.replace(/\.(one|other)$/, '')
      expect(keys, `${locale}: ${base}`).toContain(`${base}.one`)
      expect(keys, `${locale}: ${base}`).toContain(`${base}.other`)
    }
  })
})
