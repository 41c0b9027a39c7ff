// The page reader's fetch against a real HTTP server on loopback. Real reads use the public-only
// address policy; these tests allow loopback explicitly, and check that the default refuses it
// before any request reaches the server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { publicAddressesOnly } from '../../../src/main/web-reader/address-policy'
import { fetchPage, PAGE_USER_AGENT } from '../../../src/main/web-reader/page-fetch'

type Handler = (request: IncomingMessage, response: ServerResponse) => void
const routes = new Map<string, Handler>()
const seen: IncomingMessage[] = []
let server: Server
let base: string
const loopback = (address: string) => address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1'

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request)
    const handler = routes.get(new URL(request.url ?? '/', 'http://x').pathname)
    if (handler) handler(request, response)
    else response.writeHead(404, 'Not Found').end('missing')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})
beforeEach(() => {
  routes.clear()
  seen.length = 0
})

describe('the address policy', () => {
  it.each([
    ['127.0.0.1'],
    ['10.0.0.8'],
    ['172.16.4.1'],
    ['192.168.1.1'],
    ['169.254.169.254'],
    ['100.64.0.1'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['::1'],
    ['::'],
    ['fe80::1'],
    ['fd12:3456::1'],
    ['::ffff:127.0.0.1'],
    ['::ffff:10.0.0.1'],
    ['64:ff9b::7f00:1'],
    ['2002:7f00:1::1'],
    ['not an address'],
  ])('refuses %s', (address) => {
    expect(publicAddressesOnly(address)).toBe(false)
  })

  it.each([['8.8.8.8'], ['93.184.215.14'], ['2606:4700:4700::1111'], ['::ffff:8.8.8.8']])('allows %s', (address) => {
    expect(publicAddressesOnly(address)).toBe(true)
  })
})

describe('fetchPage', () => {
  it('reads a page with a fixed user agent, no cookie and no credentials', async () => {
    routes.set('/page', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=1' })
      response.end('<title>Hi</title><p>hello</p>')
    })
    routes.set('/again', (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('x'))
    const first = await fetchPage(`${base}/page`, { addressPolicy: loopback })
    expect(first.ok && first.page.body.toString()).toContain('hello')
    expect(first.ok && first.page.mediaType).toBe('text/html')
    expect(first.ok && first.page.charset).toBe('utf-8')
    await fetchPage(`${base}/again`, { addressPolicy: loopback })
    expect(seen.map((request) => request.headers['user-agent'])).toEqual([PAGE_USER_AGENT, PAGE_USER_AGENT])
    expect(seen[1]?.headers.cookie).toBeUndefined()
    expect(seen[1]?.headers.authorization).toBeUndefined()
  })

  it('refuses loopback by default, by literal address and by name, before any request', async () => {
    routes.set('/page', (_request, response) => response.end('secret'))
    const literal = await fetchPage(`${base}/page`)
    expect(literal).toMatchObject({ ok: false, failure: { kind: 'refused-address', host: '127.0.0.1' } })
    const port = new URL(base).port
    const named = await fetchPage(`http://localhost:${port}/page`)
    expect(named).toMatchObject({ ok: false, failure: { kind: 'refused-address', host: 'localhost' } })
    const mapped = await fetchPage(`http://[::ffff:127.0.0.1]:${port}/page`)
    expect(mapped).toMatchObject({ ok: false, failure: { kind: 'refused-address' } })
    expect(seen).toHaveLength(0)
  })

  it('follows redirects, checking each hop (scheme and address) again', async () => {
    routes.set('/a', (_request, response) => response.writeHead(302, { location: '/b' }).end())
    routes.set('/b', (_request, response) => response.writeHead(301, { location: `${base}/c?x=1` }).end())
    routes.set('/c', (_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('end'))
    routes.set('/to-file', (_request, response) => response.writeHead(302, { location: 'file:///etc/passwd' }).end())
    routes.set('/to-private', (_request, response) =>
      response.writeHead(307, { location: 'http://10.0.0.1/admin' }).end(),
    )
    routes.set('/loop', (_request, response) => response.writeHead(302, { location: '/loop' }).end())
    const followed = await fetchPage(`${base}/a`, { addressPolicy: loopback })
    expect(followed.ok && followed.page.finalUrl).toBe(`${base}/c?x=1`)
    expect(followed.ok && followed.page.url).toBe(`${base}/a`)
    expect(await fetchPage(`${base}/to-file`, { addressPolicy: loopback })).toMatchObject({
      ok: false,
      failure: { kind: 'refused-scheme', scheme: 'file' },
    })
    expect(await fetchPage(`${base}/to-private`, { addressPolicy: loopback })).toMatchObject({
      ok: false,
      failure: { kind: 'refused-address', host: '10.0.0.1' },
    })
    seen.length = 0
    expect(await fetchPage(`${base}/loop`, { addressPolicy: loopback })).toMatchObject({
      ok: false,
      failure: { kind: 'too-many-redirects' },
    })
    expect(seen).toHaveLength(6)
  })

  it('refuses other schemes and URLs with credentials without connecting', async () => {
    for (const [url, kind] of [
      ['ftp://example.com/file', 'refused-scheme'],
      ['javascript:alert(1)', 'refused-scheme'],
      ['file:///etc/passwd', 'refused-scheme'],
      [`${base.replace('http://', 'http://user:pw@')}/page`, 'invalid-url'],
      ['not a url', 'invalid-url'],
    ] as const) {
      expect(await fetchPage(url, { addressPolicy: loopback }), url).toMatchObject({ ok: false, failure: { kind } })
    }
    expect(seen).toHaveLength(0)
  })

  it('names HTTP errors, unsupported types and timeouts', async () => {
    routes.set('/pdf', (_request, response) =>
      response.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF'),
    )
    routes.set('/slow', () => {
      // never answers
    })
    expect(await fetchPage(`${base}/missing`, { addressPolicy: loopback })).toMatchObject({
      ok: false,
      failure: { kind: 'http-status', status: 404, message: 'The server answered 404 Not Found.' },
    })
    expect(await fetchPage(`${base}/pdf`, { addressPolicy: loopback })).toMatchObject({
      ok: false,
      failure: { kind: 'unsupported-type', contentType: 'application/pdf' },
    })
    expect(await fetchPage(`${base}/slow`, { addressPolicy: loopback, timeoutMs: 300 })).toMatchObject({
      ok: false,
      failure: { kind: 'timeout' },
    })
    const stop = new AbortController()
    const pending = fetchPage(`${base}/slow`, { addressPolicy: loopback, signal: stop.signal })
    setTimeout(() => stop.abort(), 50)
    expect(await pending).toMatchObject({ ok: false, failure: { kind: 'cancelled' } })
  })

  it('decompresses, and keeps only the byte budget of a huge (or bomb-like) body', async () => {
    const text = 'word '.repeat(200_000) // 1 MB, compresses to a few KB
    routes.set('/gz', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
      response.end(gzipSync(Buffer.from(text)))
    })
    const whole = await fetchPage(`${base}/gz`, { addressPolicy: loopback })
    expect(whole.ok && whole.page.body.length).toBe(text.length)
    expect(whole.ok && whole.page.truncated).toBe(false)
    const cut = await fetchPage(`${base}/gz`, { addressPolicy: loopback, maxBytes: 10_000 })
    expect(cut.ok && cut.page.body.length).toBe(10_000)
    expect(cut.ok && cut.page.truncated).toBe(true)
  })
})
