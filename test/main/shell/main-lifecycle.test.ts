import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COMMAND_NAMES, channelOf } from '../../../src/shared/ipc/app-contract'
import { FakeBrowserWindow, FakeEmitter, FakeSession, fakeShell } from './fake-electron'

const state = vi.hoisted(() => ({ lock: true, userData: '' }))

vi.mock('electron', async () => {
  const fakes = await import('./fake-electron')
  const app = Object.assign(new fakes.FakeEmitter(), {
    isPackaged: true,
    requestSingleInstanceLock: vi.fn(() => state.lock),
    quit: vi.fn(),
    exit: vi.fn(),
    enableSandbox: vi.fn(),
    whenReady: vi.fn(() => Promise.resolve()),
    getPath: vi.fn(() => state.userData),
  })
  const ipcMain = { handle: vi.fn(), removeHandler: vi.fn() }
  const safeStorage = {
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => 'gnome_libsecret',
    encryptStringAsync: async (s: string) => Buffer.from(s),
    decryptStringAsync: async (b: Buffer) => ({ result: b.toString(), shouldReEncrypt: false }),
  }
  return { ...fakes.fakeElectronModule(), app, ipcMain, safeStorage, session: { defaultSession: new fakes.FakeSession() } }
})

async function boot() {
  vi.resetModules()
  const electron = (await import('electron')) as unknown as {
    BrowserWindow: typeof FakeBrowserWindow
    app: FakeEmitter & Record<string, ReturnType<typeof vi.fn>>
    ipcMain: { handle: ReturnType<typeof vi.fn> }
    session: { defaultSession: FakeSession }
  }
  electron.ipcMain.handle.mockClear()
  electron.BrowserWindow.created.length = 0
  await import('../../../src/main/index')
  await new Promise((resolve) => setTimeout(resolve, 20))
  return electron
}

beforeEach(() => {
  state.userData = mkdtempSync(join(tmpdir(), 'keel-userdata-'))
  fakeShell.openExternal.mockClear()
})
afterEach(() => rmSync(state.userData, { recursive: true, force: true }))

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
    expect(window.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, devTools: false })
    expect(window.loadedFile).toMatch(/renderer[\\/]index\.html$/)
    expect(app.count('second-instance')).toBe(1)
    expect(app.count('web-contents-created')).toBe(1)
  })

  it('guards any webContents Electron creates', async () => {
    const { app } = await boot()
    const other = new FakeBrowserWindow({})
    app.emit('web-contents-created', {}, other.webContents)
    const preventDefault = vi.fn()
    other.webContents.emit('will-navigate', { url: 'https://attacker.test/', preventDefault })
    expect(preventDefault).toHaveBeenCalled()
    expect(other.webContents.windowOpenHandler!({ url: 'https://x.test/', disposition: 'new-window', frameName: '', features: 'popup' })).toEqual({ action: 'deny' })
  })
})
