// The sidebar's list at scale (ConversationListStore): pages of `conversations.list` loaded one at a
// time up to the last (no cap), rename / delete / pin as one command and a local patch (no list
// reload), and a first-page refresh after a run that keeps the pages already loaded. Then its own
// snapshot: a streaming answer's frames tell the sidebar nothing, the run's list changes do.
import { describe, expect, it } from 'vitest'
import type { ConversationSummary } from '../../../src/shared/conversation'
import type { KeelApi, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { DEFAULT_CONVERSATION_PAGE } from '../../../src/shared/ipc/channels'
import type { RunEvent } from '../../../src/shared/run-events'
import { storesOn } from './stores-on'
import { settingsDouble } from './settings-double'

const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value })
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A store of `count` conversations paged like the core's `conversations.list` (newest first, `before` cursor). */
function pagedApi(count: number) {
  let all: ConversationSummary[] = Array.from({ length: count }, (_, i) => ({
    id: `c${String(i).padStart(5, '0')}`,
    title: `T${i}`,
    createdAt: i,
    updatedAt: 1_000_000 - i,
    messageCount: 1,
  }))
  const listRequests: unknown[] = []
  let listener: ((e: RunEventEnvelope) => void) | undefined
  const order = (a: ConversationSummary, b: ConversationSummary) => b.updatedAt - a.updatedAt || (a.id < b.id ? 1 : -1)
  const api = {
    onRunEvent: (l: (e: RunEventEnvelope) => void) => {
      listener = l
      return () => (listener = undefined)
    },
    'settings.get': () => ok(settingsDouble()),
    'tools.list': () => ok([]),
    'actions.unknown': () => ok([]),
    'conversations.list': async (request: { before?: { updatedAt: number; id: string }; pinned?: boolean }) => {
      if (request.pinned)
        return ok(all.filter((c) => c.pinnedAt !== undefined).sort((a, b) => b.pinnedAt! - a.pinnedAt!))
      listRequests.push(request)
      await tick()
      const sorted = [...all].sort(order)
      const before = request.before
      const rest = before
        ? sorted.filter((c) => c.updatedAt < before.updatedAt || (c.updatedAt === before.updatedAt && c.id < before.id))
        : sorted
      return ok(rest.slice(0, DEFAULT_CONVERSATION_PAGE))
    },
    'conversations.rename': ({ conversationId, title }: { conversationId: string; title: string }) => {
      all = all.map((c) => (c.id === conversationId ? { ...c, title } : c))
      return ok(all.find((c) => c.id === conversationId))
    },
    'conversations.delete': ({ conversationId }: { conversationId: string }) => {
      all = all.filter((c) => c.id !== conversationId)
      return ok({ deleted: true })
    },
    'conversations.pin': ({ conversationId, pinned }: { conversationId: string; pinned: boolean }) => {
      all = all.map((c) => {
        if (c.id !== conversationId) return c
        const { pinnedAt: _, ...rest } = c
        return pinned ? { ...rest, pinnedAt: 42 } : rest
      })
      return ok(all.filter((c) => c.pinnedAt !== undefined))
    },
    'conversations.open': ({ conversationId }: { conversationId: string }) =>
      ok({
        diagnostics: {},
        conversation: {
          id: conversationId,
          title: all.find((c) => c.id === conversationId)?.title ?? '',
          createdAt: 1,
          updatedAt: 1,
        },
        messages: [],
        usage: { perMessage: {}, total: { usage: { inputTokens: 0, outputTokens: 0 }, estimated: false, cost: null } },
      }),
  } as unknown as KeelApi
  return {
    api,
    listRequests,
    /** Another answer moves a conversation to the top (as a run would). */
    touch: (id: string) => {
      all = all.map((c) => (c.id === id ? { ...c, updatedAt: 2_000_000 } : c))
    },
    /** One event of run `r` (a scripted run, event by event). */
    emit: (event: RunEvent) => listener?.({ runId: 'r', event }),
    emitRun: (conversationId: string) => {
      listener?.({
        runId: 'r',
        event: {
          type: 'run-start',
          runId: 'r',
          conversationId,
          turnId: 't',
          messageId: 'm',
          provider: 'anthropic',
          model: 'x',
        },
      })
      listener?.({ runId: 'r', event: { type: 'run-end', status: 'completed', conversationId, messageId: 'm' } })
    },
  }
}

