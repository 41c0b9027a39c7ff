import { MCP_EVENT_CHANNEL, RUN_EVENT_CHANNEL } from '../../shared/ipc/channels'
import type { KeelAppService } from '../app/keel-app-service'

/** The part of Electron's `WebContents` this module uses. */
export interface RunEventTarget {
  readonly id: number
  isDestroyed(): boolean
  send(channel: string, ...args: unknown[]): void
  once(event: 'destroyed' | 'render-process-gone', listener: () => void): unknown
}

/**
 * One client of the app service per webContents, connected on its first command: the run events of
 * the runs it starts, and the MCP events of what it subscribed to, go to that webContents only (never a broadcast), and when the webContents is
 * destroyed or its renderer process dies the service is told to stop that client's runs (once).
 */
export function createRunEventClients(service: Pick<KeelAppService, 'connect' | 'disconnect'>): {
  /** The client id of this webContents (connected on first use). */
  clientFor(target: RunEventTarget): string
} {
  const clients = new Map<RunEventTarget, string>()

  function clientFor(target: RunEventTarget): string {
    const existing = clients.get(target)
    if (existing) return existing
    const id = `window:${target.id}`
    let connected = true
    service.connect(
      id,
      (envelope) => {
        if (!connected || target.isDestroyed()) return
        target.send(RUN_EVENT_CHANNEL, envelope)
      },
      (event) => {
        if (!connected || target.isDestroyed()) return
        target.send(MCP_EVENT_CHANNEL, event)
      },
    )
    const gone = () => {
      if (!connected) return
      connected = false
      clients.delete(target)
      service.disconnect(id)
    }
    target.once('destroyed', gone)
    target.once('render-process-gone', gone)
    clients.set(target, id)
    return id
  }

  return { clientFor }
}
