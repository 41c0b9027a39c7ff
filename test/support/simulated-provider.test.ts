// The simulated provider over real loopback HTTP: every scripted turn, in every wire API, is read
// back through the real stream parser, and the faults (chunking, cuts, resets, stalls, in-stream
// and HTTP errors) reach the client the way the real providers' do.
import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseStreamBody } from '../../src/main/providers/stream-parser'
import { mayRunToolCalls } from '../../src/main/providers/turn-verdict'
import type { ProviderErrorKind } from '../../src/shared/provider-error'
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/provider-id'
import type { RoundResult } from '../../src/shared/round-result'
import {
  parseScript,
  startSimulatedProvider,
  type InStreamErrorKind,
  type ScriptedResponse,
  type ScriptedTurn,
  type SimulatedProvider,
} from './simulated-provider'

let sim: SimulatedProvider

beforeAll(async () => {
  // A fixed clock: the same script gives byte-identical bodies (timestamps included).
  sim = await startSimulatedProvider({ clock: () => Date.parse('2026-05-15T18:52:03Z') })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(() => {
  sim.reset()
  sim.respond = undefined
})

/** A request body of the kind each client sends (only Chat's `include_usage` changes the answer). */
function requestBody(provider: ProviderId): Record<string, unknown> {
  const question = 'What is the weather in Trondheim?'
  switch (provider) {
    case 'openai-responses':
      return { model: 'gpt-5-mini', input: [{ role: 'user', content: question }], stream: true }
    case 'openai-chat':
      return {
        model: 'gpt-4o',
        messages: [{ role: 'user', content: question }],
        stream: true,
        stream_options: { include_usage: true },
      }
    case 'anthropic':
      return {
        model: 'claude-sonnet-4-5',
        max_tokens: 1024,
        messages: [{ role: 'user', content: question }],
        stream: true,
      }
    case 'gemini':
      return { contents: [{ role: 'user', parts: [{ text: question }] }] }
    case 'gemini-interactions':
      return { model: 'gemini-2.5-flash', input: question, stream: true }
  }
}

function endpoint(provider: ProviderId, options: { jsonArray?: boolean } = {}): string {
  const base = sim.baseUrlFor(provider)
  switch (provider) {
    case 'openai-responses':
      return `${base}/responses`
    case 'openai-chat':
      return `${base}/chat/completions`
    case 'anthropic':
      return `${base}/messages`
    case 'gemini':
      return `${base}/models/gemini-2.5-flash:streamGenerateContent${options.jsonArray ? '' : '?alt=sse'}`
    case 'gemini-interactions':
      return `${base}/interactions`
  }
}

interface Fetched {
  response: Response
  result: RoundResult
  /** The body as received (up to a cut). */
  raw: string
  /** The read error when the body did not end cleanly (a cut connection). */
  readError: unknown
}

/** Reads a body as the harness does: a failed read ends the body, then the parser judges what arrived. */
async function* tolerantBody(body: ReadableStream<Uint8Array> | null, seen: Uint8Array[], sink: { error?: unknown }) {
  if (!body) return
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      seen.push(value)
      yield value
    }
  } catch (error) {
    sink.error = error
  }
}

async function fetchTurn(
  provider: ProviderId,
  options: {
    jsonArray?: boolean
    body?: Record<string, unknown>
    headers?: Record<string, string>
    signal?: AbortSignal
  } = {},
): Promise<Fetched> {
  const response = await fetch(endpoint(provider, options), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(options.body ?? requestBody(provider)),
    signal: options.signal,
  })
  const seen: Uint8Array[] = []
  const sink: { error?: unknown } = {}
  const { result } = await parseStreamBody(provider, tolerantBody(response.body, seen, sink), {
    response: { status: response.status, headers: response.headers },
  })
  return { response, result, raw: Buffer.concat(seen).toString('utf8'), readError: sink.error }
}

async function serve(
  provider: ProviderId,
  scripted: ScriptedResponse,
  options: { jsonArray?: boolean } = {},
): Promise<Fetched> {
  sim.enqueue(scripted)
  return fetchTurn(provider, options)
}

