// The names providers are sent for MCP tools: `mcp__<server>__<tool>`, valid for every provider
// (`^[a-zA-Z0-9_-]{1,64}$`) and distinct across all servers' tools, while the tool source keeps the
// exact MCP name to call. `mcpProviderToolName` (src/shared/mcp.ts) makes one name safe and short;
// it cannot see the others, so two tools can land on one name (`get.x` and `get_x`, or server `a`'s
// `b__c` and server `a__b`'s `c`): this settles those.
import { mcpProviderToolName } from '../../shared/mcp'
import { sha256Hex } from './mcp-definition-hash'

export interface McpToolRef {
  serverId: string
  /** The tool's exact name on the server. */
  toolName: string
}

/** One tool's provider name on its own (not checked against the others: use {@link assignMcpProviderNames} for a list). */
export function mcpToolProviderName(serverId: string, toolName: string): string {
  return mcpProviderToolName(serverId, toolName, sha256Hex)
}

/**
 * Provider names for every tool of every server, in the order given, all distinct. Deterministic
 * and independent of the order: when several tools make the same name, the one whose name needed
 * no change (if any) keeps it and the others get a short hash of their exact (server, tool) pair;
 * hashes lengthen until every name is distinct. Pairs must be distinct.
 */
export function assignMcpProviderNames(tools: readonly McpToolRef[]): string[] {
  const base = tools.map((tool) => mcpToolProviderName(tool.serverId, tool.toolName))
  const names = [...base]
  for (let length = 8; ; length += 4) {
    const groups = new Map<string, number[]>()
    names.forEach((name, index) => groups.set(name, [...(groups.get(name) ?? []), index]))
    const shared = [...groups.values()].filter((members) => members.length > 1)
    if (shared.length === 0) return names
    if (length > 48) throw new Error('assignMcpProviderNames: the same (server, tool) pair was given twice')
    for (const members of shared) {
      // The keeper: a tool whose name needed no change (the smallest server id if several spell it alike).
      const keeper = members
        .filter((index) => names[index] === exactName(tools[index]!))
        .sort((a, b) => (tools[a]!.serverId < tools[b]!.serverId ? -1 : 1))[0]
      for (const index of members) if (index !== keeper) names[index] = hashed(tools[index]!, base[index]!, length)
    }
  }
}

function exactName(tool: McpToolRef): string {
  return `mcp__${tool.serverId}__${tool.toolName}`
}

function hashed(tool: McpToolRef, name: string, length: number): string {
  const suffix = sha256Hex(`${tool.serverId}\u0000${tool.toolName}`).slice(0, length)
  return `${name.slice(0, 64 - length - 1)}_${suffix}`
}
