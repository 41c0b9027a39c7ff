// The window's own state, beside the chat store: which view shows, which panels and dialogs are
// open, the sidebar (collapsed on wide windows, a drawer on narrow ones) and the first-run card.
import { useState } from 'react'
import type { SearchTarget } from '../features/sidebar'

export type View = 'chat' | 'measurements'

export function useUiState(narrow: boolean) {
  const [view, setView] = useState<View>('chat')
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [conversationSettingsOpen, setConversationSettingsOpen] = useState(false)
  const [helpOpen, setHelpOpen] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [collapsed, setCollapsed] = useState(() => readCollapsed())
  // Find in this conversation (Ctrl/⌘+F): the bar over the messages.
  const [findOpen, setFindOpen] = useState(false)
  /** A search result being opened: its conversation, scrolled to the matching message once shown. */
  const [target, setTarget] = useState<SearchTarget | undefined>(undefined)
  // First run (or no key for the default provider): the composer never sends what cannot succeed; the card says why.
  const [setupBlocked, setSetupBlocked] = useState(false)
  const [connectedName, setConnectedName] = useState<string | undefined>()
  /** The sidebar shows as a drawer over the chat (narrow windows only). */
  const drawer = narrow && drawerOpen
  const toggleSidebar = () => {
    if (narrow) return setDrawerOpen((open) => !open)
    setCollapsed((value) => {
      writeCollapsed(!value)
      return !value
    })
  }
  const showSidebar = () => {
    if (narrow) setDrawerOpen(true)
    else if (collapsed) {
      setCollapsed(false)
      writeCollapsed(false)
    }
  }
  return {
    view,
    setView,
    settingsOpen,
    setSettingsOpen,
    conversationSettingsOpen,
    setConversationSettingsOpen,
    helpOpen,
    setHelpOpen,
    drawerOpen,
    setDrawerOpen,
    drawer,
    collapsed,
    toggleSidebar,
    showSidebar,
    findOpen,
    setFindOpen,
    target,
    setTarget,
    setupBlocked,
    setSetupBlocked,
    connectedName,
    setConnectedName,
  }
}

const COLLAPSED_KEY = 'keel.sidebarCollapsed'

/** Whether the user hid the sidebar last time (remembered in this window's storage). */
function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1'
  } catch {
    return false
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0')
  } catch {
    // Storage refused (private mode): the choice lasts until reload.
  }
}
