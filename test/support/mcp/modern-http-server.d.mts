import type { IncomingHttpHeaders } from 'node:http'

export interface ModernHttpServer {
  /** The MCP endpoint (`http://127.0.0.1:<port>/mcp`). */
  url: string
  /** Every request it received, in order: JSON-RPC method, id, HTTP headers, params. */
  requests: { method: string; id: unknown; headers: IncomingHttpHeaders; params: any }[]
  close(): Promise<void>
}
export function startModernHttpServer(options?: { loseListStreams?: number }): Promise<ModernHttpServer>
