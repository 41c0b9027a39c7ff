import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWebServer, type KeelWebServer } from '../../../src/main/web/web-server'
import { createWebApiClient, webSocketUrlFor, type WebSocketLike } from '../../../src/renderer/src/api/web-api-client'
import type { RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { webSocketProtocols } from '../../../src/shared/ipc/web-socket-protocol'
import { countRows, startAppWorld, type AppWorld } from '../app/app-helpers'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A raw HTTP GET: the path is sent exactly as given (no URL normalization on the client side). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

type SocketOutcome =
  | { outcome: 'open'; ws: WebSocket; protocol: string; responseHeaders: Record<string, string | string[] | undefined> }
  | { outcome: 'refused'; status: number | undefined; responseHeaders: Record<string, string | string[] | undefined> }

/** Opens a socket (`protocols` go in `Sec-WebSocket-Protocol`); resolves 'open' or the handshake's refusal. */
function tryWebSocket(url: string, protocols: string[], headers: Record<string, string>): Promise<SocketOutcome> {
  return new Promise((resolve) => {
    let responseHeaders: Record<string, string | string[] | undefined> = {}
    const ws = new WebSocket(url, protocols, { headers })
    ws.on('upgrade', (res) => (responseHeaders = res.headers))
    ws.on('open', () => resolve({ outcome: 'open', ws, protocol: ws.protocol, responseHeaders }))
    ws.on('unexpected-response', (_req, res) => {
      resolve({ outcome: 'refused', status: res.statusCode, responseHeaders: res.headers })
      ws.terminate()
    })
    ws.on('error', () => resolve({ outcome: 'refused', status: undefined, responseHeaders }))
  })
}

describe('browser mode', () => {
  let world: AppWorld
  let web: KeelWebServer
  let renderer: string
  const INDEX = '<!doctype html><title>Keel</title><script type="module" src="/assets/app.js"></script>'

  beforeAll(async () => {
    world = await startAppWorld()
    renderer = mkdtempSync(join(tmpdir(), 'keel-renderer-'))
    mkdirSync(join(renderer, 'assets'))
    writeFileSync(join(renderer, 'index.html'), INDEX)
    writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log("keel")')
    writeFileSync(join(renderer, 'assets', 'style.css'), 'body{}')
    web = await startWebServer({ service: world.service, rendererDir: renderer })
  })
  afterAll(async () => {
    await web.close()
    await world.close()
    rmSync(renderer, { recursive: true, force: true })
  })

  it('binds 127.0.0.1 only and prints the URL with ≥128 bits of token in its fragment', async () => {
    expect(web.origin).toBe(`http://127.0.0.1:${web.port}`)
    // The fragment is never sent to a server: not to Keel's, not to another one in a Referer.
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/#token=${web.token}`)
    expect(Buffer.from(web.token, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(web.token).toMatch(/^[A-Za-z0-9_-]+$/) // valid inside a Sec-WebSocket-Protocol entry
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === 'IPv4')
      .map((i) => i!.address)
    for (const address of [...others, '::1']) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = connect({ host: address, port: web.port }, () => {
          socket.destroy()
          resolve(true)
        })
        socket.on('error', () => resolve(false))
      })
      expect(reached, address).toBe(false)
    }
  })

  it('serves the static renderer for its exact Host only, with strict headers', async () => {
    const page = await get(web.port, '/')
    expect(page.status).toBe(200)
    expect(page.body).toBe(INDEX)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain(`connect-src 'self' ws://127.0.0.1:${web.port};`)
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin')
    const js = await get(web.port, '/assets/app.js')
    expect(js.status).toBe(200)
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect((await get(web.port, '/assets/style.css')).headers['content-type']).toBe('text/css; charset=utf-8')
    expect((await get(web.port, '/assets/missing.js')).status).toBe(404)
    expect((await get(web.port, '/assets/')).status).toBe(404)
    // DNS rebinding: any other Host is refused, whatever else the request carries.
    for (const host of [
      `evil.example:${web.port}`,
      `localhost:${web.port}`,
      '127.0.0.1',
      `127.0.0.1:${web.port + 1}`,
    ]) {
      const response = await get(web.port, '/', { host })
      expect(response.status, host).toBe(403)
      expect(response.body).toBe('Forbidden')
    }
  })

  it('serves files only to its own page or a top-level navigation (Fetch Metadata), not to other pages on 127.0.0.1', async () => {
    const allowed: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'script' },
      { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' },
    ]
    const refused: Record<string, string>[] = [
      // 127.0.0.1:3000 → 127.0.0.1:N is same-site (ports do not make sites): a fetch, a <script>, a frame.
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' },
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
    ]
    for (const headers of allowed) expect((await get(web.port, '/', headers)).status, JSON.stringify(headers)).toBe(200)
    for (const headers of refused) {
      const response = await get(web.port, '/assets/app.js', headers)
      expect(response.status, JSON.stringify(headers)).toBe(403)
      expect(response.body).toBe('Forbidden')
    }
  })

  it('never sets a cookie: not on pages, assets, errors, a tokened URL, nor the WebSocket handshake', async () => {
    const responses = [
      await get(web.port, '/'),
      await get(web.port, `/?token=${web.token}`),
      await get(web.port, `/index.html?token=${web.token}`),
      await get(web.port, '/assets/app.js'),
      await get(web.port, '/missing.js'),
      await get(web.port, '/', { host: 'evil.example' }),
      await get(web.port, '/', { cookie: `keel_token=${web.token}` }),
    ]
    for (const response of responses) expect(response.headers['set-cookie']).toBeUndefined()
    const opened = await tryWebSocket(`ws://127.0.0.1:${web.port}/ws`, webSocketProtocols(web.token), {
      origin: web.origin,
    })
    if (opened.outcome !== 'open') throw new Error('not opened')
    opened.ws.terminate()
    expect(opened.responseHeaders['set-cookie']).toBeUndefined()
    const refused = await tryWebSocket(`ws://127.0.0.1:${web.port}/ws`, ['keel'], { origin: web.origin })
    expect(refused.responseHeaders['set-cookie']).toBeUndefined()
  })

  it('refuses path traversal in every spelling', async () => {
    for (const path of [
      '/../package.json',
      '/assets/../../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E%2Fpackage.json',
      '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
      '/..%5cpackage.json',
      '/%2e%2e%5c..%5cpackage.json',
      '/assets/..%2F..%2Ftsconfig.json',
      '/%00index.html',
      '//etc/passwd',
      '/C:%5cWindows%5cwin.ini',
    ]) {
      const response = await get(web.port, path)
      expect([400, 403, 404], path).toContain(response.status)
      expect(response.body).not.toContain('"name": "keel"')
      expect(response.body).not.toContain('compilerOptions')
    }
  })

  it('refuses the WebSocket handshake without the token, with a wrong one, or from another Origin or Host; no command runs', async () => {
    const url = `ws://127.0.0.1:${web.port}/ws`
    const origin = web.origin
    const right = webSocketProtocols(web.token)
    const wrongToken = `${web.token.slice(0, -1)}${web.token.endsWith('A') ? 'B' : 'A'}`
    const cases: [string, string, string[], Record<string, string>][] = [
      ['no token', url, ['keel'], { origin }],
      ['no subprotocol at all', url, [], { origin }],
      ['a wrong token', url, webSocketProtocols(wrongToken), { origin }],
      ['a longer token', url, webSocketProtocols(`${web.token}x`), { origin }],
      ['an empty token', url, ['keel', 'keel.token.'], { origin }],
      ['the token in the query only', `${url}?token=${web.token}`, ['keel'], { origin }],
      ['the token as a cookie only', url, ['keel'], { origin, cookie: `keel_token=${web.token}` }],
      ['the token without the keel protocol', url, [right[1]], { origin }],
      ['the right and a wrong token', url, [...right, `keel.token.${wrongToken}`], { origin }],
      ['no Origin', url, right, {}],
      ['another site', url, right, { origin: 'http://evil.example' }],
      ['another port on 127.0.0.1', url, right, { origin: `http://127.0.0.1:${web.port + 1}` }],
      ['localhost', url, right, { origin: `http://localhost:${web.port}` }],
      ['an opaque Origin', url, right, { origin: 'null' }],
      ['another Host (DNS rebinding)', url, right, { origin, host: `evil.example:${web.port}` }],
      ['Host localhost', url, right, { origin, host: `localhost:${web.port}` }],
      ['another path', `ws://127.0.0.1:${web.port}/other`, right, { origin }],
      ['a query on the path', `${url}?x=1`, right, { origin }],
    ]
    for (const [label, target, protocols, headers] of cases) {
      const result = await tryWebSocket(target, protocols, headers)
      if (result.outcome === 'open') result.ws.terminate()
      expect(result, label).toMatchObject({ outcome: 'refused', status: 403 })
    }
    expect(countRows(world.store, 'conversations')).toBe(0)
    expect(world.server.requests).toHaveLength(0)
  })

  it('accepts the token on the handshake from its own Origin and Host; selects `keel`, never echoes the token', async () => {
    // An explicit Host equal to the real one is accepted (the refusals above are about the value, not the header being set).
    const opened = await tryWebSocket(`ws://127.0.0.1:${web.port}/ws`, webSocketProtocols(web.token), {
      origin: web.origin,
      host: `127.0.0.1:${web.port}`,
    })
    if (opened.outcome !== 'open') throw new Error(`refused: ${opened.status}`)
    try {
      expect(opened.protocol).toBe('keel')
      expect(opened.responseHeaders['sec-websocket-protocol']).toBe('keel')
      expect(JSON.stringify(opened.responseHeaders)).not.toContain(web.token)
      const reply = new Promise<unknown>((resolve) =>
        opened.ws.once('message', (data) => resolve(JSON.parse(String(data)))),
      )
      opened.ws.send(JSON.stringify({ id: 1, command: 'settings.get', payload: {} }))
      expect(await reply).toMatchObject({ id: 1, result: { ok: true } })
    } finally {
      opened.ws.terminate()
    }
  })

  it('the page client: `opened` is false and calls fail cleanly when the token is refused or malformed', async () => {
    const url = webSocketUrlFor({ protocol: 'http:', host: `127.0.0.1:${web.port}` })
    expect(url).toBe(`ws://127.0.0.1:${web.port}/ws`)
    const createSocket = (target: string, protocols: string[]) =>
      new WebSocket(target, protocols, { origin: web.origin }) as unknown as WebSocketLike
    for (const token of ['wrong', 'has space']) {
      const api = createWebApiClient({ token, url, createSocket })
      expect(await api.opened, token).toBe(false)
      expect(await api['settings.get']({})).toMatchObject({ ok: false, error: { kind: 'internal', retryable: true } })
      api.close()
    }
    expect(world.server.requests).toHaveLength(0)
  })

  it('with the token and its own Origin: the full API, a turn streamed to this socket only', async () => {
    const url = webSocketUrlFor({ protocol: 'http:', host: `127.0.0.1:${web.port}` })
    const createSocket = (target: string, protocols: string[]) =>
      new WebSocket(target, protocols, { origin: web.origin }) as unknown as WebSocketLike
    const api = createWebApiClient({ token: web.token, url, createSocket })
    const other = createWebApiClient({ token: web.token, url, createSocket })
    const mine: RunEventEnvelope[] = []
    const theirs: RunEventEnvelope[] = []
    api.onRunEvent((e) => mine.push(e))
    other.onRunEvent((e) => theirs.push(e))
    try {
      expect(await api.opened).toBe(true)
      expect(await api['settings.get']({})).toMatchObject({ ok: true, value: { keyStorage: 'memory-only' } })
      expect(await api['turns.start']({ text: '' })).toMatchObject({ ok: false, error: { kind: 'validation' } })
      world.server.enqueue({ type: 'turn', text: 'Hello from the simulated provider.' })
      const started = await api['turns.start']({ text: 'Hello', provider: 'anthropic' })
      if (!started.ok) throw new Error(started.error.message)
      const deadline = Date.now() + 10_000
      while (!mine.some((e) => e.event.type === 'run-end') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10))
      expect(mine.every((e) => e.runId === started.value.runId)).toBe(true)
      expect(mine[0]!.event.type).toBe('run-start')
      expect(mine.at(-1)!.event).toMatchObject({ type: 'run-end', status: 'completed' })
      const text = mine
        .flatMap((e) => (e.event.type === 'stream' && e.event.event.type === 'text-delta' ? [e.event.event.delta] : []))
        .join('')
      expect(text).toBe('Hello from the simulated provider.')
      expect(theirs).toEqual([])
      const list = await other['conversations.list']({})
      expect(list).toMatchObject({ ok: true, value: [{ title: 'Hello', messageCount: 2 }] })
    } finally {
      api.close()
      other.close()
    }
  })

  it('answers malformed messages with a validation error and keeps the socket', async () => {
    const opened = await tryWebSocket(`ws://127.0.0.1:${web.port}/ws`, webSocketProtocols(web.token), {
      origin: web.origin,
    })
    if (opened.outcome !== 'open') throw new Error('not opened')
    const ws = opened.ws
    const replies: unknown[] = []
    ws.on('message', (data) => replies.push(JSON.parse(String(data))))
    ws.send('not json')
    ws.send(JSON.stringify({ id: 1, command: 'nope', payload: {} }))
    ws.send(JSON.stringify({ id: 2, command: 'conversations.list' }))
    ws.send(JSON.stringify({ id: 3, command: 'conversations.list', payload: {} }))
    const deadline = Date.now() + 5_000
    while (replies.length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    ws.terminate()
    expect(replies).toContainEqual({
      id: null,
      result: expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'validation' }) }),
    })
    expect(replies).toContainEqual({
      id: 1,
      result: expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'validation' }) }),
    })
    expect(replies).toContainEqual({
      id: 2,
      result: expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'validation' }) }),
    })
    expect(replies).toContainEqual({ id: 3, result: expect.objectContaining({ ok: true }) })
  })

  it('closing the socket (a page reloading) does not stop its run: the next socket attaches and follows it to the end', async () => {
    const opened = await tryWebSocket(`ws://127.0.0.1:${web.port}/ws`, webSocketProtocols(web.token), {
      origin: web.origin,
    })
    if (opened.outcome !== 'open') throw new Error('not opened')
    const ws = opened.ws
    world.server.enqueue({ type: 'turn', text: 'one two three four five six seven eight', faults: { delayMs: 40 } })
    const gotStream = new Promise<void>((resolve) =>
      ws.on('message', (data) => String(data).includes('"stream"') && resolve()),
    )
    ws.send(JSON.stringify({ id: 'a', command: 'turns.start', payload: { text: 'Count slowly' } }))
    await gotStream
    ws.close()
    await new Promise((r) => setTimeout(r, 50))

    const api = createWebApiClient({
      token: web.token,
      url: `ws://127.0.0.1:${web.port}/ws`,
      createSocket: (url, protocols) =>
        new WebSocket(url, protocols, { origin: web.origin }) as unknown as WebSocketLike,
    })
    const envelopes: RunEventEnvelope[] = []
    const ended = new Promise<void>((resolve) =>
      api.onRunEvent((envelope) => {
        envelopes.push(envelope)
        if (envelope.event.type === 'run-end') resolve()
      }),
    )
    const attached = await api['runs.attach']({})
    if (!attached.ok) throw new Error(attached.error.message)
    expect(attached.value.runs).toHaveLength(1)
    await ended
    await world.service.whenIdle()
    api.close()
    expect(envelopes.at(-1)?.event).toMatchObject({ type: 'run-end', status: 'completed' })
    const row = world.store.db
      .prepare(
        `SELECT status, interrupt_reason FROM messages WHERE role = 'assistant' ORDER BY created_at DESC, rowid DESC LIMIT 1`,
      )
      .get()
    expect(row).toEqual({ status: 'complete', interrupt_reason: null })
  })
})
