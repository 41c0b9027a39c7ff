import { createWebToolSource, type WebToolOptions } from './web-tool-source'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { COMMAND_ACCESS, COMMAND_SCHEMAS, type CommandResponses } from '../../shared/ipc/app-contract'
import type { CommandName } from '../../shared/ipc/channels'
import type { AppResult } from '../../shared/ipc/app-error'
import type { RunEvent } from '../../shared/run-events'
import type { StoreWriter } from '../db/keel-store'
import type { RetryPolicy } from '../harness/retry-policy'
import { retryDeferredFinalizations } from '../harness/deferred-finalizations'
import { runTurn, type TurnStarted } from '../harness/run-turn'
import type { FetchLike } from '../harness/stream-model-round'
import type { McpFileServer } from '../mcp/mcp-config-file'
import type { McpConnectionOptions } from '../mcp/mcp-connection'
import type { McpHub } from '../mcp/mcp-hub'
import { McpOAuthVault } from '../mcp/mcp-oauth-vault'
import { createMcpHub, mcpServersDir } from '../mcp/mcp-runtime'
import type { ToolSource } from '../tools/tool'
import { createKeelToolRegistry, type ToolRegistry } from '../tools/tool-registry'
import { fail, failureFromThrown, ok, validationFailure, notFound } from './app-result'
import { openConversation } from './conversation-view'
import type { KeyVault } from '../secrets/key-vault'
import { McpCommands } from './mcp-commands'
import { McpEventClients } from './mcp-subscription-commands'
import { SearchCommands, SearchReadCommands } from './search-commands'
import { MessageCommands } from './message-commands'
import type { TurnAction } from '../harness/turn-recorder'
import { ConversationCommands, ConversationReadCommands } from './conversation-commands'
import { ImportCommands } from './import-commands'
import { ProviderCommands, ProviderReadCommands } from './provider-commands'
import { WritesInFlight } from './writes-in-flight'
import { ProviderKeys, redactKeys } from '../secrets/provider-keys'
import { ProviderNotReadyError, prepareTurn } from './turn-setup'
import { checkTurnAttachments } from './turn-attachments'
import { RunRegistry, type Departure, type EventSink } from './run-registry'
import type { McpEvent } from '../../shared/mcp-events'
import type { ClientContext } from './client-context'
import type { Handler, Input, Reads } from './commands/command-handler'
import { createCommandHandlers, type CommandHandlers } from './commands/command-handlers'
import type { Env } from '../../shared/env'

export type { ClientContext } from './client-context'

export interface KeelAppServiceOptions {
  store: StoreWriter
  /** Provider overrides and keys (`KEEL_<PROVIDER>_BASE_URL`, `OPENAI_API_KEY`, …), as the CLI reads them. */
  env: Env
  vault: KeyVault
  fetch?: FetchLike
  /** Harness tuning (tests). */
  idleTimeoutMs?: number
  retryPolicy?: RetryPolicy
  providerCheckTimeoutMs?: number
  /** Tool sources beside Keel's own tools (MCP servers; tests' fake external tools). Closed with the service. */
  toolSources?: readonly ToolSource[]
  /** How long a call outside Keel may take before its outcome is given up as unknown. */
  toolCallTimeoutMs?: number
  /** MCP: servers from `--mcp-config`/`KEEL_MCP_CONFIG`, the login shell's PATH, connection tuning (tests). */
  mcp?: {
    fileServers?: readonly McpFileServer[]
    loginPath?: string | undefined
    connection?: McpConnectionOptions | undefined
    /** The desktop shell's folder picker for a server's roots (the shell owns Electron's dialog). */
    pickFolder?: (() => Promise<string | undefined>) | undefined
    /** The desktop shell's "open in the system browser" for MCP sign-ins (browser mode: the window opens the page). */
    openInBrowser?: ((url: string) => Promise<void>) | undefined
    /** How long an MCP sign-in waits for the browser (ms; tests). */
    signInTimeoutMs?: number | undefined
  }
  /** How long a run no window watches may wait for the user's answer before it stops (default 2 minutes; tests). */
  unattendedMs?: number
  /** Work an import does between two turns of the event loop, in ms (default 25; tests pass 0 to pause after every record). */
  importSliceMs?: number
  /** The web tools' test seams (pages from loopback, search services at a local stand-in). */
  webTools?: WebToolOptions
}

