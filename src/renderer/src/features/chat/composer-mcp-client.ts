import type { KeelApi } from '../../../../shared/ipc/app-contract'

/**
 * What the composer's `@` resources and `/` prompts call: servers, their resources and prompts,
 * suggestions, and being told when an attached resource changes. Read only.
 */
export const COMPOSER_MCP_COMMANDS = [
  'mcp.list',
  'mcp.resources',
  'mcp.readResource',
  'mcp.prompts',
  'mcp.getPrompt',
  'mcp.complete',
  'mcp.subscribeResource',
  'mcp.unsubscribeResource',
  'onMcpEvent',
] as const satisfies readonly (keyof KeelApi)[]

export type ComposerMcpClient = Pick<KeelApi, (typeof COMPOSER_MCP_COMMANDS)[number]>
