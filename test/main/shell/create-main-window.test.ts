import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeBrowserWindow, FakeSession, fakeShell } from './fake-electron'

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectronModule())

const { createMainWindow, createWindowRegistry, guardWebContents } = await import(
  '../../../src/main/shell/create-main-window'
)
const { appProtocolPage } = await import('../../../src/main/shell/app-protocol')
const { applyPermissionPolicy } = await import('../../../src/main/shell/permission-policy')

const page = appProtocolPage()

function open(overrides: { devTools?: boolean } = {}) {
  const registry = createWindowRegistry()
  const window = createMainWindow({
    preloadPath: '/opt/Keel/out/preload/index.cjs',
    page,
    registry,
    devTools: overrides.devTools ?? false,
  })
  return { window: window as unknown as FakeBrowserWindow, registry }
}

function navigate(window: FakeBrowserWindow, event: string, url: string): boolean {
  const preventDefault = vi.fn()
  window.webContents.emit(event, { url, preventDefault })
  return preventDefault.mock.calls.length === 0
}

beforeEach(() => {
  FakeBrowserWindow.created.length = 0
  fakeShell.openExternal.mockClear()
})

describe('createMainWindow', () => {
  it('creates the window with the hardened webPreferences', () => {
    const { window } = open()
    const prefs = window.options.webPreferences
    expect(prefs).toEqual({
      preload: '/opt/Keel/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      devTools: false,
    })
    // Nothing that weakens the renderer, whatever its value.
    for (const key of [
      'enableBlinkFeatures',
      'enableRemoteModule',
      'additionalArguments',
      'partition',
      'session',
      'plugins',
      'webgl',
    ]) {
      expect(prefs).not.toHaveProperty(key)
    }
    expect(window.options.show).toBe(false)
  })

  it('loads the packaged renderer from app://keel/index.html (never a file), shows on ready-to-show, registers its webContents', () => {
    const { window, registry } = open()
    expect(window.loadedUrl).toBe('app://keel/index.html')
    expect(window.loadedFile).toBeUndefined()
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
    expect(registry.has(window.webContents)).toBe(true)
    window.webContents.destroy()
    expect(registry.has(window.webContents)).toBe(false)
  })

  it('loads the dev server URL when the page is the dev server', () => {
    const window = createMainWindow({
      preloadPath: '/p.cjs',
      page: { kind: 'dev-server', url: 'http://localhost:5173/' },
      registry: createWindowRegistry(),
      devTools: true,
    }) as unknown as FakeBrowserWindow
    expect(window.loadedUrl).toBe('http://localhost:5173/')
    expect(window.loadedFile).toBeUndefined()
    expect(window.options.webPreferences.devTools).toBe(true)
  })

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    '%s: refuses every URL but our own page',
    (event) => {
      const { window } = open()
      for (const url of [
        'https://example.com/',
        'javascript:alert(1)',
        'data:text/html,x',
        'file:///etc/passwd',
        'file:///opt/Keel/out/renderer/index.html',
        'chrome://gpu',
        'keel://x',
        'app://evil/index.html',
        'app://keel/other.html',
      ]) {
        expect(navigate(window, event, url)).toBe(false)
      }
      expect(navigate(window, event, 'app://keel/index.html')).toBe(true)
      expect(fakeShell.openExternal).not.toHaveBeenCalled()
    },
  )

  it('refuses to attach a <webview>', () => {
    const { window } = open()
    const preventDefault = vi.fn()
    window.webContents.emit('will-attach-webview', { preventDefault }, {}, {})
    expect(preventDefault).toHaveBeenCalledOnce()
  })

  it('denies every new window; only an http(s) link click is handed to the OS browser', async () => {
    const { window } = open()
    const handler = window.webContents.windowOpenHandler!
    const click = (url: string, extra: Record<string, unknown> = {}) =>
      handler({
        url,
        disposition: 'foreground-tab',
        frameName: '',
        features: '',
        referrer: { url: '', policy: 'default' },
        ...extra,
      })

    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'smb://attacker/x',
      'https://u:p@example.com/',
      'data:text/html,x',
      'keel://x',
    ]) {
      expect(click(url)).toEqual({ action: 'deny' })
    }
    expect(click('https://example.com/', { disposition: 'new-window', features: 'popup' })).toEqual({ action: 'deny' })
    expect(fakeShell.openExternal).not.toHaveBeenCalled()

    expect(click('https://example.com/docs')).toEqual({ action: 'deny' })
    await Promise.resolve()
    expect(fakeShell.openExternal).toHaveBeenCalledExactlyOnceWith('https://example.com/docs')
  })

  it('installs deny-all permission handlers on the window session', () => {
    const { window } = open()
    const session = window.webContents.session
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'hid',
      'serial',
      'unknown-future-permission',
    ]) {
      const callback = vi.fn()
      session.permissionRequestHandler!(window.webContents, permission, callback, {})
      expect(callback).toHaveBeenCalledExactlyOnceWith(false)
      expect(session.permissionCheckHandler!(window.webContents, permission, 'file://', {})).toBe(false)
    }
    expect(session.devicePermissionHandler!({ deviceType: 'usb' })).toBe(false)
    // The one exception: "Copy" writes text to the clipboard (reading it stays denied above).
    const callback = vi.fn()
    session.permissionRequestHandler!(window.webContents, 'clipboard-sanitized-write', callback, {})
    expect(callback).toHaveBeenCalledExactlyOnceWith(true)
  })
})

describe('guards on any webContents', () => {
  it('applyPermissionPolicy sets all three handlers', () => {
    const session = new FakeSession()
    applyPermissionPolicy(session)
    expect(session.permissionRequestHandler).toBeTypeOf('function')
    expect(session.permissionCheckHandler).toBeTypeOf('function')
    expect(session.devicePermissionHandler).toBeTypeOf('function')
  })

  it('guardWebContents wires the same refusals with the injected opener', () => {
    const window = new FakeBrowserWindow({})
    const opener = vi.fn()
    guardWebContents(window.webContents, page, opener)
    expect(navigate(window, 'will-navigate', 'https://example.com/')).toBe(false)
    window.webContents.windowOpenHandler!({
      url: 'javascript:x',
      disposition: 'foreground-tab',
      frameName: '',
      features: '',
    })
    expect(opener).not.toHaveBeenCalled()
  })
})
