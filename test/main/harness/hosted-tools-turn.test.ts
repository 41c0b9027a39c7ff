// Provider-run tools in a whole turn, over real HTTP against the simulated provider with a real
// store: Anthropic's pause_turn is continued by sending the paused content back (no new user
// message), counted against the round limit; hosted calls never reach the gate, the tools or the
// ledger, while a client call in the same answer still goes through them.
import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chat, eventsOf, measurementCount, startWorld, toolStates, type HarnessWorld } from './harness-helpers'

type Json = Record<string, unknown>

/** Anthropic SSE events, one per payload. */
const sse = (...payloads: Json[]) =>
  payloads.map((payload) => `event: ${String(payload.type)}\ndata: ${JSON.stringify(payload)}\n\n`)
/** A fixture body split back into its events. */
const fixtureEvents = (file: string) =>
  readFileSync(`test/fixtures/anthropic/${file}`, 'utf8')
    .split('\n\n')
    .filter((event) => event.trim().length > 0)
    .map((event) => `${event}\n\n`)

const messageStart = (id: string): Json => ({
  type: 'message_start',
  message: {
    id,
    type: 'message',
    role: 'assistant',
    model: 'sim-model',
    content: [],
    stop_reason: null,
    usage: { input_tokens: 50, output_tokens: 1 },
  },
})
const textBlock = (index: number, text: string): Json[] => [
  { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
  { type: 'content_block_delta', index, delta: { type: 'text_delta', text } },
  { type: 'content_block_stop', index },
]
const end = (stopReason: string): Json[] => [
  { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 20 } },
  { type: 'message_stop' },
]

