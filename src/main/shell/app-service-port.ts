import type { z } from 'zod'
import type { AppResult } from '../../shared/ipc/app-error'
import type { COMMAND_SCHEMAS, CommandName, CommandResponses, RunEventEnvelope } from '../../shared/ipc/app-contract'

/**
 * What the Electron shell needs from the transport-independent app service: nothing more.
 *
 * - `handle` runs one command. `request` has already passed the command's zod schema (it is the
 *   parsed output: defaults filled in, strings trimmed), and the sender has already been checked.
 *   It answers with an `AppResult`; it should not throw (if it does, the shell answers
 *   `internal`). It must never put an API key into a result.
 * - `client` identifies the caller (one per webContents) and is where that caller's run events go:
 *   a run started by `turns.start` sends every `RunEventEnvelope` through the `client.send` it
 *   was started with, and only there.
 * - `disconnect(clientId)` is called once when the caller is gone (window closed or its renderer
 *   crashed): the service stops every run that client started. Calling `client.send` afterwards is
 *   harmless (it is dropped).
 */
export interface AppServicePort {
  handle<C extends CommandName>(command: C, request: CommandPayload<C>, client: AppClient): Promise<AppResult<CommandResponses[C]>>
  disconnect(clientId: string): void
}

/** A caller of the service: a window here, a WebSocket in browser mode. */
export interface AppClient {
  readonly id: string
  send(envelope: RunEventEnvelope): void
}

/** A command's request after validation (zod output type). */
export type CommandPayload<C extends CommandName> = z.output<(typeof COMMAND_SCHEMAS)[C]>

/** Placeholder until the real service is connected: every command answers a typed `internal` error. */
export const notConnectedService: AppServicePort = {
  async handle() {
    return {
      ok: false,
      error: { kind: 'internal', message: 'The app service is not connected yet.', owner: 'system', retryable: false },
    }
  },
  disconnect() {},
}