const TWO_CALLS: ScriptedTurn = {
  type: 'turn',
  text: 'Let me record that and check your height.',
  toolCalls: [
    {
      id: 'call_weight_1',
      name: 'record_weight',
      arguments: { kg: 72.5, date: '2026-01-02', note: 'after a run, «light» 🏃' },
    },
    { name: 'get_height', arguments: {} },
  ],
  usage: { inputTokens: 120, outputTokens: 44 },
}

describe.each(PROVIDER_IDS)('%s', (provider) => {
  it('serves a text turn with reasoning and usage', async () => {
    const { response, result } = await serve(provider, {
      type: 'turn',
      reasoning: 'The user greets me; answer briefly.',
      text: ['Hello', ' from the', ' simulator. ', 'Ünïcödé ✓'],
      usage: { inputTokens: 21, outputTokens: 9 },
    })
    expect(response.status).toBe(200)
    expect(result).toMatchObject({
      complete: true,
      truncated: false,
      finishReason: 'stop',
      text: 'Hello from the simulator. Ünïcödé ✓',
      reasoning: 'The user greets me; answer briefly.',
      toolCalls: [],
      error: undefined,
    })
    expect(result.usage).toMatchObject({ inputTokens: 21, outputTokens: 9 })
    expect(mayRunToolCalls(result)).toBe(false)
  })

  it('serves a two-call tool turn with the right ids, names and arguments', async () => {
    const { result, raw } = await serve(provider, TWO_CALLS)
    const served = sim.requests[0]?.served
    expect(served?.kind).toBe('turn')
    const callIds = served?.kind === 'turn' ? served.callIds : []
    expect(result).toMatchObject({ complete: true, truncated: false, finishReason: 'tool-calls', error: undefined })
    expect(result.text).toBe('Let me record that and check your height.')
    expect(result.toolCalls.map((c) => [c.name, c.arguments, c.closed])).toEqual([
      ['record_weight', { kg: 72.5, date: '2026-01-02', note: 'after a run, «light» 🏃' }, true],
      ['get_height', {}, true],
    ])
    expect(result.toolCalls[0]).toMatchObject({ callId: 'call_weight_1', callIdIsLocal: false })
    if (provider === 'gemini') {
      // No id unless the script gives one: the parser makes a local one, never to be sent back.
      expect(callIds[1]).toBeUndefined()
      expect(result.toolCalls[1]?.callIdIsLocal).toBe(true)
      expect(raw).toContain('"thoughtSignature": ')
    } else {
      expect(result.toolCalls[1]).toMatchObject({ callId: callIds[1], callIdIsLocal: false })
    }
    if (provider === 'openai-responses') {
      expect(callIds[1]).toMatch(/^call_/)
      expect(raw).toContain('"item_id":"fc_') // deltas reference the fc_ item id, not the call id
    }
    expect(result.usage).toMatchObject({ inputTokens: 120, outputTokens: 44 })
    expect(mayRunToolCalls(result)).toBe(true)
  })

  it('serves a length-truncated turn', async () => {
    const { result } = await serve(provider, {
      type: 'turn',
      text: 'Here are the first three of fifty',
      finish: 'length',
    })
    expect(result).toMatchObject({ truncated: true, finishReason: 'length', text: 'Here are the first three of fifty' })
    expect(mayRunToolCalls(result)).toBe(false)
  })

  it('serves a length finish inside a tool call as a non-executable turn', async () => {
    const { result } = await serve(provider, {
      type: 'turn',
      toolCalls: [{ name: 'record_weight', arguments: { raw: '{"kg": 72' } }],
      finish: 'length',
    })
    expect(result).toMatchObject({ truncated: true, finishReason: 'length' })
    expect(result.toolCalls[0]?.arguments).toBeUndefined()
    expect(mayRunToolCalls(result)).toBe(false)
  })

  it.each([
    ['overloaded', 'overloaded'],
    ['server', 'server'],
    ['rate-limit', 'rate-limit'],
  ] as [InStreamErrorKind, ProviderErrorKind][])('serves an in-stream %s error', async (kind, expected) => {
    const { response, result } = await serve(provider, {
      ...TWO_CALLS,
      faults: { errorAfterEvents: { afterEvents: 4, kind } },
    })
    expect(response.status).toBe(200)
    expect(result.error?.kind).toBe(expected)
    expect(result.error?.retryable).toBe(true)
    expect(result.finishReason).toBe('error')
    expect(mayRunToolCalls(result)).toBe(false)
  })

  it('parses the same turn however the body is chunked and delayed', async () => {
    const turn: ScriptedTurn = { ...TWO_CALLS, reasoning: 'Two tools are needed.', id: 'fixed-id' }
    const whole = await serve(provider, turn)
    for (const faults of [
      { chunkSize: 'random' as const, seed: 7 },
      { chunkSize: 'random' as const, seed: 99, delayMs: 1 },
      { chunkSize: 1 },
    ]) {
      sim.reset() // the same served-turn number, hence the same generated ids
      const chunked = await serve(provider, { ...turn, faults })
      expect(chunked.raw).toBe(whole.raw)
      expect(chunked.result).toEqual(whole.result)
    }
    expect(mayRunToolCalls(whole.result)).toBe(true)
  })

  it('answers HTTP 429 with retry-after as a rate limit', async () => {
    const { response, result } = await serve(provider, {
      type: 'http-error',
      status: 429,
      headers: { 'Retry-After': '2' },
    })
    expect(response.status).toBe(429)
    expect(result.error).toMatchObject({ kind: 'rate-limit', retryable: true, status: 429, retryAfterMs: 2000 })
    expect(result.truncated).toBe(false)
    expect(mayRunToolCalls(result)).toBe(false)
  })

  it.each([
    [500, 'server'],
    [503, 'overloaded'],
    [401, 'authentication'],
    [400, 'invalid-request'],
  ] as [number, ProviderErrorKind][])('answers HTTP %s with the provider error document (%s)', async (status, kind) => {
    const { result } = await serve(provider, { type: 'http-error', status })
    expect(result.error).toMatchObject({ kind, status })
  })

  it('cuts the connection mid-arguments: truncated, never executable', async () => {
    const turn: ScriptedTurn = {
      type: 'turn',
      toolCalls: [
        { id: 'call_cut', name: 'lookup', arguments: { city: 'Trondheim', note: 'Stavanger' }, argumentChunks: 2 },
      ],
    }
    const whole = await serve(provider, turn)
    sim.reset()
    const cutAt = Buffer.byteLength(whole.raw.slice(0, whole.raw.indexOf('Stavanger') + 3))
    const cut = await serve(provider, { ...turn, faults: { cutAfterBytes: cutAt } })
    expect(cut.readError).toBeDefined()
    expect(cut.raw).toBe(whole.raw.slice(0, whole.raw.indexOf('Stavanger') + 3))
    expect(cut.result).toMatchObject({ complete: false, truncated: true })
    expect(mayRunToolCalls(cut.result)).toBe(false)
    if (provider === 'gemini') {
      expect(cut.result.error?.kind).toBe('truncated') // the call's chunk never completed
    } else {
      expect(cut.result.toolCalls).toHaveLength(1)
      expect(cut.result.toolCalls[0]).toMatchObject({
        callId: 'call_cut',
        closed: false,
        argumentsText: '{"city":"Trondheim"',
      })
    }
  })

  it('resets the connection before the first byte: fetch rejects', async () => {
    sim.enqueue({ ...TWO_CALLS, faults: { resetBeforeFirstByte: true } })
    await expect(fetchTurn(provider)).rejects.toThrow()
    expect(sim.requests[0]?.served).toEqual({ kind: 'reset' })
    expect(sim.aborted).toBe(0)
  })

  it('stalls until the client aborts, and counts the abort', async () => {
    sim.enqueue({ ...TWO_CALLS, faults: { stallAfterEvents: 2 } })
    const controller = new AbortController()
    const response = await fetch(endpoint(provider), {
      method: 'POST',
      body: JSON.stringify(requestBody(provider)),
      signal: controller.signal,
    })
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    controller.abort()
    await expect(reader.read()).rejects.toThrow()
    await sim.waitForAborted(1)
    expect(sim.aborted).toBe(1)
  })
})

