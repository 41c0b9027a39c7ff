// An MCP server's stored config (the schema is in src/shared, where every setting is declared) and
// the fingerprint of what the user consents to when they agree to run it.
import { createHash } from 'node:crypto'
import type { McpServerConfig } from '../../shared/mcp'
import { canonicalJson } from '../ledger/canonical-json'

export {
  MCP_SERVER_ID_PATTERN,
  mcpServerConfigSchema,
  mcpServerListSchema,
  mcpStoredValueSchema,
  type StoredMcpServerConfig,
} from '../../shared/mcp-server-schema'

/**
 * SHA-256 (hex) of the canonical JSON of what consent covers: the transport; for stdio the resolved
 * command line (the absolute executable and every argument, as an array so `a b` and `a`,`b` differ;
 * without it, the configured command and args), the working folder; for http/sse the URL; and the
 * env and header *keys* (never values: a rotated token is not a new program). Timeouts, trust,
 * enabled state, tool toggles, the name and unknown keys are not covered: changing them never asks
 * again.
 */
export function mcpFingerprint(config: McpServerConfig, resolvedCommandLine?: readonly string[] | undefined): string {
  const covered =
    config.transport === 'stdio'
      ? {
          transport: config.transport,
          commandLine: [...(resolvedCommandLine ?? [config.command ?? '', ...(config.args ?? [])])],
          cwd: config.cwd ?? null,
          envKeys: Object.keys(config.env ?? {}).sort(),
        }
      : { transport: config.transport, url: config.url ?? '', headerKeys: Object.keys(config.headers ?? {}).sort() }
  return createHash('sha256')
    .update(canonicalJson({ mcpConsent: 1, ...covered }))
    .digest('hex')
}

/** The user agreed to exactly this (the stored fingerprint is the current one). */
export function hasMcpConsent(config: McpServerConfig, resolvedCommandLine?: readonly string[] | undefined): boolean {
  return (
    config.consentedFingerprint !== undefined &&
    config.consentedFingerprint === mcpFingerprint(config, resolvedCommandLine)
  )
}
