// The store's side of the sidebar at scale: pages of `conversations.list` loaded one at a time up to
// the last (no cap), rename / delete / pin as one command and a local patch (no list reload), and a
// first-page refresh after a run that keeps the pages already loaded.
import { describe, expect, it } from 'vitest'
import type { ConversationSummary } from '../../../src/shared/conversation'
import type { KeelApi, RunEventEnvelope } from '../../../src/shared/ipc/app-contract'
import { DEFAULT_CONVERSATION_PAGE } from '../../../src/shared/ipc/channels'
import { ChatStore } from '../../../src/renderer/src/state/chat-store'

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
    'settings.get': () =>
      ok({
        language: 'en',
        defaultProvider: 'anthropic',
        maxToolRounds: 8,
        toolPermissions: {},
        providers: [],
        keyStorage: 'memory-only',
        corruptSettings: [],
      }),
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

describe('ChatStore: the sidebar at scale', () => {
  it('reaches all 10,000 conversations page by page; calls while a page loads share it', async () => {
    const { api, listRequests } = pagedApi(10_000)
    const store = new ChatStore(api, (flush) => flush())
    await store.start()
    expect(store.getSnapshot().conversations).toHaveLength(DEFAULT_CONVERSATION_PAGE)
    // The sidebar asks several times while scrolling: one request.
    await Promise.all([store.loadMoreConversations(), store.loadMoreConversations(), store.loadMoreConversations()])
    expect(listRequests).toHaveLength(2)
    while (!store.getSnapshot().conversationsComplete) await store.loadMoreConversations()
    const ids = store.getSnapshot().conversations.map((c) => c.id)
    expect(ids).toHaveLength(10_000)
    expect(new Set(ids).size).toBe(10_000)
    expect(ids.at(-1)).toBe('c09999')
  })

  it('rename, delete and pin deep in the list: one command each, patched in place, no list reload', async () => {
    const { api, listRequests } = pagedApi(1_000)
    const store = new ChatStore(api, (flush) => flush())
    await store.start()
    for (let i = 0; i < 3; i++) await store.loadMoreConversations()
    const loaded = store.getSnapshot().conversations.length
    const requests = listRequests.length

    await store.rename('c00700', 'Deep renamed')
    expect(store.getSnapshot().conversations.find((c) => c.id === 'c00700')?.title).toBe('Deep renamed')
    await store.remove('c00650')
    expect(store.getSnapshot().conversations.some((c) => c.id === 'c00650')).toBe(false)
    await store.pin('c00790', true)
    expect(store.getSnapshot().pinned.map((c) => c.id)).toEqual(['c00790'])
    expect(store.getSnapshot().conversations.find((c) => c.id === 'c00790')?.pinnedAt).toBe(42)
    expect(store.sidebarOrder()[0]?.id).toBe('c00790')
    await store.pin('c00790', false)
    expect(store.getSnapshot().pinned).toEqual([])
    expect(store.getSnapshot().conversations.find((c) => c.id === 'c00790')?.pinnedAt).toBeUndefined()

    expect(store.getSnapshot().conversations).toHaveLength(loaded - 1)
    expect(listRequests).toHaveLength(requests)
  })

  it('the first-page refresh after a run keeps the older pages already loaded', async () => {
    const { api, touch, emitRun } = pagedApi(1_000)
    const store = new ChatStore(api, (flush) => flush())
    await store.start()
    for (let i = 0; i < 3; i++) await store.loadMoreConversations()
    expect(store.getSnapshot().conversations).toHaveLength(800)
    // An answer in a conversation from the third page moves it to the top.
    touch('c00500')
    emitRun('c00500')
    for (let i = 0; i < 5; i++) await tick()
    const ids = store.getSnapshot().conversations.map((c) => c.id)
    expect(ids[0]).toBe('c00500')
    expect(ids).toHaveLength(800)
    expect(new Set(ids).size).toBe(800)
    // Paging goes on from where it was (a full last page is known to be the last by the empty one after it).
    await store.loadMoreConversations()
    expect(store.getSnapshot().conversations).toHaveLength(1_000)
    await store.loadMoreConversations()
    expect(store.getSnapshot().conversations).toHaveLength(1_000)
    expect(store.getSnapshot().conversationsComplete).toBe(true)
  })
  it('an open conversation older than every loaded page (opened from search) has its title, and a rename shows', async () => {
    const { api } = pagedApi(10_000)
    const store = new ChatStore(api, (flush) => flush())
    await store.start()
    const old = 'c09990'
    expect(store.getSnapshot().conversations.some((c) => c.id === old)).toBe(false)
    await store.select(old)
    expect(store.currentTitle()).toBe('T9990')
    await store.rename(old, 'Blood pressure, 2019')
    expect(store.currentTitle()).toBe('Blood pressure, 2019')
    store.newConversation()
    expect(store.currentTitle()).toBeUndefined()
  })
})