/**
 * Answers being written at once: per window or socket (a person writes in a few conversations at a
 * time; a script that starts hundreds would starve everything else) and in all.
 */
export const MAX_RUNS_PER_CLIENT = 8
export const MAX_RUNS = 32

/**
 * The core behind the app's one interface, independent of the transport (Electron IPC or the
 * browser-mode WebSocket). Every command's payload is checked against its zod schema before its
 * handler runs; every answer is an {@link AppResult} (plain data, never a thrown error, never a key).
 * Run events go only to the clients watching the run: the one that started it, and any that attached (`runs.attach`; register each with {@link connect}).
 */
export class KeelAppService {
  private readonly store: StoreWriter
  private readonly env: Env
  private readonly keys: ProviderKeys
  private readonly tools: ToolRegistry
  private readonly runs: RunRegistry
  private readonly mcp: McpCommands
  private readonly mcpEvents: McpEventClients
  private readonly finding: SearchCommands
  private readonly messages: MessageCommands
  private readonly providers: ProviderCommands
  private readonly conversationCommands: ConversationCommands
  private readonly imports: ImportCommands
  /** Every command's handler (`commands/<domain>.ts`), called once the request passed its schema and the gate. */
  private readonly handlers: CommandHandlers
  private closed = false

  constructor(private readonly options: KeelAppServiceOptions) {
    this.store = options.store
    this.runs = new RunRegistry({ unattendedMs: options.unattendedMs })
    this.env = options.env
    this.keys = new ProviderKeys(options.env, options.vault)
    const hub = createMcpHub({
      pins: options.store.mcpPins,
      loginPath: options.mcp?.loginPath,
      connection: options.mcp?.connection,
      serversDir: mcpServersDir(options.store.path),
      oauthVault: new McpOAuthVault(options.vault),
    })
    this.tools = createKeelToolRegistry(options.store, {
      sources: [
        createWebToolSource(() => this.reads.store, this.keys, options.webTools),
        ...(options.toolSources ?? []),
        hub,
      ],
      ...(options.toolCallTimeoutMs ? { callTimeoutMs: options.toolCallTimeoutMs } : {}),
    })
    this.conversationCommands = new ConversationCommands(options.store, options.env, this.keys)
    this.imports = new ImportCommands(options.store, {
      activeRuns: () => this.runs.all().length,
      writesSettled: () => this.writesInFlight.settled(),
      ...(options.importSliceMs !== undefined ? { sliceMs: options.importSliceMs } : {}),
    })
    this.mcp = new McpCommands(options.store, this.keys, hub, options.mcp?.fileServers ?? [], options.mcp?.pickFolder, {
      openInBrowser: options.mcp?.openInBrowser,
      timeoutMs: options.mcp?.signInTimeoutMs,
    })
    this.mcpEvents = new McpEventClients(hub)
    this.finding = new SearchCommands(options.store)
    this.messages = new MessageCommands(options.store, {
      startRun: (conversationId, text, action, context, attachments) =>
        this.startTurn({ conversationId, text, ...(attachments ? { attachments } : {}) }, context, action),
      isConversationBusy: (conversationId) => this.runs.isConversationBusy(conversationId),
      view: (conversationId) => openConversation(this.reads.store, conversationId),
    })
    this.providers = new ProviderCommands(options.store, options.env, this.keys, this.providerCheckOptions)
    const service = this
    this.handlers = createCommandHandlers({
      store: this.store,
      env: this.env,
      keys: this.keys,
      tools: this.tools,
      runs: this.runs,
      mcp: this.mcp,
      finding: this.finding,
      messages: this.messages,
      providers: this.providers,
      conversationCommands: this.conversationCommands,
      imports: this.imports,
      get reads() {
        return service.reads
      },
      startTurn: (request, context, action) => this.startTurn(request, context, action),
    })
    // Enabled servers the user agreed to run start with the core (their tools must be listed before the first turn).
    this.mcp.sync()
  }

