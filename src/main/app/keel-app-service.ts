import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { COMMAND_SCHEMAS, type CommandResponses } from '../../shared/ipc/app-contract'
import { COMMAND_ACCESS, DEFAULT_CONVERSATION_PAGE, type CommandName } from '../../shared/ipc/channels'
import type { AppResult } from '../../shared/ipc/app-error'
import { MEASUREMENT_KINDS, type MeasurementKind } from '../../shared/measurement'
import type { RunEvent } from '../../shared/run-events'
import type { StoreReader, StoreWriter } from '../db/keel-store'
import type { RetryPolicy } from '../harness/retry-policy'
import { retryDeferredFinalizations } from '../harness/deferred-finalizations'
import { runTurn } from '../harness/run-turn'
import type { FetchLike } from '../harness/stream-model-round'
import type { McpFileServer } from '../mcp/mcp-config-file'
import type { McpConnectionOptions } from '../mcp/mcp-connection'
import type { McpHub } from '../mcp/mcp-hub'
import { createMcpHub, mcpServersDir } from '../mcp/mcp-runtime'
import type { ToolSource } from '../tools/tool'
import { createKeelToolRegistry, type ToolRegistry } from '../tools/tool-registry'
import { fail, failureFromThrown, ok, validationFailure, notFound } from './app-result'
import { buildConversationView } from './conversation-view'
import type { KeyVault } from '../secrets/key-vault'
import { McpCommands } from './mcp-commands'
import { SearchCommands, SearchReadCommands } from './search-commands'
import { MessageCommands } from './message-commands'
import type { TurnAction } from '../harness/turn-recorder'
import { ConversationCommands, ConversationReadCommands } from './conversation-commands'
import { ImportCommands } from './import-commands'
import { deleteMeasurement, updateMeasurement } from './measurement-edits'
import { addMeasurement } from './measurement-add'
import { resolveUserTimeZone } from './user-time-zone'
import {
  ProviderCommands,
  ProviderReadCommands,
  invalidKey,
  isValidKeyText,
  unknownProvider,
} from './provider-commands'
import { ProviderKeys, redactKeys } from '../secrets/provider-keys'
import { ProviderNotReadyError, prepareTurn } from './turn-setup'
import { getAttachment } from './attachment-commands'
import { checkTurnAttachments } from './turn-attachments'
import { RunRegistry, type Departure, type EventSink } from './run-registry'
import { buildSettingsView } from './settings-view'
import type { ClientContext } from './client-context'
import { WritesInFlight } from './writes-in-flight'
import { SettingsWriteError, applySettingsUpdate, saveAlwaysAllow } from '../settings/apply-settings-update'
import { readSettings } from '../settings/read-settings'
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
  }
  /** How long a run no window watches may wait for the user's answer before it stops (default 2 minutes; tests). */
  unattendedMs?: number
  /** Work an import does between two turns of the event loop, in ms (default 25; tests pass 0 to pause after every record). */
  importSliceMs?: number
}

/**
 * Answers being written at once: per window or socket (a person writes in a few conversations at a
 * time; a script that starts hundreds would starve everything else) and in all.
 */
export const MAX_RUNS_PER_CLIENT = 8
export const MAX_RUNS = 32

