// Forward compatibility of the stored MCP server list: a newer Keel may store keys this one does
// not know. They are read (not refused) and carried through every edit unchanged.
import type { McpServerConfig } from '../../shared/mcp'
import { MCP_SERVER_KNOWN_KEYS } from '../../shared/mcp-server-schema'

const KNOWN = new Set(MCP_SERVER_KNOWN_KEYS)

/** The stored keys of `config` this Keel does not know, as they are (to be written back with the edit). */
export function unknownMcpKeys(config: McpServerConfig | undefined): Record<string, unknown> {
  if (!config) return {}
  return Object.fromEntries(Object.entries(config).filter(([key]) => !KNOWN.has(key)))
}
