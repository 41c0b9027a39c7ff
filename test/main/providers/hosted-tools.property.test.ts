// Generated answers that mix provider-run tools (search, fetch: run by the provider) with client
// calls, for the three APIs that stream hosted calls as items or blocks. Any split into reads gives
// the same events and result; at no cut does a hosted block become a client call, and no cut
// before the end signal makes the answer executable.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ProviderId } from '../../../src/shared/provider-id'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { coalesceEvents, parseInReads } from '../../helpers/parse-helpers'

type Json = Record<string, unknown>

/** One piece of an answer: text, a hosted search or fetch (with its result), or a client call. */
type Piece =
  | { kind: 'text'; text: string; cited: boolean }
  | { kind: 'hosted'; tool: 'search' | 'fetch'; input: string; failed: boolean }
  | { kind: 'client'; name: string; args: Json }

const pieceArb: fc.Arbitrary<Piece> = fc.oneof(
  fc.record({
    kind: fc.constant('text' as const),
    text: fc.string({ minLength: 1, maxLength: 24, unit: 'grapheme' }),
    cited: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('hosted' as const),
    tool: fc.constantFrom('search' as const, 'fetch' as const),
    input: fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }),
    failed: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('client' as const),
    // Client names that collide with hosted ones on purpose: only the block type tells them apart.
    name: fc.constantFrom('web_search', 'web_fetch', 'save_note'),
    args: fc.dictionary(fc.constantFrom('a', 'b', 'query', 'url'), fc.oneof(fc.string({ maxLength: 8 }), fc.integer())),
  }),
)

const answerArb = fc.array(pieceArb, { minLength: 1, maxLength: 6 })

/** Splits text into 1–3 fragments at generated places (how deltas and partial JSON arrive). */
function fragments(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b)
  const out: string[] = []
  let from = 0
  for (const cut of at) {
    if (cut > from) out.push(text.slice(from, cut))
    from = Math.max(from, cut)
  }
  out.push(text.slice(from))
  return out.filter((part) => part.length > 0)
}

function anthropicBody(pieces: Piece[]): { body: string; clientIds: string[]; hostedIds: string[] } {
  const events: Json[] = [
    {
      type: 'message_start',
      message: {
        id: 'msg_prop',
        type: 'message',
        role: 'assistant',
        model: 'm',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    },
  ]
  const clientIds: string[] = []
  const hostedIds: string[] = []
  let index = 0
  pieces.forEach((piece, n) => {
    if (piece.kind === 'text') {
      events.push({
        type: 'content_block_start',
        index,
        content_block: piece.cited ? { citations: [], type: 'text', text: '' } : { type: 'text', text: '' },
      })
      if (piece.cited)
        events.push({
          type: 'content_block_delta',
          index,
          delta: {
            type: 'citations_delta',
            citation: {
              type: 'web_search_result_location',
              url: `https://e.example/${n}`,
              title: 't',
              cited_text: 'c',
              encrypted_index: 'x',
            },
          },
        })
      for (const part of fragments(piece.text, [3, 9]))
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: part } })
      events.push({ type: 'content_block_stop', index: index++ })
    } else if (piece.kind === 'hosted') {
      const id = `srvtoolu_prop_${n}`
      hostedIds.push(id)
      const name = piece.tool === 'search' ? 'web_search' : 'web_fetch'
      const input = JSON.stringify(
        piece.tool === 'search' ? { query: piece.input } : { url: `https://e.example/${piece.input}` },
      )
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'server_tool_use', id, name, input: {} },
      })
      for (const part of fragments(input, [2, 7, 11]))
        events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } })
      events.push({ type: 'content_block_stop', index: index++ })
      const content = piece.failed
        ? { type: `${name}_tool_result_error`, error_code: 'unavailable' }
        : piece.tool === 'search'
          ? [
              {
                type: 'web_search_result',
                url: `https://e.example/r${n}`,
                title: 'r',
                encrypted_content: 'enc',
                page_age: null,
              },
            ]
          : { type: 'web_fetch_result', url: `https://e.example/${n}`, content: { type: 'document', title: 'd' } }
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: `${name}_tool_result`, tool_use_id: id, content },
      })
      events.push({ type: 'content_block_stop', index: index++ })
    } else {
      const id = `toolu_prop_${n}`
      clientIds.push(id)
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name: piece.name, input: {} },
      })
      for (const part of fragments(JSON.stringify(piece.args), [1, 5]))
        events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } })
      events.push({ type: 'content_block_stop', index: index++ })
    }
  })
  const stop = clientIds.length > 0 ? 'tool_use' : 'end_turn'
  events.push(
    { type: 'message_delta', delta: { stop_reason: stop }, usage: { output_tokens: 9 } },
    { type: 'message_stop' },
  )
  return {
    body: events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(''),
    clientIds,
    hostedIds,
  }
}

