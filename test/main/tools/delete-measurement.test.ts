import { describe, expect, it } from 'vitest'
import { useToolHarness } from './tool-fixtures'

const setup = useToolHarness()

describe('delete_measurement', () => {
  it('deletes softly: the row stays, tied to the ledger entry that deleted it, and reads skip it', async () => {
    const t = setup()
    const recorded = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    const id = recorded.status === 'succeeded' ? (recorded.output as { recorded: { id: number } }).recorded.id : -1
    const deleted = await t.run('delete_measurement', { id })
    expect(deleted).toMatchObject({ status: 'succeeded', kind: 'write', repeated: false })
    expect(deleted.status === 'succeeded' && deleted.output).toMatchObject({ deleted: { id, value: 70, unit: 'kg' } })
    expect(t.store.measurements.get(id)).toBeUndefined()
    const row = t.store.db
      .prepare('SELECT deleted_at, deleted_by_ledger_id FROM measurements WHERE id = ?')
      .get(id) as { deleted_at: number; deleted_by_ledger_id: number }
    expect(row.deleted_at).toBe(t.clock())
    const entry = t.store.ledger.findByKey(deleted.status === 'succeeded' ? (deleted.idempotencyKey ?? '') : '')
    expect(row.deleted_by_ledger_id).toBe(entry?.id)
  })

  it('fails as not-found for an unknown id, records the failure, and repeats it without running again', async () => {
    const t = setup()
    const first = await t.run('delete_measurement', { id: 404 })
    expect(first).toMatchObject({ status: 'failed', repeated: false, error: { kind: 'not-found', retryable: false } })
    expect(first.status === 'failed' && first.error.message).toMatch(/no measurement with id 404.*list_measurements/)
    // The measurement appears later, but the same action in the same turn is not run again.
    await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    t.clock.advance(5000)
    const again = await t.run('delete_measurement', { id: 404 })
    expect(again).toMatchObject({ status: 'failed', repeated: true, firstRecordedAt: '2025-03-10T09:14:00.000Z' })
    expect(t.store.ledger.list().find((e) => e.toolName === 'delete_measurement')).toMatchObject({
      state: 'failed',
      callIds: ['call_1', 'call_3'],
    })
  })

  it('deleting twice in the same turn is one action; in a new turn it fails as not-found', async () => {
    const t = setup()
    const recorded = await t.run('record_measurement', { kind: 'height', value: 180, unit: 'cm' })
    const id = recorded.status === 'succeeded' ? (recorded.output as { recorded: { id: number } }).recorded.id : -1
    await t.run('delete_measurement', { id })
    const repeat = await t.run('delete_measurement', { id })
    expect(repeat).toMatchObject({ status: 'succeeded', repeated: true })
    const { turn } = t.store.conversations.startTurn({
      conversationId: t.ids.conversationId,
      userText: 'delete it again',
    })
    const otherTurn = await t.run('delete_measurement', { id }, { turnId: turn.id })
    expect(otherTurn).toMatchObject({ status: 'failed', repeated: false, error: { kind: 'not-found' } })
  })

  it.each([
    ['a string id', { id: '7' }, /id: expected number/],
    ['a fractional id', { id: 1.5 }, /expected int/i],
    ['a zero id', { id: 0 }, /too small|>0|greater than 0/i],
    ['a missing id', {}, /missing required argument 'id'/],
    ['an extra field', { id: 1, kind: 'weight' }, /unexpected argument 'kind'; this tool accepts only: id/],
  ])('rejects %s without writing anything', async (_name, args, message) => {
    const t = setup()
    const outcome = await t.run('delete_measurement', args)
    expect(outcome.status === 'invalid-arguments' && outcome.message).toMatch(message)
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
  })
})
