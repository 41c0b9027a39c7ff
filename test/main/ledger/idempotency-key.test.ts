import { describe, expect, it } from 'vitest'
import { computeIdempotencyKey } from '../../../src/main/ledger/idempotency-key'
import { useToolHarness } from '../tools/tool-fixtures'

const setup = useToolHarness()
const base = {
  conversationId: 'c1',
  turnId: 't1',
  toolName: 'record_measurement',
  canonicalArguments: { kind: 'weight', value: 70, unit: 'kg' },
}

describe('computeIdempotencyKey', () => {
  it('is a hex SHA-256, the same for the same action whatever the key order', () => {
    const key = computeIdempotencyKey(base)
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect(computeIdempotencyKey({ ...base, canonicalArguments: { unit: 'kg', value: 70, kind: 'weight' } })).toBe(key)
  })

  it('differs when the conversation, the turn, the tool or any argument differs', () => {
    const key = computeIdempotencyKey(base)
    const variants = [
      { ...base, conversationId: 'c2' },
      { ...base, turnId: 't2' },
      { ...base, toolName: 'delete_measurement' },
      { ...base, canonicalArguments: { kind: 'weight', value: 70.5, unit: 'kg' } },
      { ...base, canonicalArguments: { kind: 'weight', value: 70, unit: 'lb' } },
      { ...base, canonicalArguments: { kind: 'weight', value: 70, unit: 'kg', date: '2025-03-01' } },
    ]
    const keys = new Set([key, ...variants.map(computeIdempotencyKey)])
    expect(keys.size).toBe(variants.length + 1)
  })
})

describe('idempotency keys of real tool calls', () => {
  it('treats 70, 70.0, 7e1, any key order and unit spellings (lb/lbs/Pounds) as the same action', async () => {
    const t = setup()
    const spellings = [
      '{"kind":"weight","value":154,"unit":"lb"}',
      '{"unit":"lbs","value":154.0,"kind":"weight"}',
      '{"value":1.54e2,"kind":"weight","unit":" Pounds"}',
    ]
    const keys = []
    for (const text of spellings) {
      const outcome = await t.run('record_measurement', JSON.parse(text))
      expect(outcome.status).toBe('succeeded')
      keys.push(outcome.status === 'succeeded' ? outcome.idempotencyKey : undefined)
    }
    expect(new Set(keys).size).toBe(1)
    expect(t.writtenRows()).toEqual({ measurements: 1, ledger: 1, calls: 3 })
  })

  it('treats two spellings of the same instant as the same action', async () => {
    const t = setup()
    const a = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg', date: '2025-03-01T10:00:00Z' })
    const b = await t.run('record_measurement', {
      kind: 'weight',
      value: 70,
      unit: 'kg',
      date: '2025-03-01T07:00:00-03:00',
    })
    expect(b).toMatchObject({ status: 'succeeded', repeated: true })
    expect(a.status === 'succeeded' && a.idempotencyKey).toBe(b.status === 'succeeded' && b.idempotencyKey)
  })

  it('keeps the default date out of the key: a retry an hour later is the same action and keeps the first time', async () => {
    const t = setup(Date.parse('2025-03-10T09:14:00Z'))
    const first = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    t.clock.advance(3_600_000)
    const retry = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    expect(retry).toMatchObject({ status: 'succeeded', repeated: true, firstRecordedAt: '2025-03-10T09:14:00.000Z' })
    expect(retry.status === 'succeeded' && retry.output).toEqual(first.status === 'succeeded' && first.output)
    expect(t.store.measurements.list({ limit: 10 }).map((m) => new Date(m.takenAt).toISOString())).toEqual([
      '2025-03-10T09:14:00.000Z',
    ])
  })

  it('treats an explicit date and an omitted one as different actions (the user said different things)', async () => {
    const t = setup(Date.parse('2025-03-10T09:14:00Z'))
    await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    const dated = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg', date: '2025-03-10' })
    expect(dated).toMatchObject({ status: 'succeeded', repeated: false })
  })

  it('treats the same arguments in another turn as a new action', async () => {
    const t = setup()
    await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    const { turn } = t.store.conversations.startTurn({
      conversationId: t.ids.conversationId,
      userText: 'and again today',
    })
    const next = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' }, { turnId: turn.id })
    expect(next).toMatchObject({ status: 'succeeded', repeated: false })
    expect(t.writtenRows().measurements).toBe(2)
  })
})
