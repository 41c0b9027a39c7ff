/**
 * Which URLs the window may load and which may leave the app for the OS browser. Pure (no
 * electron): the window factory and the IPC sender check both use it, and tests drive it with a
 * table of hostile URLs. Every decision parses with the WHATWG URL parser; no prefix checks
 * (`https://ours.example.attacker.test` passes a prefix check).
 */

/**
 * Our own page: the packaged renderer served as `app://keel/index.html` (see app-protocol.ts) or, in
 * development, the dev server.
 */
export type AppPage = { kind: 'app-protocol'; indexUrl: string } | { kind: 'dev-server'; url: string }

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
const MAX_EXTERNAL_URL_LENGTH = 2048

function parse(url: string): URL | undefined {
  if (typeof url !== 'string' || url.length > MAX_EXTERNAL_URL_LENGTH * 4) return undefined
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * The dev server only counts when it is plain http on loopback (electron-vite's default); any
 * other `ELECTRON_RENDERER_URL` is ignored and the packaged renderer is loaded instead.
 */
export function devServerPage(rawUrl: string | undefined): AppPage | undefined {
  if (!rawUrl) return undefined
  const url = parse(rawUrl)
  if (url?.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) return undefined
  if (url.username || url.password) return undefined
  return { kind: 'dev-server', url: url.href }
}

/**
 * True only for our own page: the exact packaged page URL (a fragment allowed: in-page anchors such
 * as Markdown footnotes change it; no query, the renderer reads none in Electron), or the dev
 * server's origin.
 */
export function isAppPageUrl(rawUrl: string, page: AppPage): boolean {
  const url = parse(rawUrl)
  if (!url || url.username || url.password) return false
  if (page.kind === 'app-protocol') {
    // Both serialized by the WHATWG parser: the same scheme, host, port, path and (empty) query.
    // A serialized URL has no '#' before its fragment, so this cuts exactly the fragment.
    const [withoutFragment] = url.href.split('#', 1)
    return withoutFragment === new URL(page.indexUrl).href
  }
  const dev = new URL(page.url)
  return url.origin === dev.origin
}

/**
 * Navigation inside the window (will-navigate, will-frame-navigate, will-redirect): only to our
 * own page. Anything else (remote sites, javascript:, data:, other files, chrome:, devtools:,
 * custom schemes) is refused.
 */
export function mayNavigate(rawUrl: string, page: AppPage): boolean {
  return isAppPageUrl(rawUrl, page)
}

/** Dispositions Chromium reports for a link the user clicked with target=_blank (or middle-click). */
const LINK_CLICK_DISPOSITIONS = new Set(['foreground-tab', 'background-tab'])

export interface WindowOpenRequest {
  url: string
  disposition: string
  frameName: string
  features: string
  postBody?: unknown
}

/**
 * The URL to hand to `shell.openExternal` for a window-open request, or undefined to only deny it.
 * Electron tells the handler nothing about user activation, so the request must look like a link
 * click: a tab disposition, no window name, no `window.open` features, no form post. Only plain
 * http(s) with a host, no credentials, no whitespace or control characters. Our CSP allows only
 * our own scripts, so a scripted `window.open` could only come from our own code.
 */
export function externalUrlForWindowOpen(request: WindowOpenRequest): string | undefined {
  if (!LINK_CLICK_DISPOSITIONS.has(request.disposition)) return undefined
  if (request.frameName !== '' || request.features !== '' || request.postBody != null) return undefined
  return safeExternalUrl(request.url)
}

/** The normalized href when `rawUrl` is a plain http(s) URL safe to give the OS browser. */
export function safeExternalUrl(rawUrl: string): string | undefined {
  if (typeof rawUrl !== 'string' || rawUrl.length === 0 || rawUrl.length > MAX_EXTERNAL_URL_LENGTH) return undefined
  // Whitespace or control characters are stripped silently by the URL parser: refuse instead.
  if (/[\s\u0000-\u001f\u007f-\u009f]/u.test(rawUrl)) return undefined
  const url = parse(rawUrl)
  if (!url) return undefined
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  if (url.username || url.password || url.hostname === '') return undefined
  return url.href
}
