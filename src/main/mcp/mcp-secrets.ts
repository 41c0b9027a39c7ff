// An MCP server's env values and headers in the key vault. Every one of them lives here (the stored
// config only says which keys exist: src/shared/mcp-server-schema.ts), under
// `mcp:<serverId>:env:<NAME>` / `mcp:<serverId>:headers:<Name>`. Every value here is also in the
// redaction set (`ProviderKeys.all`), so a server that echoes its token never reaches an event, a
// stored error, a log line or an export.
import type { McpServerConfig } from '../../shared/mcp'
import { isMcpSecretId, type KeyVault, type KeyVaultResult, type McpSecretId } from '../secrets/key-vault'

export type McpSecretWhere = 'env' | 'headers'

/** Resolved values of a server's env and headers (core only: for launching it, never stored or shown). */
export interface McpSecretValues {
  env: Record<string, string>
  headers: Record<string, string>
}

/** Every value of a server's env and headers (for the redaction set). */
export function mcpSecretValueList(values: McpSecretValues): string[] {
  return [...Object.values(values.env), ...Object.values(values.headers)]
}

/** The vault id of one value of a server. */
export function mcpSecretId(serverId: string, where: McpSecretWhere, key: string): McpSecretId {
  return `mcp:${serverId}:${where}:${key}`
}

/** The parts of an MCP vault id (the server id and `where` hold no `:`; the key is the rest). */
export function parseMcpSecretId(id: string): { serverId: string; where: McpSecretWhere; key: string } | undefined {
  if (!isMcpSecretId(id)) return undefined
  const [, serverId, where, ...key] = id.split(':')
  // OAuth records are not env values or headers: mcp-oauth-vault.ts owns them.
  if (where !== 'env' && where !== 'headers') return undefined
  return { serverId: serverId!, where: where as McpSecretWhere, key: key.join(':') }
}

type SetOptions = { allowPlainTextStorage?: boolean }

/** Get/set/clear/list one server's secrets in the vault. */
export class McpSecrets {
  constructor(readonly vault: KeyVault) {}

  get(serverId: string, where: McpSecretWhere, key: string): string | undefined {
    return this.vault.get(mcpSecretId(serverId, where, key))
  }

  has(serverId: string, where: McpSecretWhere, key: string): boolean {
    return this.get(serverId, where, key) !== undefined
  }

  set(
    serverId: string,
    where: McpSecretWhere,
    key: string,
    value: string,
    options?: SetOptions,
  ): Promise<KeyVaultResult> {
    return this.vault.set(mcpSecretId(serverId, where, key), value, options)
  }

  clear(serverId: string, where: McpSecretWhere, key: string): Promise<KeyVaultResult> {
    return this.vault.clear(mcpSecretId(serverId, where, key))
  }

  /** The keys the vault holds a value for, for one server (never the values). */
  list(serverId: string): Array<{ where: McpSecretWhere; key: string }> {
    return this.vault
      .ids()
      .flatMap((id) => {
        const parsed = parseMcpSecretId(id)
        return parsed && parsed.serverId === serverId ? [{ where: parsed.where, key: parsed.key }] : []
      })
      .sort((a, b) => (a.where === b.where ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.where < b.where ? -1 : 1))
  }

  /** Saves every given value (an import, an edit); stops at the first refusal, which it returns. */
  async setAll(serverId: string, values: McpSecretValues, options?: SetOptions): Promise<KeyVaultResult> {
    for (const where of ['env', 'headers'] as const) {
      for (const [key, value] of Object.entries(values[where])) {
        const result = await this.set(serverId, where, key, value, options)
        if (!result.ok) return result
      }
    }
    return { ok: true }
  }

  /** Forgets every value of a server (it was removed); the first failure is returned, the rest still tried. */
  async removeServer(serverId: string): Promise<KeyVaultResult> {
    let first: KeyVaultResult = { ok: true }
    for (const { where, key } of this.list(serverId)) {
      const result = await this.clear(serverId, where, key)
      if (!result.ok && first.ok) first = result
    }
    return first
  }

  /**
   * Forgets the values of keys the config no longer has (an edit removed an env key or header), so
   * the vault holds nothing a server will not use.
   */
  async pruneTo(config: Pick<McpServerConfig, 'id' | 'env' | 'headers'>): Promise<KeyVaultResult> {
    let first: KeyVaultResult = { ok: true }
    for (const { where, key } of this.list(config.id)) {
      if (config[where] !== undefined && Object.hasOwn(config[where], key)) continue
      const result = await this.clear(config.id, where, key)
      if (!result.ok && first.ok) first = result
    }
    return first
  }

  /**
   * What a server runs with: the vault's value of every env key and header its config names, and
   * the ones that have none (an unresolved `${…}` placeholder, a value never entered, or one the vault
   * lost: the safe-storage vault reads an entry that no longer decrypts as not set).
   */
  resolve(config: Pick<McpServerConfig, 'id' | 'env' | 'headers'>): {
    values: McpSecretValues
    missing: Array<{ where: McpSecretWhere; key: string; placeholder?: string | undefined }>
  } {
    const found: Record<McpSecretWhere, Array<[string, string]>> = { env: [], headers: [] }
    const missing: Array<{ where: McpSecretWhere; key: string; placeholder?: string | undefined }> = []
    for (const where of ['env', 'headers'] as const) {
      for (const [key, stored] of Object.entries(config[where] ?? {})) {
        // A plain value is never stored by Keel (the schema refuses it); a config built in memory may carry one.
        const value = 'value' in stored ? stored.value : this.get(config.id, where, key)
        if (value !== undefined) found[where].push([key, value])
        else
          missing.push({
            where,
            key,
            ...('placeholder' in stored && stored.placeholder !== undefined ? { placeholder: stored.placeholder } : {}),
          })
      }
    }
    // fromEntries, not assignment: a key named `__proto__` stays a key.
    return { values: { env: Object.fromEntries(found.env), headers: Object.fromEntries(found.headers) }, missing }
  }

  /** The config with each value's `set` as the vault says now (what the window shows). */
  withVaultState<T extends Pick<McpServerConfig, 'id' | 'env' | 'headers'>>(config: T): T {
    const refresh = (where: McpSecretWhere) => {
      const entries = config[where]
      if (entries === undefined) return undefined
      return Object.fromEntries(
        Object.entries(entries).map(([key, stored]) => [
          key,
          'value' in stored ? stored : { ...stored, set: this.has(config.id, where, key) },
        ]),
      )
    }
    return {
      ...config,
      ...(config.env ? { env: refresh('env') } : {}),
      ...(config.headers ? { headers: refresh('headers') } : {}),
    }
  }
}
