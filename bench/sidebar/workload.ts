// The sidebar bench's store, identical on both pages: 10,000 conversations (seeded titles of
// realistic lengths, one every ~2.6 hours back over ~3 years, so Today … and many month groups), and a
// fake KeelApi that pages them exactly like the core's `conversations.list` (newest first,
// `before` cursor, DEFAULT_CONVERSATION_PAGE per page), answering every command after a macrotask
// hop like IPC. No DOM.
import type { ConversationSummary } from '../../src/shared/conversation'
import type { KeelApi, RunEventEnvelope } from '../../src/shared/ipc/app-contract'
import type { AppResult } from '../../src/shared/ipc/app-error'
import { DEFAULT_CONVERSATION_PAGE } from '../../src/shared/ipc/channels'
import { mulberry32 } from '../../test/support/seeded-random'
import { BENCH_SETTINGS } from '../bench-settings'

export const CONVERSATIONS = 10_000
/** The scroll figure: from the top through this many rows (pages load on the way). */
export const SCROLL_ROWS = 2_000
/** Pixels scrolled per animation frame (a brisk wheel or a dragged scrollbar). */
export const SCROLL_STEP_PX = 240
export const NOW = Date.parse('2026-12-02T12:00:00Z')

const WORDS = (
  'weight plan trip budget recipe code review bug fix meeting notes summary python rust typescript react chart ' +
  'measurement sleep running training email draft letter invoice taxes garden paint kitchen holiday gift idea question'
).split(' ')

/** `conv-00000` is the newest. */
export const idOf = (n: number): string => `conv-${String(n).padStart(5, '0')}`

export function conversations(): ConversationSummary[] {
  const next = mulberry32(13)
  const list: ConversationSummary[] = []
  let at = NOW - 60_000
  for (let n = 0; n < CONVERSATIONS; n++) {
    const words = 2 + Math.floor(next() * (next() < 0.15 ? 14 : 6))
    const title = Array.from({ length: words }, () => WORDS[Math.floor(next() * WORDS.length)]!).join(' ')
    list.push({
      id: idOf(n),
      title: `${title.charAt(0).toUpperCase()}${title.slice(1)} #${n}`,
      createdAt: at - 3_600_000,
      updatedAt: at,
      messageCount: 2 + Math.floor(next() * 40),
    })
    at -= Math.floor(next() * 2 * 9_400_000)
  }
  return list
}

const settings = BENCH_SETTINGS

/** A macrotask hop, like an IPC round trip. */
const reply = <T>(value: T): Promise<AppResult<T>> =>
  new Promise((resolve) => setTimeout(() => resolve({ ok: true, value }), 0))

export interface FakeStore {
  api: KeelApi
  /** `conversations.list` requests answered (the app's paging). */
  listCalls: () => number
}

/** The fake core: the conversations in memory, paged, renamed, deleted, pinned like the real one. */
export function fakeStore(all: ConversationSummary[] = conversations()): FakeStore {
  let rows = all.slice()
  let calls = 0
  const isBefore = (c: ConversationSummary, b: { updatedAt: number; id: string }) =>
    c.updatedAt < b.updatedAt || (c.updatedAt === b.updatedAt && c.id < b.id)
  const handlers: Record<string, (request: never) => Promise<AppResult<unknown>>> = {
    'settings.get': () => reply(settings),
    'tools.list': () => reply([]),
    'actions.unknown': () => reply([]),
    'runs.attach': () => reply({ runs: [] }),
    'conversations.list': (request: {
      before?: { updatedAt: number; id: string }
      limit?: number
      pinned?: boolean
    }) => {
      if (request.pinned) return reply(rows.filter((c) => c.pinnedAt !== undefined))
      calls++
      const limit = request.limit ?? DEFAULT_CONVERSATION_PAGE
      // Rows are kept newest first: the cursor's position, then one page.
      const before = request.before
      const start = before ? rows.findIndex((c) => isBefore(c, before)) : 0
      return reply(start === -1 ? [] : rows.slice(start, start + limit))
    },
    'conversations.rename': (request: { conversationId: string; title: string }) => {
      rows = rows.map((c) => (c.id === request.conversationId ? { ...c, title: request.title } : c))
      const { messageCount: _, pinnedAt: __, ...conversation } = rows.find((c) => c.id === request.conversationId)!
      return reply(conversation)
    },
    'conversations.delete': (request: { conversationId: string }) => {
      rows = rows.filter((c) => c.id !== request.conversationId)
      return reply({ deleted: true as const })
    },
  }
  const api = new Proxy({} as KeelApi, {
    get: (_target, name: string) => {
      if (name === 'onRunEvent') return (_listener: (envelope: RunEventEnvelope) => void) => () => {}
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
  return { api, listCalls: () => calls }
}

/** What one page reports for one run (times on the page clock, ms). */
export interface SidebarResult {
  /** Start (mount) → the first page of titles painted. */
  firstPaintMs: number
  firstPaintLongestTaskMs: number
  /** Scrolling from the top through SCROLL_ROWS rows. */
  scroll: {
    ms: number
    frames: number
    longestFrameMs: number
    longTasks: number
    longestTaskMs: number
    loadedRows: number
    maxDomRows: number
  }
  /** The action → the change painted (a row in view after the scroll). */
  renameMs: number
  renameLongestFrameMs: number
  deleteMs: number
  deleteLongestFrameMs: number
  error?: string
}
