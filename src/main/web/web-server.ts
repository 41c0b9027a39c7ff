import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { MAX_ATTACHMENTS_TOTAL_BYTES } from '../../shared/attachments'
import type { CommandName } from '../../shared/ipc/channels'
import { WEB_SOCKET_PROTOCOL, type WebServerMessage } from '../../shared/ipc/web-socket-protocol'
import { fail } from '../app/app-result'
import type { KeelAppService } from '../app/keel-app-service'
import { isAllowedStaticRequest, isAuthorizedUpgrade, newAccessToken } from './web-auth'
import { STATIC_SECURITY_HEADERS, lookupStaticFile } from './static-files'

/** Browser mode listens on the IPv4 loopback only, never on another interface. */
export const WEB_HOST = '127.0.0.1'
/**
 * One WebSocket message: a message's files at their limit (base64 adds a third) plus 2 MiB for the
 * rest (was 2 MiB flat, too small for one image). Electron IPC has no such cap to raise.
 */
const MAX_MESSAGE_BYTES = Math.ceil((MAX_ATTACHMENTS_TOTAL_BYTES * 4) / 3) + 2 * 1024 * 1024

export interface WebServerOptions {
  service: KeelAppService
  /** The built renderer (`out/renderer`). */
  rendererDir: string
  /** 0 (default): any free port. */
  port?: number
  /** Tests may fix it; by default 256 random bits. */
  token?: string
}

export interface KeelWebServer {
  port: number
  /** `http://127.0.0.1:N` */
  origin: string
  token: string
  /**
   * What the user opens: `http://127.0.0.1:N/#token=…`. The token is in the fragment, which the
   * browser never sends to any server (nor in a Referer); the page moves it to this tab's
   * sessionStorage and removes it from the address bar.
   */
  url: string
  /** Closes every socket (their runs are stopped) and the server. */
  close(): Promise<void>
}

function securityHeaders(origin: string): Record<string, string> {
  const wsOrigin = origin.replace(/^http:/, 'ws:')
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      `connect-src 'self' ${wsOrigin}`,
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    ...STATIC_SECURITY_HEADERS,
  }
}

/**
 * Browser mode: the built renderer and the app service on `127.0.0.1`. Commands run only over the
 * WebSocket, whose handshake must carry the token (in `Sec-WebSocket-Protocol`), the exact `Host`
 * and this server's own `Origin` (see {@link isAuthorizedUpgrade}). The static renderer holds no
 * user data and is served for the exact `Host` to this origin's page or a top-level navigation only
 * (see {@link isAllowedStaticRequest}). No response ever sets a cookie.
 */
export async function startWebServer(options: WebServerOptions): Promise<KeelWebServer> {
  const token = options.token ?? newAccessToken()
  let origin = ''
  let host = ''
  // Select `keel`, never the entry carrying the token (the handshake was checked before this runs).
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    handleProtocols: () => WEB_SOCKET_PROTOCOL,
  })

  const refuse = (response: ServerResponse, status: number, text: string) => {
    response.writeHead(status, {
      ...securityHeaders(origin),
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(text),
    })
    response.end(text)
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!isAllowedStaticRequest(request, host)) return refuse(response, 403, 'Forbidden')
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405, 'Method Not Allowed')
    const found = lookupStaticFile(options.rendererDir, request.url ?? '/')
    if (!found.ok) return refuse(response, found.status, found.status === 400 ? 'Bad Request' : 'Not Found')
    response.writeHead(200, { ...securityHeaders(origin), 'Content-Type': found.contentType })
    if (request.method === 'HEAD') return response.end()
    const stream = createReadStream(found.file)
    stream.on('error', () => response.destroy())
    stream.pipe(response)
  })

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isAuthorizedUpgrade(request, { host, origin, token })) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      socket.destroy()
      return
    }
    wss.handleUpgrade(request, socket, head, (ws) => serveSocket(ws, options.service))
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, WEB_HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address')
  host = `${WEB_HOST}:${address.port}`
  origin = `http://${host}`

  return {
    port: address.port,
    origin,
    token,
    url: `${origin}/#token=${token}`,
    close: async () => {
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

/** One authenticated socket = one client of the app service (its runs go on unwatched when it closes). */
function serveSocket(ws: WebSocket, service: KeelAppService): void {
  const clientId = `web_${randomUUID()}`
  const send = (message: WebServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
  }
  service.connect(
    clientId,
    (envelope) => send({ type: 'run-event', envelope }),
    (event) => send({ type: 'mcp-event', event }),
  )
  // A page reloading closes its socket: its answers go on for the page that comes back (`runs.attach`).
  ws.on('close', () => service.disconnect(clientId, 'may-return'))
  ws.on('error', () => ws.terminate())
  ws.on('message', (data: RawData, isBinary: boolean) => {
    let message: unknown
    try {
      if (isBinary) throw new Error('binary')
      message = JSON.parse(rawText(data))
    } catch {
      return send({
        id: null,
        result: fail('validation', 'Invalid message: expected JSON text {id, command, payload}.'),
      })
    }
    const fields =
      typeof message === 'object' && message !== null && !Array.isArray(message)
        ? (message as Record<string, unknown>)
        : {}
    const id = fields.id
    const validId =
      (typeof id === 'string' && id.length > 0 && id.length <= 200) || (typeof id === 'number' && Number.isFinite(id))
    if (!validId)
      return send({ id: null, result: fail('validation', 'Invalid message: `id` must be a short string or a number.') })
    // The service refuses an unknown command and validates the payload (the one validator, as for IPC).
    void service
      .handle(fields.command as CommandName, fields.payload, { clientId })
      .then((result) => send({ id: id as string | number, result }))
  })
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
