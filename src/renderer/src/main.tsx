import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { KeelApi } from '../../shared/ipc/app-contract'
import { App } from './app/app'
import { BrowserModeAccessProblemPage } from './app/browser-mode-access-problem'
import { connectBrowserMode } from './api/browser-mode-access'
import { ChatStore } from './state/chat-store'
import './styles.css'

// Electron's preload exposes the API as `window.keel`; browser mode connects over a WebSocket with
// this tab's access token, and explains a missing or refused token instead of showing an empty app.
async function start(root: Root): Promise<void> {
  const desktop = (globalThis as { keel?: KeelApi }).keel
  const connection = desktop ? { ok: true as const, api: desktop } : await connectBrowserMode(window)
  root.render(
    <StrictMode>
      {connection.ok ? (
        <App store={new ChatStore(connection.api)} />
      ) : (
        <BrowserModeAccessProblemPage problem={connection.problem} />
      )}
    </StrictMode>,
  )
}

const element = document.getElementById('root')
if (element) void start(createRoot(element))
