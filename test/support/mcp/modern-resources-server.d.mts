export interface ModernResourcesServer {
  /** The MCP endpoint (`http://127.0.0.1:<port>/mcp`). */
  url: string
  /** Every request it received, in order: JSON-RPC method and params. */
  requests: { method: string; params: any }[]
  /** The URIs each open listen stream watches. */
  watching(): string[][]
  /** Changes a resource's text and tells every stream that watches it. */
  change(uri: string, text: string): void
  /** Ends every listen stream without an answer (as a restarting server would). */
  dropStreams(): void
  close(): Promise<void>
}
export function startModernResourcesServer(): Promise<ModernResourcesServer>