function responsesBody(pieces: Piece[]): { body: string; clientIds: string[]; hostedIds: string[] } {
  const events: Json[] = [
    { type: 'response.created', response: { id: 'resp_prop', status: 'in_progress', model: 'm' } },
  ]
  const clientIds: string[] = []
  const hostedIds: string[] = []
  pieces.forEach((piece, n) => {
    if (piece.kind === 'text') {
      const item = `msg_prop_${n}`
      events.push({
        type: 'response.output_item.added',
        output_index: n,
        item: { id: item, type: 'message', content: [] },
      })
      for (const part of fragments(piece.text, [4]))
        events.push({
          type: 'response.output_text.delta',
          item_id: item,
          output_index: n,
          content_index: 0,
          delta: part,
        })
      if (piece.cited)
        events.push({
          type: 'response.output_text.annotation.added',
          item_id: item,
          output_index: n,
          content_index: 0,
          annotation_index: 0,
          annotation: {
            type: 'url_citation',
            url: `https://e.example/${n}`,
            title: 't',
            start_index: 0,
            end_index: piece.text.length,
          },
        })
      events.push({
        type: 'response.output_item.done',
        output_index: n,
        item: { id: item, type: 'message', content: [{ type: 'output_text', text: piece.text, annotations: [] }] },
      })
    } else if (piece.kind === 'hosted') {
      const id = `ws_prop_${n}`
      hostedIds.push(id)
      events.push({
        type: 'response.output_item.added',
        output_index: n,
        item: { id, type: 'web_search_call', status: 'in_progress' },
      })
      events.push({ type: 'response.web_search_call.searching', output_index: n, item_id: id })
      const action =
        piece.tool === 'search'
          ? { type: 'search', query: piece.input, sources: [{ type: 'url', url: `https://e.example/r${n}` }] }
          : { type: 'open_page', url: `https://e.example/${n}` }
      events.push({
        type: 'response.output_item.done',
        output_index: n,
        item: { id, type: 'web_search_call', status: piece.failed ? 'failed' : 'completed', action },
      })
    } else {
      const id = `call_prop_${n}`
      clientIds.push(id)
      const args = JSON.stringify(piece.args)
      events.push({
        type: 'response.output_item.added',
        output_index: n,
        item: { id: `fc_prop_${n}`, type: 'function_call', call_id: id, name: piece.name, arguments: '' },
      })
      for (const part of fragments(args, [2, 6]))
        events.push({
          type: 'response.function_call_arguments.delta',
          item_id: `fc_prop_${n}`,
          output_index: n,
          delta: part,
        })
      events.push({
        type: 'response.output_item.done',
        output_index: n,
        item: {
          id: `fc_prop_${n}`,
          type: 'function_call',
          call_id: id,
          name: piece.name,
          arguments: args,
          status: 'completed',
        },
      })
    }
  })
  events.push({
    type: 'response.completed',
    response: { id: 'resp_prop', status: 'completed', model: 'm', usage: { input_tokens: 5, output_tokens: 9 } },
  })
  return {
    body: events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join(''),
    clientIds,
    hostedIds,
  }
}

