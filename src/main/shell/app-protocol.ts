/**
 * The packaged renderer is served from a custom `app://keel/` origin instead of `file://` (Electron
 * security checklist: "Avoid usage of the file:// protocol"). A file:// page can read any other
 * file:// URL the OS lets it and has an opaque origin, so `'self'` in the CSP means little there;
 * `app://keel` is a real origin whose only content is the built renderer folder.
 *
 * Pure (no electron): the shell registers the scheme and passes `createAppProtocolHandler(root)` to
 * `protocol.handle`; tests call the handler directly over a real folder. File lookup is the same
 * hardened `lookupStaticFile` browser mode uses (no `..`, no encoded separators, no NUL, no
 * symlink escapes, known content types only, never a directory listing).
 */
import { readFile } from 'node:fs/promises'
import { STATIC_SECURITY_HEADERS, lookupStaticFile } from '../web/static-files'
import type { AppPage } from './navigation-policy'

/** The custom scheme (registered privileged: standard, secure, fetch). */
export const APP_SCHEME = 'app'
/** The one host the scheme answers for. */
export const APP_HOST = 'keel'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The window's page. The only document the navigation guards and the IPC sender check accept. */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`

/** The AppPage for the packaged renderer served over `app://keel/`. */
export function appProtocolPage(): AppPage {
  return { kind: 'app-protocol', indexUrl: APP_PAGE_URL }
}

/** The part of a web `Request` the handler reads (Electron passes a full `Request`). */
export interface AppProtocolRequest {
  readonly url: string
  readonly method: string
}

function refuse(status: 400 | 404 | 405, text: string, extra: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { ...STATIC_SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra },
  })
}

/**
 * The `protocol.handle('app', …)` handler for the renderer folder `root` (`out/renderer`).
 *
 * - only `GET`/`HEAD` (405 otherwise);
 * - only `app://keel/<path>`: another scheme or host, a port or credentials are refused;
 * - `<path>` must name a file inside `root` (`lookupStaticFile`): 400 for traversal attempts,
 *   404 for anything missing, outside, unknown or a directory (a path ending in `/` included);
 * - 200 with the file's Content-Type and the security headers above; the query is ignored.
 */
export function createAppProtocolHandler(root: string): (request: AppProtocolRequest) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return refuse(405, 'Method Not Allowed', { Allow: 'GET, HEAD' })
    let url: URL
    try {
      url = new URL(request.url)
    } catch {
      return refuse(400, 'Bad Request')
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.username !== '' || url.password !== '')
      return refuse(400, 'Bad Request')
    if (url.host !== APP_HOST) return refuse(404, 'Not Found')
    if (url.pathname.endsWith('/')) return refuse(404, 'Not Found')
    const found = lookupStaticFile(root, url.pathname)
    if (!found.ok) return found.status === 400 ? refuse(400, 'Bad Request') : refuse(404, 'Not Found')
    let body: Uint8Array<ArrayBuffer>
    try {
      body = new Uint8Array(await readFile(found.file))
    } catch {
      return refuse(404, 'Not Found')
    }
    const headers = {
      ...STATIC_SECURITY_HEADERS,
      'Content-Type': found.contentType,
      'Content-Length': String(body.byteLength),
    }
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers })
  }
}
