import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { electronAddonPath } from '../../../src/main/db/native-addon'
import { COMMAND_NAMES, channelOf } from '../../../src/shared/ipc/channels'
import { FakeBrowserWindow, type FakeEmitter, type FakeSession, fakeShell } from './fake-electron'

const state = vi.hoisted(() => ({
  lock: true,
  userData: '',
  /** `app.getAppPath()`: where the shell looks for the Electron build of SQLite's addon. */
  appPath: '',
  isPackaged: true,
  /** When set, `app.whenReady()` waits for it (to look at the shell before `ready`). */
  ready: undefined as Promise<void> | undefined,
}))

vi.mock('electron', async () => {
  const fakes = await import('./fake-electron')
  const app = Object.assign(new fakes.FakeEmitter(), {
    requestSingleInstanceLock: vi.fn(() => state.lock),
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(),
    whenReady: vi.fn(() => state.ready ?? Promise.resolve()),
    getPath: vi.fn(() => state.userData),
    setPath: vi.fn((name: string, path: string) => {
      if (name === 'userData') state.userData = path
    }),
    getAppPath: vi.fn(() => state.appPath),
  })
  // A live getter (Object.assign would copy the value once): the factory runs only once per file.
  Object.defineProperty(app, 'isPackaged', { get: () => state.isPackaged })
  const ipcMain = { handle: vi.fn(), removeHandler: vi.fn() }
  const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
  const safeStorage = {
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptStringAsync: async (s: string) => Buffer.from(s),
    decryptStringAsync: async (b: Buffer) => ({ result: b.toString(), shouldReEncrypt: false }),
  }
  const dialog = { showErrorBox: vi.fn() }
  return {
    ...fakes.fakeElectronModule(),
    app,
    dialog,
    ipcMain,
    protocol,
    safeStorage,
    session: { defaultSession: new fakes.FakeSession() },
  }
})

const require = createRequire(import.meta.url)

type AppProtocolHandler = (request: { url: string; method: string }) => Promise<Response>

async function boot() {
  vi.resetModules()
  const electron = (await import('electron')) as unknown as {
    BrowserWindow: typeof FakeBrowserWindow
    app: FakeEmitter &
      Record<string, ReturnType<typeof vi.fn>> & {
        whenReady: ReturnType<typeof vi.fn>
        exit: ReturnType<typeof vi.fn>
        quit: ReturnType<typeof vi.fn>
      }
    dialog: { showErrorBox: ReturnType<typeof vi.fn> }
    ipcMain: { handle: ReturnType<typeof vi.fn> }
    protocol: { registerSchemesAsPrivileged: ReturnType<typeof vi.fn>; handle: ReturnType<typeof vi.fn> }
    session: { defaultSession: FakeSession }
  }
  electron.ipcMain.handle.mockClear()
  electron.protocol.registerSchemesAsPrivileged.mockClear()
  electron.protocol.handle.mockClear()
  electron.app.whenReady.mockClear()
  electron.app.exit.mockClear()
  electron.app.quit.mockClear()
  electron.dialog.showErrorBox.mockClear()
  electron.BrowserWindow.created.length = 0
  await import('../../../src/main/index')
  // Startup opens (and checks) the store: wait until it has ended one way or the other, not a fixed time.
  await until(
    () =>
      state.ready !== undefined ||
      electron.BrowserWindow.created.length > 0 ||
      electron.app.exit.mock.calls.length > 0 ||
      electron.app.quit.mock.calls.length > 0,
  )
  return electron
}

/** Polls `condition` every 10 ms, for at most 10 s (the assertions that follow say what was missing). */
async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
}

