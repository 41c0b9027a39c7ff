import { describe, expect, it } from 'vitest'
import {
  devServerPage,
  externalUrlForWindowOpen,
  isAppPageUrl,
  mayNavigate,
  safeExternalUrl,
  type AppPage,
} from '../../../src/main/shell/navigation-policy'
import { APP_PAGE_URL, appProtocolPage } from '../../../src/main/shell/app-protocol'

const appPage: AppPage = { kind: 'app-protocol', indexUrl: 'app://keel/index.html' }
const devPage: AppPage = { kind: 'dev-server', url: 'http://localhost:5173/' }

// Every one of these must be refused as a place the window may go.
const HOSTILE = [
  'https://example.com/',
  'http://localhost:5173.attacker.test/',
  'https://localhost:5173/',
  'http://127.0.0.1:5173/', // a different origin from localhost
  'http://localhost:5174/',
  'http://user:pass@localhost:5173/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:file:///4b1b2c3d',
  'file:///etc/passwd',
  'file:///opt/Keel/resources/app/out/renderer/other.html',
  'file:///opt/Keel/resources/app/out/renderer/index.html.evil',
  'file:///opt/Keel/resources/app/out/renderer/../../../../../etc/passwd',
  'file://attacker-share/opt/Keel/resources/app/out/renderer/index.html',
  'file:///opt/Keel/resources/app/out/renderer/index.html/../secret.html',
  'chrome://settings',
  'chrome://gpu',
  'devtools://devtools/bundled/inspector.html',
  'about:blank',
  'view-source:file:///opt/Keel/resources/app/out/renderer/index.html',
  'keel://open',
  'vscode://file/etc/passwd',
  'ms-msdt:/id PCWDiagnostic',
  'smb://attacker/share',
  'mailto:someone@example.com',
  'filesystem:http://localhost:5173/temporary/x',
  '',
  'not a url',
  '//localhost:5173/',
  // The packaged page is app://keel/index.html, nothing near it. The file:// page of old is refused too.
  'file:///opt/Keel/resources/app/out/renderer/index.html',
  'file:///opt/Keel/resources/app/out/renderer/index.html#/settings',
  'app://evil/index.html',
  'app://keel/other.html',
  'app://keel/',
  'app://keel',
  'app://keel/index.html.evil',
  'app://keel/index.html/',
  'app://keel/index.htm',
  'app://keel/assets/index.html',
  'app://keel/%69ndex.html',
  'app://keel/index.html%00',
  'app://keel/index.html%2F..%2Fother.html',
  'app://keel/index.html?x=1',
  'app://keel/index.html?',
  'app://keel@evil/index.html',
  'app://evil@keel/index.html',
  'app://keel:evil@keel/index.html',
  'app://keel:8080/index.html',
  'app://keel.evil/index.html',
  'app://evil.keel/index.html',
  'app://KEEL/index.html',
  'app:///index.html',
  'app:/index.html',
  'app:index.html',
  'App://keel/index.html/../other.html',
  'APP://keel/other.html',
  'apps://keel/index.html',
  'https://keel/index.html',
  'http://keel/index.html',
  'keel://keel/index.html',
  'view-source:app://keel/index.html',
  'blob:app://keel/4b1b2c3d',
  'filesystem:app://keel/temporary/index.html',
]

