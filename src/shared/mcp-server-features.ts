// An MCP server's resources and prompts as Keel shows and uses them: the core, the CLI and the
// window share these shapes. Every string here came from the server: it is data, never an
// instruction, and is shown with its invisible characters revealed (invisible-characters.ts).
import type { AttachmentInput } from './attachments'

/** A resource a server lists (`resources/list`). */
export interface McpResourceView {
  uri: string
  name: string
  title?: string | undefined
  description?: string | undefined
  mimeType?: string | undefined
  /** Bytes, as the server says (not checked). */
  size?: number | undefined
}

/** A family of resources a server can make (`resources/templates/list`): fill its arguments, read the URI. */
export interface McpResourceTemplateView {
  /** RFC 6570 URI template, e.g. `demo://resource/dynamic/text/{resourceId}`. */
  uriTemplate: string
  name: string
  title?: string | undefined
  description?: string | undefined
  mimeType?: string | undefined
  /** The template's variables, in order: the arguments the user fills in. */
  arguments: string[]
}

/** One argument of a prompt (always a string on the wire). */
export interface McpPromptArgumentView {
  name: string
  title?: string | undefined
  description?: string | undefined
  required: boolean
}

/** A prompt a server offers (`prompts/list`): shown as a `/` command with its arguments as a form. */
export interface McpPromptView {
  name: string
  title?: string | undefined
  description?: string | undefined
  arguments: McpPromptArgumentView[]
}

/** One item of a read resource (`resources/read` contents, or a prompt's embedded resource). */
export type McpResourceContent =
  | { uri: string; mimeType?: string | undefined; text: string }
  | { uri: string; mimeType?: string | undefined; blob: string }

/** One content block of a prompt message. */
export type McpPromptContent =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio'; mimeType: string; data: string }
  | { type: 'resource'; resource: McpResourceContent }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string | undefined }

export interface McpPromptMessage {
  role: 'user' | 'assistant'
  content: McpPromptContent
}

/** What one listing gave: the items Keel could read, and how many it could not (malformed entries are dropped, not fatal). */
export interface McpListing<T> {
  items: T[]
  dropped: number
}

/** A server's resources and templates together (`keel mcp resources`, `mcp.resources`). */
export interface McpResourcesView {
  serverId: string
  resources: McpListing<McpResourceView>
  templates: McpListing<McpResourceTemplateView>
  /** The server offers `resources/subscribe`. */
  subscribe: boolean
}

/** Why a resource was named but not sent: bytes neither text nor an image every provider takes (`binary`), over a file's budget (`too-big`), over the message's count or total (`over-budget`), `empty`, or base64 that is not (`invalid`). */
export type McpOmittedReason = 'binary' | 'too-big' | 'over-budget' | 'empty' | 'invalid'

/** A resource Keel names but does not send. */
export interface McpOmittedResource {
  name: string
  uri: string
  mimeType?: string | undefined
  /** Bytes (of the text in UTF-8, or of the decoded blob; 0 when it could not be decoded). */
  size: number
  reason: McpOmittedReason
}

/** A read resource as files for the composer (sent with `turns.start`, where they are checked again). */
export interface McpReadResourceView {
  uri: string
  attachments: AttachmentInput[]
  omitted: McpOmittedResource[]
  /** Content items the server sent that Keel could not read. */
  dropped: number
}

/** A prompt's messages as one message for the composer: the user sees (and may edit) it before sending. */
export interface McpPromptMessageView {
  name: string
  description?: string | undefined
  text: string
  attachments: AttachmentInput[]
  omitted: McpOmittedResource[]
  /** Messages the server sent that Keel could not read. */
  dropped: number
}

/**
 * Why a request to a server's resources or prompts did not give an answer. `mcp-not-ready`: the
 * server is not running (nothing was sent). `mcp-unsupported`: it does not offer that feature (its
 * capabilities say so; nothing was sent). `mcp-invalid-arguments`: a required argument is missing,
 * one is not declared, or the server said the parameters are invalid (JSON-RPC -32602).
 * `mcp-not-found`: no such prompt, or the server said no such resource (-32002). `mcp-timeout`: no
 * answer in time. `mcp-too-large`: the answer is over Keel's limits (a message over the size cap,
 * or a listing past its page cap). `mcp-connection-lost`: the connection ended while waiting.
 * `mcp-server-error`: it answered with another error, or with something that is not an answer.
 */
export type McpFeatureError =
  | { code: 'mcp-not-ready'; message: string }
  | { code: 'mcp-unsupported'; feature: 'resources' | 'prompts' | 'subscribe' | 'completions'; message: string }
  | { code: 'mcp-invalid-arguments'; message: string; missing: string[]; rpcCode?: number | undefined }
  | { code: 'mcp-not-found'; message: string; rpcCode?: number | undefined }
  | { code: 'mcp-timeout'; message: string }
  | { code: 'mcp-too-large'; message: string }
  | { code: 'mcp-connection-lost'; message: string }
  | { code: 'mcp-server-error'; message: string; rpcCode?: number | undefined }

export type McpFeatureResult<T> = { ok: true; value: T } | { ok: false; error: McpFeatureError }

/** Pages of one listing Keel follows at most (a server whose cursor never ends is cut off with an error). */
export const MCP_MAX_LIST_PAGES = 100
/** Items of one listing Keel keeps at most. */
export const MCP_MAX_LIST_ITEMS = 10_000
/** Longest name, title, URI or mime type kept from a server (longer: the entry is dropped). */
export const MCP_MAX_FIELD_CHARS = 4_096
/** Longest description kept (longer ones are cut, with an ellipsis). */
export const MCP_MAX_DESCRIPTION_CHARS = 8_192

/** `server:rest` (a resource `files:file:///a.md` or prompt `files:summarise`): the server is before the first colon. */
export function splitServerRef(text: string): { server: string; rest: string } | undefined {
  const at = text.indexOf(':')
  if (at <= 0 || at === text.length - 1) return undefined
  return { server: text.slice(0, at), rest: text.slice(at + 1) }
}