const PRIVILEGED_APP_SCHEME = [{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]

beforeEach(() => {
  state.userData = mkdtempSync(join(tmpdir(), 'keel-userdata-'))
  state.appPath = mkdtempSync(join(tmpdir(), 'keel-apppath-'))
  fakeShell.openExternal.mockClear()
})
afterEach(() => {
  rmSync(state.userData, { recursive: true, force: true })
  rmSync(state.appPath, { recursive: true, force: true })
  delete process.env.KEEL_USER_DATA_DIR
  state.isPackaged = true
  state.ready = undefined
  delete process.env.ELECTRON_RENDERER_URL
})

describe('main process lifecycle', () => {
  it('a second instance quits at once: no window, no handlers', async () => {
    state.lock = false
    const { app, ipcMain, BrowserWindow } = await boot()
    expect(app.quit).toHaveBeenCalled()
    expect(BrowserWindow.created).toHaveLength(0)
    expect(ipcMain.handle).not.toHaveBeenCalled()
    state.lock = true
  })

  it('the first instance: sandbox everywhere, deny-all permissions, one handler per command, one hardened window', async () => {
    const { app, ipcMain, session, BrowserWindow } = await boot()
    expect(app.enableSandbox).toHaveBeenCalled()
    expect(session.defaultSession.permissionRequestHandler).toBeTypeOf('function')
    expect(ipcMain.handle.mock.calls.map((call) => call[0]).sort()).toEqual(COMMAND_NAMES.map(channelOf).sort())
    expect(BrowserWindow.created).toHaveLength(1)
    const window = BrowserWindow.created[0]!
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      devTools: false,
    })
    expect(window.loadedUrl).toBe('app://keel/index.html')
    expect(window.loadedFile).toBeUndefined()
    expect(app.count('second-instance')).toBe(1)
    expect(app.count('web-contents-created')).toBe(1)
  })

  it('registers app:// as privileged before ready, serves it only once ready, then loads the page from it', async () => {
    let ready!: () => void
    state.ready = new Promise<void>((resolve) => (ready = resolve))
    const { app, protocol, BrowserWindow } = await boot()
    // Before ready: the scheme is registered (exactly once, exactly these privileges), nothing else yet.
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith(PRIVILEGED_APP_SCHEME)
    expect(protocol.registerSchemesAsPrivileged.mock.invocationCallOrder[0]!).toBeLessThan(
      app.whenReady.mock.invocationCallOrder[0]!,
    )
    expect(protocol.handle).not.toHaveBeenCalled()
    expect(BrowserWindow.created).toHaveLength(0)

    // Once ready: the handler is in place before the window exists (so its first load is served).
    let windowsWhenHandled = -1
    protocol.handle.mockImplementationOnce(() => {
      windowsWhenHandled = BrowserWindow.created.length
    })
    ready()
    await until(() => BrowserWindow.created.length > 0)
    expect(protocol.handle).toHaveBeenCalledOnce()
    expect(protocol.handle.mock.calls[0]![0]).toBe('app')
    expect(protocol.handle.mock.calls[0]![1]).toBeTypeOf('function')
    expect(windowsWhenHandled).toBe(0)
    expect(BrowserWindow.created).toHaveLength(1)
    expect(BrowserWindow.created[0]!.loadedUrl).toBe('app://keel/index.html')
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledOnce()
  })

  it('the app:// handler serves the renderer folder next to main (here src/renderer) and nothing outside it', async () => {
    const { protocol } = await boot()
    const handler = protocol.handle.mock.calls[0]![1] as AppProtocolHandler
    const page = await handler({ url: 'app://keel/index.html', method: 'GET' })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    // The document served over app:// is the one with the CSP meta tag (its 'self' is app://keel).
    expect(await page.text()).toMatch(
      /<meta\s+http-equiv="Content-Security-Policy"\s+content="default-src 'self'; script-src 'self';/,
    )
    for (const url of [
      'app://keel/../main/index.ts',
      'app://keel/..%2Fmain%2Findex.ts',
      'app://keel/%2e%2e/shared/ipc/app-contract.ts',
      'app://evil/index.html',
    ]) {
      const refused = await handler({ url, method: 'GET' })
      expect(refused.status, url).toBeGreaterThanOrEqual(400)
    }
    expect((await handler({ url: 'app://keel/index.html', method: 'POST' })).status).toBe(405)
  })

  it('with the dev server: the scheme is still registered privileged (before ready) but not served; the window loads the dev server', async () => {
    state.isPackaged = false
    process.env.ELECTRON_RENDERER_URL = 'http://localhost:5173/'
    const { protocol, BrowserWindow } = await boot()
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledExactlyOnceWith(PRIVILEGED_APP_SCHEME)
    expect(protocol.handle).not.toHaveBeenCalled()
    expect(BrowserWindow.created[0]!.loadedUrl).toBe('http://localhost:5173/')
  })

  it('guards any webContents Electron creates', async () => {
    const { app } = await boot()
    const other = new FakeBrowserWindow({})
    app.emit('web-contents-created', {}, other.webContents)
    const preventDefault = vi.fn()
    other.webContents.emit('will-navigate', { url: 'https://attacker.test/', preventDefault })
    expect(preventDefault).toHaveBeenCalled()
    expect(
      other.webContents.windowOpenHandler!({
        url: 'https://x.test/',
        disposition: 'new-window',
        frameName: '',
        features: 'popup',
      }),
    ).toEqual({ action: 'deny' })
  })

  it('loads SQLite from the Electron build beside the Node one when it exists', async () => {
    // Under vitest the "Electron" ABI is Node's, so a copy of the Node build stands in for it.
    const addon = electronAddonPath(state.appPath, process.versions.modules)
    mkdirSync(dirname(addon), { recursive: true })
    copyFileSync(
      join(dirname(require.resolve('better-sqlite3/package.json')), 'build', 'Release', 'better_sqlite3.node'),
      addon,
    )
    const { app, BrowserWindow } = await boot()
    expect(app.getAppPath).toHaveBeenCalled()
    expect(app.exit).not.toHaveBeenCalled()
    expect(BrowserWindow.created).toHaveLength(1)
  })

  it('a broken Electron build of the addon is what gets loaded (so startup fails, it is not silently skipped)', async () => {
    const addon = electronAddonPath(state.appPath, process.versions.modules)
    mkdirSync(dirname(addon), { recursive: true })
    writeFileSync(addon, 'not an addon')
    const { app, BrowserWindow } = await boot()
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(BrowserWindow.created).toHaveLength(0)
  })

  it('a store it cannot open is not a silent exit: a dialog says what happened and where the file is, then the app quits', async () => {
    const path = join(state.userData, 'keel.db')
    writeFileSync(path, 'These are my notes, not a database. '.repeat(200))
    const before = readFileSync(path)
    const { app, dialog, BrowserWindow, ipcMain } = await boot()
    expect(dialog.showErrorBox).toHaveBeenCalledOnce()
    const [title, message] = dialog.showErrorBox.mock.calls[0]! as [string, string]
    expect(title).toMatch(/cannot open/i)
    expect(message).toContain(path)
    expect(message).toMatch(/not an SQLite database.*The file was not changed\./)
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(dialog.showErrorBox.mock.invocationCallOrder[0]!).toBeLessThan(app.exit.mock.invocationCallOrder[0]!)
    expect(BrowserWindow.created).toHaveLength(0)
    expect(ipcMain.handle).not.toHaveBeenCalled()
    expect(readFileSync(path)).toEqual(before)
  })

  it('KEEL_USER_DATA_DIR gives the app a separate profile (the end-to-end tests use it)', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'keel-profile-'))
    process.env.KEEL_USER_DATA_DIR = profile
    try {
      const { app } = await boot()
      expect(app.setPath).toHaveBeenCalledWith('userData', profile)
      expect(existsSync(join(profile, 'keel.db'))).toBe(true)
    } finally {
      rmSync(profile, { recursive: true, force: true })
    }
  })
})
