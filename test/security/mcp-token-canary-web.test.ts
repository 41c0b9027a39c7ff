// The OAuth token canary in browser mode: the local authorization server issues tokens that carry
// a canary (access and refresh), the page signs in to the remote MCP server over the WebSocket,
// reads its status, restarts it, lists and runs its tool through a turn, and signs out. No
// WebSocket frame, nothing the main process writes to stdout or stderr, neither the database file
// (with its WAL) nor an export carries any token or the client secret the registration gave.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { writeExport } from '../../src/main/export/store-export'
import { followAuthorizationRedirect } from '../../src/main/mcp/mcp-conformance-client'
import { McpOAuthVault } from '../../src/main/mcp/mcp-oauth-vault'
import { startWebServer, type KeelWebServer } from '../../src/main/web/web-server'
import { webSocketProtocols } from '../../src/shared/ipc/web-socket-protocol'
import type { McpServerView } from '../../src/shared/mcp'
import { startAppWorld } from '../main/app/app-helpers'
import { startOAuthMcpServer } from '../support/mcp/oauth-mcp-server.mjs'
import { TEST_OPTIONS } from '../support/mcp/mcp-test-servers'
import { type Canary, expectNoCanary, expectNoCanaryOnDisk } from './key-canary-support'
import { waitUntil } from '../support/wait-until'

let renderer: string
beforeAll(() => {
  renderer = mkdtempSync(join(tmpdir(), 'keel-canary-renderer-'))
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Keel</title>')
})
afterAll(() => rmSync(renderer, { recursive: true, force: true }))
afterEach(() => vi.restoreAllMocks())

type Result = { ok: boolean; value?: unknown; error?: unknown }

/** A page's socket: sends commands, keeps every frame it receives as text. */
async function openSocket(web: KeelWebServer) {
  const ws = new WebSocket(`ws://127.0.0.1:${web.port}/ws`, webSocketProtocols(web.token), {
    headers: { origin: web.origin },
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const frames: string[] = []
  const waiting = new Map<number, (result: Result) => void>()
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8')
    frames.push(text)
    const message = JSON.parse(text) as { id?: number; result?: Result }
    if (typeof message.id === 'number' && message.result) waiting.get(message.id)?.(message.result)
  })
  let next = 1
  const call = (command: string, payload: unknown) =>
    new Promise<Result>((resolve) => {
      const id = next++
      waiting.set(id, resolve)
      ws.send(JSON.stringify({ id, command, payload }))
    })
  const value = async <T>(command: string, payload: unknown): Promise<T> => {
    const result = await call(command, payload)
    if (!result.ok) throw new Error(`${command}: ${JSON.stringify(result.error)}`)
    return result.value as T
  }
  return { frames, call, value, close: () => ws.close() }
}

/** Everything the main process writes to stdout and stderr meanwhile (still written through). */
function captureOutput(): () => string {
  let text = ''
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream)
    vi.spyOn(stream, 'write').mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest)
    }) as typeof stream.write)
  }
  return () => text
}

describe('OAuth token canary in browser mode', () => {
  it('no token reaches a WebSocket frame, stdout, stderr, the database file or an export', async () => {
    const marker = randomBytes(12).toString('hex')
    const oauthServer = await startOAuthMcpServer({ tokenPrefix: `oat-canary-${marker}-` })
    const output = captureOutput()
    const world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
    const web = await startWebServer({ service: world.service, rendererDir: renderer })
    try {
      const page = await openSocket(web)
      const list = async (id: string) =>
        (await page.value<McpServerView[]>('mcp.list', {})).find((view) => view.config.id === id)
      const saved = await page.value<McpServerView>('mcp.save', {
        name: 'Remote',
        transport: 'http',
        url: oauthServer.url,
      })
      const id = saved.config.id
      await page.value('mcp.consent', { serverId: id, fingerprint: saved.fingerprint })
      await waitUntil('needs sign-in', async () =>
        (await list(id))?.oauth?.state === 'needs-sign-in' ? true : undefined,
      )

      const start = await page.value<{ kind: string; authorizationUrl: string }>('mcp.signIn', { serverId: id })
      await followAuthorizationRedirect(new URL(start.authorizationUrl))
      await waitUntil('signed in and ready', async () => {
        const view = await list(id)
        return view?.oauth?.state === 'signed-in' && view.status.state === 'ready' ? view : undefined
      })
      // Every secret the sign-in gave Keel: the canary tokens, and the client secret from registration.
      const record = new McpOAuthVault(world.vault).latest(id)
      const secrets = [record?.tokens?.access_token, record?.tokens?.refresh_token, record?.client?.client_secret]
      expect(secrets.every((secret) => typeof secret === 'string' && secret.length > 16)).toBe(true)
      expect(record?.tokens?.access_token).toContain(marker)
      const canary: Canary = { key: secrets[0] ?? '', markers: [marker, ...(secrets as string[])] }

      // Status, a restart with the saved token, the tools, a feature it lacks, the stderr view.
      await page.value('mcp.restart', { serverId: id })
      await waitUntil('ready again', async () => ((await list(id))?.status.state === 'ready' ? true : undefined))
      expect((await list(id))?.tools.map((tool) => tool.name)).toEqual(['whoami'])
      expect((await page.call('mcp.resources', { serverId: id })).ok).toBe(false)
      await page.call('mcp.stderr', { serverId: id })

      // The model runs the signed-in server's tool in a turn (approved from the page).
      world.server.enqueue(
        { type: 'turn', toolCalls: [{ name: `mcp__${id}__whoami`, arguments: {} }] },
        { type: 'turn', text: 'Done.' },
      )
      const { runId } = await page.value<{ runId: string }>('turns.start', { text: 'who am I?' })
      await waitUntil('the turn ends', async () => {
        for (const frame of page.frames) {
          const approval = /"approvalId":"([^"]+)"/.exec(frame)?.[1]
          if (approval && frame.includes('approval-request') && frame.includes(runId))
            await page.call('approvals.answer', { approvalId: approval, decision: 'approve' })
        }
        return page.frames.some((frame) => frame.includes('"run-end"') && frame.includes(runId)) ? true : undefined
      })
      await world.service.whenIdle()
      expect(page.frames.join('\n')).toContain('hello, signed-in user')
      const conversations = await page.value<{ id: string }[]>('conversations.list', {})
      for (const conversation of conversations)
        await page.call('conversations.open', { conversationId: conversation.id })
      await page.call('settings.get', {})

      expect(await page.value('mcp.signOut', { serverId: id })).toEqual({ signedOut: true })
      page.close()

      expectNoCanary('WebSocket frames', page.frames.join('\n'), canary)
      expectNoCanary('stdout and stderr', output(), canary)
      world.store.db.pragma('wal_checkpoint(TRUNCATE)')
      expectNoCanaryOnDisk(world.dbPath, canary)
      let exported = ''
      await writeExport(
        world.store,
        new Writable({
          write(chunk, _encoding, done) {
            exported += String(chunk)
            done()
          },
        }),
      )
      expect(exported).toContain('who am I?')
      expectNoCanary('an export', exported, canary)
    } finally {
      await web.close()
      await world.close()
      await oauthServer.close()
    }
  }, 90_000)
})
