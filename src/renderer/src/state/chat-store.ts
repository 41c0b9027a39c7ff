// The window's state outside React: conversations, the open conversation, live runs. RunEvents are
// queued and reduced once per animation frame, so React sees at most one update per frame while
// tokens stream (read through `useSyncExternalStore`).
import type { AttachmentInput } from '../../../shared/attachments'
import type { ConversationSummary, Message } from '../../../shared/conversation'
import type {
  CommandRequest,
  ConversationView,
  RunEventEnvelope,
  SettingsView,
  ToolInfo,
  UnknownAction,
} from '../../../shared/ipc/app-contract'
import { DEFAULT_CONVERSATION_PAGE } from '../../../shared/ipc/channels'
import type { AppError, AppResult } from '../../../shared/ipc/app-error'
import { titlesOf } from '../../../shared/fallback-messages'
import type { Locale } from '../../../shared/locale'
import type { RunEvent } from '../../../shared/run-events'
import { browserLanguages, windowLocale } from '../lib/appearance'
import type { ChatClient } from './chat-client'
import { dismissElicitation, initialRun, reduceRunEvents, type LiveRun } from './run-reducer'
import { sessionConversationMemory, type ConversationMemory } from './open-conversation-memory'
import { largeViewYield } from './large-view-yield'

/** The files of an edited question: the stored ones kept (by id) and new ones. */
export interface EditedFiles {
  keepAttachmentIds: number[]
  attachments: AttachmentInput[]
}

