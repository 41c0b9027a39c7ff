import type { AppResult } from './app-error'
import type { McpEvent, RunEventEnvelope } from './app-contract'
import type { CommandName } from './channels'

/**
 * Browser mode's wire protocol over its one loopback WebSocket (`ws://127.0.0.1:N/ws`; the access
 * token travels in the handshake's `Sec-WebSocket-Protocol`, see {@link webSocketProtocols}),
 * one JSON text message each way per item:
 * - client → server: `{ id, command, payload }` (`id` chosen by the client, echoed in the answer);
 * - server → client: `{ id, result }` (an {@link AppResult}, exactly as over Electron IPC), or
 *   `{ type: 'run-event', envelope }` for runs this socket started, or `{ type: 'mcp-event', event }`
 *   for what it subscribed to (`mcp.subscribeResource`).
 * A message that is not valid JSON or not this shape gets `{ id: null, result: validation error }`.
 */
export const WEB_SOCKET_PATH = '/ws'

/** The subprotocol the server selects (it never echoes the token entry). */
export const WEB_SOCKET_PROTOCOL = 'keel'
/** Prefix of the subprotocol entry that carries the access token (base64url: valid token characters). */
export const WEB_SOCKET_TOKEN_PREFIX = 'keel.token.'

/**
 * The subprotocols a browser-mode client offers: `keel` and `keel.token.<token>`. The token rides
 * in a header rather than the URL so it never lands where URLs are kept (logs, the DevTools' URL
 * columns, error messages that quote the URL).
 */
export function webSocketProtocols(token: string): [string, string] {
  return [WEB_SOCKET_PROTOCOL, `${WEB_SOCKET_TOKEN_PREFIX}${token}`]
}

export interface WebCommandMessage {
  id: string | number
  command: CommandName
  payload: unknown
}

export interface WebResultMessage {
  id: string | number | null
  result: AppResult<unknown>
}

export interface WebRunEventMessage {
  type: 'run-event'
  envelope: RunEventEnvelope
}

export interface WebMcpEventMessage {
  type: 'mcp-event'
  event: McpEvent
}

export type WebServerMessage = WebResultMessage | WebRunEventMessage | WebMcpEventMessage
