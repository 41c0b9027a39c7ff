// The contract between Keel's MCP connection (one server: process or HTTP endpoint, SDK client,
// restarts) and everything above it (the tool adapter, the hub, the conformance client). Written
// first so those parts can be built side by side; `mcp-connection.ts` implements it.
import type { ElicitationAnswer, ElicitationRequest } from '../tools/tool'
import type { McpServerStatus, McpTransport } from '../../shared/mcp'
import type { McpRequester } from './mcp-server-features'
import type { McpDroppedTool } from '../../shared/mcp-dropped-tools'

/** A server as the connection runs it: the config with secrets resolved (never stored, never logged). */
export interface McpLaunchSpec {
  id: string
  /** The user's name for it (shown in errors, elicitation forms). */
  name: string
  transport: McpTransport
  command?: string | undefined
  args?: readonly string[] | undefined
  cwd?: string | undefined
  /** `cwd` is Keel's own folder for this server (none was configured): created before it starts. */
  createCwd?: boolean | undefined
  /** Configured env, values resolved (secrets included): added to the minimal environment. */
  env?: Readonly<Record<string, string>> | undefined
  url?: string | undefined
  /** Extra HTTP headers, values resolved. */
  headers?: Readonly<Record<string, string>> | undefined
  /** Per-call timeout without progress (ms). */
  timeoutMs: number
  /** Hard maximum of one call however much progress it reports (ms). */
  maxTotalTimeoutMs: number
  /** How long starting (spawn/connect + initialize) may take (ms). */
  startTimeoutMs?: number | undefined
  /**
   * Folders the user allowed it (absolute paths). Non-empty: Keel declares the roots capability and
   * answers `roots/list`; empty or absent: the server is not told Keel has roots at all.
   */
  roots?: readonly string[] | undefined
}

/** A tool exactly as the server listed it (the whole object: it is hashed for pinning). */
export interface McpListedTool {
  name: string
  title?: string | undefined
  description?: string | undefined
  inputSchema: Record<string, unknown>
  outputSchema?: Record<string, unknown> | undefined
  annotations?: Record<string, unknown> | undefined
  [key: string]: unknown
}

/** One item of a `CallToolResult.content`, as sent (validated by the SDK's schema). */
export type McpContent = Record<string, unknown> & { type: string }

/** A `tools/call` answer as the server sent it. */
export interface McpCallResult {
  content: McpContent[]
  structuredContent?: Record<string, unknown> | undefined
  isError?: boolean | undefined
}

/**
 * What became of one `tools/call`. `not-sent`: the request never left Keel (not connected): safe
 * to say it did not run. `rejected`: a JSON-RPC error answer (the server refused before running,
 * e.g. -32601/-32602). `unknown`: it was sent, and no answer will come (Stop, timeout, connection
 * lost): the server may or may not have done it — never re-issued.
 */
export type McpCallOutcome =
  | { kind: 'result'; result: McpCallResult }
  | { kind: 'rejected'; code: number; message: string }
  | { kind: 'not-sent'; message: string }
  | { kind: 'unknown'; reason: 'stopped' | 'timeout' | 'connection-lost'; message: string }

export interface McpCallOptions {
  signal: AbortSignal
  /** Overrides the spec's timeout for this call (ms). */
  timeoutMs?: number | undefined
  onProgress?: (progress: { progress: number; total?: number | undefined; message?: string | undefined }) => void
  /** Answers the server's `elicitation/create` sent while this call runs (absent: declined). */
  elicit?: ((request: ElicitationRequest) => Promise<ElicitationAnswer>) | undefined
}

/** One server's connection: started by the hub, restarted after a crash, closed on quit. */
export interface McpConnectionPort {
  readonly id: string
  status(): McpServerStatus
  /** Listens to status changes (returns the unsubscribe). */
  onStatus(listener: (status: McpServerStatus) => void): () => void
  /** Starts (or restarts) it; resolves when ready or failed. */
  start(): Promise<void>
  /**
   * Every tool, all pages, each entry as the server sent it — not checked: an entry may lack a name,
   * nest too deep or be huge (the hub admits each on its own). Rejects when not ready.
   */
  listTools(): Promise<McpListedTool[]>
  /** The tools the last listing left out before the hub saw them (a malformed x-mcp-header), with why. */
  droppedTools?(): readonly McpDroppedTool[]
  /** The server said its tool list changed (`notifications/tools/list_changed`), or it restarted. */
  onToolsChanged(listener: () => void): () => void
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<McpCallOutcome>
  /** Its resources and prompts (mcp-server-features.ts) while ready; absent on connections that offer only tools. */
  requester?(): McpRequester | undefined
  /** The server said a subscribed resource changed (`notifications/resources/updated`). */
  onResourceUpdated?(listener: (uri: string) => void): () => void
  /**
   * Watches exactly these resources, on this session and every later one (mcp-resource-watch.ts:
   * `resources/subscribe` on 2025-11-25, a `subscriptions/listen` filter on 2026-07-28). Resolves
   * with the URIs the current session watches (none when the server does not offer subscriptions).
   */
  watchResources?(uris: readonly string[]): Promise<{ watching: string[] }>
  /** The last ~64 KiB of its stderr (stdio), newest last. */
  stderrTail(): string
  /**
   * The user changed its roots: answered from now on, and the server is told
   * (`notifications/roots/list_changed`) when it is connected with the roots capability.
   */
  setRoots?(roots: readonly string[]): void
  /** The `instructions` it sent in `initialize` (untrusted server text), while it is ready. */
  instructions?(): string | undefined
  /** Ends it for good: its whole process tree for stdio (stdin closed, SIGTERM, SIGKILL). */
  close(): Promise<void>
}
