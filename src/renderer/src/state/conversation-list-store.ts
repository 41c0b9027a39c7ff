// The sidebar's conversations outside React: the pages loaded (newest first), Pinned, and pin /
// rename / delete patched in place. Its own snapshot, so the sidebar re-renders when the list
// changes, not for every frame of a streaming answer (ChatStore's); told on the frame the window
// shares (state/frame-scheduler.ts). Runs change the list only through ConversationListFeed.
import type { ConversationSummary } from '../../../shared/conversation'
import type { AppError, AppResult } from '../../../shared/ipc/app-error'
import { DEFAULT_CONVERSATION_PAGE } from '../../../shared/ipc/channels'
import type { ConversationListClient } from './conversation-list-client'
import { frameScheduler, type Scheduler } from './frame-scheduler'

export interface ConversationListState {
  /** Newest first: the first page and any older pages the user asked for. */
  conversations: ConversationSummary[]
  /** Every conversation is in `conversations` (no older page left to load). */
  complete: boolean
  /** Pinned conversations, most recently pinned first (listed on top, whatever their age). */
  pinned: ConversationSummary[]
}

/**
 * What the chat store tells the conversation list and asks of it. The chat store never reads or
 * writes the list's state: a run or a message action that changes a conversation says so here.
 */
export interface ConversationListFeed {
  /** Where the list's failures (a page, a pin, a rename…) are shown: the window's one error line. */
  showFailuresIn(show: (error: AppError) => void): void
  /** The window starts: the first page (a failure is shown) and Pinned. */
  load(): Promise<void>
  /** A run created this conversation: the first page again (and Pinned, when something is pinned). */
  conversationCreated(conversationId: string): Promise<void>
  /** A conversation's title or last activity changed (an answer ended, a message deleted, an import). */
  conversationChanged(conversationId?: string): Promise<void>
  /** Renames: one command, then the title changed in place. The stored title, or undefined when it failed (shown). */
  rename(conversationId: string, title: string): Promise<string | undefined>
  /** Deletes: one command, then it leaves the list in place. False when it failed (shown). */
  remove(conversationId: string): Promise<boolean>
  /** What opens when this conversation is deleted while open: the next one in the sidebar, else the one before. */
  neighbourOf(conversationId: string): string | undefined
  /** A listed conversation's title (the loaded pages, then Pinned). */
  titleOf(conversationId: string): string | undefined
}

export class ConversationListStore implements ConversationListFeed {
  private state: ConversationListState = { conversations: [], complete: false, pinned: [] }
  private readonly listeners = new Set<() => void>()
  private flushScheduled = false
  /** State changed since listeners were last told. */
  private dirty = false
  private showFailure: (error: AppError) => void = () => {}
  /** The older page being loaded (one at a time: the sidebar asks again as it scrolls). */
  private loadingMore: Promise<void> | undefined

  constructor(
    private readonly api: ConversationListClient,
    private readonly schedule: Scheduler = frameScheduler,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): ConversationListState => this.state

  /** Updates the state now (reads see it at once) and tells listeners on the next frame. */
  private set(patch: Partial<ConversationListState>): void {
    this.state = { ...this.state, ...patch }
    this.dirty = true
    if (this.flushScheduled) return
    this.flushScheduled = true
    this.schedule(this.flush)
  }

  readonly flush = (): void => {
    this.flushScheduled = false
    if (!this.dirty) return
    this.dirty = false
    for (const listener of this.listeners) listener()
  }

  private fail(result: AppResult<unknown>): boolean {
    if (result.ok) return false
    this.showFailure(result.error)
    return true
  }

  showFailuresIn(show: (error: AppError) => void): void {
    this.showFailure = show
  }

  async load(): Promise<void> {
    await Promise.all([this.reloadFirstPage(true), this.reloadPinned()])
  }

  async conversationCreated(): Promise<void> {
    await Promise.all([this.reloadFirstPage(), this.state.pinned.length > 0 ? this.reloadPinned() : undefined])
  }

  async conversationChanged(): Promise<void> {
    await this.reloadFirstPage()
  }

  /**
   * Reloads the first page; older pages already loaded stay (a new answer only moves a
   * conversation to the top), minus what the first page now holds.
   */
  private async reloadFirstPage(reportFailure = false): Promise<void> {
    const first = await this.api['conversations.list']({})
    if (!first.ok) {
      if (reportFailure) this.fail(first)
      return
    }
    const page = first.value
    const last = page.at(-1)
    if (page.length < DEFAULT_CONVERSATION_PAGE || !last) return this.set({ conversations: page, complete: true })
    const onPage = new Set(page.map((c) => c.id))
    const older = this.state.conversations.filter((c) => !onPage.has(c.id) && isOlder(c, last))
    this.set({ conversations: [...page, ...older], complete: older.length > 0 ? this.state.complete : false })
  }

