// `window.keel` for the renderer's type-check. Present in the Electron app (the preload exposes
// it); absent in browser mode, where the renderer uses the WebSocket client instead.
import type { KeelApi } from '../shared/ipc/app-contract'

declare global {
  interface Window {
    readonly keel?: KeelApi
  }
}
