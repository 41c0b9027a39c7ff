// Signing in to a remote MCP server from the window, through the whole core and real loopback HTTP:
// `mcp.signIn` hands back the authorization page (browser mode) or opens it with the shell's opener
// (desktop), the test follows it like a browser, the server restarts signed in, `mcp.signOut`
// forgets. Nothing sent to the client (answers, run events) holds a token.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { followAuthorizationRedirect } from '../../../src/main/mcp/mcp-conformance-client'
import type { McpServerView } from '../../../src/shared/mcp'
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

async function view(client: TestClient, id: string): Promise<McpServerView> {
  const found = (await client.value('mcp.list', {})).find((candidate) => candidate.config.id === id)
  if (!found) throw new Error(`no server ${id}`)
  return found
}

/** Adds the remote server and agrees to it; returns its id once its first connection was refused. */
async function addRemote(client: TestClient): Promise<string> {
  const saved = await client.value('mcp.save', { name: 'Remote', transport: 'http', url: oauthServer.url })
  await client.value('mcp.consent', { serverId: saved.config.id, fingerprint: saved.fingerprint })
  await waitUntil('the refusal', async () =>
    (await view(client, saved.config.id)).oauth?.state === 'needs-sign-in' ? true : undefined,
  )
  return saved.config.id
}

function expectNoToken(client: TestClient): void {
  expect(oauthServer.issuedTokens.length).toBeGreaterThan(0)
  const sent = client.sent.join('\n')
  for (const token of oauthServer.issuedTokens) expect(sent).not.toContain(token)
  expect(sent).not.toMatch(/refresh_token|access_token/)
}

describe('signing in to a remote MCP server from the window', () => {
  it('browser mode: the window gets the page, the sign-in completes, the status shows it, sign out forgets', async () => {
    world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
    const client = world.client('window')
    const id = await addRemote(client)

    const start = await client.value('mcp.signIn', { serverId: id })
    if (start.kind !== 'browser') throw new Error('expected a browser sign-in')
    expect(start.openedBySystem).toBe(false)
    const page = new URL(start.authorizationUrl)
    expect(page.href.startsWith(oauthServer.issuer)).toBe(true)
    expect((await view(client, id)).oauth).toEqual({ state: 'signing-in', authorizationUrl: start.authorizationUrl })

    // What the user's browser does: the authorization server redirects to Keel's loopback receiver.
    await followAuthorizationRedirect(page)
    const signedIn = await waitUntil('signed in and ready', async () => {
      const current = await view(client, id)
      return current.status.state === 'ready' && current.oauth?.state === 'signed-in' ? current : undefined
    })
    expect(signedIn.oauth).toMatchObject({ state: 'signed-in', issuer: oauthServer.issuer })
    expect(signedIn.tools.map((tool) => tool.name)).toEqual(['whoami'])
    expectNoToken(client)

    expect(await client.value('mcp.signOut', { serverId: id })).toEqual({ signedOut: true })
    expect(world.vault.ids().filter((key) => key.includes(':oauth:'))).toEqual([])
    await waitUntil('refused again', async () =>
      (await view(client, id)).oauth?.state === 'needs-sign-in' ? true : undefined,
    )
    expectNoToken(client)
  }, 60_000)

  it('desktop: the shell opens the page in the system browser; a server on this computer has no sign-in', async () => {
    const opened: string[] = []
    world = await startAppWorld({
      mcp: {
        connection: TEST_OPTIONS,
        openInBrowser: async (url) => {
          opened.push(url)
          // The "browser" answers on its own, as a real one would, after the command returned.
          setTimeout(() => void followAuthorizationRedirect(new URL(url)), 10)
        },
      },
    })
    const client = world.client('window')
    const id = await addRemote(client)
    const start = await client.value('mcp.signIn', { serverId: id })
    expect(start).toMatchObject({ kind: 'browser', openedBySystem: true })
    expect(opened).toHaveLength(1)
    await waitUntil('signed in', async () => ((await view(client, id)).oauth?.state === 'signed-in' ? true : undefined))
    expectNoToken(client)

    const local = await client.value('mcp.save', { name: 'Local', transport: 'stdio', command: process.execPath })
    const refused = await client.call('mcp.signIn', { serverId: local.config.id })
    expect(refused).toMatchObject({ ok: false, error: { detail: { code: 'mcp-sign-in-not-applicable' } } })
    expect(local.oauth).toBeUndefined()
    const missing = await client.call('mcp.signOut', { serverId: 'none-such' })
    expect(missing).toMatchObject({ ok: false, error: { detail: { code: 'mcp-server-not-found' } } })
  }, 60_000)
})

describe('a sign-in left open', () => {
  it('is cancelled when the app closes: its loopback port stops listening', async () => {
    world = await startAppWorld({ mcp: { connection: TEST_OPTIONS } })
    const client = world.client('window')
    const id = await addRemote(client)
    const start = await client.value('mcp.signIn', { serverId: id })
    if (start.kind !== 'browser') throw new Error('expected a browser sign-in')
    const redirect = new URL(new URL(start.authorizationUrl).searchParams.get('redirect_uri')!)
    const closing = world.close()
    world = undefined
    await closing
    await expect(fetch(redirect)).rejects.toThrow()
  }, 60_000)
})
