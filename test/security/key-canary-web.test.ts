// The key canary in browser mode: every WebSocket frame the page receives (run events, command
// results, diagnostics), and the database file and its WAL, for all five providers and every
// echo path (see key-canary-support.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startWebServer, type KeelWebServer } from '../../src/main/web/web-server'
import { webSocketProtocols } from '../../src/shared/ipc/web-socket-protocol'
import { PROVIDER_IDS } from '../../src/shared/provider-id'
import { startAppWorld } from '../main/app/app-helpers'
import { PROVIDER_DEFAULTS } from '../../src/main/providers/provider-config'
import {
  ECHO_PATHS,
  echoingResponder,
  expectEchoHappened,
  expectNoCanary,
  expectNoCanaryOnDisk,
  newCanary,
} from './key-canary-support'

let renderer: string
beforeAll(() => {
  renderer = mkdtempSync(join(tmpdir(), 'keel-canary-renderer-'))
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Keel</title>')
})
afterAll(() => rmSync(renderer, { recursive: true, force: true }))

/** A page's socket: sends commands, keeps every frame it receives as text. */
async function openSocket(web: KeelWebServer): Promise<{
  frames: string[]
  call(command: string, payload: unknown): Promise<{ ok: boolean; value?: unknown }>
  close(): void
}> {
  const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws`, webSocketProtocols(web.token), {
    headers: { origin: web.origin },
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const frames: string[] = []
  const waiting = new Map<number, (result: { ok: boolean; value?: unknown }) => void>()
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8')
    frames.push(text)
    const message = JSON.parse(text) as { id?: number; result?: { ok: boolean; value?: unknown } }
    if (typeof message.id === 'number' && message.result) waiting.get(message.id)?.(message.result)
  })
  let next = 1
  return {
    frames,
    call: (command, payload) =>
      new Promise((resolve) => {
        const id = next++
        waiting.set(id, resolve)
        ws.send(JSON.stringify({ id, command, payload }))
      }),
    close: () => ws.close(),
  }
}

const CASES = PROVIDER_IDS.flatMap((provider) => ECHO_PATHS.map((path) => ({ provider, path })))

describe.each(CASES)('key canary in browser mode: $provider, $path', ({ provider, path }) => {
  it('no WebSocket frame and nothing on disk carries the key', async () => {
    const canary = newCanary(path)
    // A key fetch refuses can only come from the environment (keys.set refuses it); the others are saved through the page.
    const fromEnvironment = path === 'fetch-invalid-header'
    const world = await startAppWorld({
      env: {
        KEEL_DEFAULT_PROVIDER: provider,
        ...(fromEnvironment ? { [PROVIDER_DEFAULTS[provider].keyVariable]: canary.key } : {}),
      },
    })
    const web = await startWebServer({ service: world.service, rendererDir: renderer })
    try {
      world.server.respond = echoingResponder(provider, path)
      const page = await openSocket(web)
      if (!fromEnvironment) expect((await page.call('keys.set', { provider, key: canary.key })).ok).toBe(true)
      expect((await page.call('turns.start', { text: 'What is my key?', provider })).ok).toBe(true)
      await world.service.whenIdle()
      await expect.poll(() => page.frames.some((frame) => frame.includes('"run-end"'))).toBe(true)
      const list = (await page.call('conversations.list', {})) as { ok: true; value: { id: string }[] }
      for (const conversation of list.value) await page.call('conversations.open', { conversationId: conversation.id })
      await page.call('settings.get', {})
      await page.call('providers.test', { provider })
      page.close()
      expectEchoHappened(world.server, path, canary)
      expectNoCanary('WebSocket frames', page.frames.join('\n'), canary)
      if (path === 'streamed-text') expect(page.frames.join('\n')).toContain('[redacted]')
      else expect(page.frames.some((frame) => frame.includes('"diagnostics"'))).toBe(true)
      expectNoCanaryOnDisk(world.dbPath, canary)
    } finally {
      await web.close()
      await world.close()
    }
  })
})