type Input<C extends CommandName> = z.output<(typeof COMMAND_SCHEMAS)[C]>
type Handler<C extends CommandName> = (
  request: Input<C>,
  context: ClientContext,
) => AppResult<CommandResponses[C]> | Promise<AppResult<CommandResponses[C]>>

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
  private readonly finding: SearchCommands
  private readonly messages: MessageCommands
  private readonly providers: ProviderCommands
  private readonly conversationCommands: ConversationCommands
  private readonly imports: ImportCommands
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
    })
    this.tools = createKeelToolRegistry(options.store, {
      sources: [...(options.toolSources ?? []), hub],
      ...(options.toolCallTimeoutMs ? { callTimeoutMs: options.toolCallTimeoutMs } : {}),
    })
    this.conversationCommands = new ConversationCommands(options.store, options.env, this.keys)
    this.imports = new ImportCommands(options.store, {
      activeRuns: () => this.runs.all().length,
      writesSettled: () => this.writesInFlight.settled(),
      ...(options.importSliceMs !== undefined ? { sliceMs: options.importSliceMs } : {}),
    })
    this.mcp = new McpCommands(options.store, this.keys, hub, options.mcp?.fileServers ?? [])
    this.finding = new SearchCommands(options.store)
    this.messages = new MessageCommands(options.store, {
      startRun: (conversationId, text, action, context, attachments) =>
        this.startTurn({ conversationId, text, ...(attachments ? { attachments } : {}) }, context, action),
      isConversationBusy: (conversationId) => this.runs.isConversationBusy(conversationId),
      view: (conversationId) => this.openConversation(conversationId),
    })
    this.providers = new ProviderCommands(options.store, options.env, this.keys, this.providerCheckOptions)
    // Enabled servers the user agreed to run start with the core (their tools must be listed before the first turn).
    this.mcp.sync()
  }

  /** MCP servers as Settings shows them (the CLI's `keel mcp list`). */
  get mcpHub(): McpHub {
    return this.mcp.hub
  }

  /** A window or socket that can receive run events. */
  connect(clientId: string, sink: EventSink): void {
    this.runs.connect(clientId, sink)
  }

  /**
   * The window or socket went away. `closed` (default: a window closed): the runs only it watched
   * stop, interrupted as "the window was closed", their pending approvals denied. `may-return` (a
   * browser-mode socket: a page reloading): they go on for a window that attaches (`runs.attach`).
   * Returns how many runs were stopped.
   */
  disconnect(clientId: string, departure: Departure = 'closed'): number {
    this.imports.disconnect(clientId)
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
  private get reads(): {
    store: StoreReader
    finding: SearchReadCommands
    conversations: ConversationReadCommands
    providers: ProviderReadCommands
  } {
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
    retryDeferredFinalizations(this.store)
    await this.tools.close()
  }

  private readonly handlers: { [C in CommandName]: Handler<C> } = {
    'conversations.list': ({ limit, before, pinned }) =>
      pinned
        ? this.reads.finding.pinned()
        : ok(
            this.reads.store.conversations.listConversations({
              limit: limit ?? DEFAULT_CONVERSATION_PAGE,
              ...(before ? { before } : {}),
            }),
          ),
    'conversations.open': ({ conversationId }) => this.openConversation(conversationId),
    'conversations.rename': ({ conversationId, title }) => {
      if (!this.store.conversations.renameConversation(conversationId, title)) return notFound('conversation')
      return ok(this.store.conversations.getConversation(conversationId)!)
    },
    'conversations.delete': ({ conversationId }) => {
      if (this.runs.isConversationBusy(conversationId))
        return fail('busy', 'A turn is running in this conversation: stop it first.', {
          detail: { code: 'conversation-busy' },
        })
      if (!this.store.conversations.deleteConversation(conversationId)) return notFound('conversation')
      return ok({ deleted: true as const })
    },
    'turns.start': (request, context) => this.startTurn(request, context),
    'turns.stop': ({ runId }, context) => {
      const run = this.runs.get(runId)
      if (!run || !this.runs.isWatching(runId, context.clientId)) return ok({ stopped: false })
      run.controller.abort(new Error('stopped by the user'))
      return ok({ stopped: true })
    },
    'approvals.answer': ({ approvalId, decision }, context) => {
      const pending = this.runs.pendingApproval(approvalId, context.clientId)
      if (!pending) return ok({ answered: false })
      // "Always" is not on offer for a tool that may delete or overwrite: it allows this one call.
      const effective = decision === 'always' && !pending.allowAlways ? 'approve' : decision
      if (effective === 'always') saveAlwaysAllow(this.store, pending.tool)
      pending.answer(effective)
      return ok({ answered: true })
    },
    'settings.get': () => ok(buildSettingsView(this.reads.store, this.env, this.keys)),
    'settings.update': (update) => {
      // Grants are keyed to what `always` allows (a name, or an MCP tool's server + tool + definition).
      const known = new Set(this.tools.list().map((tool) => tool.grantKey))
      const unknown = Object.keys(update.toolPermissions ?? {}).filter((tool) => !known.has(tool))
      if (unknown.length > 0)
        return fail(
          'validation',
          `No tool is named ${unknown
            .slice(0, 3)
            .map((name) => `'${name}'`)
            .join(', ')}${unknown.length > 3 ? ` (and ${unknown.length - 3} more)` : ''}.`,
        )
      const unknownProfile = [update.defaultProvider, update.provider?.id, update.price?.provider].find(
        (id) => id !== undefined && !this.providers.isKnown(id),
      )
      if (unknownProfile !== undefined) return unknownProvider(unknownProfile)
      try {
        applySettingsUpdate(this.store, update)
      } catch (error) {
        if (error instanceof SettingsWriteError) return fail('validation', error.message)
        throw error
      }
      return ok(buildSettingsView(this.store, this.env, this.keys))
    },
    'keys.set': async ({ provider, key, allowPlainTextStorage }) => {
      if (!this.providers.isKnown(provider)) return unknownProvider(provider)
      if (!isValidKeyText(key)) return invalidKey()
      const saved = await this.keys.vault.set(provider, key, { allowPlainTextStorage })
      if (!saved.ok)
        return saved.reason === 'plain-text-not-allowed'
          ? fail('forbidden', saved.message, { owner: 'user', detail: { code: 'plain-text-key-refused' } })
          : fail('storage', saved.message, { owner: 'user', detail: { code: 'key-storage-unavailable' } })
      return ok(buildSettingsView(this.store, this.env, this.keys))
    },
    'keys.clear': async ({ provider }) => {
      if (!this.providers.isKnown(provider)) return unknownProvider(provider)
      const cleared = await this.keys.vault.clear(provider)
      if (!cleared.ok) return fail('storage', cleared.message, { retryable: true })
      return ok(buildSettingsView(this.store, this.env, this.keys))
    },
    'providers.test': (request) => this.reads.providers.test(request),
    'providers.models': (request) => this.reads.providers.models(request),
    'providers.save': (request) => this.providers.save(request),
    'providers.remove': (request) => this.providers.remove(request),
    'measurements.list': ({ kind, from, to, limit }) => {
      if (kind !== undefined && !(MEASUREMENT_KINDS as readonly string[]).includes(kind)) {
        return fail('validation', `Invalid request: kind: expected one of ${MEASUREMENT_KINDS.join(', ')}`)
      }
      return ok(this.reads.store.measurements.list({ kind: kind as MeasurementKind | undefined, from, to, limit }))
    },
    'measurements.update': (request) => {
      const edited = updateMeasurement(this.store, request)
      return edited.ok ? ok(edited.measurement) : fail(edited.kind, edited.message, { detail: edited.detail })
    },
    'measurements.add': (request) => addMeasurement(this.store, request, resolveUserTimeZone(this.env)),
    'tools.list': () =>
      ok(
        this.tools.list().map(({ name, title, titles, source, effect, grantKey, provider }) => ({
          name,
          title,
          ...(titles ? { titles } : {}),
          source,
          effect,
          grantKey,
          ...(provider ? { provider } : {}),
        })),
      ),
    'actions.unknown': () =>
      ok(
        this.reads.store.ledger.listUnknown().map((entry) => ({
          key: entry.idempotencyKey,
          toolName: entry.toolName,
          conversationId: entry.conversationId,
          arguments: entry.arguments,
          startedAt: entry.createdAt,
        })),
      ),
    'actions.resolve': ({ key, outcome }) => {
      const entry = this.store.ledger.findByKey(key)
      if (entry?.state !== 'unknown') return ok({ resolved: false })
      const now = this.store.clock()
      // What the model is told if it asks for the same action again (in that turn): the user's word.
      const resolved =
        outcome === 'done'
          ? this.store.ledger.markSucceeded(
              entry.id,
              JSON.stringify({ checkedByUser: true, note: 'The user checked: this action did take effect.' }),
              now,
            )
          : this.store.ledger.markFailed(
              entry.id,
              { kind: 'external', message: 'The user checked: this action did not take effect.', retryable: false },
              now,
            )
      return ok({ resolved })
    },
    'measurements.delete': ({ id }) =>
      deleteMeasurement(this.store, id) ? ok({ deleted: true as const }) : notFound('measurement'),
    'mcp.list': () => this.mcp.list(),
    'mcp.import': (request) => this.mcp.import(request),
    'mcp.save': (request) => this.mcp.save(request),
    'mcp.remove': (request) => this.mcp.remove(request),
    'mcp.consent': (request) => this.mcp.consent(request),
    'mcp.update': (request) => this.mcp.update(request),
    'mcp.restart': (request) => this.mcp.restart(request),
    'mcp.secret': (request) => this.mcp.secret(request),
    'mcp.acceptTools': (request) => this.mcp.acceptTools(request),
    'mcp.stderr': (request) => this.mcp.stderr(request),
    'elicitations.answer': ({ elicitationId, answer }, context) =>
      ok({ answered: this.runs.answerElicitation(elicitationId, context.clientId, answer) }),
    'conversations.search': (request) => this.reads.finding.search(request),
    'conversations.pin': (request) => this.finding.pin(request),
    'turns.regenerate': (request, context) => this.messages.regenerate(request, context),
    'turns.edit': (request, context) => this.messages.edit(request, context),
    'turns.continue': (request, context) => this.messages.continue(request, context),
    'messages.delete': (request) => this.messages.delete(request),
    'messages.selectVersion': (request) => this.messages.selectVersion(request),
    'conversations.settings': (request) => this.reads.conversations.get(request),
    'conversations.settingsUpdate': (request) => this.conversationCommands.update(request),
    'conversations.settingsDefaults': (request) => this.conversationCommands.updateDefaults(request),
    'conversations.export': (request) => this.reads.conversations.export(request),
    'conversations.import': (request, context) => this.imports.import(request, context.clientId),
    'conversations.importPart': (request, context) => this.imports.part(request, context.clientId),
    'attachments.get': ({ attachmentId }) => getAttachment(this.reads.store, attachmentId),
    'runs.attach': (_request, context) =>
      this.runs.isConnected(context.clientId)
        ? ok({ runs: this.runs.attach(context.clientId) })
        : fail('forbidden', 'This client cannot receive run events.'),
  }

  private openConversation(conversationId: string): AppResult<CommandResponses['conversations.open']> {
    const { store } = this.reads
    const { modelPrices, providers } = readSettings(store).values
    const view = buildConversationView(store, conversationId, modelPrices, providers)
    return view ? ok(view) : notFound('conversation')
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
    let started: { conversationId: string; messageId: string } | undefined
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
        started = { conversationId: event.conversationId, messageId: event.messageId }
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
    // runTurn stores the user's message and emits run-start synchronously, before its first await.
    const running = runTurn(options)
    const settle = () => {
      this.runs.remove(runId)
      finish()
    }
    if (!started) {
      // It failed before it began (storage): nothing ran, the caller gets the error.
      try {
        await running
      } catch (error) {
        settle()
        return failureFromThrown(error)
      }
    }
    running.then(settle, () => {
      // Saving the end failed after the run began: the window still learns the run is over.
      if (started && !ended)
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
