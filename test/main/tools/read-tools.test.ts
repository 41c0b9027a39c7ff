import { describe, expect, it } from 'vitest'
import { useToolHarness } from './tool-fixtures'

const setup = useToolHarness()

async function seed(t: ReturnType<ReturnType<typeof useToolHarness>>) {
  await t.run('record_measurement', { kind: 'weight', value: 72, unit: 'kg', date: '2025-01-05' })
  await t.run('record_measurement', { kind: 'weight', value: 71, unit: 'kg', date: '2025-02-05' })
  await t.run('record_measurement', { kind: 'weight', value: 158, unit: 'lb', date: '2025-03-05' })
  await t.run('record_measurement', { kind: 'height', value: 180, unit: 'cm', date: '2024-06-01' })
}

describe('get_measurement', () => {
  it('returns the latest measurement of the kind by date taken (not by insertion order)', async () => {
    const t = setup()
    await seed(t)
    await t.run('record_measurement', { kind: 'weight', value: 90, unit: 'kg', date: '2020-01-01' }) // recorded last, taken earliest
    const outcome = await t.run('get_measurement', { kind: 'weight' })
    expect(outcome).toMatchObject({ status: 'succeeded', kind: 'read', repeated: false, idempotencyKey: undefined })
    expect(outcome.status === 'succeeded' && outcome.output).toMatchObject({
      kind: 'weight',
      latest: { value: 158, unit: 'lb', takenAt: '2025-03-05' },
    })
  })

  it('returns null with a note when nothing is recorded', async () => {
    const t = setup()
    const outcome = await t.run('get_measurement', { kind: 'waist' })
    expect(outcome.status === 'succeeded' && outcome.output).toEqual({
      kind: 'waist',
      latest: null,
      note: 'No waist has been recorded yet.',
    })
  })

  it('is not ledgered and writes nothing', async () => {
    const t = setup()
    await t.run('get_measurement', { kind: 'weight' })
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
  })

  it.each([
    ['unknown kind', { kind: 'mood' }, /unknown measurement kind "mood"/],
    ['extra field', { kind: 'weight', unit: 'kg' }, /unexpected argument 'unit'; this tool accepts only: kind/],
    ['wrong type', { kind: 3 }, /unknown measurement kind 3/],
    ['missing kind', {}, /missing required argument 'kind'/],
  ])('rejects %s', async (_name, args, message) => {
    const t = setup()
    const outcome = await t.run('get_measurement', args)
    expect(outcome.status === 'invalid-arguments' && outcome.message).toMatch(message)
  })
})

describe('list_measurements', () => {
  it('lists newest first, filtered by kind, within an inclusive date range', async () => {
    const t = setup()
    await seed(t)
    const all = await t.run('list_measurements', {})
    expect(all.status === 'succeeded' && all.output).toMatchObject({ count: 4, hasMore: false })
    const weights = await t.run('list_measurements', { kind: 'weight', from: '2025-02-05', to: '2025-03-05' })
    expect(weights.status === 'succeeded' && weights.output).toMatchObject({
      measurements: [
        { value: 158, takenAt: '2025-03-05' },
        { value: 71, takenAt: '2025-02-05' },
      ],
      count: 2,
      hasMore: false,
    })
  })

  it('limits the result and says when there are more', async () => {
    const t = setup()
    await seed(t)
    const outcome = await t.run('list_measurements', { kind: 'weight', limit: 2 })
    expect(outcome.status === 'succeeded' && outcome.output).toMatchObject({ count: 2, hasMore: true })
  })

  it('includes instants on the last day of a range given as a date', async () => {
    const t = setup()
    await t.run('record_measurement', { kind: 'waist', value: 80, unit: 'cm', date: '2025-03-05T23:59:00Z' })
    const outcome = await t.run('list_measurements', { to: '2025-03-05' })
    expect(outcome.status === 'succeeded' && outcome.output).toMatchObject({ count: 1 })
  })

  it('does not list deleted measurements', async () => {
    const t = setup()
    await seed(t)
    const listed = await t.run('list_measurements', { kind: 'height' })
    const id =
      listed.status === 'succeeded'
        ? (listed.output as { measurements: { id: number }[] }).measurements[0]?.id
        : undefined
    await t.run('delete_measurement', { id })
    const after = await t.run('list_measurements', { kind: 'height' })
    expect(after.status === 'succeeded' && after.output).toMatchObject({ count: 0 })
  })

  it.each([
    ['from after to', { from: '2025-03-01', to: '2025-02-01' }, /from '2025-03-01' is after to '2025-02-01'/],
    ['a bad date', { from: 'last week' }, /from 'last week' is not a date/],
    ['a limit too large', { limit: 1000 }, /limit/],
    ['a fractional limit', { limit: 2.5 }, /limit/],
    ['an unknown kind', { kind: 'bmi' }, /unknown measurement kind "bmi"/],
    ['an extra field', { sort: 'asc' }, /unexpected argument 'sort'/],
  ])('rejects %s', async (_name, args, message) => {
    const t = setup()
    const outcome = await t.run('list_measurements', args)
    expect(outcome.status === 'invalid-arguments' && outcome.message).toMatch(message)
  })
})
