import type { IncomingHttpHeaders } from 'node:http'

export interface ModernHttpServer {
  /** The MCP endpoint (`http://127.0.0.1:<port>/mcp`). */
  url: string
  /** Every request it received, in order: JSON-RPC method, id, HTTP headers, params. */
  requests: { method: string; id: unknown; headers: IncomingHttpHeaders; params: any }[]
  /** How many listen streams are open. */
  listening(): number
  /** Sends notifications/tools/list_changed on every open listen stream. */
  notifyToolsChanged(): void
  /** Ends every listen stream without an answer (as a restarting server would). */
  dropListenStreams(): void
  close(): Promise<void>
}
export function startModernHttpServer(options?: {
  loseListStreams?: number
  toolsListChanged?: boolean
}): Promise<ModernHttpServer>
