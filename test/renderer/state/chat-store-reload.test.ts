// Defect 17, the window's side: after a reload the store reopens the conversation that was open and
// takes over the answers still being written (snapshot, then live events: none lost, none twice).
import { describe, expect, it } from 'vitest'
import type { ConversationView, KeelApi, RunEventEnvelope, RunSnapshot } from '../../../src/shared/ipc/app-contract'
import type { RunEvent } from '../../../src/shared/run-events'
import { storesOn } from './stores-on'
import { sessionConversationMemory, type StorageLike } from '../../../src/renderer/src/state/open-conversation-memory'
import { liveText } from '../../../src/renderer/src/state/run-reducer'
import { settingsDouble } from './settings-double'

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value })

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { items: Record<string, string> } {
  const items = { ...initial }
  return {
    items,
    getItem: (k) => items[k] ?? null,
    setItem: (k, v) => void (items[k] = v),
    removeItem: (k) => void delete items[k],
  }
}

const start: RunEvent = {
  type: 'run-start',
  runId: 'r1',
  conversationId: 'c1',
  turnId: 't1',
  messageId: 'm2',
  provider: 'openai-chat',
  model: 'sim',
}
const text = (delta: string): RunEvent => ({ type: 'stream', round: 1, event: { type: 'text-delta', delta } })

function fakeApi(snapshots: RunSnapshot[], duringAttach: RunEventEnvelope[] = []) {
  let listener: ((e: RunEventEnvelope) => void) | undefined
  const view = (id: string): ConversationView => ({
    diagnostics: {},
    conversation: { id, title: 'Hi', createdAt: 1, updatedAt: 2 },
    messages: [],
    usage: {
      perMessage: {},
      total: {
        usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: undefined, cachedInputTokens: undefined },
        estimated: false,
        cost: null,
      },
    },
  })
  const opened: string[] = []
  const api = {
    onRunEvent(l: (e: RunEventEnvelope) => void) {
      listener = l
      return () => (listener = undefined)
    },
    'settings.get': () => ok(settingsDouble({ defaultProvider: 'openai-chat' })),
    'conversations.list': () => ok([{ ...view('c1').conversation, messageCount: 1 }]),
    'tools.list': () => ok([]),
    'actions.unknown': () => ok([]),
    'conversations.open': ({ conversationId }: { conversationId: string }) => {
      opened.push(conversationId)
      return conversationId === 'gone'
        ? Promise.resolve({
            ok: false as const,
            error: { kind: 'not-found', message: 'gone', owner: 'user', retryable: false },
          })
        : ok(view(conversationId))
    },
    'runs.attach': () => {
      // Live events the core sent while it answered (each once): some are in the snapshot too.
      for (const envelope of duringAttach.splice(0)) listener?.(envelope)
      return ok({ runs: snapshots })
    },
  } as unknown as KeelApi
  return { api, opened, emit: (envelope: RunEventEnvelope) => listener?.(envelope) }
}

describe('ChatStore after a reload', () => {
  it('reopens the conversation that was open and shows its answer as far as it got, then follows it live', async () => {
    const snapshot: RunSnapshot = { runId: 'r1', conversationId: 'c1', seq: 3, events: [start, text('Hel')] }
    const { api, emit } = fakeApi(
      [snapshot],
      [
        { runId: 'r1', seq: 3, event: text('l') },
        { runId: 'r1', seq: 4, event: text('lo') },
      ],
    )
    const storage = memoryStorage({ 'keel.openConversation': 'c1' })
    const store = storesOn(api, (flush) => flush(), sessionConversationMemory(storage)).chat
    await store.start()
    const state = store.getSnapshot()
    expect(state.currentId).toBe('c1')
    expect(state.view?.conversation.id).toBe('c1')
    const run = store.currentRun()!
    expect(liveText(run)).toBe('Hello')
    expect(store.isBusy()).toBe(true)
    expect(store.writingIds().has('c1')).toBe(true)
    emit({ runId: 'r1', seq: 5, event: text(' world') })
    expect(liveText(store.currentRun()!)).toBe('Hello world')
  })

  it('a pending approval in the snapshot is a card waiting for the answer again', async () => {
    const approval: RunEvent = {
      type: 'approval-request',
      approvalId: 'a1',
      callId: 'call1',
      name: 'record_measurement',
      arguments: { kind: 'weight', value: 72.5, unit: 'kg' },
    }
    const { api } = fakeApi([
      {
        runId: 'r1',
        conversationId: 'c1',
        seq: 5,
        events: [
          start,
          { type: 'stream', round: 1, event: { type: 'tool-call-start', callId: 'call1', name: 'record_measurement' } },
          { type: 'tool-call', callId: 'call1', name: 'record_measurement', state: 'awaiting-approval' },
          approval,
        ],
      },
    ])
    const store = storesOn(
      api,
      (flush) => flush(),
      sessionConversationMemory(memoryStorage({ 'keel.openConversation': 'c1' })),
    ).chat
    await store.start()
    expect(store.currentRun()!.tools.call1).toMatchObject({ state: 'awaiting-approval', approvalId: 'a1' })
  })

  it('remembers the open conversation as the user moves; a new conversation (or one deleted since) is not reopened', async () => {
    const storage = memoryStorage()
    const first = fakeApi([])
    const store = storesOn(first.api, (flush) => flush(), sessionConversationMemory(storage)).chat
    await store.start()
    expect(store.getSnapshot().currentId).toBeUndefined()
    await store.select('c1')
    expect(storage.items['keel.openConversation']).toBe('c1')
    store.newConversation()
    expect(storage.items['keel.openConversation']).toBeUndefined()

    storage.items['keel.openConversation'] = 'gone'
    const again = fakeApi([])
    const reloaded = storesOn(again.api, (flush) => flush(), sessionConversationMemory(storage)).chat
    await reloaded.start()
    expect(again.opened).toEqual(['gone'])
    expect(reloaded.getSnapshot().currentId).toBeUndefined()
    expect(reloaded.getSnapshot().error).toBeUndefined()
    expect(storage.items['keel.openConversation']).toBeUndefined()
  })
})

describe('ChatStore started twice (StrictMode runs effects twice)', () => {
  it('takes over each live run once, with every event after its snapshot', async () => {
    const { api, emit } = fakeApi(
      [{ runId: 'r1', conversationId: 'c1', seq: 2, events: [start, text('Hi')] }],
      [{ runId: 'r1', seq: 3, event: text(' there') }],
    )
    const store = storesOn(
      api,
      (flush) => flush(),
      sessionConversationMemory(memoryStorage({ 'keel.openConversation': 'c1' })),
    ).chat
    await Promise.all([store.start(), store.start()])
    emit({ runId: 'r1', seq: 4, event: text('!') })
    expect(liveText(store.currentRun()!)).toBe('Hi there!')
  })
})
