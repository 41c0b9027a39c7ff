import { describe, expect, it } from 'vitest'
import type {
  ConversationView,
  KeelApi,
  ProviderSettingsView,
  RunEventEnvelope,
} from '../../../src/shared/ipc/app-contract'
import type { RunEvent } from '../../../src/shared/run-events'
import { storesOn } from './stores-on'
import { settingsDouble } from './settings-double'

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value })

function fakeApi() {
  let listener: ((e: RunEventEnvelope) => void) | undefined
  const view: ConversationView = {
    diagnostics: {},
    conversation: { id: 'c1', title: 'Hi', createdAt: 1, updatedAt: 2 },
    messages: [],
    usage: {
      perMessage: {},
      total: {
        usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: undefined, cachedInputTokens: undefined },
        estimated: false,
        cost: null,
      },
    },
  }
  const calls: string[] = []
  const api = {
    onRunEvent(l: (e: RunEventEnvelope) => void) {
      listener = l
      return () => (listener = undefined)
    },
    'settings.get': () => ok(settingsDouble({ language: 'pt-BR' })),
    'conversations.list': () => ok([{ ...view.conversation, messageCount: 0 }]),
    'tools.list': () => ok([]),
    'actions.unknown': () => ok([]),
    'conversations.open': () => {
      calls.push('open')
      return ok(view)
    },
    'turns.start': () => {
      calls.push('start')
      return ok({ runId: 'r1' })
    },
    'turns.stop': () => {
      calls.push('stop')
      return ok({ stopped: true })
    },
  } as unknown as KeelApi
  return { api, emit: (event: RunEvent) => listener?.({ runId: 'r1', event }), calls }
}

describe('ChatStore', () => {
  it('reduces a frame of events in one update and follows a new conversation', async () => {
    const { api, emit, calls } = fakeApi()
    const frames: (() => void)[] = []
    const store = storesOn(api, (flush) => frames.push(flush)).chat
    await store.start()
    expect(store.getSnapshot().locale).toBe('pt-BR')
    await store.send('Hello')
    expect(calls).toContain('start')
    expect(store.isBusy()).toBe(true)

    let updates = 0
    store.subscribe(() => updates++)
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'c1',
      turnId: 't1',
      messageId: 'm1',
      provider: 'anthropic',
      model: 'x',
    })
    for (const delta of ['a', 'b', 'c', 'd']) emit({ type: 'stream', round: 1, event: { type: 'text-delta', delta } })
    expect(updates).toBe(0)
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(updates).toBe(1)
    const state = store.getSnapshot()
    expect(state.currentId).toBe('c1')
    expect(store.currentRun()?.segments).toEqual([{ kind: 'text', text: 'abcd' }])

    await store.stop()
    expect(calls).toContain('stop')
    emit({ type: 'notice', id: 'stopped', text: 'Parado.' })
    emit({
      type: 'run-end',
      status: 'interrupted',
      conversationId: 'c1',
      messageId: 'm1',
      interruptReason: 'user-stop',
    })
    frames.shift()!()
    await new Promise((resolve) => setTimeout(resolve, 0))
    // The ended run is replaced by the stored message (which keeps its notices).
    expect(store.getSnapshot().runs).toEqual({})
    expect(store.isBusy()).toBe(false)
  })

  it('tells listeners at most once per frame, whether tokens, command replies or both changed the state', async () => {
    const { api, emit } = fakeApi()
    const frames: (() => void)[] = []
    const store = storesOn(api, (flush) => frames.push(flush)).chat
    let updates = 0
    store.subscribe(() => updates++)
    await store.start()
    // Settings, the list and `ready` were three updates: read at once, told once, on the frame.
    expect(store.getSnapshot()).toMatchObject({ ready: true, locale: 'pt-BR' })
    expect(updates).toBe(0)
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(updates).toBe(1)
    frames.length = 0

    await store.send('Hello')
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'c1',
      turnId: 't1',
      messageId: 'm1',
      provider: 'anthropic',
      model: 'x',
    })
    emit({ type: 'stream', round: 1, event: { type: 'text-delta', delta: 'Hi' } })
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(updates).toBe(2)
    // The run-start made the store reload the list and the view (replies arrive between frames).
    await new Promise((resolve) => setTimeout(resolve, 0))
    emit({ type: 'stream', round: 1, event: { type: 'text-delta', delta: ' there' } })
    expect(updates).toBe(2)
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(updates).toBe(3)
    expect(store.getSnapshot().view?.conversation.id).toBe('c1')
    expect(store.currentRun()?.segments).toEqual([{ kind: 'text', text: 'Hi there' }])
    // Nothing changed: a frame tells nobody.
    frames.shift()?.()
    expect(updates).toBe(3)
  })

  it('reloads the open conversation when a price changes (its costs change), not for other settings', async () => {
    const { api, emit, calls } = fakeApi()
    const store = storesOn(api, (flush) => flush()).chat
    await store.start()
    await store.send('Hello')
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'c1',
      turnId: 't1',
      messageId: 'm1',
      provider: 'anthropic',
      model: 'x',
    })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.getSnapshot().view?.conversation.id).toBe('c1')
    const base = store.getSnapshot().settings!
    const provider: ProviderSettingsView = {
      id: 'anthropic',
      name: 'Anthropic',
      named: false,
      preset: 'anthropic',
      api: 'anthropic',
      baseUrl: 'http://x',
      model: 'm',
      models: ['m'],
      key: { set: false },
      keyRequired: false,
      configured: true,
      ready: true,
      price: null,
    }
    const opens = () => calls.filter((c) => c === 'open').length

    store.setSettings({ ...base, providers: [provider] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    const afterFirst = opens()
    store.setSettings({ ...base, language: 'es', providers: [provider] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(opens()).toBe(afterFirst)
    store.setSettings({ ...base, providers: [{ ...provider, price: { inputPerMillion: 1, outputPerMillion: 2 } }] })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(opens()).toBe(afterFirst + 1)
  })
})
