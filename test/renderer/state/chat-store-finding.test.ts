// The window store's side of finding things: the ghost pending message of defect 13, the "still
// writing" marker, pins, and deleting the open conversation (the next one opens).
import { describe, expect, it } from 'vitest'
import type { ConversationView, KeelApi, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import type { ConversationSummary } from '../../../src/shared/conversation'
import type { RunEvent } from '../../../src/shared/run-events'
import { storesOn } from './stores-on'
import { settingsDouble } from './settings-double'

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value })
const summary = (id: string, updatedAt: number, pinnedAt?: number): ConversationSummary => ({
  id,
  title: id.toUpperCase(),
  createdAt: 1,
  updatedAt,
  messageCount: 2,
  ...(pinnedAt ? { pinnedAt } : {}),
})

function fakeApi() {
  let listener: ((e: RunEventEnvelope) => void) | undefined
  let conversations = [summary('a', 30), summary('b', 20), summary('c', 10)]
  const calls: string[] = []
  const viewOf = (id: string): ConversationView => ({
    diagnostics: {},
    conversation: { id, title: id, createdAt: 1, updatedAt: 2 },
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
  let turnStarted: (() => void) | undefined
  const api = {
    onRunEvent(l: (e: RunEventEnvelope) => void) {
      listener = l
      return () => (listener = undefined)
    },
    'settings.get': () => ok(settingsDouble()),
    'conversations.list': (request: { pinned?: boolean }) =>
      ok(request.pinned ? conversations.filter((c) => c.pinnedAt) : conversations),
    'conversations.pin': ({ conversationId, pinned }: { conversationId: string; pinned: boolean }) => {
      conversations = conversations.map((c) =>
        c.id === conversationId ? (pinned ? { ...c, pinnedAt: 99 } : { ...summary(c.id, c.updatedAt) }) : c,
      )
      return ok(conversations.filter((c) => c.pinnedAt))
    },
    'conversations.delete': ({ conversationId }: { conversationId: string }) => {
      calls.push(`delete ${conversationId}`)
      conversations = conversations.filter((c) => c.id !== conversationId)
      return ok({ deleted: true })
    },
    'tools.list': () => ok([]),
    'actions.unknown': () => ok([]),
    'conversations.open': ({ conversationId }: { conversationId: string }) => {
      calls.push(`open ${conversationId}`)
      return ok(viewOf(conversationId))
    },
    'turns.start': () => {
      calls.push('start')
      // The core answers only once the test says so: the window is "starting" meanwhile.
      return new Promise((resolve) => (turnStarted = () => resolve({ ok: true, value: { runId: 'r1' } })))
    },
  } as unknown as KeelApi
  return { api, emit: (event: RunEvent) => listener?.({ runId: 'r1', event }), calls, release: () => turnStarted?.() }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('ChatStore: finding', () => {
  it('New conversation right after Enter: the new draft shows no pending message and is not busy (defect 13)', async () => {
    const { api, emit, release } = fakeApi()
    const store = storesOn(api, (flush) => flush()).chat
    await store.start()
    const sending = store.send('first question')
    expect(store.isStartingHere()).toBe(true)
    expect(store.isBusy()).toBe(true)
    store.newConversation() // ~20 ms after Enter, before the core answered
    expect(store.isStartingHere()).toBe(false)
    expect(store.isBusy()).toBe(false)
    release()
    await sending
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'new1',
      turnId: 't1',
      messageId: 'm1',
      provider: 'anthropic',
      model: 'x',
    })
    await tick()
    // The run is not followed into the draft the user moved to, its text is gone, and its
    // conversation is marked as being written.
    expect(store.getSnapshot().currentId).toBeUndefined()
    expect(store.getSnapshot().starting).toBeUndefined()
    expect(store.writingIds()).toEqual(new Set(['new1']))
  })

  it('a first message followed from its own draft opens its conversation', async () => {
    const { api, emit, release } = fakeApi()
    const store = storesOn(api, (flush) => flush()).chat
    await store.start()
    const sending = store.send('hello')
    release()
    await sending
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'new1',
      turnId: 't1',
      messageId: 'm1',
      provider: 'anthropic',
      model: 'x',
    })
    await tick()
    expect(store.getSnapshot().currentId).toBe('new1')
  })

  it('pins on top; deleting the open conversation opens the next one, the last one a new conversation', async () => {
    const { api, calls } = fakeApi()
    const { chat: store, list } = storesOn(api, (flush) => flush())
    await store.start()
    await list.pin('c', true)
    expect(list.order().map((c) => c.id)).toEqual(['c', 'a', 'b'])
    await store.select('a')
    await store.remove('a')
    await tick()
    expect(calls).toContain('delete a')
    expect(store.getSnapshot().currentId).toBe('b')
    // Deleting one that is not open leaves the open one alone.
    await store.remove('c')
    expect(store.getSnapshot().currentId).toBe('b')
    expect(list.getSnapshot().pinned).toEqual([])
    await store.remove('b')
    expect(store.getSnapshot().currentId).toBeUndefined()
  })
})