  private async reloadPinned(): Promise<void> {
    const pinned = await this.api['conversations.list']({ pinned: true })
    if (pinned.ok) this.set({ pinned: pinned.value })
  }

  /**
   * The next older page (the sidebar asks as its end comes near, or "Show older conversations").
   * One request at a time; calls meanwhile share it. No cap: every page can be reached.
   */
  readonly loadMore = (): Promise<void> => {
    this.loadingMore ??= this.loadOlderPage().finally(() => {
      this.loadingMore = undefined
    })
    return this.loadingMore
  }

  private async loadOlderPage(): Promise<void> {
    const last = this.state.conversations.at(-1)
    if (this.state.complete || !last) return
    const page = await this.api['conversations.list']({ before: { updatedAt: last.updatedAt, id: last.id } })
    if (this.fail(page) || !page.ok) return
    // The list may have changed meanwhile (a first-page refresh, a delete): append after what is there now.
    const known = new Set(this.state.conversations.map((c) => c.id))
    this.set({
      conversations: [...this.state.conversations, ...page.value.filter((c) => !known.has(c.id))],
      complete: page.value.length < DEFAULT_CONVERSATION_PAGE,
    })
  }

  /** Pins a conversation on top of the list, or unpins it: the command answers the pinned list; the loaded pages are patched in place. */
  readonly pin = async (conversationId: string, pinned: boolean): Promise<void> => {
    const result = await this.api['conversations.pin']({ conversationId, pinned })
    if (this.fail(result) || !result.ok) return
    const pinnedAt = result.value.find((c) => c.id === conversationId)?.pinnedAt
    this.set({ pinned: result.value })
    this.patch(conversationId, (c) => {
      const { pinnedAt: _old, ...rest } = c
      return pinned && pinnedAt !== undefined ? { ...rest, pinnedAt } : rest
    })
  }

  readonly rename = async (conversationId: string, title: string): Promise<string | undefined> => {
    const result = await this.api['conversations.rename']({ conversationId, title })
    if (this.fail(result) || !result.ok) return undefined
    this.patch(conversationId, (c) => ({ ...c, title: result.value.title }))
    return result.value.title
  }

  readonly remove = async (conversationId: string): Promise<boolean> => {
    if (this.fail(await this.api['conversations.delete']({ conversationId }))) return false
    this.set({
      conversations: this.state.conversations.filter((c) => c.id !== conversationId),
      pinned: this.state.pinned.filter((c) => c.id !== conversationId),
    })
    return true
  }

  /** Applies `change` to one conversation wherever it is listed (the loaded pages, Pinned), in place. */
  private patch(conversationId: string, change: (c: ConversationSummary) => ConversationSummary): void {
    const apply = (list: ConversationSummary[]) => {
      const index = list.findIndex((c) => c.id === conversationId)
      if (index === -1) return list
      const next = list.slice()
      next[index] = change(list[index]!)
      return next
    }
    this.set({ conversations: apply(this.state.conversations), pinned: apply(this.state.pinned) })
  }

  /** The sidebar's order: pinned first, then the rest newest first. */
  order(state: ConversationListState = this.state): ConversationSummary[] {
    const pinnedIds = new Set(state.pinned.map((c) => c.id))
    return [...state.pinned, ...state.conversations.filter((c) => !pinnedIds.has(c.id))]
  }

  neighbourOf(conversationId: string): string | undefined {
    const list = this.order()
    const index = list.findIndex((c) => c.id === conversationId)
    return index === -1 ? undefined : (list[index + 1] ?? list[index - 1])?.id
  }

  titleOf(conversationId: string, state: ConversationListState = this.state): string | undefined {
    return (
      state.conversations.find((c) => c.id === conversationId)?.title ??
      state.pinned.find((c) => c.id === conversationId)?.title
    )
  }

  /** Whether a conversation is pinned (its menu offers Unpin). */
  isPinned(conversationId: string, state: ConversationListState = this.state): boolean {
    return state.pinned.some((c) => c.id === conversationId)
  }
}

/** Whether `a` comes after `b` in the list's order (newest first: by last activity, then id). */
function isOlder(a: ConversationSummary, b: ConversationSummary): boolean {
  return a.updatedAt < b.updatedAt || (a.updatedAt === b.updatedAt && a.id < b.id)
}
