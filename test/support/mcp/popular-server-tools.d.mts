import type { McpListedTool } from '../../../src/main/mcp/mcp-connection-port'

export function describe(lead: string, length: number): string
export const POPULAR_SERVERS: { server: string; tools: McpListedTool[] }[]
export function allPopularTools(): { server: string; tool: McpListedTool }[]
