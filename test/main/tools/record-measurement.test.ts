import { describe, expect, it } from 'vitest'
import { useToolHarness } from './tool-fixtures'

const setup = useToolHarness()

describe('record_measurement', () => {
  it.each([
    ['height', 180, 'cm', 180, 'cm'],
    ['height', 1.8, 'm', 180, 'cm'],
    ['height', 70, 'in', 177.8, 'cm'],
    ['height', 6, 'ft', 182.88, 'cm'],
    ['weight', 70, 'kg', 70, 'kg'],
    ['weight', 154, 'lb', 69.85, 'kg'],
    ['weight', 154, 'lbs', 69.85, 'kg'],
    ['weight', 154, ' Pounds ', 69.85, 'kg'],
    ['body-fat', 18.5, '%', 18.5, '%'],
    ['body-fat', 18.5, 'percent', 18.5, '%'],
    ['waist', 32, 'in', 81.28, 'cm'],
    ['waist', 82, 'cm', 82, 'cm'],
    ['resting-heart-rate', 58, 'bpm', 58, 'bpm'],
  ])(
    'records %s %s %s as canonical %s %s and keeps what the user said',
    async (kind, value, unit, canonicalValue, canonicalUnit) => {
      const t = setup()
      const outcome = await t.run('record_measurement', { kind, value, unit })
      expect(outcome).toMatchObject({ status: 'succeeded', repeated: false, kind: 'write' })
      const stored = t.store.measurements.latest(kind as 'weight')
      expect(stored?.canonicalUnit).toBe(canonicalUnit)
      expect(stored?.canonicalValue).toBeCloseTo(canonicalValue, 2)
      expect(stored?.value).toBe(value) // lossless: the user's number…
      expect(stored?.unit).toBe(
        unit.trim().toLowerCase() === 'pounds' || unit === 'lbs' ? 'lb' : unit === 'percent' ? '%' : unit,
      ) // …and unit, normalized
    },
  )

  it('stores the exact canonical value (no rounding), while the model sees it rounded', async () => {
    const t = setup()
    const outcome = await t.run('record_measurement', { kind: 'weight', value: 154, unit: 'lb' })
    expect(t.store.measurements.latest('weight')?.canonicalValue).toBe(154 * 0.45359237)
    expect(outcome.status === 'succeeded' && outcome.output).toMatchObject({
      recorded: { value: 154, unit: 'lb', canonicalValue: 69.85, canonicalUnit: 'kg' },
    })
  })

  it('defaults the date to now (the clock at execution) and keeps a given calendar date as a day', async () => {
    const t = setup(Date.parse('2025-03-10T09:14:00Z'))
    const now = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    // No zone given with the call: the user's zone is taken as UTC; instants carry its offset.
    expect(now.status === 'succeeded' && now.output).toMatchObject({
      recorded: { takenAt: '2025-03-10T09:14:00+00:00' },
    })
    const day = await t.run('record_measurement', { kind: 'weight', value: 71, unit: 'kg', date: '2025-03-01' })
    expect(day.status === 'succeeded' && day.output).toMatchObject({ recorded: { takenAt: '2025-03-01' } })
    const instant = await t.run('record_measurement', {
      kind: 'weight',
      value: 72,
      unit: 'kg',
      date: '2025-03-02T07:30:00-03:00',
    })
    expect(instant.status === 'succeeded' && instant.output).toMatchObject({
      recorded: { takenAt: '2025-03-02T10:30:00+00:00' },
    })
    expect(t.store.measurements.list({ limit: 10 }).map((m) => [m.value, m.takenAtPrecision])).toEqual([
      [70, 'instant'],
      [72, 'instant'],
      [71, 'day'],
    ])
  })

  it('accepts a date of "today" in a time zone ahead of UTC', async () => {
    const t = setup(Date.parse('2025-03-10T20:00:00Z'))
    const outcome = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg', date: '2025-03-11' })
    expect(outcome.status).toBe('succeeded')
  })

  describe('bad inputs: a clear error for the model, and no row written', () => {
    const cases: [string, unknown, RegExp][] = [
      [
        'a unit that is not valid for the kind',
        { kind: 'weight', value: 11, unit: 'stone' },
        /unit 'stone' is not valid for weight; use kg or lb/,
      ],
      [
        'a unit of another kind',
        { kind: 'weight', value: 70, unit: 'cm' },
        /unit 'cm' is not valid for weight; use kg or lb/,
      ],
      ['body fat in kg', { kind: 'body-fat', value: 20, unit: 'kg' }, /unit 'kg' is not valid for body fat; use %/],
      [
        'a value above the plausible range',
        { kind: 'weight', value: 700, unit: 'kg' },
        /weight 700 kg is outside the plausible range 2–500 kg/,
      ],
      [
        'a value below the range, in the user’s unit',
        { kind: 'height', value: 10, unit: 'in' },
        /height 10 in is outside the plausible range 40–250 cm \(15\.7–98\.4 in\)/,
      ],
      [
        'a negative value',
        { kind: 'resting-heart-rate', value: -60, unit: 'bpm' },
        /outside the plausible range 25–200 bpm/,
      ],
      [
        'metres given as centimetres-sized numbers',
        { kind: 'height', value: 180, unit: 'm' },
        /height 180 m is outside the plausible range/,
      ],
      [
        'an unknown kind',
        { kind: 'blood-pressure', value: 120, unit: 'mmHg' },
        /unknown measurement kind "blood-pressure"; use one of: height, weight, body-fat, waist, resting-heart-rate/,
      ],
      [
        'an extra field',
        { kind: 'weight', value: 70, unit: 'kg', note: 'after breakfast' },
        /unexpected argument 'note'; this tool accepts only: kind, value, unit, date/,
      ],
      [
        'a number sent as a string',
        { kind: 'weight', value: '70', unit: 'kg' },
        /value: expected number, got a string \("70"\)/,
      ],
      ['a unit sent as a number', { kind: 'weight', value: 70, unit: 1 }, /unit: expected string, got number/],
      ['a missing value', { kind: 'weight', unit: 'kg' }, /missing required argument 'value'/],
      ['a missing kind', { value: 70, unit: 'kg' }, /missing required argument 'kind'/],
      [
        'a date in the future',
        { kind: 'weight', value: 70, unit: 'kg', date: '2025-04-01' },
        /date '2025-04-01' is in the future/,
      ],
      [
        'a date without a time zone',
        { kind: 'weight', value: 70, unit: 'kg', date: '2025-03-01T08:00:00' },
        /has no time zone/,
      ],
      [
        'an impossible calendar date',
        { kind: 'weight', value: 70, unit: 'kg', date: '2025-02-30' },
        /'2025-02-30' is not a real calendar date/,
      ],
      [
        'words instead of a date',
        { kind: 'weight', value: 70, unit: 'kg', date: 'yesterday' },
        /'yesterday' is not a date; use YYYY-MM-DD/,
      ],
      ['a date before 1900', { kind: 'weight', value: 70, unit: 'kg', date: '1850-01-01' }, /before 1900/],
      ['arguments that are not an object', undefined, /not one complete JSON object/],
      ['arguments given as a JSON string', '{"kind":"weight","value":70,"unit":"kg"}', /not one complete JSON object/],
      ['arguments given as an array', [{ kind: 'weight' }], /not one complete JSON object/],
    ]
    it.each(cases)('%s', async (_name, args, message) => {
      const t = setup()
      const outcome = await t.run('record_measurement', args)
      expect(outcome.status).toBe('invalid-arguments')
      if (outcome.status !== 'invalid-arguments') return
      expect(outcome.message).toMatch(message)
      expect(outcome.message).toMatch(/^Invalid arguments for record_measurement: .*Nothing was done/)
      expect(outcome.issues.length).toBeGreaterThan(0)
      expect(outcome.callId).toBe('call_1')
      expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
    })

    it('reports every problem at once when several fields are wrong', async () => {
      const t = setup()
      const outcome = await t.run('record_measurement', { kind: 'weight', value: '70', unit: 7, extra: true })
      expect(outcome.status === 'invalid-arguments' && outcome.issues.map((i) => i.path).sort()).toEqual([
        'extra',
        'unit',
        'value',
      ])
    })
  })
})
