// One model round over real loopback HTTP: the stall clock counts progress (normalized events),
// not bytes, so keep-alive comments and pings cannot hold a round open; the same clock covers the
// wait for the response headers; an overall deadline ends the round with a non-retryable error;
// a body over the parser's limits stops being read. Every ending aborts the request (the server
// sees its connection closed early). No test asserts a duration.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildProviderRequest } from '../../../src/main/providers/provider-registry'
import { streamModelRound, type StreamModelRoundOptions } from '../../../src/main/harness/stream-model-round'
import type { ProviderId } from '../../../src/shared/provider-id'
import type { StreamEvent } from '../../../src/shared/stream-events'
import { startSimulatedProvider, type SimulatedProvider } from '../../support/simulated-provider'

/** A tiny server whose handler writes what the test wants; it records requests and early closes. */
interface TestServer {
  baseUrl: string
  requests: number
  /** Resolves when a response's connection closed before the server ended it (the client aborted). */
  clientAborted: Promise<void>
  close(): Promise<void>
}

type Writer = (res: ServerResponse, closed: () => boolean) => void

async function startServer(write: Writer): Promise<TestServer> {
  let markAborted: () => void = () => {}
  const clientAborted = new Promise<void>((resolve) => (markAborted = resolve))
  const state = { requests: 0 }
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    state.requests++
    let closed = false
    res.on('close', () => {
      closed = true
      if (!res.writableFinished) markAborted()
    })
    req.resume()
    req.on('end', () => write(res, () => closed))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests
    },
    clientAborted,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Writes `piece()` every `everyMs` until the client goes away. */
function forever(res: ServerResponse, closed: () => boolean, everyMs: number, piece: () => string): void {
  const timer = setInterval(() => {
    if (closed()) clearInterval(timer)
    else res.write(piece())
  }, everyMs)
  res.on('close', () => clearInterval(timer))
}

const SSE_HEAD = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }

function round(provider: ProviderId, baseUrl: string, options: Partial<StreamModelRoundOptions> = {}) {
  const events: StreamEvent[] = []
  const request = buildProviderRequest(provider, {
    connection: { baseUrl, apiKey: 'test-key', model: 'sim-model' },
    system: undefined,
    history: [{ role: 'user', text: 'Hello' }],
    tools: [],
    maxOutputTokens: 64,
  })
  const outcome = streamModelRound({
    provider,
    request,
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
    ...options,
  })
  return { outcome, events }
}

const anthropicEvent = (type: string, body: string) => `event: ${type}\ndata: {"type":"${type}"${body}}\n\n`
const MESSAGE_START = anthropicEvent(
  'message_start',
  ',"message":{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[],"stop_reason":null,"usage":{"input_tokens":5,"output_tokens":1}}',
)
const TEXT_START = anthropicEvent('content_block_start', ',"index":0,"content_block":{"type":"text","text":""}')
const textDelta = (text: string) =>
  anthropicEvent('content_block_delta', `,"index":0,"delta":{"type":"text_delta","text":"${text}"}`)
const PING = anthropicEvent('ping', '')
const MESSAGE_END =
  anthropicEvent('content_block_stop', ',"index":0') +
  anthropicEvent(
    'message_delta',
    ',"delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":3}',
  ) +
  anthropicEvent('message_stop', '')

