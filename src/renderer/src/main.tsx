import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { KeelApi } from '../../shared/ipc/app-contract'
import { App } from './app'
import { createWebApiClient } from './lib/web-api-client'
import { ChatStore } from './state/chat-store'
import './styles.css'

// Electron's preload exposes the API as `window.keel`; browser mode talks to the core over a WebSocket.
const api: KeelApi = (globalThis as { keel?: KeelApi }).keel ?? createWebApiClient()
const store = new ChatStore(api)

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  )
}
