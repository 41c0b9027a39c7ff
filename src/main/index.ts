// The Electron shell: app lifecycle only. Window hardening, IPC, run events and key storage live in
// ./shell; everything else in src/main is plain Node code that never imports `electron`, so it runs
// under vitest, the CLI and browser mode.
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session } from 'electron'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { KeelAppService } from './app/keel-app-service'
import { openKeelStore } from './db/keel-store'
import { electronAddonPath } from './db/native-addon'
import { describeFileReport, prepareMcpStartup } from './mcp/mcp-startup'
import { APP_SCHEME, appProtocolPage, createAppProtocolHandler } from './shell/app-protocol'
import { createMainWindow, createWindowRegistry, guardWebContents, openExternalLink } from './shell/create-main-window'
import { registerIpcHandlers } from './shell/ipc-registration'
import { devServerPage, isAppPageUrl } from './shell/navigation-policy'
import { applyPermissionPolicy } from './shell/permission-policy'
import { pickFolder } from './shell/folder-picker'
import { createRunEventClients } from './shell/run-event-sender'
import { openSafeStorageKeyVault } from './shell/safe-storage-key-vault'

const preloadPath = join(import.meta.dirname, '../preload/index.cjs')
// The built renderer (out/renderer): served as app://keel/, never loaded over file://.
const rendererDir = join(import.meta.dirname, '../renderer')
const page = (!app.isPackaged && devServerPage(process.env.ELECTRON_RENDERER_URL)) || appProtocolPage()
const registry = createWindowRegistry()

// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox()

// A separate profile (keys file, Chromium data) when asked, e.g. by the end-to-end tests.
if (process.env.KEEL_USER_DATA_DIR) app.setPath('userData', process.env.KEEL_USER_DATA_DIR)

// Must happen before `ready` (and only once): a standard, secure scheme gets a real origin
// (app://keel, so the CSP's 'self' means exactly our files), web storage and fetch.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

function openWindow(): BrowserWindow {
  return createMainWindow({ preloadPath, page, registry, devTools: !app.isPackaged })
}

async function start(): Promise<void> {
  // Default session (our windows use no partition); only the built renderer folder is served.
  if (page.kind === 'app-protocol') protocol.handle(APP_SCHEME, createAppProtocolHandler(rendererDir))
  applyPermissionPolicy(session.defaultSession)
  const keyVault = await openSafeStorageKeyVault({
    safeStorage,
    filePath: join(app.getPath('userData'), 'provider-keys.json'),
  })
  // The store is opened by the core (main process), never by a renderer; the same file the CLI uses.
  // SQLite's addon built for Electron's ABI, kept beside the Node build (see db/native-addon.ts);
  // without it the package's own build is loaded (right after an in-place electron-rebuild).
  const addon = electronAddonPath(app.getAppPath(), process.versions.modules)
  const opened = openKeelStore(
    process.env.KEEL_DB ?? join(app.getPath('userData'), 'keel.db'),
    existsSync(addon) ? { nativeBinding: addon } : {},
  )
  if (!opened.ok) {
    // Not a silent exit: the message says what happened, where the file is and that it was not changed.
    console.error(`[keel] cannot open the store: ${opened.error.kind}`)
    dialog.showErrorBox('Keel cannot open its data', opened.error.message)
    app.exit(1)
    return
  }
  // MCP servers from KEEL_MCP_CONFIG (this session) beside the saved ones; the login shell's PATH once.
  const mcp = await prepareMcpStartup({ store: opened.store, flag: undefined, env: process.env })
  if (!mcp.ok) console.error(`[keel] ${mcp.message}`)
  if (mcp.ok && mcp.file) for (const line of describeFileReport(mcp.file)) console.error(`[keel] ${line}`)
  const appService = new KeelAppService({
    store: opened.store,
    env: process.env,
    vault: keyVault,
    mcp: {
      ...(mcp.ok ? { fileServers: mcp.fileServers, loginPath: mcp.loginPath } : {}),
      pickFolder: () => pickFolder(BrowserWindow.getFocusedWindow()),
      // MCP sign-ins open in the user's browser, through the one checked opener (http(s) only).
      openInBrowser: openExternalLink,
    },
  })
  // Quitting waits until running turns are stopped and saved (as interrupted), then closes the store
  // (after its background integrity check, if one still runs: see closeWhenChecked).
  let closing = false
  app.on('before-quit', (event) => {
    if (closing) return
    closing = true
    event.preventDefault()
    void appService
      .close()
      .finally(() => opened.store.closeWhenChecked())
      .finally(() => app.quit())
  })
  const clients = createRunEventClients(appService)
  registerIpcHandlers({
    ipcMain,
    service: appService,
    isOurWindow: (contents) => registry.has(contents),
    isOwnPage: (url) => isAppPageUrl(url, page),
    clientFor: (contents) => clients.clientFor(contents),
    onInternalError: (command, errorName) => console.error(`[keel] ${command} failed: ${errorName}`),
  })
  openWindow()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow()
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  // Second line of defence: any webContents Electron creates gets the same navigation guards.
  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, page, openExternalLink))
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows()
    if (window) {
      if (window.isMinimized()) window.restore()
      window.focus()
    }
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      console.error('[keel] startup failed:', error instanceof Error ? error.name : typeof error)
      app.exit(1)
    })
}