describe('streamModelRound', () => {
  beforeAll(async () => {
    // The first fetch of a process loads the HTTP client (hundreds of ms on a busy machine): do it
    // here, so the short stall timeouts below time the server, not the client's start-up.
    const server = await startServer((res) => res.end('ok'))
    await (await fetch(server.baseUrl, { method: 'POST', body: '{}' })).text()
    await server.close()
  })
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!()
  })
  const serve = async (write: Writer) => {
    const server = await startServer(write)
    cleanups.push(() => server.close())
    return server
  }

  it('SSE keep-alive comments forever are not progress: the round ends at the first-progress limit and the request is aborted', async () => {
    const server = await serve((res, closed) => {
      res.writeHead(200, SSE_HEAD)
      forever(res, closed, 10, () => ': keep-alive\n\n')
    })
    const { outcome } = round('openai-chat', `${server.baseUrl}/v1`, {
      stallTimeoutMs: 300,
      firstProgressTimeoutMs: 800,
    })
    const { result, aborted } = await outcome
    expect(aborted).toBe(false)
    expect(result.error).toMatchObject({ kind: 'network', retryable: true })
    expect(result.error?.message).toMatch(/^No answer began within 0\.8 s \(only keep-alives arrived\)/)
    await server.clientAborted
  })

  it('keep-alives while the model thinks (a proxy waiting for a slow model) keep the round open until the answer begins', async () => {
    const server = await serve((res, closed) => {
      res.writeHead(200, SSE_HEAD)
      let ticks = 0
      const timer = setInterval(() => {
        if (closed()) return clearInterval(timer)
        ticks++
        // 600 ms of keep-alives only (twice the stall timeout), then the answer.
        if (ticks < 30) res.write(': OPENROUTER PROCESSING\n\n')
        else {
          clearInterval(timer)
          res.end(`${MESSAGE_START}${TEXT_START}${textDelta('Hello')}${MESSAGE_END}`)
        }
      }, 20)
    })
    const { outcome } = round('anthropic', `${server.baseUrl}/v1`, {
      stallTimeoutMs: 300,
      firstProgressTimeoutMs: 5_000,
    })
    const { result } = await outcome
    expect(result.error).toBeUndefined()
    expect(result.text).toBe('Hello')
  })

  it('Anthropic pings forever (after message_start) are not progress either; the old option name still works', async () => {
    const server = await serve((res, closed) => {
      res.writeHead(200, SSE_HEAD)
      res.write(MESSAGE_START)
      forever(res, closed, 10, () => PING)
    })
    const { outcome, events } = round('anthropic', `${server.baseUrl}/v1`, {
      idleTimeoutMs: 500,
      firstProgressTimeoutMs: 800,
    })
    const { result } = await outcome
    expect(result.error).toMatchObject({ kind: 'network', retryable: true })
    expect(result.error?.message).toMatch(/No answer began within 0\.8 s/)
    expect(result.complete).toBe(false)
    expect(events.map((e) => e.type)).toEqual(['error', 'finish'])
    await server.clientAborted
  })

  it('normalized events are progress: a slow but steady stream outlives the stall timeout', async () => {
    let sent = 0
    const server = await serve((res, closed) => {
      res.writeHead(200, SSE_HEAD)
      res.write(MESSAGE_START + TEXT_START)
      const timer = setInterval(() => {
        if (closed()) return clearInterval(timer)
        if (sent === 12) {
          clearInterval(timer)
          res.end(MESSAGE_END)
          return
        }
        sent++
        res.write(PING + textDelta(`w${sent} `))
      }, 100)
    })
    // 12 deltas 100 ms apart span far more than the 1 s stall timeout; each one resets it.
    const { outcome } = round('anthropic', `${server.baseUrl}/v1`, { stallTimeoutMs: 1000 })
    const { result } = await outcome
    expect(result.error).toBeUndefined()
    expect(result.complete).toBe(true)
    expect(result.text.split(' ').filter(Boolean)).toHaveLength(12)
  })

  it('the stall clock covers the wait for the response headers', async () => {
    const sim: SimulatedProvider = await startSimulatedProvider()
    cleanups.push(() => sim.close())
    sim.enqueue({ type: 'turn', text: 'never seen', faults: { headersDelayMs: 60_000 } })
    const { outcome } = round('gemini', sim.baseUrlFor('gemini'), { stallTimeoutMs: 200 })
    const { result, status } = await outcome
    expect(status).toBeUndefined()
    expect(result.error).toMatchObject({ kind: 'network', retryable: true })
    expect(result.error?.message).toMatch(/^No progress for 0\.2 s \(the response headers never arrived\)/)
    await sim.waitForAborted(1)
  })

  it('a stream that stalls after some output ends in the stall error, its output kept', async () => {
    const sim: SimulatedProvider = await startSimulatedProvider()
    cleanups.push(() => sim.close())
    // created, in_progress, output_item.added, content_part.added, then two text deltas.
    sim.enqueue({ type: 'turn', text: 'one two three four', faults: { stallAfterEvents: 6 } })
    const { outcome } = round('openai-responses', sim.baseUrlFor('openai-responses'), { stallTimeoutMs: 200 })
    const { result, outputForwarded } = await outcome
    expect(outputForwarded).toBe(true)
    expect(result.error).toMatchObject({ kind: 'network', retryable: true })
    expect(result.truncated).toBe(true)
    await sim.waitForAborted(1)
  })

  it('the deadline ends a round that keeps making progress, with a non-retryable timeout', async () => {
    let n = 0
    const server = await serve((res, closed) => {
      res.writeHead(200, SSE_HEAD)
      res.write(MESSAGE_START + TEXT_START)
      forever(res, closed, 20, () => textDelta(`t${++n} `))
    })
    const now = () => Date.now()
    const { outcome, events } = round('anthropic', `${server.baseUrl}/v1`, {
      stallTimeoutMs: 60_000,
      deadlineAt: now() + 300,
      now,
    })
    const { result, outputForwarded, aborted } = await outcome
    expect(aborted).toBe(false)
    expect(outputForwarded).toBe(true)
    expect(result.error).toMatchObject({ kind: 'timeout', retryable: false })
    expect(result.error?.message).toMatch(/passed its deadline/)
    expect(result.truncated).toBe(true)
    expect(events.at(-1)?.type).toBe('finish')
    expect(events.at(-2)).toMatchObject({ type: 'error', error: { kind: 'timeout' } })
    await server.clientAborted
  })

  it('a deadline already passed sends no request', async () => {
    const server = await serve((res) => res.end())
    let clock = 1_000
    const { outcome } = round('openai-chat', `${server.baseUrl}/v1`, { deadlineAt: 1_000, now: () => clock++ })
    const { result, status } = await outcome
    expect(result.error).toMatchObject({ kind: 'timeout', retryable: false })
    expect(status).toBeUndefined()
    expect(server.requests).toBe(0)
  })

  it('a body over the parser limit stops being read: malformed, and the request is aborted', async () => {
    const chunk = 'a'.repeat(64 * 1024)
    const server = await serve((res, closed) => {
      res.writeHead(200, SSE_HEAD)
      res.write('data: ')
      forever(res, closed, 1, () => chunk)
    })
    const { outcome } = round('openai-chat', `${server.baseUrl}/v1`, { stallTimeoutMs: 60_000 })
    const { result } = await outcome
    expect(result.error).toMatchObject({ kind: 'malformed', retryable: false })
    expect(result.error?.message).toMatch(/over the 16 MiB/)
    await server.clientAborted
  })

  it('a turn whose end signal arrived stays whole when the connection then only pings', async () => {
    const server = await serve((res, closed) => {
      res.writeHead(200, SSE_HEAD)
      res.write(MESSAGE_START + TEXT_START + textDelta('Hi') + MESSAGE_END)
      forever(res, closed, 10, () => PING)
    })
    const { outcome } = round('anthropic', `${server.baseUrl}/v1`, { stallTimeoutMs: 500 })
    const { result } = await outcome
    expect(result).toMatchObject({
      complete: true,
      truncated: false,
      error: undefined,
      text: 'Hi',
      finishReason: 'stop',
    })
    await server.clientAborted
  })
})
