import type { KeyStorageMode, ProviderSettingsView } from '../../shared/ipc/app-contract'
import { isProfileIdSyntax, type ProviderProfileId } from '../../shared/provider-profiles'

/** What the UI may learn about a key: whether one is set, where it comes from and its {@link keyEnding}. Never the key. */
export type KeyStatus = ProviderSettingsView['key']

/** The answer of a vault write. `plain-text-not-allowed`: no OS keyring and the user has not opted in. */
export type KeyVaultResult =
  | { ok: true }
  | { ok: false; reason: 'plain-text-not-allowed' | 'unavailable'; message: string }

/**
 * A secret of an MCP server: one env value or header, `mcp:<serverId>:env:<NAME>` or
 * `mcp:<serverId>:headers:<Name>` (see `src/main/mcp/mcp-secrets.ts`), or its OAuth sign-in with
 * one authorization server, `mcp:<serverId>:oauth:<issuer>` (a JSON record: `src/main/mcp/mcp-oauth-vault.ts`),
 * or the secret of the OAuth client the user registered by hand, `mcp:<serverId>:client:secret`.
 */
export type McpSecretId = `mcp:${string}`

/** The key of a web search service the user chose (`web_search`). */
export type WebSecretId = 'web:brave' | 'web:tavily'

/** What the vault keeps a value under: a provider profile's API key (under its id), an MCP server's secret, a search service's key. */
export type VaultEntryId = ProviderProfileId | McpSecretId | WebSecretId

export function isWebSecretId(id: string): id is WebSecretId {
  return id === 'web:brave' || id === 'web:tavily'
}

const MCP_SECRET_ID = /^mcp:[a-z0-9_-]{1,40}:(?:env|headers|oauth|client):[^\u0000]{1,200}$/
const MCP_OAUTH_ID = /^mcp:[a-z0-9_-]{1,40}:oauth:/

export function isMcpSecretId(id: string): id is McpSecretId {
  return MCP_SECRET_ID.test(id)
}

/** An MCP server's OAuth record (its value is JSON holding tokens: see {@link oauthSecretValues}). */
export function isMcpOAuthId(id: string): boolean {
  return MCP_OAUTH_ID.test(id) && isMcpSecretId(id)
}

/** The fields of an OAuth record that are secrets: what redaction must scrub (the record's other fields are not). */
const OAUTH_SECRET_FIELDS = ['access_token', 'refresh_token', 'id_token', 'client_secret'] as const

/** The secret values inside an OAuth record's JSON (tokens, a client secret), for the redaction set. */
export function oauthSecretValues(json: string | undefined): string[] {
  if (json === undefined) return []
  const found: string[] = []
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && (OAUTH_SECRET_FIELDS as readonly string[]).includes(key)) found.push(inner)
      else visit(inner, depth + 1)
    }
  }
  try {
    visit(JSON.parse(json), 0)
  } catch {
    // Not JSON: the whole value is the secret.
    found.push(json)
  }
  return found
}

/** An id the vault accepts (files written by another version may hold others: they are ignored). */
export function isVaultEntryId(id: string): id is VaultEntryId {
  return isProfileIdSyntax(id) || isMcpSecretId(id) || isWebSecretId(id)
}

/**
 * Where saved secrets live, outside the database: providers' API keys and MCP servers' env values
 * and headers. The Electron shell provides one backed by `safeStorage`
 * (`shell/safe-storage-key-vault.ts`); browser mode and the CLI use {@link createMemoryKeyVault}.
 * Keys from the environment are not the vault's business (the app service checks them first). Only
 * `get` ever returns a secret, for the core's provider requests and MCP launches: it must never
 * reach a window, a log line or an export (every value is in the redaction set: `ProviderKeys.all`).
 */
export interface KeyVault {
  /** How secrets are kept, as shown in settings. */
  readonly storage: KeyStorageMode
  /** The saved value (core only; never sent to the UI). */
  get(id: VaultEntryId): string | undefined
  /** Saves (replaces) a value. `allowPlainTextStorage` is the user's opt-in where no OS keyring exists. */
  set(id: VaultEntryId, value: string, options?: { allowPlainTextStorage?: boolean }): Promise<KeyVaultResult>
  /** Forgets a value; fails (`unavailable`) when a saved copy could not be removed from disk. */
  clear(id: VaultEntryId): Promise<KeyVaultResult>
  /** The ids that have a value now (never the values). */
  ids(): VaultEntryId[]
}

/** How many of a key's last characters settings may show. */
const SHOWN_ENDING = 4
/** Keys shorter than this show no ending at all, so never more than a quarter of a key is shown. */
const MIN_LENGTH_TO_SHOW_ENDING = SHOWN_ENDING * 4

/** "set, ends in …abcd": the last four characters of a key of 16 or more; nothing (`''`) of a shorter one. */
export function keyEnding(key: string): string {
  return key.length >= MIN_LENGTH_TO_SHOW_ENDING ? key.slice(-SHOWN_ENDING) : ''
}

/** Browser mode and the CLI: values given with `keys.set` / `mcp.secret` are kept in this process's memory for the session only. */
export function createMemoryKeyVault(): KeyVault {
  const values = new Map<VaultEntryId, string>()
  return {
    storage: 'memory-only',
    get: (id) => values.get(id),
    async set(id, value) {
      values.set(id, value)
      return { ok: true }
    },
    async clear(id) {
      values.delete(id)
      return { ok: true }
    },
    ids: () => [...values.keys()],
  }
}