describe('navigation policy', () => {
  it.each(HOSTILE)('refuses to load %j in the window (packaged app:// build and dev server)', (url) => {
    expect(mayNavigate(url, appPage)).toBe(false)
    expect(isAppPageUrl(url, appPage)).toBe(false)
    expect(mayNavigate(url, devPage)).toBe(false)
  })

  it('allows our own page only', () => {
    expect(mayNavigate('app://keel/index.html', appPage)).toBe(true)
    // In-page anchors (e.g. Markdown footnotes) change only the fragment of the same document.
    expect(mayNavigate('app://keel/index.html#user-content-fn-1', appPage)).toBe(true)
    expect(mayNavigate('app://keel/index.html#', appPage)).toBe(true)
    // The WHATWG parser resolves dot segments and lower-cases the scheme: the same URL.
    expect(isAppPageUrl('app://keel/assets/../index.html', appPage)).toBe(true)
    expect(isAppPageUrl('APP://keel/index.html', appPage)).toBe(true)
    expect(mayNavigate('http://localhost:5173/', devPage)).toBe(true)
    expect(mayNavigate('http://localhost:5173/src/main.tsx', devPage)).toBe(true)
    expect(isAppPageUrl('http://localhost:5173/', appPage)).toBe(false)
    expect(isAppPageUrl('app://keel/index.html', devPage)).toBe(false)
  })

  it('appProtocolPage is the exact app://keel/index.html page', () => {
    expect(appProtocolPage()).toEqual({ kind: 'app-protocol', indexUrl: 'app://keel/index.html' })
    expect(APP_PAGE_URL).toBe('app://keel/index.html')
  })

  it('accepts only a plain-http loopback dev server URL', () => {
    expect(devServerPage('http://localhost:5173')).toEqual({ kind: 'dev-server', url: 'http://localhost:5173/' })
    expect(devServerPage('http://127.0.0.1:5173/')).toBeDefined()
    for (const bad of [
      undefined,
      '',
      'https://localhost:5173',
      'http://example.com:5173',
      'http://localhost.attacker.test',
      'http://u:p@localhost:5173',
      'file:///x',
      'javascript:1',
    ]) {
      expect(devServerPage(bad)).toBeUndefined()
    }
  })
})

describe('external links', () => {
  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'file://attacker/share/payload.exe',
    'smb://attacker/share',
    'ms-msdt:/id PCWDiagnostic',
    'search-ms:query=x',
    'vscode://file/etc/passwd',
    'chrome://settings',
    'keel://x',
    'ftp://example.com/',
    'https://user:pass@example.com/',
    'https://user@example.com/',
    'https://example.com/a b',
    'https://example.com/\u0000',
    'https://exa\tmple.com/',
    ' https://example.com/',
    'https://',
    'https://' + 'a'.repeat(3000) + '.com/',
    '',
  ])('never opens %j externally', (url) => {
    expect(safeExternalUrl(url)).toBeUndefined()
    expect(
      externalUrlForWindowOpen({ url, disposition: 'foreground-tab', frameName: '', features: '' }),
    ).toBeUndefined()
  })

  it('opens plain http(s) links the user clicked, normalized', () => {
    expect(
      externalUrlForWindowOpen({
        url: 'https://example.com/docs?q=1#x',
        disposition: 'foreground-tab',
        frameName: '',
        features: '',
      }),
    ).toBe('https://example.com/docs?q=1#x')
    expect(
      externalUrlForWindowOpen({
        url: 'HTTP://Example.COM',
        disposition: 'background-tab',
        frameName: '',
        features: '',
      }),
    ).toBe('http://example.com/')
  })

  it('refuses requests that do not look like a link click (scripted window.open, named targets, form posts)', () => {
    const url = 'https://example.com/'
    expect(externalUrlForWindowOpen({ url, disposition: 'new-window', frameName: '', features: '' })).toBeUndefined()
    expect(externalUrlForWindowOpen({ url, disposition: 'other', frameName: '', features: '' })).toBeUndefined()
    expect(externalUrlForWindowOpen({ url, disposition: 'default', frameName: '', features: '' })).toBeUndefined()
    expect(
      externalUrlForWindowOpen({ url, disposition: 'foreground-tab', frameName: 'x', features: '' }),
    ).toBeUndefined()
    expect(
      externalUrlForWindowOpen({ url, disposition: 'foreground-tab', frameName: '', features: 'width=100' }),
    ).toBeUndefined()
    expect(
      externalUrlForWindowOpen({
        url,
        disposition: 'foreground-tab',
        frameName: '',
        features: '',
        postBody: { data: [] },
      }),
    ).toBeUndefined()
  })
})
