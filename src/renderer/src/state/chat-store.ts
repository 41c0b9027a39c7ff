// The window's state outside React: conversations, the open conversation, live runs. RunEvents are
// queued and reduced once per animation frame, so React sees at most one update per frame while
// tokens stream (read through `useSyncExternalStore`).
import type { AttachmentInput } from '../../../shared/attachments'
import type { ConversationSummary, Message } from '../../../shared/conversation'
import type { CommandRequest, ConversationView, KeelApi, RunEventEnvelope, SettingsView, ToolInfo, UnknownAction } from '../../../shared/ipc/app-contract'
import { DEFAULT_CONVERSATION_PAGE } from '../../../shared/ipc/channels'
import type { AppError, AppResult } from '../../../shared/ipc/app-error'
import { titlesOf } from '../../../shared/fallback-messages'
import type { Locale } from '../../../shared/locale'
import type { RunEvent } from '../../../shared/run-events'
import { dismissElicitation, initialRun, reduceRunEvents, type LiveRun } from './run-reducer'

export interface ChatState {
  ready: boolean
  settings: SettingsView | undefined
  locale: Locale
  /** Newest first: the first page and any older pages the user asked for. */
  conversations: ConversationSummary[]
  /** Every conversation is in `conversations` (no older page left to load). */
  conversationsComplete: boolean
  currentId: string | undefined
  view: ConversationView | undefined
  runs: Record<string, LiveRun>
  /** The user's text while its turn is being started (shown before the stored message arrives). */
  starting: { conversationId: string | undefined; text: string } | undefined
  /** The tools a turn would offer (titles, effects: for cards, notices and permissions). */
  tools: ToolInfo[]
  /** Actions outside Keel whose outcome was never learned: listed for the user to check. */
  unknownActions: UnknownAction[]
  /** The last command that failed (shown with its typed detail, in the UI language). */
  error: AppError | undefined
}

/** What the user answers a server's request for input. */
export type ElicitationAnswer = CommandRequest<'elicitations.answer'>['answer']

export type Scheduler = (flush: () => void) => void

/**
 * Once per animation frame, with a timer as backstop (frames pause in hidden windows). Whichever
 * comes first cancels the other: a stale backstop firing between frames would add a commit.
 */
export const frameScheduler: Scheduler = (flush) => {
  let done = false
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => run()) : undefined
  const timer = setTimeout(() => run(), 100)
  function run(): void {
    if (done) return
    done = true
    clearTimeout(timer)
    if (frame !== undefined) cancelAnimationFrame(frame)
    flush()
  }
}

export function userTextOf(message: Message): string {
  return message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
}

export class ChatStore {
  private state: ChatState = {
    ready: false,
    settings: undefined,
    locale: 'en',
    conversations: [],
    conversationsComplete: false,
    tools: [],
    unknownActions: [],
    currentId: undefined,
    view: undefined,
    runs: {},
    starting: undefined,
    error: undefined,
  }
  private readonly listeners = new Set<() => void>()
  private queue: RunEventEnvelope[] = []
  private flushScheduled = false
  /** State changed since listeners were last told. */
  private dirty = false
  private viewRequest = 0
  private unsubscribe: (() => void) | undefined