describe('Anthropic server tools in a turn', () => {
  let world: HarnessWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('continues a paused turn: the paused content goes back as the last message, the answer goes on', async () => {
    world.server.enqueue(
      {
        type: 'recorded-stream',
        events: fixtureEvents('hosted-fetch-then-pause-turn.sse'),
        faults: { chunkSize: 'random', seed: 7 },
      },
      {
        type: 'recorded-stream',
        events: sse(messageStart('msg_keel_cont'), ...textBlock(0, ' High water is at 14:02.'), ...end('end_turn')),
      },
    )
    const run = await chat(world, 'anthropic', 'When is high water in Oslo?')
    expect(run.status).toBe('completed')
    expect(world.server.requests).toHaveLength(2)

    const first = world.server.requests[0]!.body as { messages: { role: string; content: unknown }[] }
    const second = world.server.requests[1]!.body as { messages: { role: string; content: Json[] }[] }
    // The same conversation plus the paused assistant content, and nothing after it.
    expect(second.messages).toHaveLength(first.messages.length + 1)
    const last = second.messages.at(-1)!
    expect(last.role).toBe('assistant')
    expect(last.content.map((block) => block.type)).toEqual([
      'text',
      'server_tool_use',
      'web_fetch_tool_result',
      'server_tool_use',
      'web_search_tool_result',
    ])
    expect(last.content[0]).toEqual({ type: 'text', text: 'Reading the page.' })
    expect(last.content[1]).toEqual({
      type: 'server_tool_use',
      id: 'srvtoolu_keel_fetch_01',
      name: 'web_fetch',
      input: { url: 'https://example.org/tides' },
    })
    // Result blocks verbatim, as the stream carried them.
    const received = fixtureEvents('hosted-fetch-then-pause-turn.sse')
      .map((event) => JSON.parse(event.slice(event.indexOf('data: ') + 6)) as Json)
      .filter((payload) => payload.type === 'content_block_start')
      .map((payload) => payload.content_block as Json)
    expect(last.content[2]).toEqual(received[2])
    expect(last.content[4]).toEqual(received[4])

    // One answer: the continuation's text follows the paused text without a paragraph break.
    const message = world.store.conversations.getMessage(run.messageId)!
    expect(message.status).toBe('complete')
    const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
    expect(text).toBe('Reading the page. High water is at 14:02.')
    // Nothing ran here, nothing was asked of the user, nothing was ledgered.
    expect(eventsOf(run.events, 'tool-call')).toEqual([])
    expect(world.store.ledger.list()).toEqual([])
    const generations = world.store.generations.listForTurn(run.turnId)
    expect(generations.map((g) => [g.round, g.finishReason, g.rawFinishReason])).toEqual([
      [1, 'other', 'pause_turn'],
      [2, 'stop', 'end_turn'],
    ])
    // Searches are kept for pricing: a page fetch is no search, and this search failed (not billed).
    expect(generations.map((g) => g.usage.hostedSearches)).toEqual([undefined, undefined])
    // The hosted calls reached the window as their own events.
    const hosted = eventsOf(run.events, 'stream').flatMap((e) => (e.event.type === 'hosted-call' ? [e.event.call] : []))
    expect(hosted.at(-1)).toMatchObject({
      id: 'srvtoolu_keel_search_02',
      status: 'failed',
      errorCode: 'max_uses_exceeded',
    })
  })

  it('a continuation counts against the round limit', async () => {
    world.server.enqueue({ type: 'recorded-stream', events: fixtureEvents('hosted-fetch-then-pause-turn.sse') })
    const run = await chat(world, 'anthropic', 'When is high water in Oslo?', { maxRounds: 1 })
    expect(world.server.requests).toHaveLength(1)
    expect(run.status).toBe('failed')
    const message = world.store.conversations.getMessage(run.messageId)!
    expect(message.parts.some((part) => part.type === 'text' && part.text.includes('Reading the page.'))).toBe(true)
  })

  it('a search and a client call in one answer: only the client call reaches the gate and the ledger', async () => {
    const weight = { kind: 'weight', value: 72.5, unit: 'kg' }
    const searched = fixtureEvents('hosted-web-search-then-tool-use.sse')
      .filter((event) => !event.includes('toolu_keel_note_01') && !/"index":5/.test(event))
      .filter((event) => !event.includes('message_delta') && !event.includes('message_stop'))
    world.server.enqueue(
      {
        type: 'recorded-stream',
        events: [
          ...searched,
          ...sse(
            {
              type: 'content_block_start',
              index: 5,
              content_block: { type: 'tool_use', id: 'toolu_keel_rec_01', name: 'record_measurement', input: {} },
            },
            {
              type: 'content_block_delta',
              index: 5,
              delta: { type: 'input_json_delta', partial_json: JSON.stringify(weight) },
            },
            { type: 'content_block_stop', index: 5 },
            ...end('tool_use'),
          ),
        ],
        faults: { chunkSize: 'random', seed: 3 },
      },
      { type: 'turn', text: 'Recorded.' },
    )
    const run = await chat(world, 'anthropic', 'Look up the tide and record my weight')
    expect(run.status).toBe('completed')
    expect(toolStates(run.events)).toEqual(['record_measurement:done'])
    expect(new Set(eventsOf(run.events, 'tool-call').map((e) => e.callId))).toEqual(new Set(['toolu_keel_rec_01']))
    expect(measurementCount(world)).toBe(1)
    const ledger = world.store.ledger.list()
    expect(ledger.flatMap((entry) => entry.callIds)).toEqual(['toolu_keel_rec_01'])
    // The provider's completed search is kept with its model call, for pricing.
    expect(world.store.generations.listForTurn(run.turnId).map((g) => g.usage.hostedSearches)).toEqual([1, undefined])

    // The next request: the server blocks in their place, the client call, then only its result.
    const second = world.server.requests[1]!.body as { messages: { role: string; content: Json[] }[] }
    const [assistant, results] = second.messages.slice(-2)
    expect(assistant!.content.map((block) => block.type)).toEqual([
      'text',
      'server_tool_use',
      'web_search_tool_result',
      'text',
      'tool_use',
    ])
    expect(results!.content.map((block) => [block.type, block.tool_use_id])).toEqual([
      ['tool_result', 'toolu_keel_rec_01'],
    ])
  })
})
