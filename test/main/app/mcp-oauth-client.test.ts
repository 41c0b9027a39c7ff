// A client the user registered by hand with a remote server's authorization server, entered in the
// server's settings: its id is in the config, its secret in the key vault only (never in an answer
// to the window, nor in SQLite); a sign-in uses it instead of registering, through the whole core
// and real loopback HTTP (the test OAuth server, which knows that client).
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { followAuthorizationRedirect } from '../../../src/main/mcp/mcp-conformance-client'
import { McpOAuthVault } from '../../../src/main/mcp/mcp-oauth-vault'
import type { McpServerView } from '../../../src/shared/mcp'
import { startOAuthMcpServer } from '../../support/mcp/oauth-mcp-server.mjs'
import { TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { type AppWorld, startAppWorld } from './app-helpers'
import { waitUntil } from '../../support/wait-until'

const CLIENT = { client_id: 'keel-by-hand-client', client_secret: 'client-secret-canary-5e1f0c7a9b3d' }

let world: AppWorld | undefined
let oauthServer: Awaited<ReturnType<typeof startOAuthMcpServer>> | undefined
afterEach(async () => {
  await world?.close()
  world = undefined
  await oauthServer?.close()
  oauthServer = undefined
})

describe('a hand-registered OAuth client entered in the server’s settings', () => {
  it('is used instead of registering; its secret stays in the vault', async () => {
    oauthServer = await startOAuthMcpServer({ preRegistered: CLIENT })
    world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
    const client = world.client('window')
    const saved = await client.value('mcp.save', {
      name: 'Remote',
      transport: 'http',
      url: oauthServer.url,
      oauthClient: { clientId: CLIENT.client_id, secret: CLIENT.client_secret },
    })
    const id = saved.config.id
    expect(saved.config.oauthClient).toEqual({ clientId: CLIENT.client_id, secretSet: true })
    await client.value('mcp.consent', { serverId: id, fingerprint: saved.fingerprint })
    const view = async () =>
      (await client.value('mcp.list', {})).find((candidate: McpServerView) => candidate.config.id === id)
    await waitUntil('needs sign-in', async () => ((await view())?.oauth?.state === 'needs-sign-in' ? true : undefined))

    const start = await client.value('mcp.signIn', { serverId: id })
    if (start.kind !== 'browser') throw new Error('expected a browser sign-in')
    expect(new URL(start.authorizationUrl).searchParams.get('client_id')).toBe(CLIENT.client_id)
    await followAuthorizationRedirect(new URL(start.authorizationUrl))
    await waitUntil('signed in and ready', async () => {
      const current = await view()
      return current?.oauth?.state === 'signed-in' && current.status.state === 'ready' ? true : undefined
    })
    expect(oauthServer.registrations).toEqual([])
    // Kept with the tokens it got, for a background refresh.
    expect(new McpOAuthVault(world.vault).latest(id)?.client).toMatchObject(CLIENT)

    // Editing other fields keeps it; the secret never reaches the window or SQLite.
    const edited = await client.value('mcp.save', {
      serverId: id,
      name: 'Remote',
      transport: 'http',
      url: oauthServer.url,
      timeoutMs: 20_000,
    })
    expect(edited.config.oauthClient).toEqual({ clientId: CLIENT.client_id, secretSet: true })
    expect(client.sent.join('\n')).not.toContain(CLIENT.client_secret)
    world.store.db.pragma('wal_checkpoint(TRUNCATE)')
    expect(readFileSync(world.dbPath).includes(CLIENT.client_secret)).toBe(false)

    // Forgotten (with its secret) when the user clears it, and when the server is removed.
    const cleared = await client.value('mcp.save', {
      serverId: id,
      name: 'Remote',
      transport: 'http',
      url: oauthServer.url,
      oauthClient: null,
    })
    expect(cleared.config.oauthClient).toBeUndefined()
    expect(world.vault.ids()).not.toContain(`mcp:${id}:client:secret`)
    await client.value('mcp.save', {
      serverId: id,
      name: 'Remote',
      transport: 'http',
      url: oauthServer.url,
      oauthClient: { clientId: CLIENT.client_id, secret: CLIENT.client_secret },
    })
    await client.value('mcp.remove', { serverId: id })
    expect(world.vault.ids().filter((key) => key.startsWith(`mcp:${id}:`))).toEqual([])
  }, 60_000)

  it('without one, Keel registers a client (dynamic registration)', async () => {
    oauthServer = await startOAuthMcpServer()
    world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
    const client = world.client('window')
    const saved = await client.value('mcp.save', { name: 'Remote', transport: 'http', url: oauthServer.url })
    await client.value('mcp.consent', { serverId: saved.config.id, fingerprint: saved.fingerprint })
    const start = await waitUntil('a sign-in page', async () => {
      const answer = await client.call('mcp.signIn', { serverId: saved.config.id })
      return answer.ok && answer.value.kind === 'browser' ? answer.value : undefined
    })
    expect(new URL(start.authorizationUrl).searchParams.get('client_id')).not.toBe(CLIENT.client_id)
    expect(oauthServer.registrations).toEqual(['POST'])
  }, 60_000)
})
