// Which protocol revision Keel speaks to a server. Over Streamable HTTP and stdio it asks first
// (`server/discover`, the 2026-07-28 revision: stateless requests, per-request `_meta`,
// input-required results, and on HTTP the `Mcp-Method`/`Mcp-Name` headers) and falls back to the
// 2025-11-25 `initialize` handshake for a server that does not answer it; the SDK runs both. On
// stdio the probe goes to the very process Keel keeps (mcp-stdio-era.ts says how a legacy server
// that exits on it is restarted once, and remembered). The legacy HTTP+SSE transport stays on
// 2025-11-25: it has no modern form.
import { type ClientOptions, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client'

export type McpWire = 'stdio' | 'streamable-http' | 'sse'

/** How many input-required rounds one request may take before Keel gives up on it. */
export const MCP_MAX_INPUT_ROUNDS = 10

/** On stdio: probe (how long a silent server is waited for), or straight to `initialize`. */
export type StdioRevision = { mode: 'probe'; probeTimeoutMs: number } | { mode: 'legacy' }

/** The SDK client options that choose the revision for a transport (stdio: as `stdio` says; legacy without it). */
export function revisionOptions(
  wire: McpWire,
  stdio?: StdioRevision | undefined,
): Pick<ClientOptions, 'versionNegotiation' | 'inputRequired'> {
  const probe = wire === 'streamable-http' || (wire === 'stdio' && stdio?.mode === 'probe')
  if (!probe) return { versionNegotiation: { mode: 'legacy' } }
  return {
    versionNegotiation: {
      mode: 'auto',
      ...(stdio?.mode === 'probe' ? { probe: { timeoutMs: stdio.probeTimeoutMs } } : {}),
    },
    // Elicitation asked for inside a result goes to the same handler as a 2025 server's request.
    inputRequired: { autoFulfill: true, maxRounds: MCP_MAX_INPUT_ROUNDS },
  }
}

/** The wire a session runs on (`stdio`: Keel's own stdio transport, when there is one). */
export function wireOf(transport: Transport, stdio: unknown): McpWire {
  if (stdio !== undefined) return 'stdio'
  return transport instanceof StreamableHTTPClientTransport ? 'streamable-http' : 'sse'
}
