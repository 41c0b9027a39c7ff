// App page: Keel's real renderer — `App` (unchanged), `ChatStore` with its per-frame flush,
// `run-reducer`, `Answer`/`Markdown`, the real stylesheet — fed by a fake
// `KeelApi` whose run-event source pushes run-start, 20k `stream` text-deltas and run-end.
// Commands answer after a macrotask hop (like IPC), with an in-memory conversation.
import { useLayoutEffect, useSyncExternalStore } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import ReactMarkdown from 'react-markdown'
import type { Message } from '../../src/shared/conversation'
import type { ConversationView, KeelApi, RunEventEnvelope } from '../../src/shared/ipc/app-contract'
import type { AppResult } from '../../src/shared/ipc/app-error'
import type { RunEvent } from '../../src/shared/run-events'
import { App } from '../../src/renderer/src/app/app'
import { loadHighlighter } from '../../src/renderer/src/features/markdown/code-highlight'
import { markdownOptions } from '../../src/renderer/src/features/markdown/markdown'
import { appClients } from '../../src/renderer/src/api/app-clients'
import { windowStores } from '../../src/renderer/src/state/window-stores'
import { liveText } from '../../src/renderer/src/state/run-reducer'
import '../../src/renderer/src/styles.css'
import { installPage } from './page-common'
import { BENCH_SETTINGS } from '../bench-settings'

const RUN_ID = 'run-1'
const CONVERSATION_ID = 'conv-1'
const TURN_ID = 'turn-1'
const MESSAGE_ID = 'msg-assistant'
const NOW = 1_700_000_000_000

let full = ''
let ended = false
let storedViewAt = 0
/** What a one-shot render of the whole answer shows (without whitespace, see textOf). */
let expectedText = ''
const listeners = new Set<(envelope: RunEventEnvelope) => void>()
const emit = (event: RunEvent): void => {
  for (const listener of listeners) listener({ runId: RUN_ID, event })
}

const usage = { inputTokens: 10, outputTokens: 50_000, reasoningTokens: undefined, cachedInputTokens: undefined }
const settings = BENCH_SETTINGS
const message = (id: string, seq: number, role: 'user' | 'assistant', text: string): Message => ({
  id,
  conversationId: CONVERSATION_ID,
  turnId: TURN_ID,
  seq,
  role,
  status: 'complete',
  interruptReason: undefined,
  error: undefined,
  parts: [{ type: 'text', text }],
  notices: [],
  reasoningMs: undefined,
  createdAt: NOW,
  updatedAt: NOW,
})
const view = (): ConversationView => ({
  diagnostics: {},
  conversation: { id: CONVERSATION_ID, title: 'Benchmark', createdAt: NOW, updatedAt: NOW },
  // The stored answer exists once the run has ended (the app shows the live one until then).
  messages: [
    message('msg-user', 1, 'user', 'Write a long answer'),
    ...(ended ? [message(MESSAGE_ID, 2, 'assistant', full)] : []),
  ],
  usage: {
    perMessage: ended ? { [MESSAGE_ID]: { usage, estimated: false, cost: null } } : {},
    total: { usage, estimated: false, cost: null },
  },
})

/** A macrotask hop, like an IPC round trip. */
const reply = <T,>(value: T): Promise<AppResult<T>> =>
  new Promise((resolve) => setTimeout(() => resolve({ ok: true, value }), 0))
const handlers: Record<string, () => Promise<AppResult<unknown>>> = {
  'settings.get': () => reply(settings),
  'conversations.list': () =>
    reply([{ id: CONVERSATION_ID, title: 'Benchmark', createdAt: NOW, updatedAt: NOW, messageCount: ended ? 2 : 1 }]),
  'conversations.open': () =>
    reply(view()).then((result) => {
      // When the stored answer reached the store (its render follows in the same task).
      if (ended) storedViewAt = performance.now()
      return result
    }),
  'turns.start': () => reply({ runId: RUN_ID }),
}
const api = new Proxy({} as KeelApi, {
  get: (_target, name: string) => {
    if (name === 'onRunEvent')
      return (listener: (envelope: RunEventEnvelope) => void) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
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

const clients = appClients(api)
const { chat: store, list } = windowStores(clients)
let commits = 0
/** Subscribes to the same snapshots as `App` (the chat's and the list's), so it commits exactly when `App` does: counts commits. */
function CommitCounter() {
  useSyncExternalStore(store.subscribe, store.getSnapshot)
  useSyncExternalStore(list.subscribe, list.getSnapshot)
  useLayoutEffect(() => {
    commits++
  })
  return null
}

let streamedChars = -1
store.subscribe(() => {
  const run = store.currentRun()
  if (streamedChars < 0 && run && run.status !== 'running')
    streamedChars = liveText(run) === full ? full.length : liveText(run).length
})

const answerMarkdown = (): Element | null =>
  document.querySelector('[data-testid="messages"] article.assistant .markdown')
/**
 * The answer's text without whitespace: the app renders Markdown block by block, and between two
 * separately rendered blocks there is no newline text node where a one-shot render has one.
 */
const textOf = (element: Element | null | undefined): string | undefined => element?.textContent?.replace(/\s+/g, '')

installPage({
  prepare: async (text) => {
    full = text
    // The highlighter is imported when code first appears (it would be by now in a window in use).
    await loadHighlighter()
    createRoot(document.getElementById('root')!).render(
      <>
        <App store={store} list={list} clients={clients} />
        <CommitCounter />
      </>,
    )
    // The text a one-shot render of the whole answer shows (also warms the Markdown pipeline once).
    // react-markdown itself with the app's options (code blocks with their header), not the app's
    // component: that would fill the app's parsed-block cache.
    const probe = document.createElement('div')
    const probeRoot = createRoot(probe)
    flushSync(() => probeRoot.render(<ReactMarkdown {...markdownOptions}>{full}</ReactMarkdown>))
    const expected = textOf(probe) ?? ''
    expectedText = expected
    probeRoot.unmount()
    while (!store.getSnapshot().ready) await new Promise((r) => setTimeout(r, 10))
    // The user sends; the answer streams into a new conversation (the app follows it).
    if (!(await store.send('Write a long answer'))) throw new Error('send failed')
    return expected
  },
  begin: () =>
    emit({
      type: 'run-start',
      runId: RUN_ID,
      conversationId: CONVERSATION_ID,
      turnId: TURN_ID,
      messageId: MESSAGE_ID,
      provider: 'anthropic',
      model: 'bench',
    }),
  sink: (delta) => emit({ type: 'stream', round: 1, event: { type: 'text-delta', delta } }),
  end: () => {
    ended = true
    emit({ type: 'run-end', status: 'completed', conversationId: CONVERSATION_ID, messageId: MESSAGE_ID })
  },
  // The whole answer's text only once its last block is the answer's end: the app fills in frame by
  // frame, and building and comparing 200 KB of text on each of those frames would bill the harness
  // to the app.
  visibleText: () => {
    const markdown = answerMarkdown()
    const last = textOf(markdown?.lastElementChild)
    return last !== undefined && expectedText.endsWith(last) ? textOf(markdown) : undefined
  },
  // The stored message has replaced the live answer.
  settled: () =>
    document.querySelector('[data-testid="live-answer"]') === null &&
    document.querySelector('[data-testid="message-assistant"]') !== null,
  renders: () => commits,
  marks: () => ({ 'stored view arrived': storedViewAt }),
  sourceChars: () => {
    if (streamedChars >= 0) return streamedChars
    const run = store.currentRun()
    return run ? liveText(run).length : 0
  },
})
