// Defect 17: a window that reloads (its connection drops and comes back) does not stop its answers;
// the window that comes back attaches to them (the answer so far, then every later event once),
// can answer their pending approvals, and only Stop is "stopped by you".
import { afterEach, describe, expect, it } from 'vitest'
import type { RunSnapshot } from '../../../src/shared/ipc/app-contract'
import type { RunEvent } from '../../../src/shared/run-events'
import { countRows, isRunEnd, startAppWorld, weight, type AppWorld, type TestClient } from './app-helpers'

const words = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ')

function textOf(events: readonly RunEvent[]): string {
  return events.flatMap((e) => (e.type === 'stream' && e.event.type === 'text-delta' ? [e.event.delta] : [])).join('')
}

/** The snapshot's events, then the live ones after it (as the window reduces them). */
function seen(snapshot: RunSnapshot, client: TestClient): RunEvent[] {
  return [
    ...snapshot.events,
    ...client.envelopes.filter((e) => e.runId === snapshot.runId && (e.seq ?? 0) > snapshot.seq).map((e) => e.event),
  ]
}

describe('a window that reloads while its answer is written', () => {
  let world: AppWorld
  afterEach(async () => {
    await world.close()
  })

  it('the answer goes on; the window that comes back gets it so far, then each later event once, in order', async () => {
    world = await startAppWorld()
    const before = world.client('page-1')
    world.server.enqueue({ type: 'turn', text: words, faults: { delayMs: 15 } })
    const { runId } = await before.value('turns.start', { text: 'Count' })
    await before.waitFor((e) => e.type === 'stream' && e.event.type === 'text-delta')
    expect(world.service.disconnect('page-1', 'may-return')).toBe(0)

    const after = world.client('page-2')
    const { runs } = await after.value('runs.attach', {})
    expect(runs.map((r) => r.runId)).toEqual([runId])
    const snapshot = runs[0]!
    expect(snapshot.events[0]).toMatchObject({ type: 'run-start', runId })
    expect(snapshot.conversationId).toBe((snapshot.events[0] as { conversationId: string }).conversationId)
    expect(await after.waitFor(isRunEnd, 20_000)).toMatchObject({ status: 'completed' })
    await world.service.whenIdle()

    // Every event after the snapshot came exactly once, numbered on from it.
    const live = after.envelopes.filter((e) => e.runId === runId)
    expect(live.map((e) => e.seq)).toEqual(live.map((_, i) => snapshot.seq + 1 + i))
    expect(textOf(seen(snapshot, after))).toBe(words)
    // The page that left got nothing after it left; the answer is stored whole.
    expect(before.events(runId).some(isRunEnd)).toBe(false)
    const [answer] = world.store.conversations
      .getMessages(snapshot.conversationId!)
      .filter((m) => m.role === 'assistant')
    expect(answer).toMatchObject({ status: 'complete', interruptReason: undefined })
    expect(world.server.requests).toHaveLength(1)
  })

  it('a pending approval is there again after the reload; approving it from the new page runs the write exactly once', async () => {
    world = await startAppWorld()
    const before = world.client('page-1')
    world.server.enqueue(
      { type: 'turn', text: 'Recording it.', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Done.' },
    )
    await before.value('turns.start', { text: 'I weigh 72.5 kg' })
    const asked = (await before.waitFor((e) => e.type === 'approval-request')) as Extract<
      RunEvent,
      { type: 'approval-request' }
    >
    world.service.disconnect('page-1', 'may-return')
    expect(await before.value('approvals.answer', { approvalId: asked.approvalId, decision: 'approve' })).toEqual({
      answered: false,
    })

    const after = world.client('page-2')
    const [snapshot] = (await after.value('runs.attach', {})).runs
    const request = snapshot!.events.find((e) => e.type === 'approval-request')
    expect(request).toMatchObject({ approvalId: asked.approvalId, name: 'record_measurement' })
    expect(world.store.measurements.list({ limit: 10 })).toEqual([])
    expect(await after.value('approvals.answer', { approvalId: asked.approvalId, decision: 'approve' })).toEqual({
      answered: true,
    })
    expect(await after.waitFor(isRunEnd)).toMatchObject({ status: 'completed' })
    await world.service.whenIdle()
    expect(world.store.measurements.list({ limit: 10 })).toHaveLength(1)
    expect(countRows(world.store, 'tool_ledger')).toBe(1)
    expect(textOf(seen(snapshot!, after))).toBe('Recording it.\n\nDone.')
  })

  it('a window that attached may stop the answer: that is "stopped by you"', async () => {
    world = await startAppWorld()
    const before = world.client('page-1')
    world.server.enqueue({ type: 'turn', text: words, faults: { stallAfterEvents: 3 } })
    const { runId } = await before.value('turns.start', { text: 'Count' })
    await before.waitFor((e) => e.type === 'stream')
    world.service.disconnect('page-1', 'may-return')
    const stranger = world.client('not-attached')
    expect(await stranger.value('turns.stop', { runId })).toEqual({ stopped: false })
    const after = world.client('page-2')
    await after.value('runs.attach', {})
    expect(await after.value('turns.stop', { runId })).toEqual({ stopped: true })
    expect(await after.waitFor(isRunEnd)).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
  })

  it('nobody comes back while an approval waits: the answer stops as "the window was closed", never as stopped by you', async () => {
    world = await startAppWorld({ unattendedMs: 50 })
    const before = world.client('page-1')
    world.server.enqueue(
      { type: 'turn', text: 'Recording it.', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Done.' },
    )
    const { runId } = await before.value('turns.start', { text: 'I weigh 72.5 kg' })
    const start = (await before.waitFor((e) => e.type === 'run-start')) as Extract<RunEvent, { type: 'run-start' }>
    await before.waitFor((e) => e.type === 'approval-request')
    world.service.disconnect('page-1', 'may-return')
    await world.service.whenIdle()
    expect(before.events(runId).some(isRunEnd)).toBe(false)
    expect(world.store.measurements.list({ limit: 10 })).toEqual([])
    expect(world.server.requests).toHaveLength(1)
    // Stored, and read back (through the window's view) with its own reason.
    const view = await world.client('page-2').value('conversations.open', { conversationId: start.conversationId })
    expect(view.messages.find((m) => m.role === 'assistant')).toMatchObject({
      status: 'interrupted',
      interruptReason: 'window-closed',
    })
  })

  it('an answer that only streams goes on to its end with no window at all', async () => {
    world = await startAppWorld({ unattendedMs: 1 })
    const before = world.client('page-1')
    world.server.enqueue({ type: 'turn', text: words, faults: { delayMs: 5 } })
    await before.value('turns.start', { text: 'Count' })
    const start = (await before.waitFor((e) => e.type === 'run-start')) as Extract<RunEvent, { type: 'run-start' }>
    world.service.disconnect('page-1', 'may-return')
    await world.service.whenIdle()
    const [answer] = world.store.conversations.getMessages(start.conversationId).filter((m) => m.role === 'assistant')
    expect(answer).toMatchObject({ status: 'complete' })
    expect(answer!.parts.find((p) => p.type === 'text')).toMatchObject({ text: words })
  })
})
