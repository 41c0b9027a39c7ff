/**
 * What the core pushes to one window about MCP servers, beside run events (Electron:
 * `MCP_EVENT_CHANNEL`; browser mode: `{ type: 'mcp-event', event }`). Only to the window that asked.
 * - `resource-updated`: a resource the window subscribed to (`mcp.subscribeResource`) changed, or
 *   may have (its server restarted, or an update could have been missed): read it again before use.
 *   `uri` is the one the window gave.
 */
export type McpEvent = { type: 'resource-updated'; serverId: string; uri: string }