function interactionsBody(pieces: Piece[]): { body: string; clientIds: string[]; hostedIds: string[] } {
  const events: Json[] = [
    { event_type: 'interaction.created', interaction: { id: 'v1_prop', status: 'in_progress', model: 'm' } },
  ]
  const clientIds: string[] = []
  const hostedIds: string[] = []
  let index = 0
  pieces.forEach((piece, n) => {
    if (piece.kind === 'text') {
      events.push({ event_type: 'step.start', index, step: { type: 'model_output' } })
      for (const part of fragments(piece.text, [5]))
        events.push({ event_type: 'step.delta', index, delta: { type: 'text', text: part } })
      if (piece.cited)
        events.push({
          event_type: 'step.delta',
          index,
          delta: {
            type: 'text_annotation_delta',
            annotations: [
              { type: 'url_citation', url: `https://e.example/${n}`, title: 't', start_index: 0, end_index: 1 },
            ],
          },
        })
      events.push({ event_type: 'step.stop', index: index++ })
    } else if (piece.kind === 'hosted') {
      const id = `hp${n}`
      hostedIds.push(id)
      const tool = piece.tool === 'search' ? 'google_search' : 'url_context'
      const args = piece.tool === 'search' ? { queries: [piece.input] } : { urls: [`https://e.example/${n}`] }
      events.push({ event_type: 'step.start', index, step: { id, type: `${tool}_call` } })
      events.push({ event_type: 'step.delta', index, delta: { type: `${tool}_call`, arguments: args } })
      events.push({ event_type: 'step.stop', index: index++ })
      events.push({ event_type: 'step.start', index, step: { call_id: id, type: `${tool}_result` } })
      events.push({
        event_type: 'step.delta',
        index,
        delta: { type: `${tool}_result`, result: [], is_error: piece.failed },
      })
      events.push({ event_type: 'step.stop', index: index++ })
    } else {
      const id = `cp${n}`
      clientIds.push(id)
      events.push({
        event_type: 'step.start',
        index,
        step: { id, type: 'function_call', name: piece.name, arguments: {} },
      })
      events.push({
        event_type: 'step.delta',
        index,
        delta: { type: 'arguments_delta', arguments: JSON.stringify(piece.args) },
      })
      events.push({ event_type: 'step.stop', index: index++ })
    }
  })
  const status = clientIds.length > 0 ? 'requires_action' : 'completed'
  events.push({
    event_type: 'interaction.completed',
    interaction: { id: 'v1_prop', status, usage: { total_input_tokens: 5, total_output_tokens: 9 } },
  })
  return {
    body: events.map((e) => `event: ${String(e.event_type)}\ndata: ${JSON.stringify(e)}\n\n`).join(''),
    clientIds,
    hostedIds,
  }
}

const BUILDERS: [ProviderId, (pieces: Piece[]) => { body: string; clientIds: string[]; hostedIds: string[] }][] = [
  ['anthropic', anthropicBody],
  ['openai-responses', responsesBody],
  ['gemini-interactions', interactionsBody],
]

describe.each(BUILDERS)('%s: hosted tools beside client calls', (provider, build) => {
  it('whole: hosted calls are read as hosted, client calls as the only tool calls', () => {
    fc.assert(
      fc.property(answerArb, (pieces) => {
        const { body, clientIds, hostedIds } = build(pieces)
        const { result } = parseInReads(provider, new TextEncoder().encode(body))
        expect(result.error).toBeUndefined()
        expect(result.toolCalls.map((call) => call.callId)).toEqual(clientIds)
        expect(result.hostedCalls.map((call) => call.id)).toEqual(hostedIds)
        expect(mayRunToolCalls(result)).toBe(clientIds.length > 0)
      }),
      { numRuns: 60 },
    )
  })

  it('any split into reads gives the same events and result', () => {
    fc.assert(
      fc.property(answerArb, fc.uniqueArray(fc.nat(), { maxLength: 24 }), (pieces, rawSplits) => {
        const bytes = new TextEncoder().encode(build(pieces).body)
        const splits = [...new Set(rawSplits.map((s) => 1 + (s % Math.max(1, bytes.length - 1))))].sort((a, b) => a - b)
        const whole = parseInReads(provider, bytes)
        const split = parseInReads(provider, bytes, splits)
        expect(split.result).toStrictEqual(whole.result)
        expect(coalesceEvents(split.events)).toStrictEqual(coalesceEvents(whole.events))
      }),
      { numRuns: 60 },
    )
  })

  it('no cut makes a hosted block a client call, or a cut answer executable', () => {
    fc.assert(
      fc.property(answerArb, fc.nat(), (pieces, rawCut) => {
        const { body, clientIds, hostedIds } = build(pieces)
        const bytes = new TextEncoder().encode(body)
        const endAt = bytes.lastIndexOf(0x7d /* } */) + 1
        const cut = rawCut % bytes.length
        const { result, events } = parseInReads(provider, bytes.subarray(0, cut))
        for (const call of result.toolCalls) {
          expect(clientIds).toContain(call.callId)
          expect(hostedIds).not.toContain(call.callId)
        }
        for (const event of events) if (event.type === 'tool-call-start') expect(hostedIds).not.toContain(event.callId)
        if (cut < endAt) expect(mayRunToolCalls(result)).toBe(false)
      }),
      { numRuns: 150 },
    )
  })
})
