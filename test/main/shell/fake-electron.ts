// Fakes for the `electron` module (its binary cannot be installed here). They record calls so the
// tests can assert what the shell did. Used through `vi.mock('electron', () => fakeElectronModule())`.
import { vi } from 'vitest'

type Listener = (...args: any[]) => void

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>()
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  once(event: string, listener: Listener): this {
    const wrapped: Listener = (...args) => {
      this.off(event, wrapped)
      listener(...args)
    }
    return this.on(event, wrapped)
  }
  off(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    )
    return this
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args)
  }
  count(event: string): number {
    return this.listeners.get(event)?.length ?? 0
  }
}

export class FakeSession {
  permissionRequestHandler: Listener | null | undefined
  permissionCheckHandler: ((...args: any[]) => boolean) | null | undefined
  devicePermissionHandler: ((...args: any[]) => boolean) | null | undefined
  setPermissionRequestHandler(handler: Listener | null) {
    this.permissionRequestHandler = handler
  }
  setPermissionCheckHandler(handler: ((...args: any[]) => boolean) | null) {
    this.permissionCheckHandler = handler
  }
  setDevicePermissionHandler(handler: ((...args: any[]) => boolean) | null) {
    this.devicePermissionHandler = handler
  }
}

let nextId = 1

export class FakeWebContents extends FakeEmitter {
  readonly id = nextId++
  readonly session = new FakeSession()
  readonly mainFrame = { url: '', parent: null, processId: 7, routingId: 100 + this.id }
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  windowOpenHandler: ((details: any) => { action: string }) | undefined
  destroyed = false
  isDestroyed() {
    return this.destroyed
  }
  send(channel: string, ...args: unknown[]) {
    if (this.destroyed) throw new Error('Object has been destroyed')
    this.sent.push({ channel, args })
  }
  setWindowOpenHandler(handler: (details: any) => { action: string }) {
    this.windowOpenHandler = handler
  }
  destroy() {
    this.destroyed = true
    this.emit('destroyed')
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  static created: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  loadedFile: string | undefined
  loadedUrl: string | undefined
  shown = false
  constructor(readonly options: any) {
    super()
    FakeBrowserWindow.created.push(this)
  }
  loadFile(path: string) {
    this.loadedFile = path
    return Promise.resolve()
  }
  loadURL(url: string) {
    this.loadedUrl = url
    return Promise.resolve()
  }
  show() {
    this.shown = true
  }
  static getAllWindows() {
    return FakeBrowserWindow.created
  }
}

export const fakeShell = { openExternal: vi.fn(async (_url: string) => {}) }

export function fakeElectronModule() {
  return { BrowserWindow: FakeBrowserWindow, shell: fakeShell }
}
