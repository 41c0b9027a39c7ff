// MCP servers: the Settings panel and the badges a tool card shows.
export { HintBadges } from './mcp-badges'
export { MCP_COMMANDS, type McpClient } from './mcp-client'
export { McpServersPanel } from './mcp-servers-panel'