  /** MCP servers as Settings shows them (the CLI's `keel mcp list`). */
  get mcpHub(): McpHub {
    return this.mcp.hub
  }

  /** A window or socket that can receive run events (and, with `mcpSink`, MCP events: a subscribed resource changed). */
  connect(clientId: string, sink: EventSink, mcpSink?: (event: McpEvent) => void): void {
    this.runs.connect(clientId, sink)
    if (mcpSink) this.mcpEvents.connect(clientId, mcpSink)
  }

  /**
   * The window or socket went away. `closed` (default: a window closed): the runs only it watched
   * stop, interrupted as "the window was closed", their pending approvals denied. `may-return` (a
   * browser-mode socket: a page reloading): they go on for a window that attaches (`runs.attach`).
   * Returns how many runs were stopped.
   */
  disconnect(clientId: string, departure: Departure = 'closed'): number {
    this.imports.disconnect(clientId)
    // A page that comes back is a new client: it subscribes again to what its draft holds.
    this.mcpEvents.disconnect(clientId)
    return this.runs.disconnect(clientId, departure)
  }

  async handle<C extends CommandName>(
    command: C,
    rawPayload: unknown,
    context: ClientContext,
  ): Promise<AppResult<CommandResponses[C]>> {
    if (typeof command !== 'string' || !Object.hasOwn(COMMAND_SCHEMAS, command))
      return fail('validation', 'Unknown command.')
    const parsed = (COMMAND_SCHEMAS[command] as unknown as z.ZodType<Input<C>>).safeParse(rawPayload)
    if (!parsed.success) return validationFailure(parsed.error)
    if (this.closed)
      return fail('internal', 'Keel is shutting down.', { retryable: true, detail: { code: 'shutting-down' } })
    // An import's transaction is open on the store's connection: a write now would be undone with it.
    const writes = COMMAND_ACCESS[command] === 'write'
    if (writes && this.imports.importing) {
      return fail('busy', 'A backup is being imported: this can be done once it has finished.', {
        retryable: true,
        detail: { code: 'import-running' },
      })
    }
    const handler = this.handlers[command] as Handler<C>
    if (writes) this.writesInFlight.begin()
    try {
      const result = await handler(parsed.data, context)
      return redactKeys(result, this.keys.all())
    } catch (error) {
      // No provider that can answer (none set up, or no key for one that needs it): turn setup refused it before anything was stored or sent.
      if (error instanceof ProviderNotReadyError)
        return fail('validation', error.message, {
          owner: 'user',
          detail: { code: 'provider-not-ready', provider: error.provider, reason: error.reason },
        })
      return redactKeys(failureFromThrown(error), this.keys.all())
    } finally {
      if (writes) this.writesInFlight.end()
    }
  }

  /**
   * What the reading commands (`read` in {@link COMMAND_ACCESS}) use, typed as readers (a write
   * through them does not compile): the store and its commands, or while an import's transaction is
   * open, the same over a snapshot of the store from before the import (`ImportCommands.reader`).
   * Writing commands use `store` (refused while an import runs).
   */
  private get reads(): Reads {
    const reader = this.imports.reader
    if (!reader)
      return {
        store: this.store,
        finding: this.finding,
        conversations: this.conversationCommands,
        providers: this.providers,
      }
    return {
      store: reader,
      finding: new SearchReadCommands(reader),
      conversations: new ConversationReadCommands(reader, this.env, this.keys),
      providers: new ProviderReadCommands(reader, this.env, this.keys, this.providerCheckOptions),
    }
  }

  private get providerCheckOptions() {
    return { fetch: this.options.fetch, timeoutMs: this.options.providerCheckTimeoutMs }
  }

  /** Commands that may write, answered or not yet: an import awaits until none is. */
  private readonly writesInFlight = new WritesInFlight()

  /** Resolves once no run is active (tests; shutdown). */
  async whenIdle(): Promise<void> {
    while (this.runs.all().length > 0) await Promise.allSettled(this.runs.all().map((run) => run.done))
  }

