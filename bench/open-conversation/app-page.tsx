// App page: Keel's real renderer — `App`, `ChatStore`, the message list, `Markdown`, the real
// stylesheet — with a fake `KeelApi` holding the 5,000-message conversation. The view reaches the
// store as JSON parsed after a macrotask hop (what the transport does), like the floor's.
// Before timing, a small conversation with Markdown, code and a tool card is opened (an app in use
// has its Markdown pipeline warm); the timed step is the user opening the long conversation.
import { createRoot } from 'react-dom/client'
import type { Message } from '../../src/shared/conversation'
import type { ConversationView, KeelApi } from '../../src/shared/ipc/app-contract'
import type { AppResult } from '../../src/shared/ipc/app-error'
import { App } from '../../src/renderer/src/app/app'
import { appClients } from '../../src/renderer/src/api/app-clients'
import { windowStores } from '../../src/renderer/src/state/window-stores'
import '../../src/renderer/src/styles.css'
import { installPage } from './page-common'
import { CONVERSATION_ID, MESSAGES, TITLE, conversationView } from './workload'
import { BENCH_SETTINGS } from '../bench-settings'

const WARM_ID = 'conv-warm'
const NOW = 1_700_000_000_000
const settings = BENCH_SETTINGS

const long = conversationView()
const json = JSON.stringify(long)
// The warm-up conversation: a few messages of the same kinds, not the long conversation's own.
const warm: ConversationView = {
  ...long,
  conversation: { ...long.conversation, id: WARM_ID, title: 'Warm-up' },
  messages: long.messages.slice(0, 40).map(
    (m): Message => ({
      ...m,
      id: `warm-${m.id}`,
      conversationId: WARM_ID,
      parts: m.parts.map((p) =>
        p.type === 'text'
          ? { ...p, text: `${p.text.split('').reverse().join('')}\n\n\`\`\`ts\nconst warm = ${m.seq}\n\`\`\`` }
          : p,
      ),
    }),
  ),
  usage: { perMessage: {}, total: long.usage.total },
}
const warmJson = JSON.stringify(warm)

let onParsed: (() => void) | undefined
/** A macrotask hop, then the JSON parsed (the transport's work, on both pages). */
const replyJson = (text: string): Promise<AppResult<unknown>> =>
  new Promise((resolve) =>
    setTimeout(() => {
      const value = JSON.parse(text) as unknown
      onParsed?.()
      onParsed = undefined
      resolve({ ok: true, value })
    }, 0),
  )
const reply = <T,>(value: T): Promise<AppResult<T>> =>
  new Promise((resolve) => setTimeout(() => resolve({ ok: true, value }), 0))
const handlers: Record<string, (request: { conversationId?: string }) => Promise<AppResult<unknown>>> = {
  'settings.get': () => reply(settings),
  'conversations.list': () =>
    reply([
      { id: CONVERSATION_ID, title: TITLE, createdAt: NOW, updatedAt: NOW + 1, messageCount: MESSAGES },
      { id: WARM_ID, title: 'Warm-up', createdAt: NOW, updatedAt: NOW, messageCount: warm.messages.length },
    ]),
  'conversations.open': (request) => replyJson(request.conversationId === CONVERSATION_ID ? json : warmJson),
  'tools.list': () => reply([]),
  'actions.unknown': () => reply([]),
}
const api = new Proxy({} as KeelApi, {
  get: (_target, name: string) => {
    if (name === 'onRunEvent') return () => () => {}
    return (
      handlers[name] ??
      (() =>
        Promise.resolve({
          ok: false,
          error: { kind: 'internal', message: `bench: ${name} not faked`, owner: 'system', retryable: false },
        }))
    )
  },
})

sessionStorage.clear()
const clients = appClients(api)
const { chat: store, list } = windowStores(clients)
const messageElements = (): NodeListOf<HTMLElement> =>
  document.querySelectorAll<HTMLElement>('[data-testid="messages"] article[data-message-id]')

installPage({
  prepare: async () => {
    createRoot(document.getElementById('root')!).render(<App store={store} list={list} clients={clients} />)
    while (!store.getSnapshot().ready) await new Promise((r) => setTimeout(r, 10))
    await store.select(WARM_ID)
    while (messageElements().length === 0) await new Promise((r) => setTimeout(r, 10))
    await new Promise((r) => setTimeout(r, 200))
  },
  open: (parsed) => {
    onParsed = parsed
    void store.select(CONVERSATION_ID)
  },
  scroller: () => document.querySelector<HTMLElement>('[data-testid="messages"]'),
  first: () => document.querySelector<HTMLElement>('[data-message-id="m-1"]'),
  last: () => document.querySelector<HTMLElement>(`[data-message-id="m-${MESSAGES}"]`),
  mounted: () => messageElements().length,
})
