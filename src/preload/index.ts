// Sandboxed preload (built as CommonJS: out/preload/index.cjs). Exposes one narrow, typed API as
// `window.keel`: one function per command of the contract and a run-event subscription. No raw
// ipcRenderer, no generic channel pass-through, no npm imports (a sandboxed preload can require
// only `electron`).
import { contextBridge, ipcRenderer } from 'electron'
import { createKeelApi } from './keel-api'

contextBridge.exposeInMainWorld('keel', createKeelApi(ipcRenderer))
