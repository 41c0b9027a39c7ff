// Signing in to (and out of) one remote MCP server, for `keel mcp login|logout` and the window:
// connect with an interactive OAuth provider, list the tools once (some servers ask for a sign-in
// only after `initialize`), keep the tokens in the vault, close. What comes back says who signed in
// where, never a token.
import { MCP_DEFAULT_TIMEOUT_MS, MCP_MAX_TIMEOUT_MS, type McpServerConfig } from '../../shared/mcp'
import type { McpAuthRefusal } from '../../shared/mcp-oauth'
import type { StoreReader } from '../db/keel-store'
import type { KeyVaultResult } from '../secrets/key-vault'
import { readSettings } from '../settings/read-settings'
import type { McpFileServer } from './mcp-config-file'
import { McpConnection } from './mcp-connection'
import type { McpLaunchSpec } from './mcp-connection-port'
import { LOOPBACK_DEFAULT_TIMEOUT_MS } from './mcp-oauth-loopback'
import { KeelOAuthProvider } from './mcp-oauth-provider'
import { authRefusalOf } from './mcp-oauth-retry'
import type { McpOAuthState, McpOAuthVault } from './mcp-oauth-vault'
import type { McpSecrets } from './mcp-secrets'

/** A configured server found by id or name, with its headers resolved (saved ones from the vault). */
export type McpServerLookup =
  | { ok: true; config: McpServerConfig; headers: Record<string, string> }
  | { ok: false; message: string }

export function findMcpServer(
  store: StoreReader,
  fileServers: readonly McpFileServer[],
  secrets: McpSecrets,
  which: string,
): McpServerLookup {
  const saved = (readSettings(store).values.mcpServers as McpServerConfig[]).map((config) => ({
    config,
    headers: secrets.resolve(config).values.headers,
  }))
  const all = [...saved, ...fileServers.map((server) => ({ config: server.config, headers: server.secrets.headers }))]
  const found = all.find((entry) => entry.config.id === which) ?? all.find((entry) => entry.config.name === which)
  if (!found)
    return {
      ok: false,
      message: `no MCP server "${which}" (servers: ${all.map((entry) => entry.config.id).join(', ') || 'none'})`,
    }
  if (found.config.transport === 'stdio')
    return { ok: false, message: `${found.config.name} runs on this computer (stdio): it has no sign-in` }
  return { ok: true, config: found.config, headers: found.headers }
}

export interface McpSignInInput {
  config: McpServerConfig
  headers: Readonly<Record<string, string>>
  vault: McpOAuthVault
  /** Sends the user to the authorization URL (the browser, or a printed line). */
  openUrl: (url: URL) => Promise<void>
  timeoutMs?: number | undefined
  preRegistered?: { clientId: string; clientSecret?: string | undefined } | undefined
  clientMetadataUrl?: string | undefined
  /** Cancels a sign-in still waiting for the browser (the app closes, the server is removed). */
  signal?: AbortSignal | undefined
}

export type McpSignInResult =
  | { ok: true; state: McpOAuthState; serverName: string }
  | { ok: false; message: string; refusal: McpAuthRefusal }

export async function signInToMcpServer(input: McpSignInInput): Promise<McpSignInResult> {
  const { config } = input
  const waitMs = input.timeoutMs ?? LOOPBACK_DEFAULT_TIMEOUT_MS
  const oauth = new KeelOAuthProvider({
    serverId: config.id,
    vault: input.vault,
    mode: { kind: 'interactive', openUrl: input.openUrl, timeoutMs: waitMs },
    preRegistered: input.preRegistered,
    clientMetadataUrl: input.clientMetadataUrl,
  })
  await oauth.prepare()
  // Closing the provider ends the loopback wait (the sign-in then fails as cancelled).
  const cancel = () => void oauth.close()
  input.signal?.addEventListener('abort', cancel, { once: true })
  const timeoutMs = config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS
  const spec: McpLaunchSpec = {
    id: config.id,
    name: config.name,
    transport: config.transport,
    url: config.url,
    headers: input.headers,
    timeoutMs: Math.max(timeoutMs, waitMs + 30_000),
    maxTotalTimeoutMs: Math.max(timeoutMs, MCP_MAX_TIMEOUT_MS, waitMs + 30_000),
    // The user may take minutes in the browser: starting waits for the sign-in.
    startTimeoutMs: waitMs + 30_000,
  }
  const connection = new McpConnection(spec, { oauth, backoff: { initialMs: 10 * 60_000 } })
  try {
    await connection.start()
    const status = connection.status()
    const cancelled = input.signal?.aborted === true
    if (status.state !== 'ready')
      return {
        ok: false,
        message: status.state === 'failed' ? status.reason : `not connected (${status.state})`,
        refusal: cancelled
          ? 'cancelled'
          : status.state === 'failed'
            ? (status.auth ?? 'sign-in-failed')
            : 'sign-in-failed',
      }
    await connection.listTools()
    if (input.signal?.aborted) return { ok: false, message: 'The sign-in was cancelled.', refusal: 'cancelled' }
    return { ok: true, state: input.vault.state(config.id), serverName: config.name }
  } catch (error) {
    return {
      ok: false,
      message: error instanceof Error ? error.message : String(error),
      refusal: input.signal?.aborted ? 'cancelled' : (authRefusalOf(error) ?? 'sign-in-failed'),
    }
  } finally {
    input.signal?.removeEventListener('abort', cancel)
    await connection.close()
    await oauth.close()
  }
}

/** Forgets the server's tokens and client registrations (every issuer). */
export function signOutOfMcpServer(vault: McpOAuthVault, serverId: string): Promise<KeyVaultResult> {
  return vault.forget(serverId, 'all')
}

/** The sign-in state in one line (no secret in it). */
export function describeOAuthState(state: McpOAuthState, now: number = Date.now()): string {
  switch (state.state) {
    case 'signed-out':
      return 'not signed in'
    case 'expired':
      return `sign-in expired at ${state.issuer}${state.canRefresh ? ' (Keel will renew it on the next connection)' : ''}`
    case 'signed-in': {
      const left =
        state.expiresAt === undefined
          ? ''
          : `, expires in ${Math.max(0, Math.round((state.expiresAt - now) / 60_000))} min`
      return `signed in at ${state.issuer}${state.scope ? ` (scope ${state.scope})` : ''}${left}`
    }
  }
}
