// Builds `window.keel` from the contract's command list. Sandboxed preloads can require only
// `electron`, so the one value import is channels.ts (no imports, no zod); the rest of src/shared
// is imported for types only (test/main/shell/preload-bundle.test.ts checks the bundle).
import type { KeelApi, McpEvent, RunEventEnvelope } from '../shared/ipc/app-contract'
import { COMMAND_NAMES, MCP_EVENT_CHANNEL, RUN_EVENT_CHANNEL, channelOf } from '../shared/ipc/channels'

/** The part of `ipcRenderer` the API uses. Only this file touches it; the page never sees it. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

export function createKeelApi(ipc: IpcRendererLike): KeelApi {
  const api: Record<string, unknown> = {}
  for (const command of COMMAND_NAMES) {
    const channel = channelOf(command)
    // Exactly one argument crosses: the request. The main process validates it.
    api[command] = (request: unknown) => ipc.invoke(channel, request)
  }
  api.onRunEvent = listenerOn<RunEventEnvelope>(ipc, RUN_EVENT_CHANNEL, 'onRunEvent')
  api.onMcpEvent = listenerOn<McpEvent>(ipc, MCP_EVENT_CHANNEL, 'onMcpEvent')
  return Object.freeze(api) as KeelApi
}

/** Subscribing to one pushed channel; returns the unsubscribe (idempotent). */
function listenerOn<T>(ipc: IpcRendererLike, channel: string, name: string) {
  return (listener: (value: T) => void): (() => void) => {
    if (typeof listener !== 'function') throw new TypeError(`${name} needs a listener function`)
    // The IpcRendererEvent (whose `sender` is ipcRenderer itself) is never handed to the page.
    const forward = (_event: unknown, value: unknown) => listener(value as T)
    ipc.on(channel, forward)
    let subscribed = true
    return () => {
      if (!subscribed) return
      subscribed = false
      ipc.removeListener(channel, forward)
    }
  }
}
