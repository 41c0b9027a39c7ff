// Sandboxed preload: exposes one narrow API with contextBridge (no raw ipcRenderer).
// The chat API arrives with the desktop app work; for now only the version is exposed.
import { contextBridge } from 'electron'

const api = {
  keelVersion: '0.1.0',
} as const

export type KeelPreloadApi = typeof api

contextBridge.exposeInMainWorld('keel', api)
