// The harness end to end, for each of the five providers, over real HTTP against the local
// simulated provider, with a real SQLite store and the real tools.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fallbackMessage, titlesOf } from '../../../src/shared/fallback-messages'
import { builtinToolTitles } from '../../../src/main/tools/builtin/keel-tool-source'
import { PROVIDER_IDS, type ProviderId } from '../../../src/shared/provider-id'
import {
  chat,
  eventsOf,
  expectGenerationsMatchRequests,
  measurementCount,
  startWorld,
  toolResultsIn,
  toolStates,
  type HarnessWorld,
} from './harness-helpers'

/** The built-ins' titles, as the registry gives them to Keel's messages. */
const builtinTitleOf = titlesOf(builtinToolTitles())

const weight = { kind: 'weight', value: 72.5, unit: 'kg' }
const height = { kind: 'height', value: 180, unit: 'cm' }

describe.each(PROVIDER_IDS.map((p) => [p]))('%s', (provider: ProviderId) => {
  let world: HarnessWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  /** The id the model's call had on the wire, which its result must go back under (Gemini: none). */
  const servedCallIds = (requestIndex: number) => {
    const served = world.server.requests[requestIndex]?.served
    return served?.kind === 'turn' ? served.callIds : []
  }

  it('a question without tools makes exactly one request', async () => {
    world.server.enqueue({
      type: 'turn',
      text: 'Paris is the capital of France.',
      usage: { inputTokens: 12, outputTokens: 7 },
    })
    const run = await chat(world, provider, 'What is the capital of France?')
    expect(run.status).toBe('completed')
    expect(world.server.requests).toHaveLength(1)
    const message = world.store.conversations.getMessage(run.messageId)!
    expect(message.status).toBe('complete')
    expect(message.parts).toEqual([{ type: 'text', text: 'Paris is the capital of France.' }])
    const [generation] = world.store.generations.listForTurn(run.turnId)
    expect(generation).toMatchObject({ round: 1, attempt: 1, provider, outcome: 'complete', usageSource: 'reported' })
    expect(generation!.usage).toMatchObject({ inputTokens: 12, outputTokens: 7 })
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a tool round trip returns the result under the call id, in the provider format, and ends with the answer', async () => {
    world.server.enqueue(
      { type: 'turn', text: 'Recording it.', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Done: 72.5 kg is recorded.' },
    )
    const run = await chat(world, provider, 'I weigh 72.5 kg')
    expect(run.status).toBe('completed')
    expect(world.server.requests).toHaveLength(2)
    const [wireId] = servedCallIds(0)
    const results = toolResultsIn(provider, world.server.requests[1]!)
    expect(results).toHaveLength(1)
    // Gemini sent no id: the result must carry none either (the local id is never sent).
    expect(results[0]!.id).toBe(wireId)
    expect(results[0]!.isError).toBe(false)
    expect(results[0]!.content).toContain('72.5')
    expect(measurementCount(world)).toBe(1)
    const text = world.store.conversations
      .getMessage(run.messageId)!
      .parts.filter((p) => p.type === 'text')
      .map((p) => (p.type === 'text' ? p.text : ''))
      .join('')
    expect(text).toBe('Recording it.\n\nDone: 72.5 kg is recorded.') // a new round starts a new paragraph
    expect(toolStates(run.events)).toEqual(['record_measurement:done'])
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('two parallel calls each get their own result, in order', async () => {
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [
          { name: 'record_measurement', arguments: height },
          { name: 'record_measurement', arguments: weight },
        ],
      },
      { type: 'turn', text: 'Both recorded.' },
    )
    const run = await chat(world, provider, 'Height 180 cm, weight 72.5 kg')
    expect(run.status).toBe('completed')
    const wireIds = servedCallIds(0)
    const results = toolResultsIn(provider, world.server.requests[1]!)
    expect(results.map((r) => r.id)).toEqual(wireIds)
    expect(results[0]!.content).toContain('height')
    expect(results[1]!.content).toContain('weight')
    expect(measurementCount(world)).toBe(2)
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('invalid arguments go back as an error result; the corrected call runs once', async () => {
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 72.5, unit: 'stone' } }],
      },
      { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Recorded in kilograms.' },
    )
    const run = await chat(world, provider, 'I weigh 72.5')
    expect(run.status).toBe('completed')
    const firstResults = toolResultsIn(provider, world.server.requests[1]!)
    expect(firstResults).toHaveLength(1)
    expect(firstResults[0]!.content).toMatch(/stone/)
    expect(measurementCount(world)).toBe(1)
    expect(toolStates(run.events)).toEqual(['record_measurement:invalid', 'record_measurement:done'])
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a second consecutive invalid call ends the turn with the local fallback message', async () => {
    const bad = {
      type: 'turn' as const,
      toolCalls: [{ name: 'record_measurement', arguments: { raw: '{"kind":"weight","value":' } }],
    }
    world.server.enqueue(bad, bad)
    const run = await chat(world, provider, 'I weigh 72.5')
    expect(run.status).toBe('failed')
    expect(eventsOf(run.events, 'notice').map((n) => n.text)).toEqual([
      fallbackMessage('en', 'invalid-arguments-twice'),
    ])
    expect(measurementCount(world)).toBe(0)
    expect(world.server.requests).toHaveLength(2)
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a failing handler returns its error to the model, which explains', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'delete_measurement', arguments: { id: 999 } }] },
      { type: 'turn', text: 'There is no measurement 999.' },
    )
    const run = await chat(world, provider, 'Delete measurement 999')
    expect(run.status).toBe('completed')
    const [result] = toolResultsIn(provider, world.server.requests[1]!)
    expect(result!.content).toMatch(/999/)
    if (provider === 'anthropic' || provider === 'gemini' || provider === 'gemini-interactions')
      expect(result!.isError).toBe(true)
    expect(toolStates(run.events)).toEqual(['delete_measurement:failed'])
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('429 with Retry-After is retried after the wait', async () => {
    world.server.enqueue(
      { type: 'http-error', status: 429, headers: { 'retry-after': '1' } },
      { type: 'turn', text: 'Here you go.' },
    )
    const run = await chat(world, provider, 'Hello')
    expect(run.status).toBe('completed')
    expect(world.server.requests).toHaveLength(2)
    const [scheduled] = eventsOf(run.events, 'retry-scheduled')
    expect(scheduled).toMatchObject({ attempt: 2, delayMs: 1000, reason: 'rate-limit' })
    expect(world.server.requests[1]!.receivedAt - world.server.requests[0]!.receivedAt).toBeGreaterThanOrEqual(950)
    expect(world.store.generations.listForTurn(run.turnId).map((g) => [g.attempt, g.outcome])).toEqual([
      [1, 'provider-error'],
      [2, 'complete'],
    ])
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('500 then success', async () => {
    world.server.enqueue({ type: 'http-error', status: 500 }, { type: 'turn', text: 'Recovered.' })
    const run = await chat(world, provider, 'Hello')
    expect(run.status).toBe('completed')
    expect(world.server.requests).toHaveLength(2)
    expect(eventsOf(run.events, 'diagnostics')[0]).toMatchObject({ kind: 'server', status: 500 })
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a reset before any output is retried', async () => {
    world.server.enqueue(
      { type: 'turn', text: 'never', faults: { resetBeforeFirstByte: true } },
      { type: 'turn', text: 'Second time lucky.' },
    )
    const run = await chat(world, provider, 'Hello')
    expect(run.status).toBe('completed')
    expect(world.server.requests).toHaveLength(2)
    expect(eventsOf(run.events, 'diagnostics')[0]!.kind).toBe('network')
    expect(world.store.conversations.getMessage(run.messageId)!.parts).toEqual([
      { type: 'text', text: 'Second time lucky.' },
    ])
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a cut in the middle of the arguments executes nothing and tells the user', async () => {
    const turn = {
      type: 'turn' as const,
      text: 'Recording now.',
      toolCalls: [{ name: 'record_measurement', arguments: weight }],
    }
    // Find where the arguments are on the wire, then serve the same turn cut there.
    world.server.enqueue(turn)
    const probe = await fetch(`${world.server.baseUrlFor(provider)}/${probePath(provider)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'sim-model',
        messages: [],
        input: [],
        contents: [],
        stream_options: { include_usage: true },
      }),
    })
    const body = Buffer.from(await probe.arrayBuffer())
    // The unit inside the arguments, after the call was announced ("kg" also hides in "background").
    const cutAt = body.indexOf('kg', body.indexOf('record_measurement'))
    expect(cutAt).toBeGreaterThan(body.indexOf('record_measurement'))
    world.server.reset()
    world.server.enqueue({ ...turn, faults: { cutAfterBytes: cutAt } })
    const run = await chat(world, provider, 'I weigh 72.5 kg')
    expect(run.status).toBe('interrupted')
    expect(run.interruptReason).toBe('network')
    expect(measurementCount(world)).toBe(0)
    expect(world.server.requests).toHaveLength(1) // output was shown: never retried
    const notices = eventsOf(run.events, 'notice').map((n) => n.id)
    expect(notices).toHaveLength(1)
    expect(['truncated-actions-not-run', 'truncated']).toContain(notices[0])
    if (provider !== 'gemini') {
      // Every other wire API announced the call before its arguments: the user is told which action did not run.
      expect(eventsOf(run.events, 'notice')[0]!.text).toBe(
        fallbackMessage('en', 'truncated-actions-not-run', { actions: ['record_measurement'] }, builtinTitleOf),
      )
      expect(toolStates(run.events)).toEqual(['record_measurement:not-run'])
    }
    const message = world.store.conversations.getMessage(run.messageId)!
    expect(message).toMatchObject({ status: 'interrupted', interruptReason: 'network' })
    expect(message.parts[0]).toEqual({ type: 'text', text: 'Recording now.' })
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a retry after a write never writes twice', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'http-error', status: 503 },
      // After the retry the model asks for the very same action again: the ledger answers, nothing is written.
      {
        type: 'turn',
        toolCalls: [{ name: 'record_measurement', arguments: { unit: 'kg', value: 72.5, kind: 'weight' } }],
      },
      { type: 'turn', text: 'It was already recorded.' },
    )
    const run = await chat(world, provider, 'I weigh 72.5 kg')
    expect(run.status).toBe('completed')
    expect(measurementCount(world)).toBe(1)
    expect(toolStates(run.events)).toEqual(['record_measurement:done', 'record_measurement:repeated'])
    const ledger = world.store.ledger.list()
    expect(ledger).toHaveLength(1)
    expect(ledger[0]!.callIds).toHaveLength(2)
    expect(world.server.requests).toHaveLength(4)
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('stop mid-stream aborts the request, saves the partial answer as interrupted and records usage', async () => {
    world.server.enqueue({
      type: 'turn',
      text: 'One two three four five six seven eight nine ten',
      usage: null,
      faults: { stallAfterEvents: 5 },
    })
    const controller = new AbortController()
    const run = await chat(world, provider, 'Count to ten', {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'stream' && event.event.type === 'text-delta') controller.abort()
      },
    })
    expect(run).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
    await world.server.waitForAborted(1, { timeoutMs: 3000 })
    const message = world.store.conversations.getMessage(run.messageId)!
    expect(message).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
    expect(message.parts[0]?.type === 'text' && message.parts[0].text.length > 0).toBe(true)
    const [generation] = world.store.generations.listForTurn(run.turnId)
    expect(generation).toMatchObject({ outcome: 'user-stop', usageSource: 'estimated' })
    expect(generation!.usage.inputTokens).toBeGreaterThan(0)
    expect(eventsOf(run.events, 'run-end')).toHaveLength(1)
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a provider that never recovers ends with the localized fallback message', async () => {
    world.server.enqueue(
      { type: 'http-error', status: 503 },
      { type: 'http-error', status: 503 },
      { type: 'http-error', status: 503 },
    )
    const run = await chat(world, provider, 'Olá', { locale: 'pt-BR' })
    expect(run.status).toBe('failed')
    expect(world.server.requests).toHaveLength(3)
    // The cause, in the user's language (not "try again" for everything: defect 2).
    expect(eventsOf(run.events, 'notice').map((n) => n.id)).toEqual(['overloaded'])
    expect(eventsOf(run.events, 'notice')[0]!.text).toMatch(/está sobrecarregado agora/)
    const message = world.store.conversations.getMessage(run.messageId)!
    expect(message.status).toBe('failed')
    expect(message.parts).toEqual([]) // the provider's words never become the assistant's text
    expect(world.store.generations.listForTurn(run.turnId).every((g) => g.outcome === 'provider-error')).toBe(true)
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a denied write is a result for the model, and nothing is written', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Okay, I did not record it.' },
    )
    const run = await chat(world, provider, 'I weigh 72.5 kg', { approver: async () => 'deny' })
    expect(run.status).toBe('completed')
    expect(measurementCount(world)).toBe(0)
    const [result] = toolResultsIn(provider, world.server.requests[1]!)
    expect(result!.content).toMatch(/declined/)
    expect(toolStates(run.events)).toEqual(['record_measurement:denied'])
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('a conversation continues: the next turn sends the earlier rounds back', async () => {
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Recorded.' },
      { type: 'turn', text: 'You weigh 72.5 kg.' },
    )
    const first = await chat(world, provider, 'I weigh 72.5 kg')
    const second = await chat(world, provider, 'What do I weigh?', { conversationId: first.conversationId })
    expect(second.status).toBe('completed')
    const results = toolResultsIn(provider, world.server.requests[2]!)
    expect(results).toHaveLength(1)
    expect(results[0]!.id).toBe(servedCallIds(0)[0])
    expect(JSON.stringify(world.server.requests[2]!.body)).toContain('What do I weigh?')
    expectGenerationsMatchRequests(world, [first.turnId, second.turnId])
  })
})

function probePath(provider: ProviderId): string {
  switch (provider) {
    case 'openai-responses':
      return 'responses'
    case 'openai-chat':
      return 'chat/completions'
    case 'anthropic':
      return 'messages'
    case 'gemini':
      return 'models/sim-model:streamGenerateContent?alt=sse'
    case 'gemini-interactions':
      return 'interactions'
  }
}
