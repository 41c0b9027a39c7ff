import { describe, expect, it } from 'vitest'
import {
  checkElicitation,
  elicitationFields,
  initialValues,
  type ElicitationField,
} from '../../../../src/renderer/src/features/chat/elicitation-fields'

/** The spec's example shapes, one of each kind. */
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name', minLength: 2, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    site: { type: 'string', format: 'uri' },
    day: { type: 'string', format: 'date' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number', minimum: 0.5 },
    agree: { type: 'boolean', default: true },
    color: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
      default: 'l',
    },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2 },
  },
  required: ['name', 'age', 'tags'],
}

function fields(): ElicitationField[] {
  const result = elicitationFields(schema)
  if (!result.ok) throw new Error('schema refused')
  return result.fields
}

describe('elicitationFields', () => {
  it('builds one field per property, with labels, options, bounds, defaults and required marks', () => {
    const list = fields()
    expect(list.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['name', 'text', true],
      ['email', 'text', false],
      ['site', 'text', false],
      ['day', 'text', false],
      ['age', 'number', true],
      ['ratio', 'number', false],
      ['agree', 'boolean', false],
      ['color', 'choice', false],
      ['size', 'choice', false],
      ['tags', 'multi', true],
    ])
    expect(list[0]).toMatchObject({ label: 'Your name', minLength: 2, maxLength: 5 })
    expect(list[1]).toMatchObject({ label: 'email', format: 'email' })
    expect(list[4]).toMatchObject({ integer: true, min: 0, max: 150 })
    expect(list[7]).toMatchObject({
      options: [
        { value: 'r', label: 'Red' },
        { value: 'g', label: 'Green' },
      ],
    })
    expect(list[8]).toMatchObject({
      options: [
        { value: 's', label: 'Small' },
        { value: 'l', label: 'Large' },
      ],
      initial: 'l',
    })
    expect(list[9]).toMatchObject({
      options: [
        { value: 'a', label: 'a' },
        { value: 'b', label: 'b' },
        { value: 'c', label: 'c' },
      ],
      minItems: 1,
      maxItems: 2,
    })
    expect(initialValues(list)).toMatchObject({ agree: true, size: 'l', tags: [], name: '' })
  })

  it('refuses what is not a flat form, naming the field', () => {
    expect(elicitationFields({ type: 'object', properties: { nested: { type: 'object', properties: {} } } })).toEqual({
      ok: false,
      field: 'nested',
    })
    expect(
      elicitationFields({ type: 'object', properties: { list: { type: 'array', items: { type: 'number' } } } }),
    ).toEqual({ ok: false, field: 'list' })
    expect(elicitationFields({ type: 'object', properties: { mixed: { type: 'string', enum: ['a', 1] } } })).toEqual({
      ok: false,
      field: 'mixed',
    })
    expect(elicitationFields({ type: 'array' })).toEqual({ ok: false, field: undefined })
    expect(elicitationFields({ type: 'object' })).toEqual({ ok: true, fields: [] })
  })
})

describe('checkElicitation', () => {
  it('blocks submit until required fields are filled, and says which', () => {
    const result = checkElicitation(fields(), initialValues(fields()))
    expect(result).toEqual({
      ok: false,
      errors: { name: { code: 'required' }, age: { code: 'required' }, tags: { code: 'required' } },
    })
  })

  it('sends typed content: numbers as numbers, booleans always, empty optional fields left out', () => {
    const values = { ...initialValues(fields()), name: 'Ana', age: ' 42 ', ratio: '0.75', tags: ['a', 'c'], color: 'g' }
    expect(checkElicitation(fields(), values)).toEqual({
      ok: true,
      content: { name: 'Ana', age: 42, ratio: 0.75, agree: true, color: 'g', size: 'l', tags: ['a', 'c'] },
    })
  })

  it.each([
    ['name', 'A', { code: 'too-short', min: 2 }],
    ['name', 'Ânimos', { code: 'too-long', max: 5 }],
    ['email', 'not-an-email', { code: 'bad-format', format: 'email' }],
    ['site', 'example.com', { code: 'bad-format', format: 'uri' }],
    ['day', '2026-13-45', { code: 'bad-format', format: 'date' }],
    ['age', '4.5', { code: 'not-an-integer' }],
    ['age', '1e3', { code: 'not-a-number' }],
    ['age', '-1', { code: 'below-min', min: 0 }],
    ['age', '151', { code: 'above-max', max: 150 }],
    ['ratio', 'Infinity', { code: 'not-a-number' }],
    ['color', 'blue', { code: 'not-an-option' }],
    ['tags', ['a', 'b', 'c'], { code: 'too-many', max: 2 }],
    ['tags', ['z'], { code: 'not-an-option' }],
  ])('%s = %j is refused with %j', (name, value, error) => {
    const values = { ...initialValues(fields()), name: 'Ana', age: '42', tags: ['a'], [name]: value }
    const result = checkElicitation(fields(), values)
    expect(result).toEqual({ ok: false, errors: { [name]: error } })
  })

  it('accepts well-formed formats and counts length in characters, not UTF-16 units', () => {
    const values = {
      ...initialValues(fields()),
      name: '😀😀',
      age: '0',
      tags: ['b'],
      email: 'a@b.co',
      site: 'https://example.com/x',
      day: '2026-02-28',
    }
    const result = checkElicitation(fields(), values)
    expect(result.ok && result.content).toMatchObject({
      name: '😀😀',
      email: 'a@b.co',
      site: 'https://example.com/x',
      day: '2026-02-28',
    })
  })

  it('makes a local date-time (as a date-time field gives it) an instant with a zone', () => {
    const list = elicitationFields({ type: 'object', properties: { at: { type: 'string', format: 'date-time' } } })
    if (!list.ok) throw new Error('refused')
    const result = checkElicitation(list.fields, { at: '2026-03-01T09:30' })
    expect(result.ok && result.content.at).toBe(new Date('2026-03-01T09:30').toISOString())
    const zoned = checkElicitation(list.fields, { at: '2026-03-01T09:30:00+02:00' })
    expect(zoned.ok && zoned.content.at).toBe('2026-03-01T09:30:00+02:00')
  })
})
