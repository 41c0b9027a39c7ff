import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

export const TOKEN_COOKIE = 'keel_token'

/** 256 random bits, URL-safe. */
export function newAccessToken(): string {
  return randomBytes(32).toString('base64url')
}

function sameSecret(given: string | undefined, token: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The raw query's `token` (no URL normalization of the path is involved). */
export function tokenFromQuery(rawUrl: string): string | undefined {
  const question = rawUrl.indexOf('?')
  if (question < 0) return undefined
  const value = new URLSearchParams(rawUrl.slice(question + 1)).get('token')
  return value ?? undefined
}

export function tokenFromCookie(header: string | undefined): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === TOKEN_COOKIE) return part.slice(eq + 1).trim()
  }
  return undefined
}

export interface RequestAuth {
  /** The token came in the URL (a page load): the response sets the cookie for the page's assets. */
  viaQuery: boolean
}

/**
 * The checks every browser-mode request passes before anything is served or run:
 * the `Host` is exactly the server's (`127.0.0.1:N`: defeats DNS rebinding), and the token is in
 * the query or in the cookie a tokened page load set. Returns undefined when refused.
 */
export function authenticate(request: IncomingMessage, expected: { host: string; token: string }): RequestAuth | undefined {
  if (request.headers.host !== expected.host) return undefined
  const url = request.url ?? '/'
  const fromQuery = tokenFromQuery(url)
  if (fromQuery !== undefined) return sameSecret(fromQuery, expected.token) ? { viaQuery: true } : undefined
  return sameSecret(tokenFromCookie(request.headers.cookie), expected.token) ? { viaQuery: false } : undefined
}

/** The WebSocket handshake's `Origin` must be exactly the server's own (a missing Origin is refused). */
export function isOwnOrigin(request: IncomingMessage, origin: string): boolean {
  return request.headers.origin === origin
}

export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`
}
