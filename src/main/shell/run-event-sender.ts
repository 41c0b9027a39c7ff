import { RUN_EVENT_CHANNEL, type RunEventEnvelope } from '../../shared/ipc/app-contract'
import type { AppClient, AppServicePort } from './app-service-port'

/** The part of Electron's `WebContents` this module uses. */
export interface RunEventTarget {
  readonly id: number
  isDestroyed(): boolean
  send(channel: string, ...args: unknown[]): void
  once(event: 'destroyed' | 'render-process-gone', listener: () => void): unknown
}

/**
 * One `AppClient` per webContents: its `send` pushes run events to that webContents only (never a
 * broadcast), and when the webContents is destroyed or its renderer process dies the service is
 * told to stop that client's runs (once).
 */
export function createRunEventClients(service: Pick<AppServicePort, 'disconnect'>): {
  clientFor(target: RunEventTarget): AppClient
} {
  const clients = new Map<RunEventTarget, AppClient>()

  function clientFor(target: RunEventTarget): AppClient {
    const existing = clients.get(target)
    if (existing) return existing
    const id = `window:${target.id}`
    let connected = true
    const client: AppClient = {
      id,
      send(envelope: RunEventEnvelope) {
        if (!connected || target.isDestroyed()) return
        target.send(RUN_EVENT_CHANNEL, envelope)
      },
    }
    const gone = () => {
      if (!connected) return
      connected = false
      clients.delete(target)
      service.disconnect(id)
    }
    target.once('destroyed', gone)
    target.once('render-process-gone', gone)
    clients.set(target, client)
    return client
  }

  return { clientFor }
}
