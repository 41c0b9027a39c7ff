// A remote server's sign-in state as a type, and a sign-in that ends because the user changed the
// server, through the whole core and real loopback HTTP (the test OAuth authorization server + MCP
// endpoint in test/support). The view's `oauth` and the status's `auth` are codes, read from the
// connection's typed cause; removing, turning off or moving a server while its browser sign-in
// waits closes the loopback listener, and nothing is kept in the vault for it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { McpSignInCommands } from '../../../src/main/app/mcp-sign-in-commands'
import { followAuthorizationRedirect } from '../../../src/main/mcp/mcp-conformance-client'
import { KeelOAuthProvider } from '../../../src/main/mcp/mcp-oauth-provider'
import { McpOAuthVault } from '../../../src/main/mcp/mcp-oauth-vault'
import { createMemoryKeyVault } from '../../../src/main/secrets/key-vault'
import type { McpServerConfig, McpServerView } from '../../../src/shared/mcp'
import { startOAuthMcpServer } from '../../support/mcp/oauth-mcp-server.mjs'
import { TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { type AppWorld, startAppWorld, type TestClient } from './app-helpers'
import { waitUntil } from '../../support/wait-until'

let oauthServer: Awaited<ReturnType<typeof startOAuthMcpServer>>
let world: AppWorld | undefined

beforeEach(async () => {
  oauthServer = await startOAuthMcpServer()
})
afterEach(async () => {
  await world?.close()
  world = undefined
  await oauthServer.close()
})

async function view(client: TestClient, id: string): Promise<McpServerView | undefined> {
  return (await client.value('mcp.list', {})).find((candidate) => candidate.config.id === id)
}

async function addRemote(client: TestClient): Promise<string> {
  const saved = await client.value('mcp.save', { name: 'Remote', transport: 'http', url: oauthServer.url })
  await client.value('mcp.consent', { serverId: saved.config.id, fingerprint: saved.fingerprint })
  await waitUntil('the refusal', async () =>
    (await view(client, saved.config.id))?.oauth?.state === 'needs-sign-in' ? true : undefined,
  )
  return saved.config.id
}

/** Starts a sign-in and returns the authorization page and Keel's loopback redirect address. */
async function startSignIn(client: TestClient, id: string): Promise<{ page: URL; redirect: URL; state: string }> {
  const start = await client.value('mcp.signIn', { serverId: id })
  if (start.kind !== 'browser') throw new Error('expected a browser sign-in')
  const page = new URL(start.authorizationUrl)
  return {
    page,
    redirect: new URL(page.searchParams.get('redirect_uri') ?? ''),
    state: page.searchParams.get('state') ?? '',
  }
}

/** Tokens the vault keeps for the server (a client registration made on the way may stay: it is no sign-in). */
const tokensKept = (world: AppWorld, id: string) =>
  new McpOAuthVault(world.vault).records(id).filter((record) => record.tokens !== undefined)

describe('the sign-in state is a type', () => {
  it('a refusal for want of a sign-in is a code on the status, and the view is needs-sign-in', async () => {
    world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
    const client = world.client('window')
    const id = await addRemote(client)
    const current = await view(client, id)
    expect(current?.status).toMatchObject({ state: 'failed', auth: 'needs-sign-in' })
    expect(current?.oauth).toEqual({ state: 'needs-sign-in' })
  }, 60_000)

  it('the authorization server refusing in the browser is `refused: denied`; no answer in time is `refused: timeout`', async () => {
    world = await startAppWorld({ mcp: { connection: TEST_OPTIONS, signInTimeoutMs: 1_500 } })
    const client = world.client('window')
    const id = await addRemote(client)

    // The user clicks "Deny": the authorization server sends the browser back with an error.
    const denied = await startSignIn(client, id)
    const answer = await fetch(`${denied.redirect.href}?error=access_denied&state=${encodeURIComponent(denied.state)}`)
    await answer.body?.cancel()
    const refused = await waitUntil('refused (denied)', async () => {
      const oauth = (await view(client, id))?.oauth
      return oauth?.state === 'refused' ? oauth : undefined
    })
    expect(refused).toEqual({ state: 'refused', issuer: undefined, reason: 'denied' })

    // The user never comes back from the browser.
    await startSignIn(client, id)
    const late = await waitUntil('refused (timeout)', async () => {
      const oauth = (await view(client, id))?.oauth
      return oauth?.state === 'refused' && oauth.reason === 'timeout' ? oauth : undefined
    })
    expect(late).toEqual({ state: 'refused', issuer: undefined, reason: 'timeout' })
    expect(tokensKept(world, id)).toEqual([])
  }, 60_000)
})

describe('changing a server while its sign-in waits cancels the sign-in', () => {
  it.each([
    ['removing it', (client: TestClient, id: string) => client.value('mcp.remove', { serverId: id })],
    [
      'turning it off',
      (client: TestClient, id: string) => client.value('mcp.update', { serverId: id, disabled: true }),
    ],
    [
      'changing its URL',
      (client: TestClient, id: string) =>
        client.value('mcp.save', { serverId: id, name: 'Remote', transport: 'http', url: `${oauthServer.url}?v=2` }),
    ],
  ] as const)(
    '%s: the loopback listener closes and no token is kept',
    async (_what, change) => {
      world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
      const client = world.client('window')
      const id = await addRemote(client)
      const { page, redirect } = await startSignIn(client, id)
      expect((await view(client, id))?.oauth?.state).toBe('signing-in')

      await change(client, id)
      // The browser comes back too late: nothing listens any more, so no code is redeemed.
      await expect(fetch(redirect)).rejects.toThrow()
      await expect(followAuthorizationRedirect(page)).rejects.toThrow()
      expect(oauthServer.issuedTokens).toEqual([])
      expect(tokensKept(world, id)).toEqual([])
      const after = await view(client, id)
      if (after) expect(after.oauth?.state).not.toBe('signing-in')
    },
    60_000,
  )

  it('the sign-in settles as cancelled, and a cancelled provider keeps no token it is handed afterwards', async () => {
    const vault = new McpOAuthVault(createMemoryKeyVault())
    const config: McpServerConfig = { id: 'remote', name: 'Remote', transport: 'http', url: oauthServer.url }
    let restarts = 0
    let opened: (url: string) => void = () => {}
    const pageOpened = new Promise<string>((resolve) => {
      opened = resolve
    })
    const commands = new McpSignInCommands({
      vault,
      find: () => ({ config, headers: {} }),
      restart: async () => {
        restarts++
      },
      openInBrowser: async (url) => opened(url),
    })
    expect(await commands.signIn('remote')).toMatchObject({ ok: true, value: { kind: 'browser' } })
    const redirect = new URL(new URL(await pageOpened).searchParams.get('redirect_uri') ?? '')
    const settled = commands.settled('remote')
    await commands.cancelFor('remote')
    expect(await settled).toMatchObject({ ok: false, refusal: 'cancelled' })
    await expect(fetch(redirect)).rejects.toThrow()
    expect(restarts).toBe(0)
    expect(commands.decorate({ config, status: { state: 'stopped' } } as McpServerView).oauth).toEqual({
      state: 'signed-out',
    })

    const provider = new KeelOAuthProvider({
      serverId: 'remote',
      vault,
      mode: { kind: 'interactive', openUrl: async () => {} },
    })
    await provider.prepare()
    await provider.close()
    await expect(
      provider.saveTokens({ access_token: 'late', token_type: 'Bearer' }, { issuer: oauthServer.issuer }),
    ).rejects.toThrow(/cancelled/)
    expect(vault.records('remote').filter((record) => record.tokens)).toEqual([])
  }, 60_000)
})
