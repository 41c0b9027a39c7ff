import type { AttachmentProblem } from '../attachments'
import type { ImportProblem } from '../import-report'
import type { MeasurementKind } from '../measurement'
import type { ProviderNotReadyReason } from '../provider-profiles'

/**
 * What exactly went wrong, for the errors a person can meet in the UI: the window words them in
 * its own language from this (the core's `message` is English, for logs and the CLI).
 */
export type AppErrorDetail =
  | { code: 'conversation-not-found' }
  | { code: 'conversation-busy' }
  | { code: 'measurement-not-found' }
  /** An attachment's file was deleted with its message (another window) or never existed. */
  | { code: 'file-not-found' }
  | { code: 'unit-not-for-kind'; kind: MeasurementKind; unit: string; units: string[] }
  /** `min`/`max`: the plausible range in the unit the user wrote (numbers, so the window formats them). */
  | { code: 'value-out-of-range'; kind: MeasurementKind; value: number; unit: string; min: number; max: number }
  /** A measurement's date outside the one range (`earliest`–`latest`, epoch ms; `latest` is now plus a day). */
  | { code: 'date-out-of-range'; earliest: number; latest: number }
  | { code: 'plain-text-key-refused' }
  /** A key with spaces, line breaks or other characters no HTTP header can carry. */
  | { code: 'invalid-key' }
  | { code: 'key-storage-unavailable' }
  | { code: 'shutting-down' }
  /** The disk is full: nothing more can be saved until space is freed. */
  | { code: 'disk-full' }
  /** Too many answers being written at once (per window, or in all). */
  | { code: 'too-many-runs'; max: number }
  /** The MCP server was removed (another window) or never existed. */
  | { code: 'mcp-server-not-found' }
  /** The pasted or chosen text is not an MCP configuration (not JSON, no `mcpServers`/`servers`). */
  | { code: 'mcp-import-invalid' }
  /** What the server runs changed after the consent view was shown: it must be looked at again. */
  | { code: 'mcp-consent-stale' }
  /** The server's instructions changed after they were shown: they must be read again before they are sent. */
  | { code: 'mcp-instructions-stale' }
  /** Signing in to a server that runs on this computer (stdio): only remote servers have a sign-in. */
  | { code: 'mcp-sign-in-not-applicable' }
  /** The sign-in could not start or did not complete (the server or its authorization server said no, or no answer). */
  | { code: 'mcp-sign-in-failed' }
  /** A server's resources or prompts could not be read: why, as a code (mcp-feature-failure.ts owns them). */
  | McpFeatureProblem
  /** The message was deleted (another window) or never existed. */
  | { code: 'message-not-found' }
  /** A message action that does not fit that message (e.g. continuing an answer that is not the last). */
  | { code: 'message-action-not-applicable' }
  /** The provider chosen cannot answer (no key for one that needs it, no such provider): nothing was sent. */
  | { code: 'provider-not-ready'; provider: string; reason: ProviderNotReadyReason }
  /** An imported conversation file that failed validation (nothing was imported): where, and why (English). */
  | { code: 'import-invalid'; where: string }
  /** An import stopped for a reason the window words itself (nothing was imported): where in the file. */
  | { code: 'import-failed'; problem: Exclude<ImportProblem, 'invalid' | 'malformed'>; where: string }
  /** A file being imported in pieces could not be taken (unknown or expired upload, pieces out of order, too large): import it again. */
  | { code: 'import-upload' }
  /** A backup is being imported: writing (or a second import) waits until it has finished. */
  | { code: 'import-running' }
  /** An import waits until no answer is being written (answers write as they stream). */
  | { code: 'runs-active' }
  /** A file the user attached cannot be sent (type, contents, size, count). */
  | AttachmentProblem

/**
 * Why `mcp.resources`, `mcp.readResource`, `mcp.prompts` or `mcp.getPrompt` gave no answer.
 * `mcp-not-running`: the server is off, starting or failed (nothing was sent);
 * `mcp-feature-unsupported`: it does not offer resources, prompts or subscriptions;
 * `mcp-item-not-found`: no such resource or prompt; `mcp-invalid-params`: a value is missing or
 * refused; `mcp-timeout`: no answer in time; `mcp-too-large`: over Keel's limits;
 * `mcp-connection-lost`: the connection ended while waiting; `mcp-server-failed`: it answered with
 * another error.
 */
export type McpFeatureProblem =
  | { code: 'mcp-not-running' }
  | { code: 'mcp-feature-unsupported'; feature: 'resources' | 'prompts' | 'subscribe' | 'completions' }
  | { code: 'mcp-item-not-found' }
  | { code: 'mcp-invalid-params'; missing: string[] }
  | { code: 'mcp-timeout' }
  | { code: 'mcp-too-large' }
  | { code: 'mcp-connection-lost' }
  | { code: 'mcp-server-failed' }

/**
 * An error crossing IPC or the browser-mode WebSocket, as plain data (Electron passes only the
 * message of a thrown error). `owner` says who must act; `retryable` whether trying again can help.
 */
export interface AppError {
  kind: 'validation' | 'not-found' | 'forbidden' | 'storage' | 'provider' | 'busy' | 'internal'
  message: string
  owner: 'user' | 'provider' | 'system'
  retryable: boolean
  /** Present where the UI can say it better than `message`, in the user's language. */
  detail?: AppErrorDetail
}

/** Every command answers with a result, never a thrown error. */
export type AppResult<T> = { ok: true; value: T } | { ok: false; error: AppError }
