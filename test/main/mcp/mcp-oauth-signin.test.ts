// OAuth sign-in to a remote MCP server, end to end over real loopback HTTP: Keel's provider, the
// SDK's protocol, Keel's loopback receiver, and a real authorization server + MCP endpoint (the SDK
// v1's server-side auth, in test/support). Plus the canary: no token in the CLI's output, the
// SQLite file, or an export.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runMcpLogin } from '../../../src/cli/mcp-login-command'
import { openKeelStore } from '../../../src/main/db/keel-store'
import { writeExport } from '../../../src/main/export/store-export'
import { McpConnection } from '../../../src/main/mcp/mcp-connection'
import type { McpLaunchSpec } from '../../../src/main/mcp/mcp-connection-port'
import { followAuthorizationRedirect } from '../../../src/main/mcp/mcp-conformance-client'
import { KeelOAuthProvider } from '../../../src/main/mcp/mcp-oauth-provider'
import { McpOAuthVault } from '../../../src/main/mcp/mcp-oauth-vault'
import { createMemoryKeyVault, type KeyVault } from '../../../src/main/secrets/key-vault'
import { ProviderKeys } from '../../../src/main/secrets/provider-keys'
import { startOAuthMcpServer } from '../../support/mcp/oauth-mcp-server.mjs'
import { tempDir } from '../../support/mcp/mcp-test-servers'

type OAuthServer = Awaited<ReturnType<typeof startOAuthMcpServer>>

let server: OAuthServer
let dir: ReturnType<typeof tempDir>
beforeEach(async () => {
  server = await startOAuthMcpServer()
  dir = tempDir()
})
afterEach(async () => {
  await server.close()
  dir.remove()
})

function httpSpec(url: string): McpLaunchSpec {
  return {
    id: 'remote',
    name: 'Remote',
    transport: 'http',
    url,
    timeoutMs: 10_000,
    maxTotalTimeoutMs: 20_000,
    startTimeoutMs: 15_000,
  }
}

function connect(vault: KeyVault, mode: 'interactive' | 'background') {
  const oauth = new KeelOAuthProvider({
    serverId: 'remote',
    vault: new McpOAuthVault(vault),
    mode:
      mode === 'interactive' ? { kind: 'interactive', openUrl: followAuthorizationRedirect } : { kind: 'background' },
  })
  const connection = new McpConnection(httpSpec(server.url), { oauth, backoff: { initialMs: 60_000 } })
  return { oauth, connection }
}

describe('OAuth sign-in to a remote MCP server', () => {
  it('signs in on the 401 (PKCE S256, resource, exact state, loopback) and keeps the tokens in the vault only', async () => {
    const vault = createMemoryKeyVault()
    const { oauth, connection } = connect(vault, 'interactive')
    await oauth.prepare()
    try {
      await connection.start()
      expect(connection.status()).toMatchObject({ state: 'ready' })
      const tools = await connection.listTools()
      expect(tools.map((tool) => tool.name)).toEqual(['whoami'])
      const outcome = await connection.callTool('whoami', {}, { signal: new AbortController().signal })
      expect(outcome).toMatchObject({ kind: 'result' })
    } finally {
      await connection.close()
      await oauth.close()
    }
    expect(server.authorizationRequests).toHaveLength(1)
    const request = server.authorizationRequests[0]!
    expect(request.searchParams.get('code_challenge_method')).toBe('S256')
    expect(request.searchParams.get('resource')).toBe(server.url)
    expect(request.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(request.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32)
    // Bound to the server and the issuer that gave it.
    expect(vault.ids()).toEqual([`mcp:remote:oauth:${server.issuer}`])
    expect(new McpOAuthVault(vault).state('remote')).toMatchObject({ state: 'signed-in', issuer: server.issuer })
    const token = server.issuedTokens[0]!
    expect(new ProviderKeys({}, vault).all()).toContain(token)
  })

  it('a background connection uses the saved sign-in and never opens a browser', async () => {
    const vault = createMemoryKeyVault()
    const first = connect(vault, 'interactive')
    await first.oauth.prepare()
    await first.connection.start()
    await first.connection.close()
    await first.oauth.close()

    const again = connect(vault, 'background')
    try {
      await again.connection.start()
      expect(again.connection.status()).toMatchObject({ state: 'ready' })
      expect(await again.connection.listTools()).toHaveLength(1)
    } finally {
      await again.connection.close()
    }
    expect(server.authorizationRequests).toHaveLength(1)
  })

  it('a background connection with no sign-in fails with "sign in", without registering or retrying', async () => {
    const { connection } = connect(createMemoryKeyVault(), 'background')
    try {
      await connection.start()
      const status = connection.status()
      expect(status).toMatchObject({ state: 'failed', retryAt: undefined })
      expect(status.state === 'failed' && status.reason).toMatch(/sign in/)
    } finally {
      await connection.close()
    }
    expect(server.authorizationRequests).toHaveLength(0)
  })

  it('keel mcp login --no-browser prints the address, signs in, and no token reaches the output, the store or an export', async () => {
    const db = join(dir.path, 'keel.db')
    const config = join(dir.path, 'mcp.json')
    writeFileSync(config, JSON.stringify({ mcpServers: { remote: { type: 'http', url: server.url } } }))
    const vault = createMemoryKeyVault()
    let out = ''
    let err = ''
    const followed: Promise<void>[] = []
    const stdout = new Writable({
      write(chunk, _encoding, done) {
        out += String(chunk)
        done()
      },
    })
    const stderr = new Writable({
      write(chunk, _encoding, done) {
        const text = String(chunk)
        err += text
        // The user opens the printed address in a browser.
        const url = /^(http:\/\/\S+)$/m.exec(text)?.[1]
        if (url) followed.push(followAuthorizationRedirect(new URL(url)))
        done()
      },
    })
    const io = { stdout, stderr, env: { SHELL: '' }, vault }
    const code = await runMcpLogin('login', ['remote', '--no-browser', '--db', db, '--mcp-config', config], io)
    await Promise.all(followed)
    expect(err).toContain('Open this address in a browser')
    expect(code, err).toBe(0)
    expect(out).toContain(`remote: signed in at ${server.issuer} (scope mcp:tools)`)

    const token = server.issuedTokens[0]!
    expect(token.length).toBeGreaterThan(16)
    const record = vault.get(`mcp:remote:oauth:${server.issuer}`)
    expect(record).toContain(token)
    expect(out + err).not.toContain(token)
    for (const file of [db, `${db}-wal`]) {
      let bytes = ''
      try {
        bytes = readFileSync(file).toString('latin1')
      } catch {
        continue
      }
      expect(bytes).not.toContain(token)
    }
    const opened = openKeelStore(db)
    if (!opened.ok) throw new Error(opened.error.message)
    let exported = ''
    await writeExport(
      opened.store,
      new Writable({
        write(chunk, _encoding, done) {
          exported += String(chunk)
          done()
        },
      }),
    )
    opened.store.close()
    expect(exported.length).toBeGreaterThan(0)
    expect(exported).not.toContain(token)

    out = ''
    expect(await runMcpLogin('logout', ['remote', '--db', db, '--mcp-config', config], io)).toBe(0)
    expect(out).toContain('Signed out of remote')
    expect(vault.ids()).toEqual([])
  })
})
