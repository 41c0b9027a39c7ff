// The loop's remaining rules, end to end on one or two providers: stalls, stopping a retry wait,
// quota, the round limit, switching providers, and calls that never verifiably ended.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fallbackMessage, titlesOf } from '../../../src/shared/fallback-messages'
import { builtinToolTitles } from '../../../src/main/tools/builtin/keel-tool-source'
import {
  chat,
  eventsOf,
  expectGenerationsMatchRequests,
  measurementCount,
  startWorld,
  toolResultsIn,
  type HarnessWorld,
} from './harness-helpers'

/** The built-ins' titles, as the registry gives them to Keel's messages. */
const builtinTitleOf = titlesOf(builtinToolTitles())

describe('harness edge cases', () => {
  let world: HarnessWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('a stream that stalls before any output is a transient failure and is retried', async () => {
    world.server.enqueue(
      { type: 'turn', text: 'never', faults: { stallAfterEvents: 0 } },
      { type: 'turn', text: 'Back.' },
    )
    const run = await chat(world, 'anthropic', 'Hello', {
      idleTimeoutMs: 300,
      retryPolicy: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 },
    })
    expect(run.status).toBe('completed')
    expect(eventsOf(run.events, 'diagnostics')[0]).toMatchObject({ kind: 'network' })
    expect(world.server.requests).toHaveLength(2)
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('the "retrying in N s" wait is cancellable: stopping during it ends the turn at once', async () => {
    world.server.enqueue({ type: 'http-error', status: 429, headers: { 'retry-after': '30' } })
    const controller = new AbortController()
    const started = Date.now()
    const run = await chat(world, 'openai-chat', 'Hello', {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'retry-scheduled') setTimeout(() => controller.abort(), 50)
      },
    })
    expect(Date.now() - started).toBeLessThan(5000)
    expect(run).toMatchObject({ status: 'interrupted', interruptReason: 'user-stop' })
    expect(eventsOf(run.events, 'retry-scheduled')[0]).toMatchObject({ delayMs: 30_000, message: 'Retrying in 30 s…' })
    expect(world.server.requests).toHaveLength(1)
    expectGenerationsMatchRequests(world, [run.turnId])
  })

  it('quota exhaustion is not retried and says so in the user language', async () => {
    world.server.enqueue({
      type: 'http-error',
      status: 429,
      body: {
        error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
      },
    })
    const run = await chat(world, 'openai-responses', 'Hola', { locale: 'es' })
    expect(run.status).toBe('failed')
    expect(world.server.requests).toHaveLength(1)
    expect(eventsOf(run.events, 'notice').map((n) => n.text)).toEqual([
      fallbackMessage('es', 'quota-exceeded', { provider: 'OpenAI', detail: 'You exceeded your current quota' }),
    ])
    expect(eventsOf(run.events, 'diagnostics')[0]).toMatchObject({
      kind: 'quota-exceeded',
      status: 429,
      providerMessage: 'You exceeded your current quota',
    })
  })

  it('the number of tool rounds is bounded, with a clear message', async () => {
    for (let i = 0; i < 3; i++) {
      world.server.enqueue({ type: 'turn', toolCalls: [{ name: 'get_measurement', arguments: { kind: 'weight' } }] })
    }
    const run = await chat(world, 'gemini', 'Loop', { maxRounds: 2 })
    expect(run.status).toBe('failed')
    expect(world.server.requests).toHaveLength(2)
    expect(eventsOf(run.events, 'notice').map((n) => n.text)).toEqual([fallbackMessage('en', 'max-rounds', { max: 2 })])
  })

  it('a conversation started on one provider continues on another', async () => {
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [{ name: 'record_measurement', arguments: { kind: 'height', value: 180, unit: 'cm' } }],
      },
      { type: 'turn', text: 'Recorded.' },
      { type: 'turn', text: 'You are 180 cm tall.' },
    )
    const first = await chat(world, 'gemini', 'I am 180 cm tall')
    const second = await chat(world, 'anthropic', 'How tall am I?', { conversationId: first.conversationId })
    expect(second.status).toBe('completed')
    const request = world.server.requests[2]!
    expect(request.provider).toBe('anthropic')
    const messages = (
      request.body as { messages: { role: string; content: { type: string; id?: string; tool_use_id?: string }[] }[] }
    ).messages
    const use = messages.flatMap((m) => m.content).find((b) => b.type === 'tool_use')!
    const [result] = toolResultsIn('anthropic', request)
    // The Gemini call had no id: a local one was made, mapped to a valid Anthropic id, used for both sides.
    expect(use.id).toMatch(/^[a-zA-Z0-9_-]+$/)
    expect(result!.id).toBe(use.id)
    expect(JSON.stringify(request.body)).not.toContain('thoughtSignature')
  })

  it("a compatible server's call without any finish_reason is shown but never run", async () => {
    world.server.enqueue({
      type: 'turn',
      toolCalls: [{ name: 'record_measurement', arguments: { kind: 'weight', value: 80, unit: 'kg' } }],
      faults: { compat: { noFinishReason: true, idZero: true, repeatIdOnEveryFragment: true } },
    })
    const run = await chat(world, 'openai-chat', 'I weigh 80 kg')
    expect(measurementCount(world)).toBe(0)
    expect(world.server.requests).toHaveLength(1)
    expect(eventsOf(run.events, 'notice').map((n) => n.text)).toEqual([
      fallbackMessage('en', 'not-executed-unconfirmed', { actions: ['record_measurement'] }, builtinTitleOf),
    ])
    expect(eventsOf(run.events, 'tool-call').filter((e) => e.state === 'not-run')).toHaveLength(1)
  })

  it('tool schemas reach the provider without $schema, generated from the zod schemas', async () => {
    world.server.enqueue({ type: 'turn', text: 'Hi.' })
    await chat(world, 'openai-chat', 'Hello')
    const tools = (
      world.server.requests[0]!.body as { tools: { function: { name: string; parameters: Record<string, unknown> } }[] }
    ).tools
    expect(tools.map((t) => t.function.name).sort()).toEqual([
      'delete_measurement',
      'get_measurement',
      'list_measurements',
      'record_measurement',
    ])
    for (const tool of tools) {
      expect(tool.function.parameters).not.toHaveProperty('$schema')
      expect(tool.function.parameters.type).toBe('object')
    }
  })
})

