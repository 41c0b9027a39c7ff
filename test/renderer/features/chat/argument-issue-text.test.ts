// Defect 14: a refused call's card tells the user why, in their language, one short sentence per
// problem kind; rows stored before reasons were kept still show what the model was told.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { translator } from '../../../../src/renderer/src/i18n/messages'
import { argumentIssueText, argumentIssuesText } from '../../../../src/renderer/src/features/chat/argument-issue-text'
import { ToolCardView } from '../../../../src/renderer/src/features/chat/tool-card'
import { initialRun, reduceRun } from '../../../../src/renderer/src/state/run-reducer'
import type { ArgumentIssueReason, ToolArgumentIssue } from '../../../../src/shared/tool-outcome'

const en = translator('en')
const pt = translator('pt-BR')
const es = translator('es')
const stone: ToolArgumentIssue = {
  path: 'unit',
  message: "unit 'stone' is not valid for weight; use kg or lb",
  reason: { kind: 'allowed-values', values: ['kg', 'lb'], subject: 'weight' },
}

describe('one sentence per kind of problem, in each language', () => {
  it('allowed values (for a measurement kind, or for the field)', () => {
    expect(argumentIssueText(en, 'unit', stone.reason!)).toBe('Weight takes kg or lb.')
    expect(argumentIssueText(pt, 'unit', stone.reason!)).toBe('Peso aceita kg ou lb.')
    expect(argumentIssueText(es, 'unit', stone.reason!)).toBe('Peso admite kg o lb.')
    expect(argumentIssueText(en, 'units', { kind: 'allowed-values', values: ['metric', 'imperial', 'kelvin'] })).toBe(
      '“units” takes metric, imperial, or kelvin.',
    )
    expect(argumentIssueText(es, 'units', { kind: 'allowed-values', values: ['metric', 'imperial'] })).toBe(
      '«units» admite metric o imperial.',
    )
  })

  it('missing, unexpected, wrong type (with the type in words)', () => {
    expect(argumentIssueText(en, 'value', { kind: 'missing' })).toBe('Value is missing.')
    expect(argumentIssueText(pt, 'value', { kind: 'missing' })).toBe('Falta Valor.')
    expect(argumentIssueText(en, 'note', { kind: 'unexpected' })).toBe('This action does not take “note”.')
    expect(argumentIssueText(es, 'value', { kind: 'wrong-type', expected: 'number' })).toBe(
      'Valor debería ser un número.',
    )
    expect(argumentIssueText(en, 'when', { kind: 'wrong-type', expected: 'date-time' })).toBe(
      '“when” should be date-time.',
    )
  })

  it('out of range, with the unit, numbers in the language', () => {
    const range: ArgumentIssueReason = { kind: 'range', minimum: 4.4, maximum: 1102.3, unit: 'lb', subject: 'weight' }
    expect(argumentIssueText(en, 'value', range)).toBe('Weight must be between 4.4 and 1,102.3 lb.')
    expect(argumentIssueText(pt, 'value', range)).toBe('Peso deve estar entre 4,4 e 1.102,3 lb.')
    expect(argumentIssueText(en, 'lat', { kind: 'range', maximum: 90 })).toBe('“lat” must be at most 90.')
    expect(argumentIssueText(es, 'lat', { kind: 'range', minimum: -90 })).toBe('«lat» debe ser al menos -90.')
    expect(
      argumentIssueText(en, 'value', { kind: 'range', minimum: 2, maximum: 70, unit: '%', subject: 'body-fat' }),
    ).toBe('Body fat must be between 2 and 70%.')
  })

  it('too long, too short, anything else names the field', () => {
    expect(argumentIssueText(en, 'city', { kind: 'too-long', limit: 5, unit: 'characters' })).toBe(
      '“city” is too long: at most 5 characters.',
    )
    expect(argumentIssueText(pt, 'tags', { kind: 'too-short', limit: 1, unit: 'items' })).toBe(
      '“tags” precisa de pelo menos 1 itens.',
    )
    expect(argumentIssueText(es, 'date', { kind: 'other' })).toBe('Fecha no es válido.')
    expect(argumentIssueText(en, '', { kind: 'other' })).toBe('The details of this action are not valid.')
  })

  it('issues without a reason (stored before) give nothing: the card keeps what the model was told', () => {
    expect(argumentIssuesText(en, [{ path: 'unit', message: 'old' }])).toBeUndefined()
    expect(argumentIssuesText(en, undefined)).toBeUndefined()
  })
})

describe('the card', () => {
  it('a live refused call says why in the user language; the model-facing English is not the reason shown', () => {
    const run = reduceRun(initialRun('r'), {
      type: 'tool-call',
      callId: 'c1',
      name: 'record_measurement',
      state: 'invalid',
      argumentsText: '{"kind":"weight","value":11,"unit":"stone"}',
      summary: 'Invalid arguments for record_measurement: unit ...',
      issues: [stone],
    })
    const card = run.tools.c1!
    expect(card.issues).toEqual([stone])
    const html = renderToStaticMarkup(createElement(ToolCardView, { card, t: pt, title: 'Registrar medida' }))
    expect(html).toContain('Motivo: Peso aceita kg ou lb.')
    expect(html).not.toContain('Motivo: Invalid arguments')
  })

  it('a card stored before reasons were kept shows the model-facing text, as before', () => {
    const card = {
      callId: 'c1',
      name: 'record_measurement',
      state: 'invalid' as const,
      argumentsText: '{}',
      summary: 'Invalid arguments for record_measurement: x',
      approvalId: undefined,
      issues: [{ path: 'unit', message: 'x' }],
    }
    expect(renderToStaticMarkup(createElement(ToolCardView, { card, t: en }))).toContain(
      'Why: Invalid arguments for record_measurement: x',
    )
  })
})
