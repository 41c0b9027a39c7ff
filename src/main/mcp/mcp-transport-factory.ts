// Builds the SDK transport for one attempt to reach a server: Keel's own stdio transport (process
// group, stderr ring, message cap), Streamable HTTP, or the legacy HTTP+SSE transport.
import { type OAuthClientProvider, SSEClientTransport } from '@modelcontextprotocol/client'
import type { McpLaunchSpec } from './mcp-connection-port'
import { childEnvironment } from './mcp-environment'
import type { StderrRing } from './mcp-stderr-ring'
import { KeelStdioTransport } from './mcp-stdio-transport'
import { KeelStreamableHttpTransport } from './mcp-stream-loss'

export interface StdioTransportInput {
  spec: McpLaunchSpec
  stderr: StderrRing
  loginPath: string | undefined
  maxMessageBytes?: number | undefined
  gracePeriodMs?: number | undefined
}

export function stdioTransport(input: StdioTransportInput): KeelStdioTransport {
  const { spec } = input
  if (!spec.command) throw new Error('No command to run')
  return new KeelStdioTransport({
    command: spec.command,
    args: spec.args,
    cwd: spec.cwd,
    env: childEnvironment({ configured: spec.env, loginPath: input.loginPath }),
    stderr: input.stderr,
    maxMessageBytes: input.maxMessageBytes,
    gracePeriodMs: input.gracePeriodMs,
  })
}

function endpoint(spec: McpLaunchSpec): URL {
  if (!spec.url) throw new Error('No URL to connect to')
  return new URL(spec.url)
}

/**
 * `authProvider`: OAuth for this server (the SDK runs the protocol; mcp-oauth-provider.ts keeps the
 * results). A response stream lost before its answer fails that request at once (mcp-stream-loss.ts).
 */
export function streamableHttpTransport(
  spec: McpLaunchSpec,
  authProvider?: OAuthClientProvider | undefined,
): KeelStreamableHttpTransport {
  return new KeelStreamableHttpTransport(endpoint(spec), {
    requestInit: { headers: { ...spec.headers } },
    ...(authProvider ? { authProvider } : {}),
  })
}

export function sseTransport(spec: McpLaunchSpec, authProvider?: OAuthClientProvider | undefined): SSEClientTransport {
  // requestInit's headers go on the stream's GET and on every POST (the SDK's common headers).
  return new SSEClientTransport(endpoint(spec), {
    requestInit: { headers: { ...spec.headers } },
    ...(authProvider ? { authProvider } : {}),
  })
}
