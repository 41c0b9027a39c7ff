import { describe, expect, it } from 'vitest'
import { applyOnce } from '../../../src/main/ledger/apply-once'
import { conversationWithTurn, countRows, fakeClock, useTempStores } from '../db/store-fixtures'
import { useToolHarness } from '../tools/tool-fixtures'

const setup = useToolHarness()
const stores = useTempStores()
const record = { kind: 'weight', value: 70, unit: 'kg' }

describe('applyOnce: the effect and its ledger record commit together or not at all', () => {
  it('records the effect, the entry (succeeded, with output) and the call id in one commit', async () => {
    const t = setup()
    const outcome = await t.run('record_measurement', record)
    expect(outcome).toMatchObject({ status: 'succeeded', repeated: false })
    const [entry] = t.store.ledger.list()
    expect(entry).toMatchObject({
      state: 'succeeded',
      toolName: 'record_measurement',
      arguments: { kind: 'weight', unit: 'kg', value: 70 },
      callIds: ['call_1'],
    })
    expect(entry?.output).toEqual(outcome.status === 'succeeded' ? outcome.output : undefined)
    const row = t.store.db.prepare('SELECT created_by_ledger_id AS ledger FROM measurements').get() as {
      ledger: number
    }
    expect(row.ledger).toBe(entry?.id)
  })

  it('a failure while recording the result (after the effect ran) leaves neither the effect nor the entry', async () => {
    const t = setup()
    t.store.db.exec(
      `CREATE TEMP TRIGGER fail_record BEFORE UPDATE OF state ON main.tool_ledger BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
    )
    const outcome = await t.run('record_measurement', record)
    expect(outcome).toMatchObject({ status: 'failed', repeated: false, error: { kind: 'storage' } })
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
    // Nothing was recorded, so the same action runs (once) when storage works again.
    t.store.db.exec('DROP TRIGGER temp.fail_record')
    expect(await t.run('record_measurement', record)).toMatchObject({ status: 'succeeded', repeated: false })
    expect(await t.run('record_measurement', record)).toMatchObject({ status: 'succeeded', repeated: true })
    expect(t.writtenRows()).toMatchObject({ measurements: 1, ledger: 1 })
  })

  it('a failure while remembering the call id leaves nothing either', async () => {
    const t = setup()
    t.store.db.exec(
      `CREATE TEMP TRIGGER fail_calls BEFORE INSERT ON main.tool_ledger_calls BEGIN SELECT RAISE(ABORT, 'injected'); END`,
    )
    expect(await t.run('record_measurement', record)).toMatchObject({ status: 'failed', error: { kind: 'storage' } })
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
  })

  it('a full disk (SQLITE_FULL) while writing the effect is a storage failure, rolls back, and is not recorded as the action’s failure', async () => {
    const t = setup()
    const pages = t.store.db.pragma('page_count', { simple: true }) as number
    t.store.db.pragma(`max_page_count = ${pages}`)
    const big = 'x'.repeat(20_000)
    t.store.db.exec(
      `CREATE TEMP TRIGGER grow AFTER INSERT ON main.measurements BEGIN INSERT INTO main.settings (key, value_json, updated_at) VALUES ('filler', json_quote('${big}'), 0); END`,
    )
    const outcome = await t.run('record_measurement', record)
    expect(outcome).toMatchObject({ status: 'failed', error: { kind: 'storage', retryable: true } })
    expect(outcome.status === 'failed' && outcome.error.message).toMatch(/disk is full/)
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
    t.store.db.exec('DROP TRIGGER temp.grow')
    t.store.db.pragma('max_page_count = 1073741823')
    expect(await t.run('record_measurement', record)).toMatchObject({ status: 'succeeded', repeated: false })
    expect(t.store.db.pragma('integrity_check', { simple: true })).toBe('ok')
  })

  it('fault at every statement of the write transaction: no partial write; storage faults leave nothing recorded, an effect fault is recorded as failed', async () => {
    // The statements of one record_measurement transaction, each made to fail in turn (SQLite-style N = 1, 2, 3…).
    const faults = [
      `BEFORE INSERT ON main.tool_ledger`,
      `BEFORE INSERT ON main.tool_ledger_calls`,
      `BEFORE INSERT ON main.measurements`,
      `BEFORE UPDATE ON main.tool_ledger`,
    ]
    for (const fault of faults) {
      const t = setup()
      t.store.db.exec(`CREATE TEMP TRIGGER fault ${fault} BEGIN SELECT RAISE(ABORT, 'injected'); END`)
      const outcome = await t.run('record_measurement', record)
      expect(outcome.status, fault).toBe('failed')
      if (fault.includes('measurements')) {
        // The effect itself failed (a constraint-like error, not storage trouble): recorded as the action's failure, effect undone.
        expect(t.writtenRows(), fault).toEqual({ measurements: 0, ledger: 1, calls: 1 })
        expect(t.store.ledger.list()[0]?.state).toBe('failed')
      } else {
        expect(t.writtenRows(), fault).toEqual({ measurements: 0, ledger: 0, calls: 0 })
      }
      expect(t.store.db.inTransaction).toBe(false)
      expect(t.store.db.pragma('integrity_check', { simple: true })).toBe('ok')
      t.store.db.exec('DROP TRIGGER temp.fault')
      const again = await t.run('record_measurement', record)
      if (fault.includes('measurements')) {
        // A failed attempt is recorded and not retried: the same action returns the stored failure.
        expect(again, fault).toMatchObject({ status: 'failed', repeated: true })
        expect(t.writtenRows().measurements).toBe(0)
      } else {
        expect(again, fault).toMatchObject({ status: 'succeeded', repeated: false })
        expect(t.writtenRows(), fault).toEqual({ measurements: 1, ledger: 1, calls: 1 })
      }
    }
  })

  it('a repeat writes no effect and leaves the entry unchanged; it only remembers the new call id', () => {
    const { store } = stores.open({ clock: fakeClock() })
    const ids = conversationWithTurn(store)
    let effects = 0
    const request = { ...ids, idempotencyKey: 'k', toolName: 'x', argumentsJson: '{}', callId: 'a', now: 1 }
    const effect = () => (effects++, { ok: true as const, output: { n: effects } })
    const first = applyOnce(store.db, store.ledger, request, effect)
    const second = applyOnce(store.db, store.ledger, { ...request, callId: 'b', now: 2 }, effect)
    const third = applyOnce(store.db, store.ledger, { ...request, callId: 'b', now: 3 }, effect)
    expect(first.kind).toBe('applied')
    expect(second).toMatchObject({
      kind: 'repeated',
      entry: { output: { n: 1 }, createdAt: 1, updatedAt: 1, callIds: ['a', 'b'] },
    })
    expect(third).toMatchObject({ kind: 'repeated', entry: { callIds: ['a', 'b'] } })
    expect(effects).toBe(1)
    expect(countRows(store, 'tool_ledger_calls')).toBe(2)
  })
})
