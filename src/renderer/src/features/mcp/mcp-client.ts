import type { KeelApi } from '../../../../shared/ipc/app-contract'

/** What the MCP servers panel calls (list, add, edit, consent, review, import, values). */
export const MCP_COMMANDS = [
  'mcp.list',
  'mcp.save',
  'mcp.update',
  'mcp.remove',
  'mcp.restart',
  'mcp.stderr',
  'mcp.consent',
  'mcp.secret',
  'mcp.import',
  'mcp.acceptTools',
  'mcp.pickFolder',
  'mcp.signIn',
  'mcp.signOut',
  'mcp.registrySearch',
  // The registry's address (Browse registry).
  'settings.update',
] as const satisfies readonly (keyof KeelApi)[]

export type McpClient = Pick<KeelApi, (typeof MCP_COMMANDS)[number]>
