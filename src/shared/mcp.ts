// MCP servers as Keel keeps and shows them. Pure types and small pure helpers, shared by the core
// (src/main/mcp), the CLI and the window. Secret values never appear here: a secret env value or
// header is a reference to the key vault.

import type { McpAuthRefusal, McpOAuthView } from './mcp-oauth'
import type { McpDroppedTool } from './mcp-dropped-tools'

/** How Keel reaches a server: a process it starts (stdio), Streamable HTTP, or the legacy HTTP+SSE. */
export type McpTransport = 'stdio' | 'http' | 'sse'

/**
 * One env value or header of a server: plain text (kept in settings) or a secret (kept in the key
 * vault, never in SQLite, logs or exports; `set` says whether the vault has it). Keel stores every
 * env value and header as a secret (see src/shared/mcp-server-schema.ts); `placeholder` is the
 * `${…}` text an imported value was (never resolved: the user fills the value in).
 */
export type McpValue = { value: string } | { secret: true; set: boolean; placeholder?: string | undefined }

/** A server as saved in Keel's settings (no secret values). */
export interface McpServerConfig {
  /** Stable id: the config's key made safe (`[a-z0-9_-]`, ≤ 40); part of tool names and ledger keys. */
  id: string
  /** The name the user gave it (the key in `mcpServers`). */
  name: string
  transport: McpTransport
  /** stdio: what to run (a name looked up on PATH, or an absolute path), its arguments (no shell) and working folder. */
  command?: string | undefined
  args?: string[] | undefined
  cwd?: string | undefined
  env?: Record<string, McpValue> | undefined
  /** http / sse: the endpoint and extra request headers. */
  url?: string | undefined
  headers?: Record<string, McpValue> | undefined
  /** Not started while disabled. */
  disabled?: boolean | undefined
  /** How long one call may go without progress before it is given up (ms; default 60 s); progress extends it up to a hard maximum. */
  timeoutMs?: number | undefined
  /** The user trusts this server's `readOnlyHint`: such tools run without asking (still only on a finished turn). */
  trustReadOnlyHints?: boolean | undefined
  /** Tools of this server the user turned off (by their MCP name). */
  disabledTools?: string[] | undefined
  /** Keys of the imported entry Keel does not use, kept as they were. */
  extra?: Record<string, unknown> | undefined
  /**
   * The user saw the exact command line (or URL), the env keys and the working folder and agreed to
   * run it: the fingerprint of what they agreed to. A server whose fingerprint differs is not
   * started until they agree again (and "always allow" grants on its tools are void).
   */
  consentedFingerprint?: string | undefined
  /** Folders the user allowed this server (absolute paths; none by default), sent as `roots/list`. */
  roots?: string[] | undefined
  /**
   * SHA-256 (hex) of the server `instructions` the user agreed to send to the model: only that exact
   * text is sent (instructions that changed since are not, until the user turns them on again).
   */
  instructionsAccepted?: string | undefined
  /**
   * http / sse: a client the user registered by hand with the server's authorization server, used
   * for sign-ins instead of a client ID metadata document or dynamic registration. The id is not a
   * secret; the secret (optional) is in the key vault only: here is only whether one is saved.
   */
  oauthClient?: { clientId: string; secretSet: boolean } | undefined
}

/** Defaults and bounds of the per-server call timeout. */
export const MCP_DEFAULT_TIMEOUT_MS = 60_000
/** How long starting a server (spawn or connect, and `initialize`) may take when it has no timeout of its own (ms). */
export const MCP_DEFAULT_START_TIMEOUT_MS = 30_000
export const MCP_MAX_TIMEOUT_MS = 10 * 60_000

/**
 * A server's state: `needs-consent` (never started: the user has not agreed to run it), `stopped`
 * (disabled), `starting`, `ready`, `failed` (with the reason and, when it will be tried again, when).
 */
export type McpServerStatus =
  | { state: 'needs-consent' }
  | { state: 'stopped' }
  | { state: 'starting' }
  | { state: 'ready'; protocolVersion: string; serverName: string | undefined; serverVersion: string | undefined }
  | {
      state: 'failed'
      reason: string
      retryAt: number | undefined
      /** Present when a remote server refused for want of a (good enough) sign-in: the typed cause. */
      auth?: McpAuthRefusal | undefined
    }

/** What an MCP server says about a tool, as hints the user may choose to trust (the spec says: untrusted by default). */
export interface McpToolAnnotations {
  readOnlyHint?: boolean | undefined
  destructiveHint?: boolean | undefined
  idempotentHint?: boolean | undefined
  openWorldHint?: boolean | undefined
}

/**
 * One tool of a server, and whether the model may see it:
 * - `accepted`: its whole definition is the one the user accepted (pinned by hash);
 * - `changed`: its definition differs from the accepted one: withheld until the user accepts the change;
 * - `new`: the server added it after the user accepted the list: withheld until accepted.
 */