describe('gemini without alt=sse', () => {
  it('streams one JSON array that parses like the SSE body', async () => {
    const sse = await serve('gemini', { ...TWO_CALLS, id: 'same' })
    sim.reset()
    const array = await serve(
      'gemini',
      { ...TWO_CALLS, id: 'same', faults: { chunkSize: 'random', seed: 3 } },
      { jsonArray: true },
    )
    expect(array.raw.startsWith('[{\n')).toBe(true)
    expect(array.raw).toContain('\n,\r\n{')
    expect(array.raw.endsWith('\n]')).toBe(true)
    expect(array.response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(array.result).toEqual(sse.result)
    expect(mayRunToolCalls(array.result)).toBe(true)
  })

  it('closes the array after an in-stream error', async () => {
    const { raw, result } = await serve(
      'gemini',
      { ...TWO_CALLS, faults: { errorAfterEvents: { afterEvents: 1, kind: 'overloaded' } } },
      { jsonArray: true },
    )
    expect(raw.endsWith('\n]')).toBe(true)
    expect(result.error?.kind).toBe('overloaded')
  })

  it('labels its HTTP errors as JSON, while the SSE route keeps text/event-stream', async () => {
    const array = await serve('gemini', { type: 'http-error', status: 400 }, { jsonArray: true })
    const sse = await serve('gemini', { type: 'http-error', status: 400 })
    expect(array.response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(sse.response.headers.get('content-type')).toBe('text/event-stream')
    expect(sse.result.error?.kind).toBe('invalid-request')
  })
})

describe('wire details', () => {
  it('renders scripted reasoning and cached token counts where each API reports them', async () => {
    const usage = { inputTokens: 100, outputTokens: 40, reasoningTokens: 10, cachedInputTokens: 30 }
    for (const provider of PROVIDER_IDS) {
      const { result } = await serve(provider, { type: 'turn', text: 'ok', usage })
      expect(result.usage, provider).toMatchObject({ inputTokens: 100, outputTokens: 40, cachedInputTokens: 30 })
      if (provider !== 'anthropic') expect(result.usage.reasoningTokens, provider).toBe(10)
    }
  })

  it('renders a content-filter finish in each API (Interactions has no such status: incomplete)', async () => {
    for (const provider of PROVIDER_IDS) {
      const { result } = await serve(provider, {
        type: 'turn',
        text: 'I can’t help with that.',
        finish: 'content-filter',
      })
      const expected = provider === 'gemini-interactions' ? 'length' : 'content-filter'
      expect(result.finishReason, provider).toBe(expected)
      expect(mayRunToolCalls(result), provider).toBe(false)
    }
  })

  it('reports no usage when the script says null', async () => {
    for (const provider of PROVIDER_IDS) {
      const { result } = await serve(provider, { type: 'turn', text: 'ok', usage: null })
      expect(result.usage, provider).toMatchObject({ inputTokens: undefined, outputTokens: undefined })
      expect(result.finishReason, provider).toBe('stop')
    }
  })

  it('sends the Chat usage chunk only when the request asks for it', async () => {
    sim.enqueue({ type: 'turn', text: 'ok', usage: { inputTokens: 3, outputTokens: 1 } })
    const { raw, result } = await fetchTurn('openai-chat', { body: { model: 'gpt-4o', messages: [], stream: true } })
    expect(raw).not.toContain('"usage"')
    expect(result.usage.inputTokens).toBeUndefined()
    const asked = await serve('openai-chat', { type: 'turn', text: 'ok', usage: { inputTokens: 3, outputTokens: 1 } })
    expect(asked.raw).toMatch(/"choices":\[\],"usage":\{"prompt_tokens":3/)
    expect(asked.raw.endsWith('data: [DONE]\n\n')).toBe(true)
  })

  it('pads Anthropic data lines and sends a no-argument call as a lone empty delta', async () => {
    const { raw, result } = await serve('anthropic', {
      type: 'turn',
      toolCalls: [{ name: 'get_height', arguments: {} }],
    })
    expect(raw).toMatch(/ +}\n/)
    expect(raw.match(/input_json_delta/g)).toHaveLength(1)
    expect(raw).toContain('"partial_json":""')
    expect(result.toolCalls[0]).toMatchObject({ argumentsText: '{}', arguments: {} })
    expect(mayRunToolCalls(result)).toBe(true)
  })

  it('frames Gemini SSE with CRLF CRLF and Gemini JSON spacing', async () => {
    const { raw } = await serve('gemini', { type: 'turn', text: 'a b' })
    expect(raw).toMatch(/^data: \{"candidates": \[\{"content": \{"parts": \[\{"text": "a"\}\],"role": "model"\}/)
    expect(raw.split('\r\n\r\n')).toHaveLength(3)
    expect(raw).toContain('"finishReason": "STOP"')
  })

  it('passes invalid argument JSON through unchanged (arguments undefined: never run)', async () => {
    for (const provider of PROVIDER_IDS) {
      const { result } = await serve(provider, {
        type: 'turn',
        toolCalls: [{ id: 'c1', name: 'record_weight', arguments: { raw: '{"kg": 72,}' } }],
      })
      expect(result.toolCalls[0], provider).toMatchObject({ argumentsText: '{"kg": 72,}', arguments: undefined })
      expect(result.finishReason, provider).toBe('tool-calls')
    }
  })

  it('reproduces the Chat-compatible servers’ quirks', async () => {
    const two: ScriptedTurn = {
      type: 'turn',
      toolCalls: [
        { name: 'a', arguments: { x: 1 } },
        { name: 'b', arguments: { y: 2 } },
      ],
    }
    const repeated = await serve('openai-chat', { ...two, faults: { compat: { repeatIdOnEveryFragment: true } } })
    expect(repeated.raw.match(/"name":"a"/g)!.length).toBeGreaterThan(1)
    expect(repeated.result.toolCalls.map((c) => c.arguments)).toEqual([{ x: 1 }, { y: 2 }])

    const sameIndex = await serve('openai-chat', {
      ...two,
      faults: { compat: { sameIndexForAllCalls: true, idZero: true } },
    })
    expect(sameIndex.raw).not.toContain('"index":1,')
    expect(sameIndex.result.toolCalls.map((c) => [c.callId, c.arguments])).toEqual([
      ['0', { x: 1 }],
      ['1', { y: 2 }],
    ])

    const noFinish = await serve('openai-chat', {
      ...two,
      faults: { compat: { noFinishReason: true, usageOnChoiceChunk: true } },
    })
    expect(noFinish.raw).not.toMatch(/"finish_reason":"/)
    expect(noFinish.result).toMatchObject({ complete: true, finishReason: null })
    expect(noFinish.result.usage.inputTokens).toBeGreaterThan(0)
    expect(mayRunToolCalls(noFinish.result)).toBe(false)
  })

  it('adds encrypted reasoning to Responses only when the request includes it', async () => {
    const body = { ...requestBody('openai-responses'), include: ['reasoning.encrypted_content'] }
    sim.enqueue({ type: 'turn', reasoning: 'hmm', text: 'ok' })
    const { result } = await fetchTurn('openai-responses', { body })
    expect(result.replay[0]).toMatchObject({ type: 'openai-reasoning', encryptedContent: expect.any(String) })
  })
})

describe('faults', () => {
  it('cuts after N events and stalls at 0 events with headers sent', async () => {
    const cut = await serve('anthropic', { ...TWO_CALLS, faults: { cutAfterEvents: 3 } })
    expect(cut.raw.match(/^event: /gm)).toHaveLength(3)
    expect(cut.readError).toBeDefined()
    expect(cut.result.truncated).toBe(true)

    sim.enqueue({ type: 'turn', text: 'never', faults: { stallAfterEvents: 0 } })
    const controller = new AbortController()
    const response = await fetch(endpoint('openai-chat'), { method: 'POST', body: '{}', signal: controller.signal })
    expect(response.status).toBe(200)
    controller.abort()
    await sim.waitForAborted(1)
  })

  it('delays the head and the writes', async () => {
    const started = Date.now()
    await serve('openai-chat', { type: 'turn', text: ['a', 'b', 'c'], faults: { headersDelayMs: 60, delayMs: 20 } })
    expect(Date.now() - started).toBeGreaterThanOrEqual(60 + 20 * 5 - 5)
  })

  it('counts an abort during the head delay', async () => {
    sim.enqueue({ type: 'turn', text: 'late', faults: { headersDelayMs: 5_000 } })
    const controller = new AbortController()
    const pending = fetch(endpoint('anthropic'), { method: 'POST', body: '{}', signal: controller.signal })
    await sim.waitForRequests(1)
    controller.abort()
    await expect(pending).rejects.toThrow()
    await sim.waitForAborted(1)
  })

  it('holds after N events until released, then finishes the same stream', async () => {
    sim.enqueue({ type: 'turn', text: ['a ', 'b ', 'c'], faults: { holdAfterEvents: 2 } })
    const response = await fetch(endpoint('anthropic'), { method: 'POST', body: '{}' })
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let raw = ''
    while ((raw.match(/^event: /gm)?.length ?? 0) < 2) raw += decoder.decode((await reader.read()).value)
    await expect.poll(() => sim.held).toBe(1)
    // Nothing past the hold arrives while it holds.
    const next = reader.read()
    const early = await Promise.race([next.then(() => 'data'), new Promise((r) => setTimeout(() => r('held'), 50))])
    expect(early).toBe('held')
    expect(raw.match(/^event: /gm)).toHaveLength(2)
    sim.release()
    raw += decoder.decode((await next).value)
    for (let part = await reader.read(); !part.done; part = await reader.read()) raw += decoder.decode(part.value)
    const whole = await serve('anthropic', { type: 'turn', text: ['a ', 'b ', 'c'] })
    expect(raw.match(/^event: /gm)?.length).toBe(whole.raw.match(/^event: /gm)?.length)
    expect(sim.held).toBe(0)
  })

  it('holds after the event that carries a text, whatever the wire format', async () => {
    for (const provider of PROVIDER_IDS) {
      sim.reset()
      sim.enqueue({ type: 'turn', text: ['one ', 'two ', 'three'], faults: { holdAfterText: 'two' } })
      const response = await fetch(endpoint(provider), { method: 'POST', body: JSON.stringify(requestBody(provider)) })
      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      let raw = ''
      while (!raw.includes('two')) raw += decoder.decode((await reader.read()).value)
      await expect.poll(() => sim.held).toBe(1)
      expect(raw, provider).not.toContain('three')
      sim.release()
      for (let part = await reader.read(); !part.done; part = await reader.read()) raw += decoder.decode(part.value)
      expect(raw, provider).toContain('three')
    }
  })

  it('a release that comes before the stream reaches its hold is kept for it', async () => {
    sim.release()
    const done = await serve('openai-chat', { type: 'turn', text: ['x', 'y'], faults: { holdAfterEvents: 1 } })
    expect(done.readError).toBeUndefined()
    expect(done.result.truncated).toBe(false)
    expect(sim.held).toBe(0)
  })

  it('refuses a hold with chunkSize, and reset() lets held streams go', async () => {
    sim.enqueue({ type: 'turn', text: 'no', faults: { holdAfterEvents: 1, chunkSize: 3 } })
    const refused = await fetch(endpoint('openai-chat'), { method: 'POST', body: '{}' })
    expect(refused.status).toBe(500)
    expect(await refused.text()).toContain('need one write per event')

    sim.reset()
    sim.enqueue({ type: 'turn', text: ['p', 'q'], faults: { holdAfterEvents: 0 } })
    const response = await fetch(endpoint('openai-chat'), { method: 'POST', body: '{}' })
    await expect.poll(() => sim.held).toBe(1)
    sim.reset()
    expect(sim.held).toBe(0)
    expect(await response.text()).toContain('[DONE]')
  })

  it('close() ends stalled streams without counting them as aborts', async () => {
    const own = await startSimulatedProvider({
      script: [{ type: 'turn', text: 'x y z', faults: { stallAfterEvents: 1 } }],
    })
    const response = await fetch(`${own.baseUrlFor('openai-chat')}/chat/completions`, { method: 'POST', body: '{}' })
    const reader = response.body!.getReader()
    await reader.read()
    await own.close()
    await expect(reader.read()).rejects.toThrow()
    expect(own.aborted).toBe(0)
  })
})

describe('script and recording', () => {
  it('records method, path, query, lower-cased headers and the JSON body', async () => {
    sim.enqueue({ type: 'turn', text: 'hi' })
    const body = requestBody('gemini')
    await fetch(`${endpoint('gemini')}&key=AIza-test`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Client': 'keel/0.1' },
      body: JSON.stringify(body),
    }).then((r) => r.text())
    const [request] = await sim.waitForRequests(1)
    expect(request).toMatchObject({
      provider: 'gemini',
      method: 'POST',
      path: '/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent',
      query: { alt: 'sse', key: 'AIza-test' },
      model: 'gemini-2.5-flash',
      body,
      served: { kind: 'turn' },
    })
    expect(request?.headers['x-goog-api-client']).toBe('keel/0.1')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(typeof request?.receivedAt).toBe('number')
  })

  it('shares one FIFO queue across routes and records each request', async () => {
    sim.enqueue({ type: 'turn', text: 'first' }, { type: 'turn', text: 'second' })
    const a = await fetchTurn('anthropic')
    const b = await fetchTurn('openai-responses')
    expect([a.result.text, b.result.text]).toEqual(['first', 'second'])
    expect(sim.requests.map((r) => [r.provider, r.path, r.model])).toEqual([
      ['anthropic', '/anthropic/v1/messages', 'claude-sonnet-4-5'],
      ['openai-responses', '/openai-responses/v1/responses', 'gpt-5-mini'],
    ])
    expect(sim.requests[0]?.body).toEqual(requestBody('anthropic'))
  })

  it('answers 500 "script exhausted" when the queue is empty', async () => {
    const { response, result } = await fetchTurn('openai-chat')
    expect(response.status).toBe(500)
    expect(result.error?.message).toContain('script exhausted')
    expect(sim.requests[0]?.served).toEqual({ kind: 'exhausted' })
  })

  it('asks the respond hook first, then the queue', async () => {
    sim.respond = (request) =>
      request.provider === 'anthropic'
        ? { type: 'turn', text: `echo ${String((request.body as { model?: unknown }).model)}` }
        : undefined
    sim.enqueue({ type: 'turn', text: 'queued' })
    expect((await fetchTurn('anthropic')).result.text).toBe('echo claude-sonnet-4-5')
    expect((await fetchTurn('gemini')).result.text).toBe('queued')
  })

  it('records when the first write holding each mark went out, on the high-resolution epoch clock', async () => {
    const before = performance.timeOrigin + performance.now()
    sim.enqueue({
      type: 'turn',
      text: ['Zephyr', ' then', ' more'],
      toolCalls: [{ name: 'record_weight', arguments: { kg: 70 } }],
      faults: { delayMs: 30 },
      marks: { firstText: 'Zephyr', firstCall: 'record_weight', never: 'not in the stream' },
    })
    const received: { text: string; at: number }[] = []
    const response = await fetch(endpoint('anthropic'), {
      method: 'POST',
      body: JSON.stringify(requestBody('anthropic')),
    })
    const decoder = new TextDecoder()
    const reader = response.body!.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read())
      received.push({ text: decoder.decode(read.value), at: performance.timeOrigin + performance.now() })
    const served = sim.requests[0]?.served
    expect(served?.kind).toBe('turn')
    const marks = served?.kind === 'turn' ? served.marks : undefined
    expect(Object.keys(marks ?? {}).sort()).toEqual(['firstCall', 'firstText'])
    const arrived = (text: string): number => received.find((r) => r.text.includes(text))?.at ?? Number.NaN
    // Each mark was taken before its bytes reached the client, after the request was sent, and in stream order.
    expect(marks!.firstText).toBeGreaterThan(before)
    expect(marks!.firstText).toBeLessThanOrEqual(arrived('Zephyr'))
    expect(marks!.firstCall).toBeLessThanOrEqual(arrived('record_weight'))
    expect(marks!.firstCall! - marks!.firstText!).toBeGreaterThanOrEqual(30)
    expect(parseScript({ type: 'turn', marks: { a: 'x' } })[0]).toMatchObject({ marks: { a: 'x' } })
    expect(() => parseScript({ type: 'turn', marks: { a: '' } })).toThrow(/invalid simulated-provider script/)
  })

  it('times out waiting for requests that never come', async () => {
    await expect(sim.waitForRequests(1, { timeoutMs: 20 })).rejects.toThrow(/timed out/)
  })

  it('answers unknown routes 404 without consuming the queue', async () => {
    sim.enqueue({ type: 'turn', text: 'kept' })
    const response = await fetch(`${sim.origin}/openai-chat/v1/completions`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(404)
    expect(sim.queued).toBe(1)
    expect(sim.unrouted).toEqual([{ method: 'POST', path: '/openai-chat/v1/completions' }])
  })

  it('validates JSON scripts', () => {
    expect(parseScript({ responses: [{ type: 'turn', text: 'x' }] })).toHaveLength(1)
    expect(() => parseScript([{ type: 'turn', finishReason: 'stop' }])).toThrow(/invalid simulated-provider script/)
  })
})

describe('cli', () => {
  it('serves a script file and the control routes until killed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keel-sim-'))
    const script = join(dir, 'script.json')
    writeFileSync(script, JSON.stringify([{ type: 'turn', text: 'from the file' }]))
    const cli = resolve(import.meta.dirname, 'simulated-provider/cli.ts')
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--port', '0', '--script', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      const line = await new Promise<string>((resolveLine, reject) => {
        createInterface({ input: child.stdout }).once('line', resolveLine)
        child.once('exit', (code) => reject(new Error(`cli exited with ${code}`)))
      })
      expect(line).toMatch(/^listening http:\/\/127\.0\.0\.1:\d+$/)
      const origin = line.slice('listening '.length)
      const first = await fetch(`${origin}/anthropic/v1/messages`, { method: 'POST', body: '{}' })
      const parsed = await parseStreamBody('anthropic', tolerantBody(first.body, [], {}), {
        response: { status: first.status },
      })
      expect(parsed.result.text).toBe('from the file')
      const enqueued = await fetch(`${origin}/_sim/enqueue`, {
        method: 'POST',
        body: JSON.stringify({ type: 'turn', text: 'late held', faults: { holdAfterEvents: 1 } }),
      })
      expect(await enqueued.json()).toEqual({ queued: 1 })
      const state = (await (await fetch(`${origin}/_sim/state`)).json()) as { queued: number; requests: number }
      expect(state).toMatchObject({ queued: 1, requests: 1, held: 0 })
      const held = fetch(`${origin}/anthropic/v1/messages`, { method: 'POST', body: '{}' })
      await expect
        .poll(async () => ((await (await fetch(`${origin}/_sim/state`)).json()) as { held: number }).held)
        .toBe(1)
      const released = await fetch(`${origin}/_sim/release`, { method: 'POST', body: '{}' })
      expect(released.status).toBe(200)
      const late = await parseStreamBody('anthropic', tolerantBody((await held).body, [], {}), {
        response: { status: 200 },
      })
      expect(late.result.text).toBe('late held')
    } finally {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
  })
})
