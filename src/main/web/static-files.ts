import { realpathSync, statSync } from 'node:fs'
import { extname, join, relative, isAbsolute, sep } from 'node:path'

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}

/**
 * Headers every answer carrying the built renderer gets, in browser mode and from the desktop
 * app's app:// scheme alike (the CSP is added where it differs: an HTTP header in browser mode, the
 * page's meta tag in the desktop app).
 */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
}

export type StaticLookup = { ok: true; file: string; contentType: string } | { ok: false; status: 400 | 404 }

/**
 * Maps a raw request path to a file inside `root` (the built renderer). Each segment is decoded on
 * its own; `.`/`..` segments, encoded separators, backslashes and NUL are refused outright (never
 * normalized away), and the real path (symlinks resolved) must still be inside the root. `/` is
 * `index.html`; directories are never listed; unknown extensions are not served.
 */
export function lookupStaticFile(root: string, rawPath: string): StaticLookup {
  const path = rawPath.split('?')[0] ?? ''
  if (!path.startsWith('/')) return { ok: false, status: 400 }
  const segments: string[] = []
  for (const raw of path.slice(1).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return { ok: false, status: 400 }
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment) || segment.includes(':'))
      return { ok: false, status: 400 }
    segments.push(segment)
  }
  if (segments.at(-1) === '') segments[segments.length - 1] = 'index.html'
  if (segments.some((s) => s.length === 0)) return { ok: false, status: 404 }
  const contentType = CONTENT_TYPES[extname(segments.at(-1) ?? '').toLowerCase()]
  if (!contentType) return { ok: false, status: 404 }
  let realRoot: string
  let file: string
  try {
    realRoot = realpathSync(root)
    file = realpathSync(join(realRoot, ...segments))
  } catch {
    return { ok: false, status: 404 }
  }
  const inside = relative(realRoot, file)
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return { ok: false, status: 404 }
  try {
    if (!statSync(file).isFile()) return { ok: false, status: 404 }
  } catch {
    return { ok: false, status: 404 }
  }
  return { ok: true, file, contentType }
}
