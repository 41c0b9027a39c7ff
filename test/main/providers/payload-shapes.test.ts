// The parser's warmth (ParserWarmth) keeps one object per payload shape between turns (so V8 keeps their hidden
// classes): never a word of the conversation, never unbounded, never a failure of the turn.
import { describe, expect, it } from 'vitest'
import { PayloadSampler, PayloadShapes } from '../../../src/main/providers/payload-shapes'
import { parseStreamBody } from '../../../src/main/providers/stream-parser'

describe('PayloadShapes', () => {
  it('keeps keys, discriminators and number kinds, and replaces every other string', () => {
    const shapes = new PayloadShapes()
    const [shape] = shapes.keep([
      {
        type: 'content_block_delta',
        index: 3,
        delta: { type: 'text_delta', text: 'my secret plan', score: 0.25, big: 2 ** 40 },
        list: ['secret', 7],
      },
    ])
    expect(shape).toEqual({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: 'x', score: 0.5, big: 0.5 },
      list: ['x', 0],
    })
    expect(JSON.stringify(shape)).not.toContain('secret')
  })

  it('keeps a shape once, whatever its content', () => {
    const shapes = new PayloadShapes()
    expect(
      shapes.keep([
        { type: 'a', text: 'one' },
        { type: 'a', text: 'two' },
      ]),
    ).toHaveLength(1)
    expect(shapes.keep([{ type: 'a', text: 'three' }])).toHaveLength(0)
    expect(shapes.keep([{ type: 'b', text: 'three' }])).toHaveLength(1)
  })

  it('keeps at most 64 shapes', () => {
    const shapes = new PayloadShapes()
    const payloads = Array.from({ length: 100 }, (_, i) => ({ type: `kind_${i}` }))
    expect(shapes.keep(payloads)).toHaveLength(64)
    expect(shapes.keep([{ type: 'one more' }])).toHaveLength(0)
  })

  it('skips a payload nested too deep to serialize, and one whose shape is huge', () => {
    let deep: Record<string, unknown> = { type: 'leaf' }
    for (let i = 0; i < 100_000; i++) deep = { a: deep }
    const huge = { type: 'list', items: Array.from({ length: 10_000 }, () => 'word') }
    const shapes = new PayloadShapes()
    expect(shapes.keep([deep, huge, { type: 'small' }])).toEqual([{ type: 'small' }])
  })
})

describe('PayloadSampler', () => {
  it("takes a turn's first 24 payloads and its last 8, then starts afresh", () => {
    const sampler = new PayloadSampler()
    for (let i = 0; i < 100; i++) sampler.sample({ i })
    expect(sampler.takeFirst().map((p) => p.i)).toEqual(Array.from({ length: 24 }, (_, i) => i))
    expect(
      sampler
        .takeLast()
        .map((p) => p.i as number)
        .sort((a, b) => a - b),
    ).toEqual([92, 93, 94, 95, 96, 97, 98, 99])
    sampler.sample({ i: 'next' })
    expect(sampler.takeFirst()).toEqual([{ i: 'next' }])
    expect(sampler.takeLast()).toEqual([])
  })
})

describe('the warmth between turns', () => {
  it('a hostile body (arguments nested 100k deep, a huge list) parses the same turn after turn', async () => {
    let nested = '"x"'
    for (let i = 0; i < 100_000; i++) nested = `{"a":${nested}}`
    const body = [
      `data: {"type":"message_start","message":{"id":"msg_1","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}`,
      `data: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}`,
      `data: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}`,
      `data: {"type":"ping","deep":${nested},"list":[${Array.from({ length: 5000 }, () => '"w"').join(',')}]}`,
      `data: {"type":"content_block_stop","index":0}`,
      `data: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":5}}`,
      `data: {"type":"message_stop"}`,
    ]
      .map((line) => `${line}\n\n`)
      .join('')
    const bytes = new TextEncoder().encode(body)
    const results = []
    for (let turn = 0; turn < 3; turn++) {
      const { events, result } = await parseStreamBody(
        'anthropic',
        (async function* () {
          yield bytes
        })(),
        { localIdPrefix: 'turn_' },
      )
      results.push(JSON.stringify({ events, result }))
    }
    expect(new Set(results).size).toBe(1)
    expect(JSON.parse(results[0]!).result).toMatchObject({
      complete: true,
      finishReason: 'tool-calls',
      toolCalls: [{ callId: 'toolu_1', arguments: {} }],
    })
  })
})
