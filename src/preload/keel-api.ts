// Builds `window.keel` from a fixed list of commands. Sandboxed preloads can require only
// `electron`, so this file imports types only from src/shared (the contract module itself pulls in
// zod); test/main/shell/preload.test.ts checks this list and the channel names against the contract.
import type { CommandName, KeelApi, RunEventEnvelope } from '../shared/ipc/app-contract'

export const KEEL_COMMANDS = [
  'conversations.list',
  'conversations.open',
  'conversations.rename',
  'conversations.delete',
  'turns.start',
  'turns.stop',
  'approvals.answer',
  'settings.get',
  'settings.update',
  'keys.set',
  'keys.clear',
  'providers.test',
  'measurements.list',
  'measurements.update',
  'measurements.delete',
] as const satisfies readonly CommandName[]

// Compile-time check that no command of the contract is missing from the list above.
type MissingCommand = Exclude<CommandName, (typeof KEEL_COMMANDS)[number]>
const everyCommandListed: [MissingCommand] extends [never] ? true : MissingCommand = true
void everyCommandListed

/** Same values as `channelOf` / `RUN_EVENT_CHANNEL` in the contract (asserted by a test). */
export const commandChannel = (command: CommandName): string => `keel:${command}`
export const RUN_EVENT_CHANNEL = 'keel:run-event'

/** The part of `ipcRenderer` the API uses. Only this file touches it; the page never sees it. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

export function createKeelApi(ipc: IpcRendererLike): KeelApi {
  const api: Record<string, unknown> = {}
  for (const command of KEEL_COMMANDS) {
    const channel = commandChannel(command)
    // Exactly one argument crosses: the request. The main process validates it.
    api[command] = (request: unknown) => ipc.invoke(channel, request)
  }
  api.onRunEvent = (listener: (envelope: RunEventEnvelope) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError('onRunEvent needs a listener function')
    // The IpcRendererEvent (whose `sender` is ipcRenderer itself) is never handed to the page.
    const forward = (_event: unknown, envelope: unknown) => listener(envelope as RunEventEnvelope)
    ipc.on(RUN_EVENT_CHANNEL, forward)
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      ipc.removeListener(RUN_EVENT_CHANNEL, forward)
    }
  }
  return Object.freeze(api) as KeelApi
}
