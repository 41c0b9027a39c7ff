// Keel's own messages exist, translated, in every language, with their placeholders filled.
import { describe, expect, it } from 'vitest'
import { allFallbackMessageIds, fallbackCatalog, fallbackMessage, titlesOf } from '../../src/shared/fallback-messages'

const titleOf = titlesOf([
  { name: 'record_measurement', title: 'Record measurement', titles: { 'pt-BR': 'Registrar medida' } },
  { name: 'delete_measurement', title: 'Delete measurement', titles: { 'pt-BR': 'Apagar medida' } },
])
import { LOCALES } from '../../src/shared/locale'

describe('fallback messages', () => {
  it('every message is translated (not the English text) in Portuguese and Spanish', () => {
    for (const id of allFallbackMessageIds()) {
      for (const locale of LOCALES) expect(fallbackCatalog(locale)[id].length).toBeGreaterThan(0)
      if (id !== 'retrying') {
        expect(fallbackCatalog('pt-BR')[id]).not.toBe(fallbackCatalog('en')[id])
        expect(fallbackCatalog('es')[id]).not.toBe(fallbackCatalog('en')[id])
      }
    }
  })

  it('fills placeholders with the actions in the user language', () => {
    expect(fallbackMessage('en', 'truncated-actions-not-run', { actions: ['record_measurement'] }, titleOf)).toBe(
      'The answer was cut off; the action “Record measurement” was not run.',
    )
    expect(
      fallbackMessage(
        'pt-BR',
        'truncated-actions-not-run',
        { actions: ['record_measurement', 'delete_measurement'] },
        titleOf,
      ),
    ).toBe('A resposta foi interrompida; as ações “Registrar medida” e “Apagar medida” não foram executadas.')
    expect(
      fallbackMessage(
        'en',
        'truncated-actions-not-run',
        { actions: ['record_measurement', 'record_measurement'] },
        titleOf,
      ),
    ).toBe('The answer was cut off; the action “Record measurement” was not run.')
    // A tool nobody titled is named by its name.
    expect(fallbackMessage('en', 'truncated-actions-not-run', { actions: ['send_mail'] })).toBe(
      'The answer was cut off; the action “send mail” was not run.',
    )
    expect(fallbackMessage('es', 'retrying', { seconds: 3 })).toBe('Reintentando en 3 s…')
    for (const locale of LOCALES) {
      for (const id of allFallbackMessageIds())
        expect(
          fallbackMessage(locale, id, {
            actions: ['x'],
            seconds: 1,
            max: 8,
            count: 9,
            provider: 'Ollama',
            host: 'h:1',
            model: 'm',
            detail: 'd',
          }),
        ).not.toMatch(/\{\w+\}/)
    }
  })

  it('left-out tools: singular and plural in English and Portuguese; a server’s title with braces stays as written', () => {
    const one = { actions: ['mcp__git__git_add'], count: 1, max: 128, provider: 'OpenAI' }
    const two = { actions: ['mcp__git__git_add', 'mcp__git__git_log'], count: 2, max: 128, provider: 'OpenAI' }
    expect(fallbackMessage('en', 'tools-over-limit', one)).toBe(
      'OpenAI takes at most 128 tools in one request, so Keel left out the tool “mcp  git  git add” this time. Turn off tools you don’t need in Settings to choose which are sent.',
    )
    expect(fallbackMessage('en', 'tools-over-limit', two)).toContain(
      'so Keel left out 2 tools this time: “mcp  git  git add” and “mcp  git  git log”.',
    )
    expect(fallbackMessage('pt-BR', 'tools-over-limit', one)).toContain(
      'deixou de fora a ferramenta “mcp  git  git add” desta vez',
    )
    expect(fallbackMessage('pt-BR', 'tools-over-limit', two)).toContain(
      'deixou de fora 2 ferramentas desta vez: “mcp  git  git add” e “mcp  git  git log”.',
    )
    expect(fallbackMessage('en', 'tools-not-accepted', two)).toContain('cannot take the tools')
    expect(fallbackMessage('pt-BR', 'tools-not-accepted', one)).toContain('não aceita a ferramenta')
    const braces = titlesOf([{ name: 't', title: 'Use {provider} {max}' }])
    expect(
      fallbackMessage('en', 'tools-over-limit', { actions: ['t'], count: 1, max: 128, provider: 'OpenAI' }, braces),
    ).toContain('“Use {provider} {max}”')
  })
})