describe('the invented multi_tool_use.parallel wrapper', () => {
  let world: HarnessWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('runs each inner call (schema, approval, ledger) and answers the wrapper once under its id', async () => {
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [
          {
            name: 'multi_tool_use.parallel',
            arguments: {
              tool_uses: [
                {
                  recipient_name: 'functions.record_measurement',
                  parameters: { kind: 'height', value: 180, unit: 'cm' },
                },
                {
                  recipient_name: 'functions.record_measurement',
                  parameters: { kind: 'weight', value: 72.5, unit: 'kg' },
                },
              ],
            },
          },
        ],
      },
      { type: 'turn', text: 'Both recorded.' },
      { type: 'turn', text: 'Yes, both.' },
    )
    const run = await chat(world, 'openai-responses', 'Height 180 cm, weight 72.5 kg')
    expect(run.status).toBe('completed')
    expect(measurementCount(world)).toBe(2)
    const served = world.server.requests[0]!.served
    const wrapperId = served?.kind === 'turn' ? served.callIds[0] : undefined
    const results = toolResultsIn('openai-responses', world.server.requests[1]!)
    expect(results.map((r) => r.id)).toEqual([wrapperId])
    expect(JSON.parse(results[0]!.content)).toMatchObject([
      { tool: 'record_measurement', ok: true },
      { tool: 'record_measurement', ok: true },
    ])
    // The next turn replays only what the provider knows: the wrapper call and its one result.
    await chat(world, 'openai-responses', 'Both?', { conversationId: run.conversationId })
    expect(toolResultsIn('openai-responses', world.server.requests[2]!).map((r) => r.id)).toEqual([wrapperId])
  })

  it('a wrapper naming an undeclared tool is not expanded (answered as an unknown tool)', async () => {
    world.server.enqueue(
      {
        type: 'turn',
        toolCalls: [
          {
            name: 'multi_tool_use.parallel',
            arguments: { tool_uses: [{ recipient_name: 'functions.rm_rf', parameters: {} }] },
          },
        ],
      },
      { type: 'turn', text: 'Sorry.' },
    )
    const run = await chat(world, 'openai-chat', 'Go')
    expect(run.status).toBe('completed')
    const [result] = toolResultsIn('openai-chat', world.server.requests[1]!)
    expect(result!.content).toMatch(/unknown|no tool|not a tool|available/i)
  })
})
