import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { KeelApi } from '../../shared/ipc/app-contract'
import { appClients } from './api/app-clients'
import { connectBrowserMode } from './api/browser-mode-access'
import { App } from './app/app'
import { BrowserModeAccessProblemPage } from './app/browser-mode-access-problem'
import { windowStores } from './state/window-stores'
import './styles.css'

// Electron's preload exposes the API as `window.keel`; browser mode connects over a WebSocket with
// this tab's access token, and explains a missing or refused token instead of showing an empty app.
// The whole API stops here: the store and each panel get a narrow client (api/app-clients.ts).
async function start(root: Root): Promise<void> {
  const desktop = (globalThis as { keel?: KeelApi }).keel
  const connection = desktop ? { ok: true as const, api: desktop } : await connectBrowserMode(window)
  if (!connection.ok) {
    root.render(
      <StrictMode>
        <BrowserModeAccessProblemPage problem={connection.problem} />
      </StrictMode>,
    )
    return
  }
  const clients = appClients(connection.api)
  const { chat, list } = windowStores(clients)
  root.render(
    <StrictMode>
      <App store={chat} list={list} clients={clients} />
    </StrictMode>,
  )
}

const element = document.getElementById('root')
if (element) void start(createRoot(element))
