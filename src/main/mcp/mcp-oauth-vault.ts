// An MCP server's OAuth sign-ins in the key vault, one record per (server, authorization server):
// `mcp:<serverId>:oauth:<issuer>` holds the client registration and the tokens that issuer gave,
// so a credential is only ever offered back to the server and the issuer it came from. Nothing here
// goes to SQLite, a log or an export; the tokens are in the redaction set (provider-keys.ts).
import type { StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client'
import { isMcpOAuthId, type KeyVault, type KeyVaultResult, type McpSecretId } from '../secrets/key-vault'

/** One sign-in with one authorization server. `savedAt`: when tokens were last saved (ms). */
export interface McpOAuthRecord {
  issuer: string
  client?: StoredOAuthClientInformation | undefined
  tokens?: StoredOAuthTokens | undefined
  savedAt?: number | undefined
}

/** What the window and the CLI may learn about a sign-in: never a token. */
export type McpOAuthState =
  | { state: 'signed-out' }
  | { state: 'signed-in'; issuer: string; expiresAt: number | undefined; scope: string | undefined }
  | { state: 'expired'; issuer: string; canRefresh: boolean }

export function mcpOAuthId(serverId: string, issuer: string): McpSecretId {
  return `mcp:${serverId}:oauth:${issuer}`
}

export class McpOAuthVault {
  constructor(
    readonly vault: KeyVault,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every record of a server (one per issuer it signed in with). */
  records(serverId: string): McpOAuthRecord[] {
    const prefix = `mcp:${serverId}:oauth:`
    return this.vault.ids().flatMap((id) => {
      if (!id.startsWith(prefix) || !isMcpOAuthId(id)) return []
      const record = parseRecord(this.vault.get(id))
      return record && record.issuer === id.slice(prefix.length) ? [record] : []
    })
  }

  read(serverId: string, issuer: string): McpOAuthRecord | undefined {
    const record = parseRecord(this.vault.get(mcpOAuthId(serverId, issuer)))
    return record?.issuer === issuer ? record : undefined
  }

  /** The record whose tokens were saved last (what a request to the server carries). */
  latest(serverId: string): McpOAuthRecord | undefined {
    let best: McpOAuthRecord | undefined
    for (const record of this.records(serverId))
      if (record.tokens && (best === undefined || (record.savedAt ?? 0) > (best.savedAt ?? 0))) best = record
    return best
  }

  async update(
    serverId: string,
    issuer: string,
    change: (record: McpOAuthRecord) => McpOAuthRecord,
  ): Promise<KeyVaultResult> {
    const next = change(this.read(serverId, issuer) ?? { issuer })
    return this.vault.set(mcpOAuthId(serverId, issuer), JSON.stringify({ ...next, issuer }))
  }

  saveTokens(serverId: string, issuer: string, tokens: StoredOAuthTokens): Promise<KeyVaultResult> {
    return this.update(serverId, issuer, (record) => ({ ...record, tokens, savedAt: this.now() }))
  }

  saveClient(serverId: string, issuer: string, client: StoredOAuthClientInformation): Promise<KeyVaultResult> {
    return this.update(serverId, issuer, (record) => ({ ...record, client }))
  }

  /** Signs out: forgets the server's tokens and registrations with every issuer. The first failure is returned. */
  async forget(serverId: string, what: 'all' | 'tokens' = 'all'): Promise<KeyVaultResult> {
    let first: KeyVaultResult = { ok: true }
    for (const record of this.records(serverId)) {
      const id = mcpOAuthId(serverId, record.issuer)
      const result =
        what === 'all' || !record.client
          ? await this.vault.clear(id)
          : await this.vault.set(id, JSON.stringify({ issuer: record.issuer, client: record.client }))
      if (!result.ok && first.ok) first = result
    }
    return first
  }

  /** The sign-in state, for status lines (no secret in it). */
  state(serverId: string): McpOAuthState {
    const record = this.latest(serverId)
    if (!record?.tokens) return { state: 'signed-out' }
    const expiresAt =
      typeof record.tokens.expires_in === 'number' && record.savedAt !== undefined
        ? record.savedAt + record.tokens.expires_in * 1000
        : undefined
    if (expiresAt !== undefined && expiresAt <= this.now())
      return { state: 'expired', issuer: record.issuer, canRefresh: record.tokens.refresh_token !== undefined }
    return { state: 'signed-in', issuer: record.issuer, expiresAt, scope: record.tokens.scope }
  }
}

function parseRecord(json: string | undefined): McpOAuthRecord | undefined {
  if (json === undefined) return undefined
  try {
    const value = JSON.parse(json) as unknown
    if (value === null || typeof value !== 'object' || typeof (value as McpOAuthRecord).issuer !== 'string')
      return undefined
    return value as McpOAuthRecord
  } catch {
    return undefined
  }
}
