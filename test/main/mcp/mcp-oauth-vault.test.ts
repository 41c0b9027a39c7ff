// OAuth records in the key vault: bound to (server, issuer), kept apart from env/header secrets,
// scrubbed by the redaction set, never shown.
import { describe, expect, it } from 'vitest'
import { KeelOAuthProvider, SignInRequiredError } from '../../../src/main/mcp/mcp-oauth-provider'
import { McpOAuthVault } from '../../../src/main/mcp/mcp-oauth-vault'
import { McpSecrets } from '../../../src/main/mcp/mcp-secrets'
import { createMemoryKeyVault, isVaultEntryId } from '../../../src/main/secrets/key-vault'
import { ProviderKeys } from '../../../src/main/secrets/provider-keys'

const A = 'https://as-a.example/'
const B = 'https://as-b.example/'
const TOKEN = 'access-token-value-0123456789'
const REFRESH = 'refresh-token-value-0123456789'

describe('McpOAuthVault', () => {
  it('keeps tokens per server and issuer; another issuer gets none of them', async () => {
    const vault = new McpOAuthVault(createMemoryKeyVault(), () => 1_000)
    await vault.saveTokens('srv', A, { access_token: TOKEN, token_type: 'Bearer', expires_in: 60 })
    expect(vault.read('srv', A)?.tokens?.access_token).toBe(TOKEN)
    expect(vault.read('srv', B)).toBeUndefined()
    expect(vault.read('other', A)).toBeUndefined()
    const provider = new KeelOAuthProvider({ serverId: 'srv', vault, mode: { kind: 'background' } })
    expect(provider.tokens({ issuer: B })).toBeUndefined()
    expect(provider.tokens({ issuer: A })?.access_token).toBe(TOKEN)
    // The transport's per-request read (no issuer): the latest sign-in.
    expect(provider.tokens()?.access_token).toBe(TOKEN)
    expect(vault.state('srv')).toEqual({ state: 'signed-in', issuer: A, expiresAt: 61_000, scope: undefined })
    expect(JSON.stringify(vault.state('srv'))).not.toContain(TOKEN)
  })

  it('says expired (and whether a refresh can renew it) once the token is past its life', async () => {
    let now = 0
    const vault = new McpOAuthVault(createMemoryKeyVault(), () => now)
    await vault.saveTokens('srv', A, {
      access_token: TOKEN,
      token_type: 'Bearer',
      expires_in: 1,
      refresh_token: REFRESH,
    })
    now = 5_000
    expect(vault.state('srv')).toEqual({ state: 'expired', issuer: A, canRefresh: true })
  })

  it('signing out of tokens keeps the client registration; signing out of all forgets both', async () => {
    const vault = new McpOAuthVault(createMemoryKeyVault())
    await vault.saveClient('srv', A, { client_id: 'client-1' })
    await vault.saveTokens('srv', A, { access_token: TOKEN, token_type: 'Bearer' })
    await vault.forget('srv', 'tokens')
    expect(vault.read('srv', A)).toMatchObject({ client: { client_id: 'client-1' } })
    expect(vault.read('srv', A)?.tokens).toBeUndefined()
    await vault.forget('srv')
    expect(vault.records('srv')).toEqual([])
  })

  it('is not an env value or header: editing the server config keeps the sign-in', async () => {
    const keyVault = createMemoryKeyVault()
    const vault = new McpOAuthVault(keyVault)
    await vault.saveTokens('srv', A, { access_token: TOKEN, token_type: 'Bearer' })
    expect(isVaultEntryId(`mcp:srv:oauth:${A}`)).toBe(true)
    const secrets = new McpSecrets(keyVault)
    expect(secrets.list('srv')).toEqual([])
    await secrets.pruneTo({ id: 'srv', env: {}, headers: {} })
    expect(vault.read('srv', A)?.tokens?.access_token).toBe(TOKEN)
  })

  it('puts the tokens (not the whole record) in the redaction set', async () => {
    const keyVault = createMemoryKeyVault()
    await new McpOAuthVault(keyVault).saveTokens('srv', A, {
      access_token: TOKEN,
      token_type: 'Bearer',
      refresh_token: REFRESH,
    })
    const redacted = new ProviderKeys({}, keyVault).all()
    expect(redacted).toEqual(expect.arrayContaining([TOKEN, REFRESH]))
    expect(redacted.some((value) => value.includes('"issuer"'))).toBe(false)
  })

  it('a background provider with nothing saved refuses to register or sign in', async () => {
    const provider = new KeelOAuthProvider({
      serverId: 'srv',
      vault: new McpOAuthVault(createMemoryKeyVault()),
      mode: { kind: 'background' },
    })
    expect(() => provider.clientInformation({ issuer: A })).toThrow(SignInRequiredError)
    await expect(provider.redirectToAuthorization(new URL('https://as-a.example/authorize'))).rejects.toThrow(
      SignInRequiredError,
    )
  })
})