export interface McpToolView {
  serverId: string
  /** The tool's name on the server. */
  name: string
  /** The name providers are sent (`mcp__<server>__<tool>`, made safe and unique). */
  providerName: string
  title: string
  description: string
  annotations: McpToolAnnotations
  pin: 'accepted' | 'changed' | 'new'
  /** The user left it on (per-tool toggle). */
  enabled: boolean
  /** SHA-256 of its whole definition as the server sent it (hex, 64). */
  definitionHash: string
  /** Its whole definition as the server sent it now (for the review diff). */
  definition: Record<string, unknown>
  /** `changed`: the definition the user accepted before (the other side of the diff). */
  acceptedDefinition?: Record<string, unknown> | undefined
  /** Keel's effect for it: `external` (asks, ledgered, never retried) or `none` (a trusted read-only hint). */
  effect: 'external' | 'none'
  /** Why Keel cannot offer it at all (e.g. its input schema declares a JSON Schema dialect Keel does not know). */
  refused?: string | undefined
}

/** A server as the window shows it: its config (no secrets), what running it means, its status and tools. */
export interface McpServerView {
  config: McpServerConfig
  /** stdio: the exact command line Keel runs (resolved executable and every argument), untruncated; http: the URL. */
  commandLine: string
  /** The env keys set for it (never values). */
  envKeys: string[]
  /** The working folder (stdio). */
  cwd: string | undefined
  /** The user must agree before it is (re)started: never started, or what it runs changed since. */
  needsConsent: boolean
  /** SHA-256 of what consent covers (transport, resolved command line or URL, env and header keys, cwd): sent back with `mcp.consent`. */
  fingerprint: string
  /** `settings`: saved in Keel (editable); `file`: from `--mcp-config`/`KEEL_MCP_CONFIG` (read-only here). */
  origin: 'settings' | 'file'
  /** Env values and headers referenced but not set (an unresolved `${…}` placeholder, or a secret the vault lost). */
  missingValues: Array<{ where: 'env' | 'headers'; key: string; placeholder?: string | undefined }>
  status: McpServerStatus
  tools: McpToolView[]
  /** Enabled, accepted tools the model is offered, and their definitions' size (≈ tokens). */
  offered: { tools: number; estimatedTokens: number }
  /** The server's `instructions` from `initialize` (untrusted server text), when it is ready and sent any. */
  instructions?: McpInstructionsView | undefined
  /** Remote servers: the OAuth sign-in's state (issuer, scope, expiry; never a token). */
  oauth?: McpOAuthView | undefined
  /** Tools the server listed that Keel left out (never offered, not in `tools`), with the typed reason. */
  droppedTools?: McpDroppedTool[] | undefined
}

/**
 * A server's instructions and whether the model gets them: `off` (the default), `on` (the user agreed
 * to send exactly this text), `changed` (they agreed to other text: nothing is sent until they agree again).
 */
export interface McpInstructionsView {
  text: string
  /** SHA-256 (hex) of `text`: sent back to turn sending on for exactly this text. */
  hash: string
  send: 'off' | 'on' | 'changed'
}

/** Above these, the window warns that the enabled tools are many (quality drops; context fills). */
export const MCP_TOOL_COUNT_WARNING = 40
export const MCP_TOOL_TOKENS_WARNING = 8_000

/**
 * The provider-facing name of a server's tool: `mcp__<server>__<tool>`, every character outside
 * `[A-Za-z0-9_-]` made `_`; over 64 characters, shortened with a short hash of the exact pair so it
 * stays unique (mapped back exactly by the tool source).
 */
export function mcpProviderToolName(serverId: string, toolName: string, hash: (text: string) => string): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_')
  const full = `mcp__${safe(serverId)}__${safe(toolName)}`
  if (full.length <= 64) return full
  const suffix = hash(`${serverId}\u0000${toolName}`).slice(0, 8)
  return `${full.slice(0, 64 - suffix.length - 1)}_${suffix}`
}

/** A config key made into a server id (`My Files!` → `my_files`). */
export function mcpServerId(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
  return id || 'server'
}

/** What `mcp.import` did with each entry of the pasted or read JSON. */
export interface McpImportReport {
  /** Servers saved (not started: each needs consent). */
  added: string[]
  /** Entries not imported, with why (a name already used, no command or url, bad field). */
  skipped: Array<{ name: string; reason: string }>
  /** Values left unresolved (`${…}`): not imported; the user fills them in. */
  unresolved: Array<{
    server: string
    where: 'env' | 'headers' | 'args' | 'command' | 'url' | 'cwd'
    key: string
    placeholder: string
  }>
  /** Which key was read (`mcpServers` or `servers`). */
  readKey: 'mcpServers' | 'servers'
}
