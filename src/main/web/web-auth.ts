// Browser mode's access checks. There is no cookie: cookies are scoped by host, not port, so one set
// by 127.0.0.1:N would be sent to every other service on 127.0.0.1. The token lives in the printed
// URL's fragment, then in the tab's sessionStorage, and reaches the server only on the WebSocket
// handshake, where it is the only thing that can run a command.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { WEB_SOCKET_PATH, WEB_SOCKET_PROTOCOL, WEB_SOCKET_TOKEN_PREFIX } from '../../shared/ipc/web-socket-protocol'

/** 256 random bits, URL-safe (base64url: also valid in a `Sec-WebSocket-Protocol` entry). */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Constant time, length included (both sides are hashed to the same size first). */
export function sameSecret(given: string | undefined, token: string): boolean {
  if (given === undefined) return false
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(token))
}

/** What the handshake's `Sec-WebSocket-Protocol` offers: `keel`, and the token if exactly one entry carries it. */
export function readOfferedProtocols(header: string | undefined): { keel: boolean; token: string | undefined } {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
  const tokens = entries
    .filter((entry) => entry.startsWith(WEB_SOCKET_TOKEN_PREFIX))
    .map((entry) => entry.slice(WEB_SOCKET_TOKEN_PREFIX.length))
  return { keel: entries.includes(WEB_SOCKET_PROTOCOL), token: tokens.length === 1 ? tokens[0] : undefined }
}

export interface ExpectedPeer {
  /** `127.0.0.1:N`: an exact `Host` defeats DNS rebinding. */
  host: string
  /** `http://127.0.0.1:N`: the only page allowed to open the socket. */
  origin: string
  token: string
}

/**
 * The WebSocket handshake (the only way to run a command) is accepted only when all hold: the path
 * is exactly `/ws`, the `Host` and the `Origin` are exactly this server's (a missing Origin is
 * refused: every browser sends one), and `Sec-WebSocket-Protocol` offers `keel` plus the right
 * token. The token in the URL's query is not accepted.
 */
export function isAuthorizedUpgrade(request: IncomingMessage, expected: ExpectedPeer): boolean {
  if (request.url !== WEB_SOCKET_PATH) return false
  if (request.headers.host !== expected.host || request.headers.origin !== expected.origin) return false
  const offered = readOfferedProtocols(request.headers['sec-websocket-protocol'])
  // Evaluated in full (no short-circuit on the token) so a wrong token costs the same as a right one.
  const tokenOk = sameSecret(offered.token, expected.token)
  return offered.keel && tokenOk
}

/**
 * The static renderer (the same bundle for everyone, no user data) is served without the token —
 * it must load to read the token from the fragment and to explain a missing one — but only for the
 * exact `Host`, and only to this origin's own page or a top-level navigation (Fetch Metadata): a
 * request another page makes (even on 127.0.0.1, which is same-site) is refused before any file is read.
 * Browsers without Fetch Metadata fall back on CORS and `Cross-Origin-Resource-Policy`.
 */
export function isAllowedStaticRequest(request: IncomingMessage, host: string): boolean {
  if (request.headers.host !== host) return false
  const site = request.headers['sec-fetch-site']
  if (site === undefined || site === 'same-origin' || site === 'none') return true
  return request.headers['sec-fetch-mode'] === 'navigate' && request.headers['sec-fetch-dest'] === 'document'
}
