// Browser mode's access token on the page side. The printed URL is `http://127.0.0.1:N/#token=…`:
// the fragment never reaches a server (nor a Referer). The page keeps the token in sessionStorage —
// scoped to this exact origin (port included) and to this tab, so a reload works, two Keel servers
// on two ports never mix, and no other site or port can read it — and removes it from the address
// bar and the history entry. It then travels only on the WebSocket handshake (web-api-client.ts).
// Browser code only (no Node imports).
import { createWebApiClient, type WebApiClient } from './web-api-client'

const STORAGE_KEY = 'keel.accessToken'

/** The parts of `window` used here (real in the page; tests may pass their own). */
export interface AccessWindow {
  location: { hash: string; pathname: string; search: string; reload(): void }
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void }
  sessionStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void }
  addEventListener(type: 'hashchange', listener: () => void): void
}

/** The fragment's `token` (undefined when absent; '' when empty) and the fragment without it. */
export function splitTokenFromFragment(hash: string): { token: string | undefined; rest: string } {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const token = params.get('token')
  if (token === null) return { token: undefined, rest: hash }
  params.delete('token')
  const rest = params.toString()
  return { token, rest: rest ? `#${rest}` : '' }
}

/**
 * This page's token: from the URL fragment (then stored for this tab and removed from the address
 * bar with `history.replaceState`, so the history entry no longer holds it), else — after a reload —
 * from this tab's sessionStorage. Undefined when there is none.
 */
export function takeAccessToken(win: AccessWindow): string | undefined {
  const { token, rest } = splitTokenFromFragment(win.location.hash)
  if (token !== undefined) {
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}${rest}`)
    if (token) {
      try {
        win.sessionStorage.setItem(STORAGE_KEY, token)
      } catch {
        // Storage disabled: the token still works for this load, not after a reload.
      }
      return token
    }
  }
  try {
    return win.sessionStorage.getItem(STORAGE_KEY) || undefined
  } catch {
    return undefined
  }
}

/**
 * Pasting a new URL into this tab (Keel restarted on the same port) changes only the fragment, so
 * the browser does not load the page again: take the new token and start over.
 */
export function reloadOnNewToken(win: AccessWindow): void {
  win.addEventListener('hashchange', () => {
    if (splitTokenFromFragment(win.location.hash).token === undefined) return
    takeAccessToken(win)
    win.location.reload()
  })
}

export type BrowserModeAccessProblem = 'no-token' | 'refused'

export type BrowserModeConnection = { ok: true; api: WebApiClient } | { ok: false; problem: BrowserModeAccessProblem }

/** Takes the token and opens the socket; says why when there is no token or the server refuses it. */
export async function connectBrowserMode(win: AccessWindow): Promise<BrowserModeConnection> {
  reloadOnNewToken(win)
  const token = takeAccessToken(win)
  if (!token) return { ok: false, problem: 'no-token' }
  const api = createWebApiClient({ token })
  return (await api.opened) ? { ok: true, api } : { ok: false, problem: 'refused' }
}