  /** Shutdown: refuses new commands, stops every run and waits until each has saved what it showed. */
  async close(): Promise<void> {
    this.closed = true
    for (const run of this.runs.all()) run.controller.abort(new Error('Keel is shutting down'))
    await this.whenIdle()
    await this.imports.close()
    // A sign-in still waiting for the browser stops listening on its loopback port.
    await this.mcp.signIn.close()
    this.mcpEvents.close()
    retryDeferredFinalizations(this.store)
    await this.tools.close()
  }

  /** A new question, or (`action`) a message action: regenerate, edit and resend, continue. */
  private async startTurn(
    request: Input<'turns.start'>,
    context: ClientContext,
    action?: TurnAction,
  ): Promise<AppResult<CommandResponses['turns.start']>> {
    const { clientId } = context
    if (!this.runs.isConnected(clientId)) return fail('forbidden', 'This client cannot receive run events.')
    if (request.conversationId !== undefined) {
      if (!this.store.conversations.getConversation(request.conversationId)) return notFound('conversation')
      if (this.runs.isConversationBusy(request.conversationId))
        return fail('busy', 'A turn is already running in this conversation.', {
          detail: { code: 'conversation-busy' },
        })
    }
    const active = this.runs.all()
    const mine = active.filter((run) => run.clientId === clientId).length
    if (mine >= MAX_RUNS_PER_CLIENT || active.length >= MAX_RUNS) {
      const max = mine >= MAX_RUNS_PER_CLIENT ? MAX_RUNS_PER_CLIENT : MAX_RUNS
      return fail('busy', `${max} answers are already being written; wait for one to finish or stop it.`, {
        retryable: true,
        detail: { code: 'too-many-runs', max },
      })
    }
    const files = checkTurnAttachments(request.attachments)
    if (!files.ok) return files
    const runId = `run_${randomUUID()}`
    const controller = new AbortController()
    let ended = false
    let finish: () => void = () => {}
    const done = new Promise<void>((resolve) => (finish = resolve))
    // Events arrive here already scrubbed of every key (prepareTurn).
    const deliver = (event: RunEvent) => {
      if (event.type === 'run-start') {
        // A conversation this turn created keeps the settings chosen for it and the entry (profile, never
        // the wire API: an Ollama entry speaks Chat Completions) and model it was started with.
        if (request.conversationId === undefined)
          this.conversationCommands.adopt(event.conversationId, request.settings, {
            provider: prepared.profileId,
            model: prepared.connection.model,
          })
        const run = this.runs.get(runId)
        if (run) run.conversationId = event.conversationId
      }
      if (event.type === 'run-end') ended = true
      this.runs.publish(runId, event)
    }
    // The elicitor emits through the turn's own (key-scrubbing) event path, known once the turn is set up.
    let emit: (event: RunEvent) => void = deliver
    const prepared = prepareTurn({
      store: this.store,
      env: this.env,
      keys: this.keys,
      tools: this.tools,
      mcpInstructions: this.mcp.hub.instructionsForModel(),
      request: {
        conversationId: request.conversationId,
        text: request.text,
        provider: request.provider,
        action,
        locale: request.locale,
        attachments: files.attachments,
        ...this.conversationCommands.turnSettings(request.conversationId, request.settings, request.provider),
      },
      io: {
        signal: controller.signal,
        approver: this.runs.approverFor(runId),
        elicit: this.runs.elicitorFor(runId, (event) => emit(event)),
        onEvent: deliver,
        runId,
      },
      fetch: this.options.fetch,
      idleTimeoutMs: this.options.idleTimeoutMs,
      retryPolicy: this.options.retryPolicy,
    })
    const { options } = prepared
    emit = options.onEvent
    this.runs.add({ runId, clientId, conversationId: request.conversationId, controller, done })
    const turn = runTurn(options)
    const settle = () => {
      this.runs.remove(runId)
      finish()
    }
    let started: TurnStarted
    try {
      started = await turn.started
    } catch (error) {
      // It failed before it began (storage): nothing ran, the caller gets the error.
      settle()
      return failureFromThrown(error)
    }
    turn.done.then(settle, () => {
      // Saving the end failed after the run began: the window still learns the run is over.
      if (!ended)
        options.onEvent({
          type: 'run-end',
          status: 'failed',
          conversationId: started.conversationId,
          messageId: started.messageId,
        })
      settle()
    })
    return ok({ runId })
  }
}
