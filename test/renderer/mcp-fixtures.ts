// Shared by the renderer tests and the browser E2E spec of MCP: it stays at test/renderer/.
// MCP server views as the core's `mcp.list` answers them (the contract in src/shared/mcp.ts), for
// the window's tests while the core is built.
import type { McpServerView, McpToolView } from '../../src/shared/mcp'

export const HASH_A = 'a'.repeat(64)
export const HASH_B = 'b'.repeat(64)
export const HASH_C = 'c'.repeat(64)

export function tool(patch: Partial<McpToolView> = {}): McpToolView {
  const name = patch.name ?? 'read_file'
  return {
    serverId: 'files',
    name,
    providerName: `mcp__files__${name}`,
    title: 'Read file',
    description: 'Reads a file',
    annotations: {},
    pin: 'accepted',
    enabled: true,
    definitionHash: HASH_A,
    definition: { name, description: 'Reads a file', inputSchema: { type: 'object' } },
    effect: 'external',
    ...patch,
  }
}

export function server(
  patch: Partial<McpServerView> = {},
  config: Partial<McpServerView['config']> = {},
): McpServerView {
  return {
    config: {
      id: 'files',
      name: 'Files',
      transport: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/home/u/Desktop'],
      ...config,
    },
    commandLine: '/usr/local/bin/npx -y @modelcontextprotocol/server-filesystem /home/u/Desktop',
    envKeys: [],
    cwd: undefined,
    needsConsent: false,
    fingerprint: 'f'.repeat(64),
    origin: 'settings',
    missingValues: [],
    status: {
      state: 'ready',
      protocolVersion: '2025-11-25',
      serverName: 'secure-filesystem-server',
      serverVersion: '0.2.0',
    },
    tools: [tool()],
    offered: { tools: 1, estimatedTokens: 120 },
    ...patch,
  }
}
