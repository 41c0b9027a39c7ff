import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_RUNS_PER_CLIENT } from '../../../src/main/app/keel-app-service'
import { countRows, isRunEnd, startAppWorld, weight, type AppWorld } from './app-helpers'

describe('turns through the app service', () => {
  let world: AppWorld
  beforeEach(async () => {
    world = await startAppWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('streams the run events to the starting client only, ending with run-end', async () => {
    const a = world.client('window-a')
    const b = world.client('window-b')
    world.server.enqueue({ type: 'turn', text: 'Paris is the capital of France.' })
    const { runId } = await a.value('turns.start', { text: 'Capital of France?' })
    const end = await a.waitFor(isRunEnd)
    await world.service.whenIdle()
    expect(end).toMatchObject({ type: 'run-end', status: 'completed' })
    const types = a.events(runId).map((e) => e.type)
    expect(types[0]).toBe('run-start')
    expect(types.at(-1)).toBe('run-end')
    expect(a.envelopes.every((e) => e.runId === runId)).toBe(true)
    const text = a
      .events(runId)
      .flatMap((e) => (e.type === 'stream' && e.event.type === 'text-delta' ? [e.event.delta] : []))
      .join('')
    expect(text).toBe('Paris is the capital of France.')
    expect(b.envelopes).toEqual([])
    // The conversation is stored and continues with conversationId.
    const conversationId = (end as { conversationId: string }).conversationId
    world.server.enqueue({ type: 'turn', text: 'It has about two million people.' })
    await a.value('turns.start', { conversationId, text: 'How many people live there?' })
    await world.service.whenIdle()
    const view = await a.value('conversations.open', { conversationId })
    expect(view.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant'])
    expect(world.server.requests).toHaveLength(2)
  })

  it('uses the provider asked for, else KEEL_DEFAULT_PROVIDER', async () => {
    const a = world.client('a')
    world.server.enqueue({ type: 'turn', text: 'one' }, { type: 'turn', text: 'two' })
    await a.value('turns.start', { text: 'hi' })
    await world.service.whenIdle()
    await a.value('turns.start', { text: 'hi', provider: 'anthropic' })
    await world.service.whenIdle()
    expect(world.server.requests.map((r) => r.provider)).toEqual(['openai-chat', 'anthropic'])
  })

  it('turns.stop interrupts the run (user-stop); another client cannot stop it', async () => {
    const a = world.client('a')
    const b = world.client('b')
    world.server.enqueue({
      type: 'turn',
      text: 'one two three four five six seven eight nine ten',
      faults: { stallAfterEvents: 3 },
    })
    const { runId } = await a.value('turns.start', { text: 'Count' })
    await a.waitFor((e) => e.type === 'stream' && e.event.type === 'text-delta')
    expect(await b.value('turns.stop', { runId })).toEqual({ stopped: false })
    expect(await a.value('turns.stop', { runId })).toEqual({ stopped: true })
    const end = await a.waitFor(isRunEnd)
    expect(end).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
    await world.service.whenIdle()
    const message = world.store.conversations.getMessage((end as { messageId: string }).messageId)!
    expect(message).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
    expect(await a.value('turns.stop', { runId })).toEqual({ stopped: false })
  })

  it('a second turn in a running conversation is busy; an unknown conversation is not-found', async () => {
    const a = world.client('a')
    world.server.enqueue({ type: 'turn', text: 'one two three four', faults: { stallAfterEvents: 2 } })
    const { runId } = await a.value('turns.start', { text: 'hi' })
    const start = (await a.waitFor((e) => e.type === 'run-start')) as { conversationId: string }
    const busy = await a.call('turns.start', { conversationId: start.conversationId, text: 'again' })
    expect(busy).toMatchObject({ ok: false, error: { kind: 'busy', detail: { code: 'conversation-busy' } } })
    expect(await a.call('conversations.delete', { conversationId: start.conversationId })).toMatchObject({
      ok: false,
      error: { kind: 'busy', detail: { code: 'conversation-busy' } },
    })
    expect(await a.call('turns.start', { conversationId: 'nope', text: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
    await a.value('turns.stop', { runId })
    await world.service.whenIdle()
  })

  it('one client can write at most MAX_RUNS_PER_CLIENT answers at once; the next is refused with a typed detail until one ends', async () => {
    const a = world.client('a')
    const b = world.client('b')
    world.server.respond = () => ({ type: 'turn', text: 'one two three four', faults: { stallAfterEvents: 2 } })
    const runIds: string[] = []
    for (let i = 0; i < MAX_RUNS_PER_CLIENT; i++)
      runIds.push((await a.value('turns.start', { text: `Question ${i}` })).runId)
    const refused = await a.call('turns.start', { text: 'One more' })
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'busy', retryable: true, detail: { code: 'too-many-runs', max: MAX_RUNS_PER_CLIENT } },
    })
    // Another window is not held back by this one's runs.
    const other = await b.call('turns.start', { text: 'Mine' })
    expect(other.ok).toBe(true)
    await a.value('turns.stop', { runId: runIds[0]! })
    await a.waitFor((e) => e.type === 'run-end')
    await expect.poll(async () => (await a.call('turns.start', { text: 'Now it fits' })).ok).toBe(true)
    // Only the accepted turns were stored: the refused one left no conversation.
    expect(countRows(world.store, 'conversations')).toBe(MAX_RUNS_PER_CLIENT + 2)
  })

  it('a client that never connected cannot start a turn', async () => {
    const result = await world.service.handle('turns.start', { text: 'hi' }, { clientId: 'ghost' })
    expect(result).toMatchObject({ ok: false, error: { kind: 'forbidden' } })
    expect(countRows(world.store, 'messages')).toBe(0)
  })

  describe('approvals (decided in the core, answered by the UI)', () => {
    const writeTurn = () =>
      world.server.enqueue(
        { type: 'turn', text: 'Recording it.', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
        { type: 'turn', text: 'Done.' },
      )
    const measurements = () => world.store.measurements.list({ limit: 100 }).length

    it('approve: the write runs after the answer', async () => {
      const a = world.client('a')
      const b = world.client('b')
      writeTurn()
      await a.value('turns.start', { text: 'I weigh 72.5 kg' })
      const request = (await a.waitFor((e) => e.type === 'approval-request')) as { approvalId: string; name: string }
      expect(request.name).toBe('record_measurement')
      expect(measurements()).toBe(0)
      expect(await b.value('approvals.answer', { approvalId: request.approvalId, decision: 'approve' })).toEqual({
        answered: false,
      })
      expect(await a.value('approvals.answer', { approvalId: request.approvalId, decision: 'approve' })).toEqual({
        answered: true,
      })
      expect(await a.waitFor(isRunEnd)).toMatchObject({ status: 'completed' })
      await world.service.whenIdle()
      expect(measurements()).toBe(1)
      expect(await a.value('approvals.answer', { approvalId: request.approvalId, decision: 'approve' })).toEqual({
        answered: false,
      })
      expect((await a.value('settings.get', {})).toolPermissions).toEqual({})
    })

    it('deny: nothing is written and the model is told', async () => {
      const a = world.client('a')
      writeTurn()
      await a.value('turns.start', { text: 'I weigh 72.5 kg' })
      const request = (await a.waitFor((e) => e.type === 'approval-request')) as { approvalId: string }
      await a.value('approvals.answer', { approvalId: request.approvalId, decision: 'deny' })
      await a.waitFor(isRunEnd)
      await world.service.whenIdle()
      expect(measurements()).toBe(0)
      expect(a.events().some((e) => e.type === 'tool-call' && e.state === 'denied')).toBe(true)
      expect(JSON.stringify(world.server.requests[1]!.body)).toContain('declined')
    })

    it('always: runs, is saved as always-allow, and the next write does not ask', async () => {
      const a = world.client('a')
      writeTurn()
      await a.value('turns.start', { text: 'I weigh 72.5 kg' })
      const request = (await a.waitFor((e) => e.type === 'approval-request')) as { approvalId: string }
      await a.value('approvals.answer', { approvalId: request.approvalId, decision: 'always' })
      await a.waitFor(isRunEnd)
      await world.service.whenIdle()
      expect(measurements()).toBe(1)
      expect((await a.value('settings.get', {})).toolPermissions).toEqual({ record_measurement: 'always-allow' })
      world.server.enqueue(
        {
          type: 'turn',
          toolCalls: [{ name: 'record_measurement', arguments: { kind: 'height', value: 180, unit: 'cm' } }],
        },
        { type: 'turn', text: 'Done.' },
      )
      const { runId } = await a.value('turns.start', { text: 'I am 180 cm' })
      await world.service.whenIdle()
      expect(a.events(runId).some((e) => e.type === 'approval-request')).toBe(false)
      expect(measurements()).toBe(2)
    })
  })

  describe('when the client goes away', () => {
    it('its run waiting for an approval is stopped (the window was closed, not stopped by the user) and the approval denied', async () => {
      const a = world.client('a')
      const b = world.client('b')
      world.server.enqueue({ type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] })
      world.server.enqueue({ type: 'turn', text: 'B keeps going.', faults: { delayMs: 30 } })
      const runA = await a.value('turns.start', { text: 'I weigh 72.5 kg' })
      const request = (await a.waitFor((e) => e.type === 'approval-request')) as { approvalId: string }
      const runB = await b.value('turns.start', { text: 'Hello' })
      expect(world.service.disconnect('a')).toBe(1)
      await world.service.whenIdle()
      expect(world.store.measurements.list({ limit: 10 })).toEqual([])
      expect(world.server.requests).toHaveLength(2) // A's run never went on to a second round
      const [messageA] = world.store.conversations
        .getMessages(
          (a.events(runA.runId).find((e) => e.type === 'run-start') as { conversationId: string }).conversationId,
        )
        .filter((m) => m.role === 'assistant')
      expect(messageA).toMatchObject({ status: 'interrupted', interruptReason: 'window-closed' })
      // Nothing more reached the gone client after it left; B's run was not affected.
      expect(a.events(runA.runId).some(isRunEnd)).toBe(false)
      expect(b.events(runB.runId).find(isRunEnd)).toMatchObject({ status: 'completed' })
      expect(await b.value('approvals.answer', { approvalId: request.approvalId, decision: 'approve' })).toEqual({
        answered: false,
      })
    })

    it('its streaming run is aborted (the provider request is cancelled)', async () => {
      const a = world.client('a')
      world.server.enqueue({ type: 'turn', text: 'one two three four five', faults: { stallAfterEvents: 2 } })
      await a.value('turns.start', { text: 'Count' })
      await a.waitFor((e) => e.type === 'stream')
      world.service.disconnect('a')
      await world.service.whenIdle()
      await world.server.waitForAborted(1)
      const [generation] = world.store.db.prepare('SELECT outcome FROM generations').all() as { outcome: string }[]
      expect(generation!.outcome).toBe('user-stop')
    })
  })
})