  constructor(
    private readonly api: KeelApi,
    private readonly schedule: Scheduler = frameScheduler,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  readonly getSnapshot = (): ChatState => this.state

  /**
   * Updates the state now (reads see it at once) and tells listeners on the next frame, together
   * with any run events queued by then: the window commits at most once per frame, whether the
   * change came from tokens, a reply to a command or both.
   */
  private set(patch: Partial<ChatState>): void {
    this.state = { ...this.state, ...patch }
    this.dirty = true
    this.scheduleFlush()
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return
    this.flushScheduled = true
    this.schedule(this.flush)
  }

  private notify(): void {
    if (!this.dirty) return
    this.dirty = false
    for (const listener of this.listeners) listener()
  }

  private fail(result: AppResult<unknown>): boolean {
    if (result.ok) return false
    this.set({ error: result.error })
    return true
  }

  readonly start = async (): Promise<void> => {
    this.unsubscribe ??= this.api.onRunEvent((envelope) => this.receive(envelope))
    const [settings] = await Promise.all([this.api['settings.get']({}), this.reloadConversations(true), this.reloadTools(), this.reloadUnknownActions()])
    if (settings.ok) this.set({ settings: settings.value, locale: settings.value.language })
    else this.fail(settings)
    this.set({ ready: true })
  }

  dispose(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  /** Queues one event; the batch is reduced on the next frame. */
  receive(envelope: RunEventEnvelope): void {
    this.queue.push(envelope)
    this.scheduleFlush()
  }

  /** Once a frame: reduces every queued event (one state update, whatever the number of tokens), then tells listeners once. */
  readonly flush = (): void => {
    this.reduceQueue()
    this.flushScheduled = false
    this.notify()
  }

  private reduceQueue(): void {
    if (this.queue.length === 0) return
    const batch = this.queue
    this.queue = []
    const byRun = new Map<string, RunEvent[]>()
    for (const { runId, event } of batch) {
      const list = byRun.get(runId) ?? []
      list.push(event)
      byRun.set(runId, list)
    }
    const runs = { ...this.state.runs }
    let currentId = this.state.currentId
    const reload = new Set<string>()
    const ended: LiveRun[] = []
    for (const [runId, events] of byRun) {
      const before = runs[runId] ?? initialRun(runId)
      const run = reduceRunEvents(before, events)
      runs[runId] = run
      if (run.conversationId && before.conversationId === undefined) {
        // A new conversation's first turn: follow it.
        if (currentId === undefined && this.state.starting && this.state.starting.conversationId === undefined) currentId = run.conversationId
        reload.add(run.conversationId)
      }
      if (run.status !== 'running' && before.status === 'running') ended.push(run)
    }
    this.set({ runs, currentId })
    for (const conversationId of reload) void this.refresh(conversationId)
    for (const run of ended) void this.settle(run)
  }

  /**
   * Reloads the first page of the list; older pages already loaded stay (a new answer only moves a
   * conversation to the top), minus what the first page now holds.
   */
  private async reloadConversations(reportFailure = false): Promise<void> {
    const first = await this.api['conversations.list']({})
    if (!first.ok) {
      if (reportFailure) this.fail(first)
      return
    }
    const page = first.value
    const last = page.at(-1)
    if (page.length < DEFAULT_CONVERSATION_PAGE || !last) return this.set({ conversations: page, conversationsComplete: true })
    const onPage = new Set(page.map((c) => c.id))
    const older = this.state.conversations.filter((c) => !onPage.has(c.id) && isOlder(c, last))
    this.set({ conversations: [...page, ...older], conversationsComplete: older.length > 0 ? this.state.conversationsComplete : false })
  }

  private async reloadTools(): Promise<void> {
    const tools = await this.api['tools.list']({})
    if (tools.ok) this.set({ tools: tools.value })
  }

  private async reloadUnknownActions(): Promise<void> {
    const actions = await this.api['actions.unknown']({})
    if (actions.ok) this.set({ unknownActions: actions.value })
  }

  /** The user checked an action whose outcome Keel could not learn. */
  readonly resolveAction = async (key: string, outcome: 'done' | 'not-done'): Promise<void> => {
    if (this.fail(await this.api['actions.resolve']({ key, outcome }))) return
    await this.reloadUnknownActions()
  }

  /** A tool's title in the window's language (its name when the tool is not known). */
  readonly toolTitle = (name: string, locale: Locale = this.state.locale): string | undefined => titlesOf(this.state.tools)(name, locale)

  /** Who provides a tool (an MCP server's name), when it is not one of Keel's own. */
  readonly toolProvider = (name: string): string | undefined => this.state.tools.find((tool) => tool.name === name)?.provider

  /** The next older page of conversations (the sidebar's "Show older conversations"). */
  readonly loadMoreConversations = async (): Promise<void> => {
    const last = this.state.conversations.at(-1)
    if (this.state.conversationsComplete || !last) return
    const page = await this.api['conversations.list']({ before: { updatedAt: last.updatedAt, id: last.id } })
    if (this.fail(page) || !page.ok) return
    const known = new Set(this.state.conversations.map((c) => c.id))
    this.set({
      conversations: [...this.state.conversations, ...page.value.filter((c) => !known.has(c.id))],
      conversationsComplete: page.value.length < DEFAULT_CONVERSATION_PAGE,
    })
  }

  /** Reloads the list and, when it is open, the conversation. */
  private async refresh(conversationId: string | undefined): Promise<void> {
    await this.reloadConversations()
    if (conversationId !== undefined && conversationId === this.state.currentId) await this.loadView(conversationId)
  }

  private async loadView(conversationId: string, after?: () => Partial<ChatState>): Promise<void> {
    const request = ++this.viewRequest
    const view = await this.api['conversations.open']({ conversationId })
    if (request !== this.viewRequest || this.state.currentId !== conversationId) return
    if (this.fail(view)) return
    if (!view.ok) return
    const starting = this.state.starting?.conversationId === undefined || this.state.starting.conversationId === conversationId ? undefined : this.state.starting
    this.set({ view: view.value, starting, ...(after ? after() : {}) })
  }

  /** A run ended: show the stored answer (it keeps the notices and diagnostics the live one showed). */
  private async settle(run: LiveRun): Promise<void> {
    const keep = (): Partial<ChatState> => {
      const runs = { ...this.state.runs }
      delete runs[run.runId]
      return { runs }
    }
    await Promise.all([this.reloadConversations(), this.reloadUnknownActions()])
    if (run.conversationId && run.conversationId === this.state.currentId) {
      await this.loadView(run.conversationId, keep)
      if (this.state.runs[run.runId]) this.set(keep())
    } else this.set(keep())
  }

  /** The live run of the open conversation, if any. */
  currentRun(state: ChatState = this.state): LiveRun | undefined {
    return Object.values(state.runs).find((r) => r.conversationId !== undefined && r.conversationId === state.currentId)
  }

  isBusy(state: ChatState = this.state): boolean {
    const run = this.currentRun(state)
    return (run !== undefined && run.status === 'running') || (state.starting !== undefined && state.starting.conversationId === state.currentId)
  }

  readonly send = async (text: string, attachments?: AttachmentInput[]): Promise<boolean> => {
    const trimmed = text.trim()
    if ((trimmed === '' && !attachments?.length) || this.isBusy()) return false
    const conversationId = this.state.currentId
    this.set({ starting: { conversationId, text: trimmed }, error: undefined })
    const result = await this.api['turns.start']({ text: trimmed, ...(conversationId ? { conversationId } : {}), ...(attachments?.length ? { attachments } : {}) })
    if (!result.ok) {
      this.set({ starting: undefined, error: result.error })
      return false
    }
    return true
  }

  readonly stop = async (): Promise<void> => {
    const run = this.currentRun()
    if (run && run.status === 'running') await this.api['turns.stop']({ runId: run.runId })
  }

  /** Sends the user's last text in the open conversation again. */
  readonly retry = async (): Promise<void> => {
    const messages = this.state.view?.messages ?? []
    const lastUser = [...messages].reverse().find((m) => m.role === 'user')
    if (lastUser) await this.send(userTextOf(lastUser))
  }

  readonly answerApproval = async (approvalId: string, decision: 'approve' | 'deny' | 'always'): Promise<void> => {
    this.fail(await this.api['approvals.answer']({ approvalId, decision }))
  }

  /**
   * The user's answer to a server's request for input. The form leaves the answer at once (whatever
   * the core says: an answer it no longer expects, e.g. after the call ended, cannot be given again).
   */
  readonly answerElicitation = async (runId: string, elicitationId: string, answer: ElicitationAnswer): Promise<void> => {
    const run = this.state.runs[runId]
    if (run) this.set({ runs: { ...this.state.runs, [runId]: dismissElicitation(run, elicitationId) } })
    this.fail(await this.api['elicitations.answer']({ elicitationId, answer }))
  }

  readonly newConversation = (): void => {
    this.viewRequest++
    this.set({ currentId: undefined, view: undefined, error: undefined })
  }

  readonly select = async (conversationId: string): Promise<void> => {
    if (conversationId === this.state.currentId) return
    this.set({ currentId: conversationId, view: undefined, error: undefined })
    await this.loadView(conversationId)
  }

  readonly rename = async (conversationId: string, title: string): Promise<void> => {
    if (this.fail(await this.api['conversations.rename']({ conversationId, title }))) return
    await this.refresh(undefined)
  }

  readonly remove = async (conversationId: string): Promise<void> => {
    if (this.fail(await this.api['conversations.delete']({ conversationId }))) return
    if (this.state.currentId === conversationId) this.newConversation()
    this.set({ conversations: this.state.conversations.filter((c) => c.id !== conversationId) })
    await this.refresh(undefined)
  }

  readonly updateSettings = async (patch: Parameters<KeelApi['settings.update']>[0]): Promise<void> => {
    const result = await this.api['settings.update'](patch)
    if (result.ok) {
      this.setSettings(result.value)
      this.set({ error: undefined })
    } else this.fail(result)
  }

  /** New settings from the panel. A changed price changes the costs shown: the open conversation is reloaded. */
  readonly setSettings = (settings: SettingsView): void => {
    const pricesChanged = pricesOf(this.state.settings) !== pricesOf(settings)
    this.set({ settings, locale: settings.language })
    const current = this.state.currentId
    if (pricesChanged && current !== undefined && this.state.view?.conversation.id === current) void this.loadView(current)
  }

  readonly clearError = (): void => this.set({ error: undefined })

  private readonly attachmentUrls = new Map<number, Promise<string | undefined>>()

  /** A stored image as a data URL (fetched once per file: stored files never change). */
  readonly loadAttachment = (attachmentId: number): Promise<string | undefined> => {
    let url = this.attachmentUrls.get(attachmentId)
    if (!url) {
      url = this.api['attachments.get']({ attachmentId }).then((result) => (result.ok ? `data:${result.value.mimeType};base64,${result.value.dataBase64}` : undefined))
      this.attachmentUrls.set(attachmentId, url)
    }
    return url
  }

  get keel(): KeelApi {
    return this.api
  }
}

/** Whether `a` comes after `b` in the list's order (newest first: by last activity, then id). */
function isOlder(a: ConversationSummary, b: ConversationSummary): boolean {
  return a.updatedAt < b.updatedAt || (a.updatedAt === b.updatedAt && a.id < b.id)
}

/** The prices in a settings view, as one comparable string. */
function pricesOf(settings: SettingsView | undefined): string {
  return JSON.stringify(settings?.providers.map((p) => [p.id, p.model, p.price]) ?? [])
}
