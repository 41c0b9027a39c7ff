import { describe, expect, it } from 'vitest'
import { pickLocale, localeFromEnv } from '../../../src/shared/locale-pick'
import { resolveTheme, windowLocale } from '../../../src/renderer/src/lib/appearance'
import { labelWidth, scaleChart, yAxisGutter } from '../../../src/renderer/src/features/measurements/measurement-chart'
import { argumentsLine, resultLine } from '../../../src/renderer/src/features/chat/tool-summaries'
import { translator } from '../../../src/renderer/src/i18n/messages'
import { SETTING_DEFINITIONS } from '../../../src/shared/settings'

const en = translator('en')
const pt = translator('pt-BR')
const es = translator('es')
const view = {
  id: 3,
  kind: 'weight',
  value: 71.8,
  unit: 'kg',
  canonicalValue: 71.8,
  canonicalUnit: 'kg',
  takenAt: '2026-11-10',
  recordedAt: '2026-11-10T10:00:00.000Z',
}

describe('theme', () => {
  it('System follows the OS; Light and Dark are fixed', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
    expect(SETTING_DEFINITIONS.theme.defaultValue).toBe('system')
  })
})

describe('language follows the OS/browser until the user picks one', () => {
  it('picks the first language Keel speaks; pt-* is pt-BR, es-* is es', () => {
    expect(pickLocale(['pt-PT', 'en'])).toBe('pt-BR')
    expect(pickLocale(['es-MX'])).toBe('es')
    expect(pickLocale(['de-DE', 'es-AR', 'en'])).toBe('es')
    expect(pickLocale(['de-DE', 'fr'])).toBe('en')
    expect(pickLocale([])).toBe('en')
    expect(localeFromEnv({ LANG: 'pt_BR.UTF-8' })).toBe('pt-BR')
    expect(localeFromEnv({ LANG: 'C.UTF-8' })).toBe('en')
    expect(localeFromEnv({ LC_ALL: 'es_ES.UTF-8', LANG: 'en_US.UTF-8' })).toBe('es')
  })

  it('the saved default is "system" (stored languages stay valid), and a chosen language wins over the browser', () => {
    expect(SETTING_DEFINITIONS.language.defaultValue).toBe('system')
    expect(SETTING_DEFINITIONS.language.schema.safeParse('pt-BR').success).toBe(true)
    expect(windowLocale({ language: 'en', languageChoice: 'system' }, ['pt-BR', 'en'])).toBe('pt-BR')
    expect(windowLocale({ language: 'en', languageChoice: 'es' }, ['pt-BR'])).toBe('es')
    expect(windowLocale({ language: 'pt-BR', languageChoice: 'system' }, undefined)).toBe('pt-BR')
  })
})

describe('readable tool cards', () => {
  it('results read as one line per tool and language', () => {
    expect(
      resultLine(
        'record_measurement',
        { recorded: { ...view, value: 72.5, takenAt: '2026-12-01T07:30:00-03:00' } },
        en,
      ),
    ).toBe('Recorded Weight 72.5 kg, Dec 1, 2026')
    expect(resultLine('delete_measurement', { deleted: view }, en)).toBe('Deleted Weight 71.8 kg, Nov 10, 2026')
    expect(resultLine('delete_measurement', { deleted: view }, pt)).toMatch(
      /^Apagado: Peso 71,8 kg, 10 de nov\.? de 2026$/,
    )
    expect(resultLine('delete_measurement', { deleted: view }, es)).toMatch(/^Borrado: Peso 71,8 kg, 10 nov 2026$/)
    expect(resultLine('list_measurements', { measurements: [], count: 14, hasMore: false }, en)).toBe(
      'Found 14 measurements',
    )
    expect(resultLine('list_measurements', { measurements: [], count: 1, hasMore: false }, es)).toBe(
      '1 medida encontrada',
    )
    expect(resultLine('get_measurement', { kind: 'waist', latest: null }, pt)).toBe('Cintura: nenhum registro ainda')
    expect(resultLine('some_mcp_tool', { anything: 1 }, en)).toBeUndefined()
  })

  it('arguments read as one line; a delete names its row, or says it is missing', () => {
    expect(argumentsLine('record_measurement', '{"kind":"weight","value":72.5,"unit":"kg"}', en)).toBe(
      'Weight 72.5 kg, now',
    )
    expect(
      argumentsLine('record_measurement', '{"kind":"weight","value":72.5,"unit":"kg","date":"2026-12-01"}', es),
    ).toMatch(/^Peso 72,5 kg, 1 dic 2026$/)
    expect(argumentsLine('delete_measurement', '{"id":3}', en, { status: 'found', value: view })).toBe(
      'Will delete: Weight 71.8 kg, Nov 10, 2026',
    )
    // Decided (denied, cancelled): the row alone, in each language; never the internal id.
    expect(
      argumentsLine('delete_measurement', '{"id":3}', en, { status: 'found', value: view }, { decided: true }),
    ).toBe('Weight 71.8 kg, Nov 10, 2026')
    expect(
      argumentsLine('delete_measurement', '{"id":3}', pt, { status: 'found', value: view }, { decided: true }),
    ).toMatch(/^Peso 71,8 kg, 10 de nov\.? de 2026$/)
    expect(
      argumentsLine('delete_measurement', '{"id":3}', es, { status: 'found', value: view }, { decided: true }),
    ).toMatch(/^Peso 71,8 kg, 10 nov 2026$/)
    expect(argumentsLine('delete_measurement', '{"id":3}', en, { status: 'missing' })).toBe(
      'That measurement no longer exists (it may have been deleted already): nothing would be deleted.',
    )
    expect(argumentsLine('delete_measurement', '{"id":3}', en)).toBe('A measurement')
    for (const t of [en, pt, es])
      expect(argumentsLine('delete_measurement', '{"id":3}', t, { status: 'missing' })).not.toMatch(/3/)
    expect(argumentsLine('list_measurements', '{"kind":"weight","from":"2026-11-01"}', en)).toBe(
      'Weight from Nov 1, 2026',
    )
    expect(argumentsLine('record_measurement', '{"kind":"weig', en)).toBeUndefined()
  })
})

describe('chart value labels (defect 6)', () => {
  it('the gutter fits the widest label, never less than the minimum', () => {
    expect(yAxisGutter(['72.57', '70'], 28)).toBeGreaterThanOrEqual(labelWidth('72.57') + 4)
    expect(yAxisGutter(['408.23'], 28)).toBeGreaterThan(28)
    expect(yAxisGutter(['7'], 28)).toBe(28)
  })

  it('points start right of the gutter', () => {
    const left = yAxisGutter(['72.57'], 28)
    const chart = scaleChart(
      [
        { id: 1, takenAt: 0, value: 70 },
        { id: 2, takenAt: 1, value: 72.57 },
      ],
      { width: 640, height: 220, padding: 28, left },
    )
    expect(chart.points[0]!.x).toBe(left)
    expect(chart.points[1]!.x).toBe(640 - 28)
  })
})
