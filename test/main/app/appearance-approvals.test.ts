// The approval card's data, through the real service and a real provider over loopback: a delete
// names the row it would remove (defect 8), "Approve all" answers each call on its own (each its own
// approval and ledger claim), and "Always allow" shows in Settings at once (defect 7).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeelApi, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { pendingWrites } from '../../../src/renderer/src/features/chat/approval-batch'
import type { ChatStore } from '../../../src/renderer/src/state/chat-store'
import { windowStores } from '../../../src/renderer/src/state/window-stores'
import { countRows, isRunEnd, startAppWorld, type AppWorld } from './app-helpers'

/** The window's API on the service, as a client connected over the app's own contract. */
function storeOn(world: AppWorld, clientId: string): ChatStore {
  let listener: ((envelope: RunEventEnvelope) => void) | undefined
  world.service.connect(clientId, (envelope) => listener?.(envelope))
  const api = new Proxy({} as KeelApi, {
    get: (_target, name: string) =>
      name === 'onRunEvent'
        ? (l: (envelope: RunEventEnvelope) => void) => {
            listener = l
            return () => (listener = undefined)
          }
        : (payload: unknown) => world.service.handle(name as never, payload ?? {}, { clientId }),
  })
  return windowStores({ chat: api, conversationList: api }, { schedule: (flush) => void setTimeout(flush, 0) }).chat
}

/** The first value `read` gives (not undefined, not false), polled with vi.waitFor. */
function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = read()
      if (value === undefined || value === false) throw new Error('not yet')
      return value
    },
    { timeout: timeoutMs, interval: 5 },
  )
}

describe('approval cards through the service', () => {
  let world: AppWorld
  beforeEach(async () => {
    world = await startAppWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('a delete approval carries the row it would delete; a missing row says so', async () => {
    const row = world.store.measurements.insert({
      kind: 'weight',
      canonicalValue: 71.8,
      value: 71.8,
      unit: 'kg',
      takenAt: Date.UTC(2026, 10, 10),
      takenAtPrecision: 'day',
      takenAtOffsetMin: 0,
    })
    const a = world.client('a')
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'delete_measurement', arguments: { id: row.id } }] },
      { type: 'turn', text: 'Deleted.' },
    )
    await a.value('turns.start', { text: 'delete my wrong weight' })
    const request = await a.waitFor((e) => e.type === 'approval-request')
    expect(request).toMatchObject({
      arguments: { id: row.id },
      preview: {
        status: 'found',
        value: { id: row.id, kind: 'weight', value: 71.8, unit: 'kg', takenAt: '2026-11-10' },
      },
    })
    // Asking wrote nothing: the row is still there until the user approves.
    expect(world.store.measurements.get(row.id)).toBeDefined()
    await a.value('approvals.answer', { approvalId: (request as { approvalId: string }).approvalId, decision: 'deny' })
    await a.waitFor(isRunEnd)
    await world.service.whenIdle()

    const b = world.client('b')
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'delete_measurement', arguments: { id: 999 } }] },
      { type: 'turn', text: 'Nothing.' },
    )
    await b.value('turns.start', { text: 'delete 999' })
    expect(await b.waitFor((e) => e.type === 'approval-request')).toMatchObject({ preview: { status: 'missing' } })
    await b.value('approvals.answer', {
      approvalId: ((await b.waitFor((e) => e.type === 'approval-request')) as { approvalId: string }).approvalId,
      decision: 'deny',
    })
    await b.waitFor(isRunEnd)
    await world.service.whenIdle()
  })

  it('Approve all: every call of the round is asked and answered on its own, each run once through the ledger', async () => {
    const store = storeOn(world, 'window')
    await store.start()
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [
          { name: 'record_measurement', arguments: { kind: 'weight', value: 70, unit: 'kg', date: '2026-11-01' } },
          { name: 'record_measurement', arguments: { kind: 'weight', value: 71, unit: 'kg', date: '2026-11-02' } },
          { name: 'record_measurement', arguments: { kind: 'weight', value: 72, unit: 'kg', date: '2026-11-03' } },
        ],
      },
      { type: 'turn', text: 'Recorded all three.' },
    )
    expect(await store.send('three weights')).toBe(true)
    const run = await until(() =>
      Object.values(store.getSnapshot().runs).find((r) =>
        Object.values(r.tools).some((c) => c.state === 'awaiting-approval'),
      ),
    )
    // The two calls behind the asked one are complete calls waiting, not drafts.
    expect(Object.values(run.tools).filter((c) => c.queued)).toHaveLength(2)
    const calls = pendingWrites(run, store.toolEffect)
    expect(calls).toHaveLength(3)
    store.answerAll(run.runId, calls, 'approve')
    await until(
      () =>
        store.getSnapshot().runs[run.runId] === undefined || store.getSnapshot().runs[run.runId]!.status !== 'running',
    )
    await world.service.whenIdle()
    expect(countRows(world.store, 'measurements')).toBe(3)
    const ledger = world.store.ledger.list().filter((e) => e.toolName === 'record_measurement')
    expect(ledger).toHaveLength(3)
    for (const entry of ledger) expect(entry).toMatchObject({ state: 'succeeded', callIds: [expect.any(String)] })
    store.dispose()
  })

  it('Always allow shows in Settings at once (defect 7)', async () => {
    const store = storeOn(world, 'window')
    await store.start()
    expect(store.getSnapshot().settings?.toolPermissions).toEqual({})
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 70, unit: 'kg' } }],
      },
      { type: 'turn', text: 'Done.' },
    )
    await store.send('70 kg')
    const card = await until(() =>
      Object.values(store.getSnapshot().runs)
        .flatMap((r) => Object.values(r.tools))
        .find((c) => c.approvalId),
    )
    await store.answerApproval(card.approvalId!, 'always')
    expect(store.getSnapshot().settings?.toolPermissions).toEqual({ record_measurement: 'always-allow' })
    await until(() => Object.values(store.getSnapshot().runs).every((r) => r.status !== 'running'))
    await world.service.whenIdle()
    store.dispose()
  })
})
