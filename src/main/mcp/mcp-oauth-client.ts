// The OAuth client a user registered by hand for a remote server (its id in the server's config,
// its secret in the key vault under `mcp:<serverId>:client:secret`): used by sign-ins instead of a
// client ID metadata document or dynamic registration. The secret never leaves the core.
import type { McpServerConfig } from '../../shared/mcp'
import type { KeyVault, KeyVaultResult, McpSecretId } from '../secrets/key-vault'

export function mcpClientSecretId(serverId: string): McpSecretId {
  return `mcp:${serverId}:client:secret`
}

/** What a sign-in uses for the server (undefined: no client entered; Keel registers one). */
export function preRegisteredClient(
  config: McpServerConfig,
  vault: KeyVault,
): { clientId: string; clientSecret?: string | undefined } | undefined {
  if (!config.oauthClient || config.transport === 'stdio') return undefined
  const secret = vault.get(mcpClientSecretId(config.id))
  return { clientId: config.oauthClient.clientId, ...(secret !== undefined ? { clientSecret: secret } : {}) }
}

/** Saves (a string), forgets (`null`) or keeps (undefined) the client secret. */
export async function storeClientSecret(
  vault: KeyVault,
  serverId: string,
  secret: string | null | undefined,
  options: { allowPlainTextStorage?: boolean | undefined },
): Promise<KeyVaultResult> {
  if (secret === undefined) return { ok: true }
  if (secret === null) return vault.clear(mcpClientSecretId(serverId))
  return vault.set(mcpClientSecretId(serverId), secret, options)
}
