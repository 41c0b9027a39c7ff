// App page: Keel's real sidebar — `Sidebar` (virtualized list, menus, search box) wired to the real
// `ConversationListStore` and `ChatStore` exactly as `App` wires them (same props), with the real
// stylesheet — fed by a fake KeelApi holding 10,000 conversations and paging them like
// `conversations.list`. The list store's own paging (the list asks as its end nears) loads pages
// while the bench scrolls. (The whole App
// would add the chat pane's mount to the first-paint figure; the sidebar is what is measured.)
import { StrictMode, useRef, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { Sidebar } from '../../src/renderer/src/features/sidebar/sidebar'
import { translator } from '../../src/renderer/src/i18n/messages'
import { appClients } from '../../src/renderer/src/api/app-clients'
import { windowStores } from '../../src/renderer/src/state/window-stores'
import '../../src/renderer/src/styles.css'
import { installPage } from './page-common'
import { fakeStore } from './workload'

const { api } = fakeStore()
const clients = appClients(api)
const { chat: store, list } = windowStores(clients)
const t = translator('en')

function Bench() {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot)
  const listState = useSyncExternalStore(list.subscribe, list.getSnapshot)
  const searchRef = useRef<HTMLInputElement>(null)
  return (
    <div className="app">
      <Sidebar
        id="conversation-sidebar"
        api={clients.search}
        pinned={listState.pinned}
        writing={store.writingIds(state)}
        searchRef={searchRef}
        onOpenResult={(found) => void store.select(found.conversationId)}
        onPin={(id, pinned) => void list.pin(id, pinned)}
        conversations={listState.conversations}
        hasMore={!listState.complete}
        onLoadMore={() => void list.loadMore()}
        currentId={state.currentId}
        t={t}
        onNew={() => store.newConversation()}
        onSelect={(id) => void store.select(id)}
        onRename={(id, name) => void store.rename(id, name)}
        onDelete={(id) => void store.remove(id)}
      />
      <main className="chat" />
    </div>
  )
}

installPage({
  mount: () => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Bench />
      </StrictMode>,
    )
    void store.start()
  },
  scroller: () => document.querySelector<HTMLElement>('.sidebar-scroll'),
  domRows: () => document.querySelectorAll('[data-testid="conversation-item"]').length,
  loadedRows: () => list.getSnapshot().conversations.length,
  // What the row's Rename (Enter) and Delete (confirm) call.
  rename: (id, title) => void store.rename(id, title),
  remove: (id) => void store.remove(id),
})
