import { describe, expect, it } from 'vitest'
import { useToolHarness } from './tool-fixtures'

const setup = useToolHarness()

describe('a delete is previewed before the user is asked (defect 8)', () => {
  it('prepareToolCall names the row delete_measurement would remove, and writes nothing', async () => {
    const t = setup()
    const recorded = await t.run('record_measurement', { kind: 'weight', value: 71.8, unit: 'kg', date: '2025-03-01' })
    const id = recorded.status === 'succeeded' ? (recorded.output as { recorded: { id: number } }).recorded.id : -1
    const before = t.writtenRows()
    const prepared = t.registry.prepareToolCall(t.call('delete_measurement', { id }))
    expect(prepared.status).toBe('ready')
    expect(prepared.status === 'ready' && prepared.preview).toEqual({
      status: 'found',
      value: expect.objectContaining({ id, kind: 'weight', value: 71.8, unit: 'kg', takenAt: '2025-03-01' }),
    })
    expect(t.writtenRows()).toEqual(before)
    expect(t.store.measurements.get(id)).toBeDefined()
  })

  it('says when there is no such row', () => {
    const t = setup()
    const prepared = t.registry.prepareToolCall(t.call('delete_measurement', { id: 404 }))
    expect(prepared.status === 'ready' && prepared.preview).toEqual({ status: 'missing' })
  })

  it('tools without a preview (record) have none', () => {
    const t = setup()
    const prepared = t.registry.prepareToolCall(t.call('record_measurement', { kind: 'weight', value: 70, unit: 'kg' }))
    expect(prepared.status === 'ready' && prepared.preview).toBeUndefined()
  })
})
