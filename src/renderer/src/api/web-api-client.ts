// Browser mode's KeelApi: the same commands as `window.keel`, over the loopback WebSocket.
// Browser code only (no Node imports). The page gets its token from `browser-mode-access.ts`.
import type {
  CommandRequest,
  CommandResponses,
  KeelApi,
  McpEvent,
  RunEventEnvelope,
} from '../../../shared/ipc/app-contract'
import { COMMAND_NAMES, type CommandName } from '../../../shared/ipc/channels'
import type { AppError, AppResult } from '../../../shared/ipc/app-error'
import { WEB_SOCKET_PATH, webSocketProtocols, type WebServerMessage } from '../../../shared/ipc/web-socket-protocol'

/** The part of the DOM WebSocket the client uses (the browser's, or `ws` in tests). */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(): void
  addEventListener(type: 'open' | 'close' | 'error', listener: () => void): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
}

export interface WebApiClientOptions {
  /** The access token; offered on the handshake as the `keel.token.<token>` subprotocol, never in the URL. */
  token: string
  /** Default: `ws(s)://<this page's host>/ws`. */
  url?: string
  /** Default: the browser's `WebSocket`. */
  createSocket?: (url: string, protocols: string[]) => WebSocketLike
}

export type WebApiClient = KeelApi & {
  /** True once the server accepted the handshake; false if it refused it (or was unreachable, or the token is malformed). */
  opened: Promise<boolean>
  /** Closes the socket: the server stops this client's runs; pending requests get a `internal` error. */
  close(): void
}

/** The WebSocket URL for a page served by browser mode (no token in it: see {@link WebApiClientOptions.token}). */
export function webSocketUrlFor(location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:'
  return `${scheme}//${location.host}${WEB_SOCKET_PATH}`
}

const OPEN = 1

function connectionError(message: string): { ok: false; error: AppError } {
  return { ok: false, error: { kind: 'internal', message, owner: 'system', retryable: true } }
}

export function createWebApiClient(options: WebApiClientOptions): WebApiClient {
  const url = options.url ?? webSocketUrlFor(globalThis.location)
  const protocols = webSocketProtocols(options.token)
  const pending = new Map<number, (result: AppResult<unknown>) => void>()
  const queued: string[] = []
  const listeners = new Set<(envelope: RunEventEnvelope) => void>()
  const mcpListeners = new Set<(event: McpEvent) => void>()
  let nextId = 1
  let closed = false
  let settleOpened: (value: boolean) => void = () => undefined
  const opened = new Promise<boolean>((resolve) => (settleOpened = resolve))

  let socket: WebSocketLike
  try {
    socket = options.createSocket
      ? options.createSocket(url, protocols)
      : (new WebSocket(url, protocols) as unknown as WebSocketLike)
  } catch {
    // A token with characters a subprotocol cannot hold (a mangled URL): as good as refused.
    socket = { readyState: 3, send: () => undefined, close: () => undefined, addEventListener: () => undefined }
    closed = true
    settleOpened(false)
  }

  socket.addEventListener('open', () => {
    settleOpened(true)
    for (const text of queued.splice(0)) socket.send(text)
  })
  const onGone = () => {
    closed = true
    settleOpened(false)
    queued.length = 0
    for (const resolve of pending.values()) resolve(connectionError('The connection to Keel was closed.'))
    pending.clear()
  }
  socket.addEventListener('close', onGone)
  socket.addEventListener('error', onGone)
  socket.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return
    let message: WebServerMessage
    try {
      message = JSON.parse(event.data) as WebServerMessage
    } catch {
      return
    }
    if ('type' in message && message.type === 'run-event') {
      for (const listener of listeners) listener(message.envelope)
      return
    }
    if ('type' in message && message.type === 'mcp-event') {
      for (const listener of mcpListeners) listener(message.event)
      return
    }
    if ('id' in message && typeof message.id === 'number') {
      const resolve = pending.get(message.id)
      pending.delete(message.id)
      resolve?.(message.result)
    }
  })

  const call = <C extends CommandName>(
    command: C,
    payload: CommandRequest<C>,
  ): Promise<AppResult<CommandResponses[C]>> =>
    new Promise((resolve) => {
      if (closed) return resolve(connectionError('The connection to Keel is closed.'))
      const id = nextId++
      pending.set(id, resolve as (result: AppResult<unknown>) => void)
      const text = JSON.stringify({ id, command, payload })
      if (socket.readyState === OPEN) socket.send(text)
      else queued.push(text)
    })

  const api = {
    opened,
    onRunEvent(listener: (envelope: RunEventEnvelope) => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    onMcpEvent(listener: (event: McpEvent) => void) {
      mcpListeners.add(listener)
      return () => {
        mcpListeners.delete(listener)
      }
    },
    close() {
      socket.close()
    },
  } as WebApiClient
  for (const command of COMMAND_NAMES) {
    ;(api as unknown as Record<string, unknown>)[command] = (payload: unknown) =>
      call(command, payload as CommandRequest<typeof command>)
  }
  return api
}
