import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_HOST,
  APP_ORIGIN,
  APP_PAGE_URL,
  APP_SCHEME,
  createAppProtocolHandler,
} from '../../../src/main/shell/app-protocol'

// A real folder: <base>/renderer is the served root; <base>/secret.js and <base>/renderer-evil/x.js
// are outside it and must never be served, whatever the URL or a symlink inside the root says.
const SECRET = 'SECRET-OUTSIDE-THE-ROOT'
const INDEX_HTML =
  '<!doctype html><html><head><title>Keel</title></head><body><script type="module" src="./assets/index-abc.js"></script></body></html>'
const APP_JS = 'console.log("keel")'
let base: string
let handler: ReturnType<typeof createAppProtocolHandler>

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'keel-app-protocol-'))
  const root = join(base, 'renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  mkdirSync(join(root, 'sub'))
  mkdirSync(join(base, 'renderer-evil'))
  writeFileSync(join(root, 'index.html'), INDEX_HTML)
  writeFileSync(join(root, 'assets', 'index-abc.js'), APP_JS)
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}')
  writeFileSync(join(root, 'notes.unknownext'), 'not a served type')
  writeFileSync(join(root, 'sub', 'page.html'), '<p>sub</p>')
  writeFileSync(join(base, 'secret.js'), SECRET)
  writeFileSync(join(base, 'renderer-evil', 'x.js'), SECRET)
  symlinkSync(join(base, 'secret.js'), join(root, 'escape.js'))
  symlinkSync(base, join(root, 'escape-dir'), 'dir')
  symlinkSync(join(base, 'renderer-evil', 'x.js'), join(root, 'sibling.js'))
  handler = createAppProtocolHandler(root)
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

const get = (url: string, method = 'GET') => handler({ url, method })

describe('app:// constants', () => {
  it('one scheme, one host, one page', () => {
    expect(APP_SCHEME).toBe('app')
    expect(APP_HOST).toBe('keel')
    expect(APP_ORIGIN).toBe('app://keel')
    expect(APP_PAGE_URL).toBe('app://keel/index.html')
  })
})

describe('app:// protocol handler', () => {
  it('serves index.html with its content type and the security headers', async () => {
    const response = await get(APP_PAGE_URL)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(response.headers.get('cache-control')).toBe('no-store')
    // The CSP stays in index.html's meta tag: no second (header) policy to keep in step.
    expect(response.headers.get('content-security-policy')).toBeNull()
    expect(await response.text()).toBe(INDEX_HTML)
  })

  it('serves a script and a stylesheet from a subfolder with their content types; the query is ignored', async () => {
    const script = await get('app://keel/assets/index-abc.js')
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe(APP_JS)
    const withQuery = await get('app://keel/assets/index-abc.js?v=2#x')
    expect(withQuery.status).toBe(200)
    expect(await withQuery.text()).toBe(APP_JS)
    const style = await get('app://keel/assets/index-abc.css')
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(await style.text()).toBe('body{}')
  })

  it('HEAD answers the headers without a body', async () => {
    const response = await get('app://keel/assets/index-abc.js', 'HEAD')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(APP_JS)))
    expect(response.body).toBeNull()
  })

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'get', ''])('%j → 405, nothing read', async (method) => {
    const response = await get(APP_PAGE_URL, method)
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).not.toContain('<!doctype')
  })

  // [url, status]. Traversal that the URL parser already resolves (`..`, `%2e%2e`) lands on a path
  // inside the root that does not exist (404); what is left for the lookup to refuse is a 400.
  const HOSTILE: Array<[string, 400 | 404]> = [
    ['app://keel/../secret.js', 404],
    ['app://keel/assets/../../secret.js', 404],
    ['app://keel/%2e%2e/secret.js', 404],
    ['app://keel/%2E%2E/%2e%2e/secret.js', 404],
    ['app://keel/..%2Fsecret.js', 400],
    ['app://keel/assets/..%2F..%2Fsecret.js', 400],
    ['app://keel/%2e%2e%2fsecret.js', 400],
    ['app://keel/assets%2Findex-abc.js', 400],
    ['app://keel/..%5Csecret.js', 400],
    ['app://keel/assets%5C..%5C..%5Csecret.js', 400],
    ['app://keel/index.html%00', 400],
    ['app://keel/index.html%00.js', 400],
    ['app://keel/C:%5Csecret.js', 400],
    ['app://keel/%E0%A4%A', 400],
    ['app://keel/escape.js', 404], // symlink to a file outside the root
    ['app://keel/escape-dir/secret.js', 404], // symlink to a folder outside the root
    ['app://keel/sibling.js', 404], // symlink into renderer-evil (shares the root's name as a prefix)
    ['app://keel/missing.js', 404],
    ['app://keel/notes.unknownext', 404], // unknown content type
    ['app://keel/sub', 404], // a directory
    ['app://keel/sub/', 404], // no directory URLs, no index, no listing
    ['app://keel/assets/', 404],
    ['app://keel/', 404],
    ['app://keel', 400], // WHATWG parsing of a non-special scheme: empty path (Chromium would say '/': 404)
    ['app://keel//index.html', 404],
    ['app://evil/index.html', 404],
    ['app://evil/secret.js', 404],
    ['app://keel.evil/index.html', 404],
    ['app://evil.keel/index.html', 404],
    ['app://keel:8080/index.html', 404],
    ['app:///index.html', 404],
    ['app://keel@evil/index.html', 400],
    ['app://evil@keel/index.html', 400],
    ['app://u:p@keel/index.html', 400],
    ['file:///etc/passwd', 400],
    ['https://keel/index.html', 400],
    ['keel://keel/index.html', 400],
    ['not a url', 400],
    ['', 400],
  ]

  it.each(HOSTILE)('%j → %i, nothing from outside the root', async (url, status) => {
    const response = await get(url)
    expect(response.status).toBe(status)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const body = await response.text()
    expect(body).not.toContain(SECRET)
    expect(body).not.toContain('index-abc')
  })

  it('a symlink inside the root that stays inside it is served (only escapes are refused)', async () => {
    symlinkSync(join(base, 'renderer', 'assets', 'index-abc.js'), join(base, 'renderer', 'alias.js'))
    const response = await get('app://keel/alias.js')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(APP_JS)
  })
})
