// The seam between the chat store and the conversation list: what the chat store tells the list
// (through ConversationListFeed only), the list's failures shown as the window's error, and the one
// frame both stores share.
import { describe, expect, it } from 'vitest'
import type { ConversationView, KeelApi, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import type { AppError } from '../../../src/shared/ipc/app-error'
import type { RunEvent } from '../../../src/shared/run-events'
import { ChatStore } from '../../../src/renderer/src/state/chat-store'
import type { ConversationListFeed } from '../../../src/renderer/src/state/conversation-list-store'
import { sharedFrame } from '../../../src/renderer/src/state/frame-scheduler'
import { storesOn } from './stores-on'
import { settingsDouble } from './settings-double'

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value })
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
const refused: AppError = { kind: 'internal', message: 'refused', owner: 'system', retryable: false }

const viewOf = (id: string): ConversationView => ({
  diagnostics: {},
  conversation: { id, title: `Stored ${id}`, createdAt: 1, updatedAt: 2 },
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

/** The chat's commands (no list command: the list is the feed's) and a run-event source. */
function chatApi() {
  let listener: ((e: RunEventEnvelope) => void) | undefined
  const api = {
    onRunEvent(l: (e: RunEventEnvelope) => void) {
      listener = l
      return () => (listener = undefined)
    },
    'settings.get': () => ok(settingsDouble()),
    'tools.list': () => ok([]),
    'actions.unknown': () => ok([]),
    'conversations.open': ({ conversationId }: { conversationId: string }) => ok(viewOf(conversationId)),
    'messages.delete': ({ conversationId }: { conversationId: string }) => ok(viewOf(conversationId)),
  } as unknown as KeelApi
  return { api, emit: (event: RunEvent) => listener?.({ runId: 'r1', event }) }
}

/** A list that only records what it is told (and answers what it is asked). */
function recordingFeed() {
  const told: string[] = []
  let show: ((error: AppError) => void) | undefined
  const feed: ConversationListFeed = {
    showFailuresIn: (s) => void (show = s),
    load: async () => void told.push('load'),
    conversationCreated: async (id) => void told.push(`created ${id}`),
    conversationChanged: async (id) => void told.push(`changed ${id}`),
    rename: async (id, title) => {
      told.push(`rename ${id}`)
      return `${title} (stored)`
    },
    remove: async (id) => {
      told.push(`remove ${id}`)
      return true
    },
    neighbourOf: (id) => (id === 'a' ? 'b' : undefined),
    titleOf: (id) => (id === 'listed' ? 'Listed title' : undefined),
  }
  return { feed, told, fail: (error: AppError) => show?.(error) }
}

describe('ChatStore and the conversation list', () => {
  it('tells the list what runs and actions change, through the feed only', async () => {
    const { api, emit } = chatApi()
    const { feed, told } = recordingFeed()
    const chat = new ChatStore(api, feed, (flush) => flush())
    await chat.start()
    expect(told).toEqual(['load'])

    // A run's first event names its conversation: a new one for the list.
    emit({
      type: 'run-start',
      runId: 'r1',
      conversationId: 'c1',
      turnId: 't',
      messageId: 'm',
      provider: 'anthropic',
      model: 'x',
    })
    emit({ type: 'stream', round: 1, event: { type: 'text-delta', delta: 'Hi' } })
    await tick()
    expect(told).toEqual(['load', 'created c1'])
    // Its end changes the conversation's title and last activity.
    emit({ type: 'run-end', status: 'completed', conversationId: 'c1', messageId: 'm' })
    await tick()
    expect(told).toEqual(['load', 'created c1', 'changed c1'])

    await chat.select('c1')
    await chat.deleteMessage('m')
    expect(told.at(-1)).toBe('changed c1')
    await chat.refreshAfterImport('c9')
    expect(told.at(-1)).toBe('changed c9')
    expect(chat.getSnapshot().currentId).toBe('c9')
  })

  it('rename and delete: the list does the command, the chat store the open conversation', async () => {
    const { api } = chatApi()
    const { feed, told } = recordingFeed()
    const chat = new ChatStore(api, feed, (flush) => flush())
    await chat.start()
    await chat.select('a')
    await chat.rename('a', 'New')
    expect(told.at(-1)).toBe('rename a')
    // The open conversation's view carries the stored title (it may be in no loaded page).
    expect(chat.getSnapshot().view?.conversation.title).toBe('New (stored)')
    expect(chat.currentTitle()).toBe('New (stored)')
    await chat.select('listed')
    expect(chat.currentTitle()).toBe('Listed title')

    await chat.select('a')
    await chat.remove('a')
    await tick()
    expect(told.at(-1)).toBe('remove a')
    // The list's neighbour opens.
    expect(chat.getSnapshot().currentId).toBe('b')
    await chat.remove('b')
    expect(chat.getSnapshot().currentId).toBeUndefined()
  })

  it("the list's failures are the window's error, cleared like the chat's own", async () => {
    const { api } = chatApi()
    const { feed, fail } = recordingFeed()
    const chat = new ChatStore(api, feed, (flush) => flush())
    await chat.start()
    fail(refused)
    expect(chat.getSnapshot().error).toEqual(refused)
    chat.newConversation()
    expect(chat.getSnapshot().error).toBeUndefined()
  })

  it('a refused pin or page shows its error through the real stores', async () => {
    const { api: chat } = chatApi()
    const api = {
      ...chat,
      'conversations.list': (request: { pinned?: boolean }) =>
        ok(request.pinned ? [] : [{ id: 'a', title: 'A', createdAt: 1, updatedAt: 1, messageCount: 1 }]),
      'conversations.pin': () => Promise.resolve({ ok: false, error: refused }),
    } as unknown as KeelApi
    const stores = storesOn(api, (flush) => flush())
    await stores.chat.start()
    await stores.list.pin('a', true)
    expect(stores.chat.getSnapshot().error).toEqual(refused)
    expect(stores.list.getSnapshot().pinned).toEqual([])
  })
})

describe('sharedFrame', () => {
  it('both stores changed before a frame: one frame callback, both told in it', async () => {
    const { api } = chatApi()
    const frames: (() => void)[] = []
    const full = {
      ...api,
      'conversations.list': (request: { pinned?: boolean }) =>
        ok(request.pinned ? [] : [{ id: 'a', title: 'A', createdAt: 1, updatedAt: 1, messageCount: 1 }]),
    } as unknown as KeelApi
    const { chat, list } = storesOn(full, (flush) => frames.push(flush))
    const told: string[] = []
    chat.subscribe(() => told.push('chat'))
    list.subscribe(() => told.push('list'))
    await chat.start()
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(told.sort()).toEqual(['chat', 'list'])
    expect(frames).toHaveLength(0)
  })

  it('a flush asked for during the frame waits for the next one', () => {
    const frames: (() => void)[] = []
    const schedule = sharedFrame((flush) => frames.push(flush))
    const ran: string[] = []
    schedule(() => {
      ran.push('a')
      schedule(() => ran.push('later'))
    })
    schedule(() => ran.push('b'))
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(ran).toEqual(['a', 'b'])
    expect(frames).toHaveLength(1)
    frames.shift()!()
    expect(ran).toEqual(['a', 'b', 'later'])
  })
})
