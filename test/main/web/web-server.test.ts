import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { networkInterfaces, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWebServer, type KeelWebServer } from '../../../src/main/web/web-server'
import { createWebApiClient, webSocketUrlFor, type WebSocketLike } from '../../../src/renderer/src/lib/web-api-client'
import type { RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { countRows, startAppWorld, type AppWorld } from '../app/app-helpers'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** A raw HTTP GET: the path is sent exactly as given (no URL normalization on the client side). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Opens a socket; resolves 'open' or the handshake's refusal. */
function tryWebSocket(url: string, headers: Record<string, string>): Promise<{ outcome: 'open'; ws: WebSocket } | { outcome: 'refused'; status: number | undefined }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers })
    ws.on('open', () => resolve({ outcome: 'open', ws }))
    ws.on('unexpected-response', (_req, res) => {
      resolve({ outcome: 'refused', status: res.statusCode })
      ws.terminate()
    })
    ws.on('error', () => resolve({ outcome: 'refused', status: undefined }))
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

  it('binds 127.0.0.1 only and prints a tokened URL with ≥128 bits of token', async () => {
    expect(web.origin).toBe(`http://127.0.0.1:${web.port}`)
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/?token=${web.token}`)
    expect(Buffer.from(web.token, 'base64url').length).toBeGreaterThanOrEqual(16)
    const others = Object.values(networkInterfaces()).flat().filter((i) => i && !i.internal && i.family === 'IPv4').map((i) => i!.address)
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

  it('serves nothing without the right token', async () => {
    for (const path of ['/', '/index.html', '/assets/app.js', `/?token=${web.token.slice(0, -1)}x`, '/?token=', `/?token=${web.token}extra`]) {
      const response = await get(web.port, path)
      expect(response.status, path).toBe(403)
      expect(response.body).toBe('Forbidden')
      expect(response.headers['set-cookie']).toBeUndefined()
      expect(response.headers['content-type']).toContain('text/plain')
    }
    // The right token with another Host (DNS rebinding) is refused too.
    expect((await get(web.port, `/?token=${web.token}`, { host: `evil.example:${web.port}` })).status).toBe(403)
  })

  it('serves the page with the token, then its assets with the cookie it set; strict headers', async () => {
    const page = await get(web.port, `/?token=${web.token}`)
    expect(page.status).toBe(200)
    expect(page.body).toBe(INDEX)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    const cookie = String(page.headers['set-cookie']).split(';')[0]!
    expect(String(page.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/)
    const js = await get(web.port, '/assets/app.js', { cookie })
    expect(js.status).toBe(200)
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect((await get(web.port, '/assets/style.css', { cookie })).headers['content-type']).toBe('text/css; charset=utf-8')
    expect((await get(web.port, '/assets/app.js', { cookie: 'keel_token=wrong' })).status).toBe(403)
    expect((await get(web.port, '/assets/missing.js', { cookie })).status).toBe(404)
    expect((await get(web.port, '/assets/', { cookie })).status).toBe(404)
  })

  it('refuses path traversal in every spelling', async () => {
    const cookie = `keel_token=${web.token}`
    for (const path of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json', '/%2E%2E%2Fpackage.json', '/assets/%2e%2e%2f%2e%2e%2fpackage.json', '/..%5cpackage.json', '/%2e%2e%5c..%5cpackage.json', '/assets/..%2F..%2Ftsconfig.json', '/%00index.html', '//etc/passwd', '/C:%5cWindows%5cwin.ini']) {
      const response = await get(web.port, path, { cookie })
      expect([400, 403, 404], path).toContain(response.status)
      expect(response.body).not.toContain('"name": "keel"')
      expect(response.body).not.toContain('compilerOptions')
    }
  })

  it('refuses a WebSocket with a wrong or missing token or Origin, and no command runs', async () => {
    const url = `ws://127.0.0.1:${web.port}/ws`
    const origin = web.origin
    const cases: [string, Record<string, string>][] = [
      [`${url}?token=${web.token}`, {}], // no Origin
      [`${url}?token=${web.token}`, { origin: 'http://evil.example' }],
      [`${url}?token=${web.token}`, { origin: `http://localhost:${web.port}` }],
      [`${url}?token=${web.token}`, { origin: 'null' }],
      [`${url}?token=wrong`, { origin }],
      [url, { origin }], // no token
      [url, { origin, cookie: 'keel_token=wrong' }],
      [`ws://127.0.0.1:${web.port}/other?token=${web.token}`, { origin }],
    ]
    for (const [target, headers] of cases) {
      const result = await tryWebSocket(target, headers)
      if (result.outcome === 'open') result.ws.terminate()
      expect(result.outcome, `${target} ${JSON.stringify(headers)}`).toBe('refused')
    }
    expect(countRows(world.store, 'conversations')).toBe(0)
    expect(world.server.requests).toHaveLength(0)
  })

  it('with the token and its own Origin: the full API, a turn streamed to this socket only', async () => {
    const url = webSocketUrlFor({ protocol: 'http:', host: `127.0.0.1:${web.port}`, search: `?token=${web.token}` })
    const createSocket = (target: string) => new WebSocket(target, { origin: web.origin }) as unknown as WebSocketLike
    const api = createWebApiClient({ url, createSocket })
    const other = createWebApiClient({ url, createSocket })
    const mine: RunEventEnvelope[] = []
    const theirs: RunEventEnvelope[] = []
    api.onRunEvent((e) => mine.push(e))
    other.onRunEvent((e) => theirs.push(e))
    try {
      expect(await api['settings.get']({})).toMatchObject({ ok: true, value: { keyStorage: 'memory-only' } })
      expect(await api['turns.start']({ text: '' })).toMatchObject({ ok: false, error: { kind: 'validation' } })
      world.server.enqueue({ type: 'turn', text: 'Hello from the simulated provider.' })
      const started = await api['turns.start']({ text: 'Hello', provider: 'anthropic' })
      if (!started.ok) throw new Error(started.error.message)
      const deadline = Date.now() + 10_000
      while (!mine.some((e) => e.event.type === 'run-end') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
      expect(mine.every((e) => e.runId === started.value.runId)).toBe(true)
      expect(mine[0]!.event.type).toBe('run-start')
      expect(mine.at(-1)!.event).toMatchObject({ type: 'run-end', status: 'completed' })
      const text = mine.flatMap((e) => (e.event.type === 'stream' && e.event.event.type === 'text-delta' ? [e.event.event.delta] : [])).join('')
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
    const opened = await tryWebSocket(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, { origin: web.origin })
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
    expect(replies).toContainEqual({ id: null, result: expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'validation' }) }) })
    expect(replies).toContainEqual({ id: 1, result: expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'validation' }) }) })
    expect(replies).toContainEqual({ id: 2, result: expect.objectContaining({ ok: false, error: expect.objectContaining({ kind: 'validation' }) }) })
    expect(replies).toContainEqual({ id: 3, result: expect.objectContaining({ ok: true }) })
  })

  it('closing the socket stops its run', async () => {
    const opened = await tryWebSocket(`ws://127.0.0.1:${web.port}/ws?token=${web.token}`, { origin: web.origin })
    if (opened.outcome !== 'open') throw new Error('not opened')
    const ws = opened.ws
    world.server.enqueue({ type: 'turn', text: 'one two three four five six', faults: { stallAfterEvents: 2 } })
    const gotStream = new Promise<void>((resolve) => ws.on('message', (data) => String(data).includes('"stream"') && resolve()))
    ws.send(JSON.stringify({ id: 'a', command: 'turns.start', payload: { text: 'Count slowly' } }))
    await gotStream
    ws.close()
    await new Promise((r) => setTimeout(r, 50))
    await world.service.whenIdle()
    const row = world.store.db.prepare(`SELECT status, interrupt_reason FROM messages WHERE role = 'assistant' ORDER BY created_at DESC, rowid DESC LIMIT 1`).get()
    expect(row).toEqual({ status: 'interrupted', interrupt_reason: 'user-stop' })
  })
})