describe('ConversationListStore: the sidebar at scale', () => {
  it('reaches all 10,000 conversations page by page; calls while a page loads share it', async () => {
    const { api, listRequests } = pagedApi(10_000)
    const { chat: store, list } = storesOn(api, (flush) => flush())
    await store.start()
    expect(list.getSnapshot().conversations).toHaveLength(DEFAULT_CONVERSATION_PAGE)
    // The sidebar asks several times while scrolling: one request.
    await Promise.all([list.loadMore(), list.loadMore(), list.loadMore()])
    expect(listRequests).toHaveLength(2)
    while (!list.getSnapshot().complete) await list.loadMore()
    const ids = list.getSnapshot().conversations.map((c) => c.id)
    expect(ids).toHaveLength(10_000)
    expect(new Set(ids).size).toBe(10_000)
    expect(ids.at(-1)).toBe('c09999')
  })

  it('rename, delete and pin deep in the list: one command each, patched in place, no list reload', async () => {
    const { api, listRequests } = pagedApi(1_000)
    const { chat: store, list } = storesOn(api, (flush) => flush())
    await store.start()
    for (let i = 0; i < 3; i++) await list.loadMore()
    const loaded = list.getSnapshot().conversations.length
    const requests = listRequests.length

    await store.rename('c00700', 'Deep renamed')
    expect(list.getSnapshot().conversations.find((c) => c.id === 'c00700')?.title).toBe('Deep renamed')
    await store.remove('c00650')
    expect(list.getSnapshot().conversations.some((c) => c.id === 'c00650')).toBe(false)
    await list.pin('c00790', true)
    expect(list.getSnapshot().pinned.map((c) => c.id)).toEqual(['c00790'])
    expect(list.getSnapshot().conversations.find((c) => c.id === 'c00790')?.pinnedAt).toBe(42)
    expect(list.order()[0]?.id).toBe('c00790')
    await list.pin('c00790', false)
    expect(list.getSnapshot().pinned).toEqual([])
    expect(list.getSnapshot().conversations.find((c) => c.id === 'c00790')?.pinnedAt).toBeUndefined()

    expect(list.getSnapshot().conversations).toHaveLength(loaded - 1)
    expect(listRequests).toHaveLength(requests)
  })

  it('the first-page refresh after a run keeps the older pages already loaded', async () => {
    const { api, touch, emitRun } = pagedApi(1_000)
    const { chat: store, list } = storesOn(api, (flush) => flush())
    await store.start()
    for (let i = 0; i < 3; i++) await list.loadMore()
    expect(list.getSnapshot().conversations).toHaveLength(800)
    // An answer in a conversation from the third page moves it to the top.
    touch('c00500')
    emitRun('c00500')
    for (let i = 0; i < 5; i++) await tick()
    const ids = list.getSnapshot().conversations.map((c) => c.id)
    expect(ids[0]).toBe('c00500')
    expect(ids).toHaveLength(800)
    expect(new Set(ids).size).toBe(800)
    // Paging goes on from where it was (a full last page is known to be the last by the empty one after it).
    await list.loadMore()
    expect(list.getSnapshot().conversations).toHaveLength(1_000)
    await list.loadMore()
    expect(list.getSnapshot().conversations).toHaveLength(1_000)
    expect(list.getSnapshot().complete).toBe(true)
  })

  it('an open conversation older than every loaded page (opened from search) has its title, and a rename shows', async () => {
    const { api } = pagedApi(10_000)
    const { chat: store, list } = storesOn(api, (flush) => flush())
    await store.start()
    const old = 'c09990'
    expect(list.getSnapshot().conversations.some((c) => c.id === old)).toBe(false)
    await store.select(old)
    expect(store.currentTitle()).toBe('T9990')
    await store.rename(old, 'Blood pressure, 2019')
    expect(store.currentTitle()).toBe('Blood pressure, 2019')
    store.newConversation()
    expect(store.currentTitle()).toBeUndefined()
  })

  it('pages the conversation list: the first page, then older pages on demand; a refresh keeps the older ones', async () => {
    const all = Array.from({ length: DEFAULT_CONVERSATION_PAGE * 2 + 5 }, (_, i) => ({
      id: `c${String(i).padStart(4, '0')}`,
      title: `T${i}`,
      createdAt: i,
      updatedAt: 10_000 - i,
      messageCount: 1,
    }))
    const requests: unknown[] = []
    const api = {
      onRunEvent: () => () => {},
      'settings.get': () => ok(settingsDouble()),
      'tools.list': () => ok([]),
      'actions.unknown': () => ok([]),
      'conversations.list': (request: { before?: { updatedAt: number; id: string }; pinned?: boolean }) => {
        if (request.pinned) return ok([]) // the pinned list (none here) is its own request
        requests.push(request)
        const start = request.before ? all.findIndex((c) => c.id === request.before!.id) + 1 : 0
        return ok(all.slice(start, start + DEFAULT_CONVERSATION_PAGE))
      },
      'conversations.rename': ({ title }: { title: string }) => ok({ ...all[0], title }),
    } as unknown as KeelApi
    const { chat: store, list } = storesOn(api, (flush) => flush())
    await store.start()
    expect(list.getSnapshot().conversations).toHaveLength(DEFAULT_CONVERSATION_PAGE)
    expect(list.getSnapshot().complete).toBe(false)
    await list.loadMore()
    await list.loadMore()
    expect(list.getSnapshot().conversations.map((c) => c.id)).toEqual(all.map((c) => c.id))
    expect(list.getSnapshot().complete).toBe(true)
    await store.rename('c0000', 'Renamed')
    expect(list.getSnapshot().conversations).toHaveLength(all.length)
    // A rename is one command and a local patch: no list request.
    expect(requests).toHaveLength(3)
    expect(list.getSnapshot().conversations[0]!.title).toBe('Renamed')
  })
})

