// Which protocol revision Keel speaks to a server. Over Streamable HTTP it asks first
// (`server/discover`, the 2026-07-28 revision: stateless requests, per-request `_meta`, the
// `Mcp-Method`/`Mcp-Name` headers, input-required results) and falls back to the 2025-11-25
// `initialize` handshake for a server that does not answer it; the SDK runs both. stdio and the
// legacy HTTP+SSE transport stay on 2025-11-25: on stdio a probe of a legacy server can make it
// exit (servers built on older SDKs end on any request before `initialize`), and HTTP+SSE has no
// modern form.
import { type ClientOptions, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client'

export type McpWire = 'stdio' | 'streamable-http' | 'sse'

/** How many input-required rounds one request may take before Keel gives up on it. */
export const MCP_MAX_INPUT_ROUNDS = 10

/** The SDK client options that choose the revision for a transport. */
export function revisionOptions(wire: McpWire): Pick<ClientOptions, 'versionNegotiation' | 'inputRequired'> {
  if (wire !== 'streamable-http') return { versionNegotiation: { mode: 'legacy' } }
  return {
    versionNegotiation: { mode: 'auto' },
    // Elicitation asked for inside a result goes to the same handler as a 2025 server's request.
    inputRequired: { autoFulfill: true, maxRounds: MCP_MAX_INPUT_ROUNDS },
  }
}

/** The wire a session runs on (`stdio`: Keel's own stdio transport, when there is one). */
export function wireOf(transport: Transport, stdio: unknown): McpWire {
  if (stdio !== undefined) return 'stdio'
  return transport instanceof StreamableHTTPClientTransport ? 'streamable-http' : 'sse'
}
