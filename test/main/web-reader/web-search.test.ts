// `web_search` against local stand-ins of SearXNG, Brave Search and Tavily over real HTTP: the
// request each API documents (query, count, where the key goes), their answers read into one form,
// and failures that name the service without ever carrying the key.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { ToolCallOptions } from '../../../src/main/tools/tool'
import { searchWeb, type WebSearchBackend } from '../../../src/main/web-reader/web-search-backends'
import { createWebSearchTool } from '../../../src/main/web-reader/web-search-tool'

const KEY = 'brave-key-canary-0123456789'
let server: Server
let base: string
let answer: { status: number; body: unknown } = { status: 200, body: {} }
const requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body })
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  requests.length = 0
  answer = { status: 200, body: {} }
})

describe('searchWeb', () => {
  it('asks SearXNG for JSON and reads its results', async () => {
    answer.body = {
      query: 'rain',
      results: [
        { url: 'https://a.example/rain', title: 'Rain', content: 'About <b>rain</b>', publishedDate: '2026-01-02' },
        { url: 'javascript:alert(1)', title: 'bad', content: 'x' },
        { url: 'https://b.example/', content: 'no title' },
      ],
    }
    const outcome = await searchWeb({ kind: 'searxng', baseUrl: `${base}searx` }, 'rain gauge', 5)
    expect(requests[0]?.url).toBe('/searx/search?q=rain+gauge&format=json')
    expect(outcome).toEqual({
      ok: true,
      results: [
        { title: 'Rain', url: 'https://a.example/rain', snippet: 'About rain', published: '2026-01-02' },
        { title: 'https://b.example/', url: 'https://b.example/', snippet: 'no title' },
      ],
    })
  })

  it('sends Brave its key in X-Subscription-Token and the count, and reads web.results', async () => {
    answer.body = {
      web: { results: [{ url: 'https://c.example', title: '<strong>C</strong>', description: 'd', page_age: '2025' }] },
    }
    const outcome = await searchWeb({ kind: 'brave', apiKey: KEY, baseUrl: base }, 'q', 3)
    expect(requests[0]?.url).toBe('/res/v1/web/search?q=q&count=3')
    expect(requests[0]?.headers['x-subscription-token']).toBe(KEY)
    expect(outcome).toEqual({
      ok: true,
      results: [{ title: 'C', url: 'https://c.example', snippet: 'd', published: '2025' }],
    })
  })

  it('posts Tavily the query with a bearer key, and keeps at most count results', async () => {
    answer.body = {
      results: Array.from({ length: 8 }, (_, i) => ({ url: `https://t${i}.example`, title: `T${i}`, content: 'c' })),
    }
    const outcome = await searchWeb({ kind: 'tavily', apiKey: 'tvly-key', baseUrl: base }, 'news', 2)
    expect(requests[0]?.method).toBe('POST')
    expect(requests[0]?.headers.authorization).toBe('Bearer tvly-key')
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ query: 'news', max_results: 2 })
    expect(outcome.ok && outcome.results.map((result) => result.title)).toEqual(['T0', 'T1'])
  })

  it('names refusals and malformed answers without the key', async () => {
    answer = { status: 401, body: { error: `bad key ${KEY}` } }
    const refused = await searchWeb({ kind: 'brave', apiKey: KEY, baseUrl: base }, 'q', 3)
    expect(refused).toMatchObject({ ok: false, failure: { kind: 'http-status', status: 401 } })
    expect(JSON.stringify(refused)).not.toContain(KEY)
    expect(JSON.stringify(refused)).toContain('check the key')
    answer = { status: 200, body: { results: 'nope' } }
    expect(await searchWeb({ kind: 'tavily', apiKey: KEY, baseUrl: base }, 'q', 3)).toMatchObject({
      ok: false,
      failure: { kind: 'bad-answer' },
    })
    const unreachable = await searchWeb({ kind: 'searxng', baseUrl: 'http://127.0.0.1:1/' }, 'q', 3)
    expect(unreachable).toMatchObject({
      ok: false,
      failure: { kind: 'network', message: 'SearXNG could not be reached.' },
    })
  })
})

describe('web_search tool', () => {
  const options: ToolCallOptions = {
    conversationId: 'c',
    turnId: 't',
    callId: 'x',
    now: 0,
    timeZone: 'UTC',
    signal: new AbortController().signal,
    timeoutMs: undefined,
  }

  it('is an external effect, and refuses before any request when no service is set up', async () => {
    const tool = createWebSearchTool({ backend: () => undefined })
    expect(tool.effect).toBe('external')
    const result = await tool.call({ query: 'x' }, options)
    expect(result).toMatchObject({ ok: false, notRun: true })
    expect(requests).toHaveLength(0)
  })

  it("returns the engine, the query and the results, marked as others' words", async () => {
    let backend: WebSearchBackend = { kind: 'searxng', baseUrl: base }
    answer.body = { results: [{ url: 'https://a.example', title: 'A', content: 'x' }] }
    const tool = createWebSearchTool({ backend: () => backend })
    const validated = tool.schema.validate({ query: 'rain' })
    expect(validated.ok).toBe(true)
    const result = await tool.call(validated.ok ? validated.value : {}, options)
    expect(result).toMatchObject({
      ok: true,
      output: { engine: 'SearXNG', query: 'rain', results: [{ title: 'A', url: 'https://a.example', snippet: 'x' }] },
    })
    expect(JSON.stringify(result)).toMatch(/not instructions/)
    // The backend is read at each call: a changed setting applies to the next search.
    backend = { kind: 'tavily', apiKey: 'k', baseUrl: base }
    await tool.call({ query: 'again' }, options)
    expect(requests.at(-1)?.method).toBe('POST')
    expect(tool.schema.validate({ query: '' }).ok).toBe(false)
    expect(tool.schema.validate({ query: 'a', count: 11 }).ok).toBe(false)
  })
})
