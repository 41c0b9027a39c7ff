// The window's state outside React: the open conversation, live runs, settings and tools (the
// sidebar's list is ConversationListStore's, told of runs through ConversationListFeed). RunEvents
// are queued and reduced once per animation frame, so React sees at most one update per frame while
// tokens stream (read through `useSyncExternalStore`).
import type { AttachmentInput } from '../../../shared/attachments'
import type { Message } from '../../../shared/conversation'
import type {
  CommandRequest,
  ConversationView,
  RunEventEnvelope,
  SettingsView,
  ToolInfo,
  UnknownAction,
} from '../../../shared/ipc/app-contract'
import type { AppError, AppResult } from '../../../shared/ipc/app-error'
import { titlesOf } from '../../../shared/fallback-messages'
import type { Locale } from '../../../shared/locale'
import type { RunEvent } from '../../../shared/run-events'
import { browserLanguages, windowLocale } from '../lib/appearance'
import type { ChatClient } from './chat-client'
import type { ConversationListFeed } from './conversation-list-store'
import { frameScheduler, type Scheduler } from './frame-scheduler'
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

export function userTextOf(message: Message): string {
  return message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
}

export class ChatStore {
  private state: ChatState = {
    ready: false,
    settings: undefined,
    locale: 'en',
    tools: [],
    unknownActions: [],
    currentId: undefined,
    view: undefined,
    runs: {},
    starting: undefined,
    draft: 0,
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
    /** The sidebar's list: told when a run or an action changes a conversation (its state is its own). */
    private readonly list: ConversationListFeed,
    private readonly schedule: Scheduler = frameScheduler,
    /** Which conversation was open (a reload reopens it). */
    private readonly memory: ConversationMemory = sessionConversationMemory(),
  ) {
    list.showFailuresIn((error) => this.set({ error }))
  }

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
      this.list.load(),
      this.reloadTools(),
      this.reloadUnknownActions(),
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

  /** A run created a conversation: the list is told, and the conversation reloaded when it is open. */
  private async refresh(conversationId: string): Promise<void> {
    await this.list.conversationCreated(conversationId)
    if (conversationId === this.state.currentId) await this.loadView(conversationId)
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
    await Promise.all([this.list.conversationChanged(run.conversationId), this.reloadUnknownActions()])
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

  /** The last answer of writingIds (see there). */
  private writing: ReadonlySet<string> = new Set()

  /**
   * Conversations with an answer being written now (several can run at once). The same set while
   * the same ones are writing: the sidebar, memoized, skips the frames of a streaming answer.
   */
  writingIds(state: ChatState = this.state): ReadonlySet<string> {
    const ids = new Set<string>()
    for (const run of Object.values(state.runs))
      if (run.status === 'running' && run.conversationId !== undefined) ids.add(run.conversationId)
    if (state.starting?.conversationId !== undefined) ids.add(state.starting.conversationId)
    if (ids.size === this.writing.size && [...ids].every((id) => this.writing.has(id))) return this.writing
    this.writing = ids
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
    void this.list.conversationChanged(conversationId)
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
    const stored = await this.list.rename(conversationId, title)
    if (stored === undefined) return
    // The open conversation may be in none of the loaded pages: its view carries the title too.
    const view = this.state.view
    if (view?.conversation.id === conversationId)
      this.set({ view: { ...view, conversation: { ...view.conversation, title: stored } } })
  }

  /**
   * Deletes a conversation (any of them, not only the open one): one command, then it leaves the
   * list in place (no list reload). When it was open, the next one in the list (else the one before
   * it) opens; when it was the last, a new conversation.
   */
  readonly remove = async (conversationId: string): Promise<void> => {
    const wasOpen = this.state.currentId === conversationId
    const next = this.list.neighbourOf(conversationId)
    if (!(await this.list.remove(conversationId))) return
    if (wasOpen && this.state.currentId === conversationId) {
      if (next) void this.select(next)
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
    return this.list.titleOf(id) ?? (state.view?.conversation.id === id ? state.view.conversation.title : undefined)
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
    await this.list.conversationChanged(conversationId)
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

/** The prices in a settings view, as one comparable string. */
function pricesOf(settings: SettingsView | undefined): string {
  return JSON.stringify(settings?.providers.map((p) => [p.id, p.model, p.price]) ?? [])
}