describe('ConversationListStore: its own snapshot', () => {
  it('a streaming answer tells the list nothing; the conversation it moves and its end do, on the shared frame', async () => {
    const { api, touch, emit } = pagedApi(1_000)
    const frames: (() => void)[] = []
    const { chat, list } = storesOn(api, (flush) => frames.push(flush))
    const frame = () => frames.shift()?.()
    /** Lets the replies in flight arrive (each list page answers after a macrotask), then runs the frame. */
    const settle = async () => {
      for (let i = 0; i < 5; i++) await tick()
      // One callback per frame, whichever stores changed.
      expect(frames.length).toBeLessThanOrEqual(1)
      frame()
    }
    await chat.start()
    await settle()
    let listNotes = 0
    let chatNotes = 0
    list.subscribe(() => listNotes++)
    chat.subscribe(() => chatNotes++)

    // An answer in an older conversation: it moves to the top of the list.
    touch('c00100')
    emit({
      type: 'run-start',
      runId: 'r',
      conversationId: 'c00100',
      turnId: 't',
      messageId: 'm',
      provider: 'anthropic',
      model: 'x',
    })
    frame()
    await settle()
    expect(list.getSnapshot().conversations[0]?.id).toBe('c00100')
    expect(listNotes).toBe(1)
    const writing = chat.writingIds()
    expect(writing).toEqual(new Set(['c00100']))
    const listBefore = list.getSnapshot()
    const chatBefore = chatNotes

    for (let i = 0; i < 60; i++) {
      for (const delta of ['a', 'b', 'c']) emit({ type: 'stream', round: 1, event: { type: 'text-delta', delta } })
      frame()
    }
    expect(chatNotes - chatBefore).toBe(60)
    expect(listNotes).toBe(1)
    expect(list.getSnapshot()).toBe(listBefore)
    // The sidebar's "writing" marker is the same set on every frame (the memoized sidebar skips them).
    expect(chat.writingIds()).toBe(writing)

    emit({ type: 'run-end', status: 'completed', conversationId: 'c00100', messageId: 'm' })
    frame()
    await settle()
    // The answer's end reloads the first page (its title and last activity as stored).
    expect(listNotes).toBe(2)
    expect(chat.writingIds()).toEqual(new Set())
  })
})
