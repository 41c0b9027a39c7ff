// The message actions through the app service, over loopback HTTP to the simulated provider:
// regenerate (in place, the question sent once), edit and resend, continue after a length cut,
// delete, switch versions; and the idempotency ledger across versions of an answer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RunEvent } from '../../../src/shared/run-events'
import { isRunEnd, startAppWorld, weight, type AppWorld, type TestClient } from './app-helpers'

type ChatBody = { messages: { role: string; content: unknown }[] }

/** The chat messages of the n-th request (OpenAI Chat Completions), as role:text. */
function sentMessages(world: AppWorld, index: number): string[] {
  const body = world.server.requests[index]!.body as ChatBody
  return body.messages
    .filter((m) => m.role !== 'system')
    .map((m) => `${m.role}:${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}`)
}

async function finished(
  client: TestClient,
  world: AppWorld,
  runId: string,
): Promise<Extract<RunEvent, { type: 'run-end' }>> {
  const end = (await client.waitFor((e) => isRunEnd(e) && client.events(runId).includes(e))) as Extract<
    RunEvent,
    { type: 'run-end' }
  >
  await world.service.whenIdle()
  return end
}

describe('message actions', () => {
  let world: AppWorld
  let a: TestClient
  beforeEach(async () => {
    world = await startAppWorld()
    a = world.client('a')
  })
  afterEach(async () => {
    await world.close()
  })

  async function ask(text: string, conversationId?: string) {
    const { runId } = await a.value('turns.start', { text, ...(conversationId ? { conversationId } : {}) })
    return finished(a, world, runId)
  }

  it('regenerate answers the same question again in place: one question in the transcript and in the request; the first answer stays a version', async () => {
    world.server.enqueue({ type: 'turn', text: 'First answer.' }, { type: 'turn', text: 'Second answer.' })
    const first = await ask('Hello! What can you do?')
    const { runId } = await a.value('turns.regenerate', {
      conversationId: first.conversationId,
      messageId: first.messageId,
    })
    const second = await finished(a, world, runId)
    expect(second.status).toBe('completed')
    expect(second.messageId).not.toBe(first.messageId)
    // The request carried the question once, and not the first answer.
    expect(sentMessages(world, 1)).toEqual(['user:Hello! What can you do?'])
    const view = await a.value('conversations.open', { conversationId: first.conversationId })
    expect(view.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
    expect(view.messages[1]!.id).toBe(second.messageId)
    expect(view.versions?.[second.messageId]).toEqual({ index: 1, count: 2, ids: [first.messageId, second.messageId] })
    expect(view.models?.[second.messageId]).toMatchObject({
      provider: 'openai-chat',
      model: 'sim-model',
      cutOffByLength: false,
    })
    // Both answers belong to the one turn.
    expect(world.store.conversations.getMessage(second.messageId)!.turnId).toBe(
      world.store.conversations.getMessage(first.messageId)!.turnId,
    )
    // Switch back to the first version, and forth.
    const back = await a.value('messages.selectVersion', {
      conversationId: first.conversationId,
      messageId: first.messageId,
    })
    expect(back.messages.map((m) => m.id)).toEqual([view.messages[0]!.id, first.messageId])
    // The conversation total counts both answers' calls; the usage per answer only its own.
    expect(back.usage.total.usage.outputTokens).toBe(
      (back.usage.perMessage[first.messageId]!.usage.outputTokens ?? 0) +
        (view.usage.perMessage[second.messageId]!.usage.outputTokens ?? 0),
    )
  })

  it('the Retry of a failed answer is a regenerate: the question is not sent twice', async () => {
    world.server.enqueue({ type: 'http-error', status: 401 }, { type: 'turn', text: 'Now it works.' })
    const failed = await ask('Hello?')
    expect(failed.status).toBe('failed')
    const { runId } = await a.value('turns.regenerate', {
      conversationId: failed.conversationId,
      messageId: failed.messageId,
    })
    expect((await finished(a, world, runId)).status).toBe('completed')
    const last = world.server.requests.at(-1)!
    expect((last.body as ChatBody).messages.filter((m) => m.role === 'user')).toHaveLength(1)
    const view = await a.value('conversations.open', { conversationId: failed.conversationId })
    expect(view.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
  })

  it('a regenerated answer that repeats the first answer\'s write gets "Already done": the measurement is recorded once', async () => {
    await a.value('settings.update', { toolPermissions: { record_measurement: 'always-allow' } })
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Recorded.' },
      { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Recorded again?' },
    )
    const first = await ask('I weigh 72.5 kg')
    expect(world.store.measurements.list({ limit: 10 })).toHaveLength(1)
    const { runId } = await a.value('turns.regenerate', {
      conversationId: first.conversationId,
      messageId: first.messageId,
    })
    await finished(a, world, runId)
    expect(world.store.measurements.list({ limit: 10 })).toHaveLength(1)
    expect(a.events(runId).some((e) => e.type === 'tool-call' && e.state === 'repeated')).toBe(true)
    expect(JSON.stringify(world.server.requests[3]!.body)).toContain('alreadyDone')
  })

  it('edit and resend: the conversation continues from the edited question; the old branch stays reachable as a version', async () => {
    world.server.enqueue(
      { type: 'turn', text: 'A1' },
      { type: 'turn', text: 'A2' },
      { type: 'turn', text: 'A1 edited' },
      { type: 'turn', text: 'A3' },
    )
    const first = await ask('Q1')
    const second = await ask('Q2', first.conversationId)
    const before = await a.value('conversations.open', { conversationId: first.conversationId })
    const q1 = before.messages[0]!
    const { runId } = await a.value('turns.edit', {
      conversationId: first.conversationId,
      messageId: q1.id,
      text: 'Q1, better',
    })
    await finished(a, world, runId)
    // The request has only the edited question: nothing of the old branch.
    expect(sentMessages(world, 2)).toEqual(['user:Q1, better'])
    const after = await a.value('conversations.open', { conversationId: first.conversationId })
    expect(after.messages.map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''))).toEqual([
      'Q1, better',
      'A1 edited',
    ])
    expect(after.versions?.[after.messages[0]!.id]).toMatchObject({ index: 1, count: 2 })
    // The next question follows the edited branch.
    await ask('Q3', first.conversationId)
    expect(sentMessages(world, 3)).toEqual(['user:Q1, better', 'assistant:A1 edited', 'user:Q3'])
    // The old branch, whole, through its question's version.
    const old = await a.value('messages.selectVersion', { conversationId: first.conversationId, messageId: q1.id })
    expect(old.messages.map((m) => m.id)).toEqual(before.messages.map((m) => m.id))
    void second
  })

  it('continue after a length cut: the model gets its partial answer and a request to go on; the new text is added to the same answer', async () => {
    world.server.enqueue(
      { type: 'turn', text: 'Step one, step', finish: 'length' },
      { type: 'turn', text: ' two, step three.' },
    )
    const cut = await ask('List the steps')
    let view = await a.value('conversations.open', { conversationId: cut.conversationId })
    expect(view.models?.[cut.messageId]?.cutOffByLength).toBe(true)
    const { runId } = await a.value('turns.continue', { conversationId: cut.conversationId, messageId: cut.messageId })
    const end = await finished(a, world, runId)
    expect(end).toMatchObject({ status: 'completed', messageId: cut.messageId })
    const sent = sentMessages(world, 1)
    expect(sent.slice(0, 2)).toEqual(['user:List the steps', 'assistant:Step one, step'])
    expect(sent[2]).toMatch(/^user:.*cut off.*Continue/)
    view = await a.value('conversations.open', { conversationId: cut.conversationId })
    expect(view.messages).toHaveLength(2)
    expect(view.messages[1]!).toMatchObject({ id: cut.messageId, status: 'complete' })
    expect(view.messages[1]!.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')).toBe(
      'Step one, step two, step three.',
    )
    expect(view.models?.[cut.messageId]?.cutOffByLength).toBe(false)
    // Only the last answer can be continued.
    world.server.enqueue({ type: 'turn', text: 'Next.' })
    await ask('And then?', cut.conversationId)
    expect(
      await a.call('turns.continue', { conversationId: cut.conversationId, messageId: cut.messageId }),
    ).toMatchObject({ ok: false, error: { detail: { code: 'message-action-not-applicable' } } })
  })

  it('delete a message: a question goes with its answers; unknown or busy is refused', async () => {
    world.server.enqueue({ type: 'turn', text: 'A1' }, { type: 'turn', text: 'A2' })
    const first = await ask('Q1')
    await ask('Q2', first.conversationId)
    const view = await a.value('conversations.open', { conversationId: first.conversationId })
    const after = await a.value('messages.delete', {
      conversationId: first.conversationId,
      messageId: view.messages[2]!.id,
    })
    expect(after.messages.map((m) => m.id)).toEqual(view.messages.slice(0, 2).map((m) => m.id))
    expect(
      await a.call('messages.delete', { conversationId: first.conversationId, messageId: view.messages[2]!.id }),
    ).toMatchObject({ ok: false, error: { kind: 'not-found', detail: { code: 'message-not-found' } } })
    expect(
      await a.call('turns.edit', { conversationId: first.conversationId, messageId: view.messages[1]!.id, text: 'x' }),
    ).toMatchObject({ ok: false, error: { kind: 'validation' } })
    world.server.enqueue({ type: 'turn', text: 'one two three four', faults: { stallAfterEvents: 2 } })
    const { runId } = await a.value('turns.start', { conversationId: first.conversationId, text: 'Q3' })
    await a.waitFor((e) => e.type === 'run-start' && a.events(runId).includes(e))
    expect(
      await a.call('messages.delete', { conversationId: first.conversationId, messageId: view.messages[0]!.id }),
    ).toMatchObject({ ok: false, error: { kind: 'busy' } })
    expect(
      await a.call('turns.regenerate', { conversationId: first.conversationId, messageId: view.messages[1]!.id }),
    ).toMatchObject({ ok: false, error: { kind: 'busy' } })
    await a.value('turns.stop', { runId })
    await world.service.whenIdle()
  })
})