/** The tools list and its lookups (see ChatStore.toolLookups). */
interface ToolLookups {
  tools: ChatState['tools']
  title: (name: string, locale?: Locale) => string | undefined
  effect: (name: string) => ToolInfo['effect'] | undefined
  provider: (name: string) => string | undefined
}

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
  /**
   * The user's text while its turn is being started (shown before the stored message arrives).
   * `draft` names the new-conversation view it was sent from (see `draft` below).
   */
  starting: { conversationId: string | undefined; text: string; draft?: number } | undefined
  /**
   * Which new, empty conversation view is showing: a new number each time "New conversation" is
   * chosen, so a first message being started from one draft is never shown in (or blocks) the next.
   */
  draft: number
  /** Pinned conversations, most recently pinned first (listed on top, whatever their age). */
  pinned: ConversationSummary[]
  /** The tools a turn would offer (titles, effects: for cards, notices and permissions). */
  tools: ToolInfo[]
  /** Actions outside Keel whose outcome was never learned: listed for the user to check. */
  unknownActions: UnknownAction[]
  /** The last command that failed (shown with its typed detail, in the UI language). */
  error: AppError | undefined
  /** A message action (regenerate, edit, continue) is being started in this conversation. */
  actionStarting?: string | undefined
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
    draft: 0,
    pinned: [],
    error: undefined,
  }
  private readonly listeners = new Set<() => void>()
  private queue: RunEventEnvelope[] = []
  private flushScheduled = false
  /** State changed since listeners were last told. */
  private dirty = false
  private viewRequest = 0
  private unsubscribe: (() => void) | undefined
  /** The answer being continued: its run starts with the stored text, the continuation follows it. */
  private continuing: { messageId: string; text: string; reasoning: string } | undefined
  /** Runs taken over from the core (`runs.attach`): events numbered up to this are in their snapshot. */
  private readonly attachedUpTo = new Map<string, number>()
  /** Events that arrived while `runs.attach` was answering: applied after the snapshots, minus what they hold. */
  private held: RunEventEnvelope[] | undefined

  constructor(
    private readonly api: ChatClient,
    private readonly schedule: Scheduler = frameScheduler,
    /** Which conversation was open (a reload reopens it). */
    private readonly memory: ConversationMemory = sessionConversationMemory(),
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
    if ('currentId' in patch && patch.currentId !== this.state.currentId) this.memory.write(patch.currentId)
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
    const [settings] = await Promise.all([
      this.api['settings.get']({}),
      this.reloadConversations(true),
      this.reloadTools(),
      this.reloadUnknownActions(),
      this.reloadPinned(),
      this.attachRuns(),
      this.reopen(),
    ])
    if (settings.ok) this.set({ settings: settings.value, locale: windowLocale(settings.value, browserLanguages()) })
    else this.fail(settings)
    this.set({ ready: true })
  }

  /**
   * The answers being written now (after a reload, the ones this window showed): each shown as far
   * as it got, then followed live. Events that arrive meanwhile wait, and those the snapshot already
   * holds (numbered up to its `seq`) are skipped: none lost, none twice.
   */
  private async attachRuns(): Promise<void> {
    // API doubles of tests that predate the command have no `runs.attach`.
    if (typeof this.api['runs.attach'] !== 'function') return
    // Its own list: a second start (React's StrictMode runs effects twice) holds in another one.
    const held: RunEventEnvelope[] = []
    this.held = held
    const attached = await this.api['runs.attach']({})
    if (this.held === held) this.held = undefined
    if (attached.ok && attached.value.runs.length > 0) {
      const runs = { ...this.state.runs }
      const ended: LiveRun[] = []
      for (const snapshot of attached.value.runs) {
        if (runs[snapshot.runId]) continue
        const run = reduceRunEvents(initialRun(snapshot.runId), snapshot.events)
        runs[snapshot.runId] = run
        this.attachedUpTo.set(snapshot.runId, snapshot.seq)
        if (run.status !== 'running') ended.push(run)
      }
      this.set({ runs })
      for (const run of ended) void this.settle(run)
    }
    for (const envelope of held) this.receive(envelope)
  }

  /** After a reload: the conversation that was open, if it still exists (else a new one, quietly). */
  private async reopen(): Promise<void> {
    const conversationId = this.memory.read()
    if (conversationId === undefined || this.state.currentId !== undefined) return
    const request = ++this.viewRequest
    const view = await largeViewYield(await this.api['conversations.open']({ conversationId }))
    if (request !== this.viewRequest || this.state.currentId !== undefined) return
    if (view.ok) this.set({ currentId: conversationId, view: view.value })
    else this.memory.write(undefined)
  }

  dispose(): void {
    this.unsubscribe?.()
    this.unsubscribe = undefined
  }

  /** Queues one event; the batch is reduced on the next frame. */
  receive(envelope: RunEventEnvelope): void {
    if (this.held) return void this.held.push(envelope)
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
    for (const { runId, event, seq } of batch) {
      if (seq !== undefined && seq <= (this.attachedUpTo.get(runId) ?? 0)) continue
      const list = byRun.get(runId) ?? []
      list.push(event)
      byRun.set(runId, list)
    }
    const runs = { ...this.state.runs }
    let currentId = this.state.currentId
    const reload = new Set<string>()
    const ended: LiveRun[] = []
    for (const [runId, events] of byRun) {
      this.noteToolNames(events)
      const before = runs[runId] ?? this.firstRun(runId, events)
      const run = reduceRunEvents(before, events)
      runs[runId] = run
      if (run.conversationId && before.conversationId === undefined) {
        // A new conversation's first turn: follow it, if its draft is still the one showing.
        const starting = this.state.starting
        if (starting && starting.conversationId === undefined) {
          if (currentId === undefined && (starting.draft ?? 0) === this.state.draft) currentId = run.conversationId
          // Not followed (the user moved on): its pending text must not linger anywhere.
          else this.set({ starting: undefined })
        }
        reload.add(run.conversationId)
      }
      if (run.status !== 'running' && before.status === 'running') ended.push(run)
    }
    this.set({ runs, currentId })
    if (this.batchAnswers.size > 0) this.answerBatched()
    for (const conversationId of reload) void this.refresh(conversationId)
    for (const run of ended) void this.settle(run)
  }

  /** A run's first state: empty, or for a continued answer, the answer as stored so far. */
  private firstRun(runId: string, events: readonly RunEvent[]): LiveRun {
    const run = initialRun(runId)
    const continuing = this.continuing
    const start = events.find((e) => e.type === 'run-start')
    if (!continuing || start?.type !== 'run-start' || start.messageId !== continuing.messageId) return run
    this.continuing = undefined
    return {
      ...run,
      segments: continuing.text ? [{ kind: 'text', text: continuing.text }] : [],
      reasoning: continuing.reasoning,
    }
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
    if (page.length < DEFAULT_CONVERSATION_PAGE || !last)
      return this.set({ conversations: page, conversationsComplete: true })
    const onPage = new Set(page.map((c) => c.id))
    const older = this.state.conversations.filter((c) => !onPage.has(c.id) && isOlder(c, last))
    this.set({
      conversations: [...page, ...older],
      conversationsComplete: older.length > 0 ? this.state.conversationsComplete : false,
    })
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

  /**
   * Lookups over the tools list, made again when it changes: answers are memoized with these as
   * props, so a stored answer re-renders when a tool's title arrives (an MCP server added since).
   */
  private lookups: ToolLookups | undefined

  private toolLookups(): ToolLookups {
    const tools = this.state.tools
    if (this.lookups?.tools === tools) return this.lookups
    this.lookups = {
      tools,
      title: (name, locale = this.state.locale) => titlesOf(tools)(name, locale),
      effect: (name) => tools.find((tool) => tool.name === name)?.effect,
      provider: (name) => tools.find((tool) => tool.name === name)?.provider,
    }
    return this.lookups
  }

  /** A tool's title in the window's language (its name when the tool is not known). */
  get toolTitle(): (name: string, locale?: Locale) => string | undefined {
    return this.toolLookups().title
  }

  /** What a tool does (`none`: a read that never asks). */
  get toolEffect(): (name: string) => ToolInfo['effect'] | undefined {
    return this.toolLookups().effect
  }

  /** Who provides a tool (an MCP server's name), when it is not one of Keel's own. */
  get toolProvider(): (name: string) => string | undefined {
    return this.toolLookups().provider
  }

  /** Tool names a run used that the list did not have: the list is read again once for each. */
  private readonly unlistedTools = new Set<string>()

  /**
   * The tools list is read when the window starts; a server added or started since brings tools it
   * does not have, and their cards showed the wire name (`mcp__everything__get-sum`) until a reload.
   */
  private noteToolNames(events: readonly RunEvent[]): void {
    let unknown = false
    for (const event of events) {
      const name =
        event.type === 'tool-call' || event.type === 'approval-request'
          ? event.name
          : event.type === 'stream' && event.event.type === 'tool-call-start'
            ? event.event.name
            : undefined
      if (name === undefined || this.unlistedTools.has(name) || this.state.tools.some((tool) => tool.name === name))
        continue
      this.unlistedTools.add(name)
      unknown = true
    }
    if (unknown) void this.reloadTools()
  }

  /** The older page being loaded (one at a time: the sidebar asks again as it scrolls). */
  private loadingMore: Promise<void> | undefined

  /**
   * The next older page of conversations (the sidebar asks as its end comes near, or "Show older
   * conversations"). One request at a time; calls meanwhile share it. No cap: every page can be reached.
   */
  readonly loadMoreConversations = (): Promise<void> => {
    this.loadingMore ??= this.loadOlderPage().finally(() => {
      this.loadingMore = undefined
    })
    return this.loadingMore
  }

  private async loadOlderPage(): Promise<void> {
    const last = this.state.conversations.at(-1)
    if (this.state.conversationsComplete || !last) return
    const page = await this.api['conversations.list']({ before: { updatedAt: last.updatedAt, id: last.id } })
    if (this.fail(page) || !page.ok) return
    // The list may have changed meanwhile (a first-page refresh, a delete): append after what is there now.
    const known = new Set(this.state.conversations.map((c) => c.id))
    this.set({
      conversations: [...this.state.conversations, ...page.value.filter((c) => !known.has(c.id))],
      conversationsComplete: page.value.length < DEFAULT_CONVERSATION_PAGE,
    })
  }

  /** Applies `change` to one conversation wherever it is listed (the loaded pages, Pinned), in place. */
  private patchConversation(conversationId: string, change: (c: ConversationSummary) => ConversationSummary): void {
    const apply = (list: ConversationSummary[]) => {
      const index = list.findIndex((c) => c.id === conversationId)
      if (index === -1) return list
      const next = list.slice()
      next[index] = change(list[index]!)
      return next
    }
    this.set({ conversations: apply(this.state.conversations), pinned: apply(this.state.pinned) })
  }

  /** Reloads the list and, when it is open, the conversation. */
  private async refresh(conversationId: string | undefined): Promise<void> {
    await Promise.all([this.reloadConversations(), this.state.pinned.length > 0 ? this.reloadPinned() : undefined])
    if (conversationId !== undefined && conversationId === this.state.currentId) await this.loadView(conversationId)
  }

  private async loadView(conversationId: string, after?: () => Partial<ChatState>): Promise<void> {
    const request = ++this.viewRequest
    const view = await largeViewYield(await this.api['conversations.open']({ conversationId }))
    if (request !== this.viewRequest || this.state.currentId !== conversationId) return
    if (this.fail(view)) return
    if (!view.ok) return
    const starting =
      this.state.starting?.conversationId === undefined || this.state.starting.conversationId === conversationId
        ? undefined
        : this.state.starting
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
    return (
      (run !== undefined && run.status === 'running') ||
      this.isStartingHere(state) ||
      (state.actionStarting !== undefined && state.actionStarting === state.currentId)
    )
  }

  /** The message being started belongs to what is showing (the open conversation, or this very draft). */
  isStartingHere(state: ChatState = this.state): boolean {
    const starting = state.starting
    if (starting === undefined) return false
    if (starting.conversationId !== undefined) return starting.conversationId === state.currentId
    return state.currentId === undefined && (starting.draft ?? 0) === state.draft
  }

  /** Conversations with an answer being written now (several can run at once). */
  writingIds(state: ChatState = this.state): Set<string> {
    const ids = new Set<string>()
    for (const run of Object.values(state.runs))
      if (run.status === 'running' && run.conversationId !== undefined) ids.add(run.conversationId)
    if (state.starting?.conversationId !== undefined) ids.add(state.starting.conversationId)
    return ids
  }

  /** More fields for `turns.start` (the conversation settings chosen before a new conversation's first message). */
  startExtras: (conversationId: string | undefined) => Partial<CommandRequest<'turns.start'>> = () => ({})

  readonly send = async (text: string, attachments?: AttachmentInput[]): Promise<boolean> => {
    const trimmed = text.trim()
    if ((trimmed === '' && !attachments?.length) || this.isBusy()) return false
    const conversationId = this.state.currentId
    this.set({
      starting: { conversationId, text: trimmed, ...(conversationId === undefined ? { draft: this.state.draft } : {}) },
      error: undefined,
    })
    const result = await this.api['turns.start']({
      text: trimmed,
      locale: this.state.locale,
      ...(conversationId ? { conversationId } : {}),
      ...this.startExtras(conversationId),
      ...(attachments?.length ? { attachments } : {}),
    })
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

  /**
   * Retry of a failed or cut answer: the same question answered again in place (a new version of
   * the answer), never the question sent again as a new message.
   */
  readonly retry = async (): Promise<void> => {
    const run = this.currentRun()
    const lastAnswer = [...(this.state.view?.messages ?? [])].reverse().find((m) => m.role === 'assistant')
    const messageId = run && run.status !== 'running' && run.messageId ? run.messageId : lastAnswer?.id
    if (messageId) await this.regenerate(messageId)
  }

  /** Answers a question again: a new version of the answer `messageId`, in its place. */
  readonly regenerate = (messageId: string): Promise<boolean> =>
    this.startAction((conversationId) => this.api['turns.regenerate']({ conversationId, messageId }))

  /** A question edited and sent again; the conversation goes on from it (the old branch stays a version). */
  readonly editAndResend = (messageId: string, text: string, files?: EditedFiles): Promise<boolean> => {
    const trimmed = text.trim()
    if (trimmed === '' && (files ? files.keepAttachmentIds.length + files.attachments.length : 0) === 0)
      return Promise.resolve(false)
    // The question's files the user kept (all of them unless removed) and those added while editing.
    const fileFields = files
      ? {
          keepAttachmentIds: files.keepAttachmentIds,
          ...(files.attachments.length > 0 ? { attachments: files.attachments } : {}),
        }
      : {}
    return this.startAction((conversationId) =>
      this.api['turns.edit']({ conversationId, messageId, text: trimmed, ...fileFields }),
    )
  }

  /** Goes on with an answer the length limit cut off, shown as one answer while it streams. */
  readonly continueAnswer = (messageId: string): Promise<boolean> => {
    const message = this.state.view?.messages.find((m) => m.id === messageId)
    if (message)
      this.continuing = {
        messageId,
        text: userTextOf(message),
        reasoning: message.parts.map((p) => (p.type === 'reasoning' ? p.text : '')).join(''),
      }
    return this.startAction((conversationId) => this.api['turns.continue']({ conversationId, messageId }))
  }

  /** Deletes a message (a question with its answers). */
  readonly deleteMessage = (messageId: string): Promise<boolean> =>
    this.changeTree((conversationId) => this.api['messages.delete']({ conversationId, messageId }))

  /** Shows another version of a message ("Previous version" / "Next version"). */
  readonly selectVersion = (messageId: string): Promise<boolean> =>
    this.changeTree((conversationId) => this.api['messages.selectVersion']({ conversationId, messageId }))

  private async startAction(
    start: (conversationId: string) => Promise<AppResult<{ runId: string }>>,
  ): Promise<boolean> {
    const conversationId = this.state.currentId
    if (conversationId === undefined || this.isBusy()) return false
    this.set({ actionStarting: conversationId, error: undefined })
    const result = await start(conversationId)
    this.set({ actionStarting: undefined })
    if (!result.ok) {
      this.continuing = undefined
      this.set({ error: result.error })
      return false
    }
    return true
  }

  private async changeTree(change: (conversationId: string) => Promise<AppResult<ConversationView>>): Promise<boolean> {
    const conversationId = this.state.currentId
    if (conversationId === undefined || this.isBusy()) return false
    const request = ++this.viewRequest
    const result = await change(conversationId)
    if (this.fail(result) || !result.ok) return false
    if (request === this.viewRequest && this.state.currentId === conversationId)
      this.set({ view: result.value, error: undefined })
    void this.reloadConversations()
    return true
  }

  readonly answerApproval = async (approvalId: string, decision: 'approve' | 'deny' | 'always'): Promise<void> => {
    const result = await this.api['approvals.answer']({ approvalId, decision })
    if (this.fail(result)) return
    // "Always allow" changed a setting: Settings shows it at once (defect 7).
    if (decision === 'always' && result.ok && result.value.answered) await this.reloadSettings()
  }

  /** Calls of a run the user answered all at once ("Approve all"): each request of theirs is answered as it arrives. */
  private readonly batchAnswers = new Map<
    string,
    { callIds: Set<string>; decision: 'approve' | 'deny'; answered: Set<string> }
  >()

  /**
   * "Approve all" / "Deny all" for the writes of one round. Each call still gets its own approval
   * request and its own answer through `approvals.answer` (the core claims each in the ledger on
   * its own); the store answers each request of these calls when it arrives, the first one now.
   */
  readonly answerAll = (runId: string, callIds: string[], decision: 'approve' | 'deny'): void => {
    this.batchAnswers.set(runId, { callIds: new Set(callIds), decision, answered: new Set() })
    this.answerBatched()
  }

  private answerBatched(): void {
    for (const [runId, batch] of this.batchAnswers) {
      const run = this.state.runs[runId]
      if (!run || run.status !== 'running') {
        this.batchAnswers.delete(runId)
        continue
      }
      for (const callId of batch.callIds) {
        const card = run.tools[callId]
        if (!card || card.state !== 'awaiting-approval' || !card.approvalId || batch.answered.has(card.approvalId))
          continue
        batch.answered.add(card.approvalId)
        void this.answerApproval(card.approvalId, batch.decision)
      }
    }
  }

  private async reloadSettings(): Promise<void> {
    const settings = await this.api['settings.get']({})
    if (settings.ok) this.setSettings(settings.value)
  }

  /**
   * The user's answer to a server's request for input. The form leaves the answer at once (whatever
   * the core says: an answer it no longer expects, e.g. after the call ended, cannot be given again).
   */
  readonly answerElicitation = async (
    runId: string,
    elicitationId: string,
    answer: ElicitationAnswer,
  ): Promise<void> => {
    const run = this.state.runs[runId]
    if (run) this.set({ runs: { ...this.state.runs, [runId]: dismissElicitation(run, elicitationId) } })
    this.fail(await this.api['elicitations.answer']({ elicitationId, answer }))
  }

  readonly newConversation = (): void => {
    this.viewRequest++
    this.set({ currentId: undefined, view: undefined, error: undefined, draft: this.state.draft + 1 })
  }

  readonly select = async (conversationId: string): Promise<void> => {
    if (conversationId === this.state.currentId) return
    this.set({ currentId: conversationId, view: undefined, error: undefined })
    await this.loadView(conversationId)
  }

  /** Renames a conversation: one command, then the title changed in place (no list reload). */
  readonly rename = async (conversationId: string, title: string): Promise<void> => {
    const result = await this.api['conversations.rename']({ conversationId, title })
    if (this.fail(result) || !result.ok) return
    this.patchConversation(conversationId, (c) => ({ ...c, title: result.value.title }))
    // The open conversation may be in none of the loaded pages: its view carries the title too.
    const view = this.state.view
    if (view?.conversation.id === conversationId)
      this.set({ view: { ...view, conversation: { ...view.conversation, title: result.value.title } } })
  }

  /**
   * Deletes a conversation (any of them, not only the open one): one command, then it leaves the
   * list in place (no list reload). When it was open, the next one in the list (else the one before
   * it) opens; when it was the last, a new conversation.
   */
  readonly remove = async (conversationId: string): Promise<void> => {
    const wasOpen = this.state.currentId === conversationId
    const list = this.sidebarOrder()
    const index = list.findIndex((c) => c.id === conversationId)
    const next = index === -1 ? undefined : (list[index + 1] ?? list[index - 1])
    if (this.fail(await this.api['conversations.delete']({ conversationId }))) return
    this.set({
      conversations: this.state.conversations.filter((c) => c.id !== conversationId),
      pinned: this.state.pinned.filter((c) => c.id !== conversationId),
    })
    if (wasOpen && this.state.currentId === conversationId) {
      if (next) void this.select(next.id)
      else this.newConversation()
    }
  }

  /**
   * The open conversation's title: from the loaded pages or the pinned list, else from its view (a
   * conversation opened from search can be older than every page loaded); undefined for a new one.
   */
  currentTitle(state: ChatState = this.state): string | undefined {
    const id = state.currentId
    if (id === undefined) return undefined
    return (
      state.conversations.find((c) => c.id === id)?.title ??
      state.pinned.find((c) => c.id === id)?.title ??
      (state.view?.conversation.id === id ? state.view.conversation.title : undefined)
    )
  }

  /** The sidebar's order: pinned first, then the rest newest first. */
  sidebarOrder(state: ChatState = this.state): ConversationSummary[] {
    const pinnedIds = new Set(state.pinned.map((c) => c.id))
    return [...state.pinned, ...state.conversations.filter((c) => !pinnedIds.has(c.id))]
  }

  /** Pins a conversation on top of the list, or unpins it: the command answers the pinned list; the loaded pages are patched in place. */
  readonly pin = async (conversationId: string, pinned: boolean): Promise<void> => {
    const result = await this.api['conversations.pin']({ conversationId, pinned })
    if (this.fail(result) || !result.ok) return
    const pinnedAt = result.value.find((c) => c.id === conversationId)?.pinnedAt
    this.set({ pinned: result.value })
    this.patchConversation(conversationId, (c) => {
      const { pinnedAt: _old, ...rest } = c
      return pinned && pinnedAt !== undefined ? { ...rest, pinnedAt } : rest
    })
  }

  private async reloadPinned(): Promise<void> {
    const pinned = await this.api['conversations.list']({ pinned: true })
    if (pinned.ok) this.set({ pinned: pinned.value })
  }

  readonly updateSettings = async (patch: CommandRequest<'settings.update'>): Promise<void> => {
    const result = await this.api['settings.update'](patch)
    if (result.ok) {
      this.setSettings(result.value)
      this.set({ error: undefined })
    } else this.fail(result)
  }

  /** New settings from the panel. A changed price changes the costs shown: the open conversation is reloaded. */
  readonly setSettings = (settings: SettingsView): void => {
    const pricesChanged = pricesOf(this.state.settings) !== pricesOf(settings)
    this.set({ settings, locale: windowLocale(settings, browserLanguages()) })
    const current = this.state.currentId
    if (pricesChanged && current !== undefined && this.state.view?.conversation.id === current)
      void this.loadView(current)
  }

  readonly clearError = (): void => this.set({ error: undefined })

  /** After an import: the list again, and the imported conversation opened. */
  readonly refreshAfterImport = async (conversationId: string | undefined): Promise<void> => {
    await this.reloadConversations()
    if (conversationId !== undefined) await this.select(conversationId)
  }

  private readonly attachmentUrls = new Map<number, Promise<string | undefined>>()

  /** A stored image as a data URL (fetched once per file: stored files never change). */
  readonly loadAttachment = (attachmentId: number): Promise<string | undefined> => {
    let url = this.attachmentUrls.get(attachmentId)
    if (!url) {
      url = this.api['attachments.get']({ attachmentId }).then((result) =>
        result.ok ? `data:${result.value.mimeType};base64,${result.value.dataBase64}` : undefined,
      )
      this.attachmentUrls.set(attachmentId, url)
    }
    return url
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
