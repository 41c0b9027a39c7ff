// A stream that starts a tool call under an id the turn already used (a replayed or duplicated
// event, found by the mutation fuzzer in a Gemini Interactions recording) is not what any protocol
// promises: the turn ends in a `malformed` error, one call per id, and nothing is executable.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ProviderId } from '../../../src/shared/provider-id'
import { mayRunToolCalls } from '../../../src/main/providers/turn-verdict'
import { parseWhole } from '../../helpers/parse-helpers'

const fixture = (provider: ProviderId, name: string) =>
  readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', provider, name), 'utf8')

/** The text between the first line containing `from` and the end of the event holding the first `to` after it. */
function section(body: string, from: string, to: string): string {
  const start = body.lastIndexOf('event:', body.indexOf(from))
  const end = body.indexOf('\n\n', body.indexOf(to, start)) + 2
  return body.slice(start, end)
}

function expectRefused(provider: ProviderId, body: string, callId: string): void {
  const { events, result } = parseWhole(provider, body)
  expect(result.error).toMatchObject({ kind: 'malformed', message: expect.stringContaining(callId) })
  expect(mayRunToolCalls(result)).toBe(false)
  expect(result.toolCalls.filter((c) => c.callId === callId)).toHaveLength(1)
  expect(events.filter((e) => e.type === 'tool-call-start' && e.callId === callId)).toHaveLength(1)
}

describe('a tool call started twice under one id', () => {
  it('Gemini Interactions: the same function_call step replayed after it stopped', () => {
    const body = fixture('gemini-interactions', 'tool-call-single.sse')
    // Sanity: the recording itself is an executable single call.
    expect(mayRunToolCalls(parseWhole('gemini-interactions', body).result)).toBe(true)
    const step = section(body, '"type":"function_call"', '"event_type":"step.stop"')
    expectRefused('gemini-interactions', body.replace(step, step + step), 'kq7x2m9p')
  })

  it("Anthropic: a second tool_use block (new index) reusing the first one's id", () => {
    const body = fixture('anthropic', 'tool-call-single.sse')
    expect(mayRunToolCalls(parseWhole('anthropic', body).result)).toBe(true)
    const block = section(body, '"type":"tool_use"', '"type":"content_block_stop","index":1')
    expectRefused(
      'anthropic',
      body.replace(block, block + block.replaceAll('"index":1', '"index":2')),
      'toolu_keel_single_01',
    )
  })

  it('two calls with different ids are still two calls (the rule keys on the id, not on a repeat)', () => {
    const body = fixture('anthropic', 'tool-call-single.sse')
    const block = section(body, '"type":"tool_use"', '"type":"content_block_stop","index":1')
    const second = block.replaceAll('"index":1', '"index":2').replace('toolu_keel_single_01', 'toolu_keel_single_02')
    const { result } = parseWhole('anthropic', body.replace(block, block + second))
    expect(result.error).toBeUndefined()
    expect(result.toolCalls.map((c) => c.callId)).toEqual(['toolu_keel_single_01', 'toolu_keel_single_02'])
    expect(mayRunToolCalls(result)).toBe(true)
  })
})
