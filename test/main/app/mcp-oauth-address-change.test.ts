// OAuth tokens are bound to the server and the authorization server that issued them: when a
// remote server's URL (or transport) changes in its settings, its stored tokens and client
// registration are dropped, so the next request signs in again and the status says so. Through the
// whole core, two real OAuth servers on loopback, and a real vault file in a temp dir (the desktop
// vault, with a stand-in for the OS keyring).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { followAuthorizationRedirect } from '../../../src/main/mcp/mcp-conformance-client'
import { McpOAuthVault } from '../../../src/main/mcp/mcp-oauth-vault'
import { openSafeStorageKeyVault, type SafeStorageLike } from '../../../src/main/shell/safe-storage-key-vault'
import type { McpServerView } from '../../../src/shared/mcp'
import { type OAuthMcpServer, startOAuthMcpServer } from '../../support/mcp/oauth-mcp-server.mjs'
import { TEST_OPTIONS } from '../../support/mcp/mcp-test-servers'
import { waitUntil } from '../../support/wait-until'
import { type AppWorld, startAppWorld, type TestClient } from './app-helpers'

vi.mock('electron', () => ({}))

/** The OS keyring's stand-in: reversible, and no plain text survives in the file. */
const keyring: SafeStorageLike = {
  isAsyncEncryptionAvailable: async () => true,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  encryptStringAsync: async (plain) => Buffer.from(Buffer.from(plain, 'utf8').map((byte) => byte ^ 0x5a)),
  decryptStringAsync: async (encrypted) => ({
    result: Buffer.from(encrypted.map((byte) => byte ^ 0x5a)).toString('utf8'),
    shouldReEncrypt: false,
  }),
}

let world: AppWorld | undefined
const servers: OAuthMcpServer[] = []
const dirs: string[] = []
afterEach(async () => {
  await world?.close()
  world = undefined
  await Promise.all(servers.splice(0).map((server) => server.close()))
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function oauthServer(): Promise<OAuthMcpServer> {
  const server = await startOAuthMcpServer()
  servers.push(server)
  return server
}

const viewOf = async (client: TestClient, id: string): Promise<McpServerView> => {
  const found = (await client.value('mcp.list', {})).find((view: McpServerView) => view.config.id === id)
  if (!found) throw new Error(`no server ${id}`)
  return found
}

async function signIn(client: TestClient, id: string): Promise<void> {
  const start = await waitUntil('a sign-in page', async () => {
    const answer = await client.call('mcp.signIn', { serverId: id })
    return answer.ok && answer.value.kind === 'browser' ? answer.value : undefined
  })
  await followAuthorizationRedirect(new URL(start.authorizationUrl))
  await waitUntil('signed in and ready', async () => {
    const view = await viewOf(client, id)
    return view.oauth?.state === 'signed-in' && view.status.state === 'ready' ? true : undefined
  })
}

describe('a remote server whose address changes', () => {
  it('drops its tokens and registration: the next request signs in again', async () => {
    const first = await oauthServer()
    const second = await oauthServer()
    const dir = mkdtempSync(join(tmpdir(), 'keel-oauth-rebind-'))
    dirs.push(dir)
    const filePath = join(dir, 'userData', 'provider-keys.json')
    const vault = await openSafeStorageKeyVault({ safeStorage: keyring, filePath, platform: 'linux' })
    world = await startAppWorld({ vault, mcp: { connection: TEST_OPTIONS } })
    const client = world.client('window')
    const saved = await client.value('mcp.save', { name: 'Remote', transport: 'http', url: first.url })
    const id = saved.config.id
    await client.value('mcp.consent', { serverId: id, fingerprint: saved.fingerprint })
    await signIn(client, id)
    const oauthIds = () => vault.ids().filter((key) => key.startsWith(`mcp:${id}:oauth:`))
    const onDisk = () => Object.keys(JSON.parse(readFileSync(filePath, 'utf8')).keys as object)
    expect(oauthIds()).toEqual([`mcp:${id}:oauth:${first.issuer}`])
    await waitUntil('written to the file', async () =>
      onDisk().some((key) => key.includes(':oauth:')) ? true : undefined,
    )

    // Another field changed: still signed in with the same tokens.
    await client.value('mcp.save', {
      serverId: id,
      name: 'Remote',
      transport: 'http',
      url: first.url,
      timeoutMs: 20_000,
    })
    expect((await viewOf(client, id)).oauth).toMatchObject({ state: 'signed-in', issuer: first.issuer })
    expect(oauthIds()).toHaveLength(1)

    // Another URL: the record (tokens and the client registered with the first issuer) is gone,
    // from the vault and its file; the status says signed out, then that the new server wants a sign-in.
    const moved = await client.value('mcp.save', { serverId: id, name: 'Remote', transport: 'http', url: second.url })
    expect(moved.oauth?.state).toMatch(/^(signed-out|needs-sign-in)$/)
    expect(oauthIds()).toEqual([])
    await waitUntil('gone from the file', async () =>
      onDisk().some((key) => key.includes(':oauth:')) ? undefined : true,
    )
    const reopened = await openSafeStorageKeyVault({ safeStorage: keyring, filePath, platform: 'linux' })
    expect(new McpOAuthVault(reopened).records(id)).toEqual([])
    const consent = await viewOf(client, id)
    if (consent.needsConsent) await client.value('mcp.consent', { serverId: id, fingerprint: consent.fingerprint })
    await waitUntil('asks for a sign-in', async () =>
      (await viewOf(client, id)).oauth?.state === 'needs-sign-in' ? true : undefined,
    )
    // Nothing of the first issuer's was offered to the second: a new registration, a new sign-in.
    expect(second.registrations).toEqual([])
    await signIn(client, id)
    expect(second.registrations).toEqual(['POST'])
    expect((await viewOf(client, id)).oauth).toMatchObject({ state: 'signed-in', issuer: second.issuer })

    // Another transport at the same address: dropped too.
    await client.value('mcp.save', { serverId: id, name: 'Remote', transport: 'sse', url: second.url })
    expect(oauthIds()).toEqual([])
  }, 90_000)
})
