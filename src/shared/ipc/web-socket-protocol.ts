import type { AppResult } from './app-error'
import type { CommandName, RunEventEnvelope } from './app-contract'

/**
 * Browser mode's wire protocol over its one loopback WebSocket (`ws://127.0.0.1:N/ws?token=…`),
 * one JSON text message each way per item:
 * - client → server: `{ id, command, payload }` (`id` chosen by the client, echoed in the answer);
 * - server → client: `{ id, result }` (an {@link AppResult}, exactly as over Electron IPC), or
 *   `{ type: 'run-event', envelope }` for runs this socket started.
 * A message that is not valid JSON or not this shape gets `{ id: null, result: validation error }`.
 */
export const WEB_SOCKET_PATH = '/ws'

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

export type WebServerMessage = WebResultMessage | WebRunEventMessage
