// Every configured MCP server, as one Keel tool source: starts the ones the user agreed to run,
// keeps each one's status and tool listing, withholds tools whose definition is not the accepted
// one, and offers the rest to the next turn (a turn takes a snapshot; changes apply to the next).
import type { McpServerConfig, McpServerStatus, McpServerView, McpToolView } from '../../shared/mcp'
import { MCP_DEFAULT_START_TIMEOUT_MS, MCP_DEFAULT_TIMEOUT_MS, MCP_MAX_TIMEOUT_MS } from '../../shared/mcp'
import { join } from 'node:path'
import { keyForms, redactValue } from '../secrets/key-redaction'
import type { McpPinStore } from '../db/mcp-pin-store'
import type { Tool, ToolSource } from '../tools/tool'
import type { McpConnectionPort, McpLaunchSpec, McpListedTool } from './mcp-connection-port'
import { admitToolDefinitions, type AdmittedTool } from './mcp-definition-admission'
import { type McpDroppedTool, mcpHeaderFaultText } from '../../shared/mcp-dropped-tools'
import { mcpInstructionsView, type McpServerInstructions } from './mcp-instructions'
import { McpResourceSubscriptions } from './mcp-resource-subscriptions'
import { mcpSecretValueList } from './mcp-secrets'
import type { McpRequester } from './mcp-server-features'
import { mcpToolAnnotations, mcpToolEffect, mcpToolTitle } from './mcp-tool-adapter'

/** One server as the hub is given it: its config, where it comes from and its secret values (resolved, never stored here). */
export interface McpHubEntry {
  config: McpServerConfig
  origin: 'settings' | 'file'
  /** Env values and headers (from the key vault, or the config file). */
  secrets: { env: Record<string, string>; headers: Record<string, string> }
}

/** What the hub needs to turn one listed tool into a Keel tool. */
export interface McpToolBuildInput {
  server: { id: string; name: string; trustReadOnlyHints: boolean; timeoutMs: number; maxTotalTimeoutMs: number }
  tool: McpListedTool
  definitionHash: string
  connection: McpConnectionPort
  /** The name providers are sent (distinct across every server's tools). */
  providerName: string
}

export interface McpHubDeps {
  pins: McpPinStore
  /** Opens (does not start) a connection. */
  connect: (spec: McpLaunchSpec) => McpConnectionPort
  /** A listed tool as a Keel tool, or why it cannot be offered (e.g. a schema dialect Keel does not know). */
  toTool: (input: McpToolBuildInput) => Tool | { refused: string }
  /** SHA-256 (hex) of a tool's whole definition. */
  definitionHash: (tool: McpListedTool) => string
  /** Provider names for all servers' tools at once, in order, all distinct. */
  providerNames: (tools: ReadonlyArray<{ serverId: string; toolName: string }>) => string[]
  /** What consent covers: the exact command line (resolved executable and every argument) or URL. */
  describeLaunch: (config: McpServerConfig) => McpLaunchDescription
  /** The fingerprint of what consent covers. */
  fingerprint: (config: McpServerConfig, launch: McpLaunchDescription) => string
  /** Reports problems that have nowhere else to go (a listing that failed after start). */
  log?: (message: string) => void
  /**
   * Where stdio servers without a `cwd` run: `<serversDir>/<server id>/` (Keel's own folder, next to
   * its store), never Keel's working folder. Absent (an in-memory store): Keel's working folder.
   */
  serversDir?: string | undefined
}

/** A server's launch as the user is shown it before agreeing. */
export interface McpLaunchDescription {
  /** For display: the resolved command line (quoted where needed), or the URL. */
  commandLine: string
  /** stdio: the exact argv (resolved executable first). */
  argv?: string[] | undefined
  cwd: string | undefined
}

/** A listed tool as admitted (a refused one carries its reason and only its name). */
type ListedTool = AdmittedTool

interface ServerState {
  entry: McpHubEntry
  /** The launch this connection runs (a different one restarts it). */
  launchKey: string | undefined
  connection: McpConnectionPort | undefined
  unsubscribe: Array<() => void>
  status: McpServerStatus
  listed: ListedTool[]
  /** Offered tools by provider name, built once per definition. */
  built: Map<string, { key: string; tool: Tool | { refused: string } }>
  /** Increments on every listing so a late answer of an older one is dropped. */
  listing: number
  /** Its tools were listed since it became ready. */
  listedOnce: boolean
  /** Why its last listing failed (it is ready but offers nothing until a listing works). */
  listError: string | undefined
  /** Tools its last listing left out before admission (a malformed x-mcp-header), with why. */
  dropped: readonly McpDroppedTool[]
}

function isTool(value: Tool | { refused: string }): value is Tool {
  return !('refused' in value)
}

export class McpHub implements ToolSource {
  readonly id = 'mcp'
  private readonly servers = new Map<string, ServerState>()
  private readonly listeners = new Set<() => void>()
  private closed = false
  /** Who watches which resource of which server (mcp-resource-subscriptions.ts); `onUpdated` tells of changes. */
  readonly resourceSubscriptions = new McpResourceSubscriptions()

  constructor(private readonly deps: McpHubDeps) {}

  /**
   * Applies the configured servers: new and changed ones (re)start when enabled and agreed to,
   * removed, disabled and not-agreed ones stop. Idempotent: the same entries change nothing.
   */
  sync(entries: readonly McpHubEntry[]): void {
    if (this.closed) return
    const wanted = new Map(entries.map((entry) => [entry.config.id, entry]))
    for (const [id, state] of this.servers) {
      if (!wanted.has(id)) {
        // Its process ends in the background (stop never rejects).
        void this.stop(state)
        this.servers.delete(id)
        this.resourceSubscriptions.drop(id)
      }
    }
    for (const entry of entries) {
      const state = this.servers.get(entry.config.id) ?? this.newState(entry)
      this.servers.set(entry.config.id, state)
      state.entry = entry
      this.apply(state)
    }
    this.changed()
  }

  /** Restarts one server (the user's Restart; also a failed one before its backoff ends). */
  async restart(serverId: string): Promise<boolean> {
    const state = this.servers.get(serverId)
    if (!state) return false
    void this.stop(state)
    this.apply(state)
    this.changed()
    return true
  }

  /** The server's stderr tail ('' when it never ran or speaks HTTP). */
  stderr(serverId: string): string | undefined {
    const state = this.servers.get(serverId)
    if (!state) return undefined
    return state.connection?.stderrTail() ?? ''
  }

  /**
   * Accepts the definitions the user reviewed: each tool's hash must still be the one listed now
   * (a definition that changed again while they looked is not accepted). Returns the accepted names.
   */
  acceptTools(serverId: string, reviewed: Readonly<Record<string, string>>): string[] {
    const state = this.servers.get(serverId)
    if (!state) return []
    const accepted = state.listed.filter(
      ({ tool, hash, refused }) => refused === undefined && reviewed[tool.name] === hash,
    )
    const pinned = this.pin(state, accepted)
    this.changed()
    return pinned
  }

  /** Forgets what the hub knows of a removed server (its pins). */
  forget(serverId: string): void {
    this.deps.pins.removeServer(serverId)
  }

  /**
   * The instructions of every ready server whose user agreed to send exactly its current text (a
   * turn takes them at its start, like its tools), scrubbed of that server's own secret values.
   */
  instructionsForModel(): McpServerInstructions[] {
    const sent: McpServerInstructions[] = []
    for (const state of this.servers.values()) {
      const instructions = this.instructionsOf(state)
      if (instructions?.send === 'on') sent.push({ serverName: state.entry.config.name, text: instructions.text })
    }
    return sent
  }

  private instructionsOf(state: ServerState): McpServerView['instructions'] {
    if (state.status.state !== 'ready') return undefined
    const text = state.connection?.instructions?.()
    if (text === undefined || text === '') return undefined
    const scrubbed = redactValue(text, keyForms(mcpSecretValueList(state.entry.secrets)))
    return mcpInstructionsView(scrubbed, state.entry.config.instructionsAccepted)
  }

  /** What each server is, runs and offers, for Settings and `keel mcp list`. */
  views(): McpServerView[] {
    const names = this.providerNames()
    return [...this.servers.values()].map((state) => this.viewOf(state, names))
  }

  view(serverId: string): McpServerView | undefined {
    const state = this.servers.get(serverId)
    return state ? this.viewOf(state) : undefined
  }

  /**
   * A running server's resources and prompts (mcp-server-features.ts), with `scrub` to take its own
   * secrets (env values, headers) out of whatever comes of them before it goes anywhere.
   * `undefined`: no such server; `notReady`: why it cannot be asked now (nothing is sent).
   */
  features(
    serverId: string,
  ): { requester: McpRequester; scrub: <T>(value: T) => T } | { notReady: string } | undefined {
    const state = this.servers.get(serverId)
    if (!state) return undefined
    const requester = state.connection?.requester?.()
    if (!requester) return { notReady: `${state.entry.config.name} is not running (${state.status.state}).` }
    const forms = keyForms(mcpSecretValueList(state.entry.secrets))
    return { requester, scrub: (value) => redactValue(value, forms) }
  }

  list(): readonly Tool[] {
    const names = this.providerNames()
    const tools: Tool[] = []
    for (const state of this.servers.values()) {
      if (state.status.state !== 'ready' || !state.connection) continue
      const pins = this.deps.pins.forServer(state.entry.config.id)
      const disabled = new Set(state.entry.config.disabledTools ?? [])
      for (const listed of state.listed) {
        if (
          listed.refused !== undefined ||
          disabled.has(listed.tool.name) ||
          pins.get(listed.tool.name)?.definitionHash !== listed.hash
        )
          continue
        const built = this.build(state, listed, names)
        if (isTool(built)) tools.push(built)
      }
    }
    return tools
  }

  /**
   * Resolves once no server is starting and every ready one has listed its tools or failed to (a
   * one-shot turn — `keel chat` — must see the tools before its first round), or after `timeoutMs`
   * (default {@link settleLimitMs}: each server's own start deadline bounds the wait).
   */
  whenSettled(timeoutMs = this.settleLimitMs()): Promise<void> {
    const settled = () =>
      [...this.servers.values()].every(
        (state) =>
          state.status.state !== 'starting' &&
          (state.status.state !== 'ready' || state.listedOnce || state.listError !== undefined),
      )
    if (settled()) return Promise.resolve()
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        unsubscribe()
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      const unsubscribe = this.onChanged(() => {
        if (settled()) done()
      })
    })
  }

  /**
   * The longest settling can take: the slowest server's start deadline plus one listing (a page can
   * take its call timeout), and a little for the process to spawn.
   */
  settleLimitMs(): number {
    let limit = 0
    for (const { entry } of this.servers.values())
      limit = Math.max(limit, startTimeoutOf(entry.config) + (entry.config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS))
    return limit + 1_000
  }

  onChanged(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Ends every server (their whole process trees), waiting for each. */
  async close(): Promise<void> {
    this.closed = true
    const closing = [...this.servers.values()].map((state) => this.stop(state))
    this.servers.clear()
    await Promise.allSettled(closing)
  }

  private newState(entry: McpHubEntry): ServerState {
    return {
      entry,
      launchKey: undefined,
      connection: undefined,
      unsubscribe: [],
      status: { state: 'stopped' },
      listed: [],
      built: new Map(),
      listing: 0,
      listedOnce: false,
      listError: undefined,
      dropped: [],
    }
  }

  private launchOf(state: ServerState): {
    spec: McpLaunchSpec
    key: string
    fingerprint: string
    commandLine: string
    cwd: string | undefined
  } {
    const { config, secrets } = state.entry
    const launch = this.deps.describeLaunch(config)
    const { commandLine, cwd } = launch
    const timeoutMs = config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS
    const ownFolder =
      config.transport === 'stdio' && !config.cwd && this.deps.serversDir
        ? join(this.deps.serversDir, folderNameOf(config.id))
        : undefined
    const spec: McpLaunchSpec = {
      id: config.id,
      name: config.name,
      transport: config.transport,
      command: config.command,
      args: config.args,
      cwd: config.cwd || ownFolder,
      createCwd: ownFolder !== undefined,
      env: secrets.env,
      url: config.url,
      headers: secrets.headers,
      timeoutMs,
      maxTotalTimeoutMs: Math.max(timeoutMs, MCP_MAX_TIMEOUT_MS),
      // Its start-up deadline: the timeout the user set for it, else Keel's start default.
      startTimeoutMs: startTimeoutOf(config),
      roots: config.roots ?? [],
    }
    // What makes a running connection stale: anything it was launched with (secret values included).
    const key = JSON.stringify([
      spec.transport,
      spec.command,
      spec.args,
      spec.cwd,
      spec.url,
      spec.env,
      spec.headers,
      spec.timeoutMs,
      // Gaining its first root or losing its last one changes the capabilities it is told: a restart.
      // Any other change of roots is sent to the running server (roots/list_changed).
      (config.roots ?? []).length > 0,
    ])
    return { spec, key, fingerprint: this.deps.fingerprint(config, launch), commandLine, cwd: cwd ?? ownFolder }
  }

  private needsConsent(state: ServerState, fingerprint: string): boolean {
    return state.entry.origin === 'settings' && state.entry.config.consentedFingerprint !== fingerprint
  }

  private missingValues(state: ServerState): McpServerView['missingValues'] {
    const { config, secrets } = state.entry
    const missing: McpServerView['missingValues'] = []
    for (const key of Object.keys(config.env ?? {}))
      if (secrets.env[key] === undefined)
        missing.push({ where: 'env', key, placeholder: placeholderOf(config, 'env', key) })
    for (const key of Object.keys(config.headers ?? {}))
      if (secrets.headers[key] === undefined)
        missing.push({ where: 'headers', key, placeholder: placeholderOf(config, 'headers', key) })
    return missing
  }

  /** Brings one server's connection in line with its entry. */
  private apply(state: ServerState): void {
    const launch = this.launchOf(state)
    const { config } = state.entry
    const blocked: McpServerStatus | undefined = config.disabled
      ? { state: 'stopped' }
      : this.needsConsent(state, launch.fingerprint)
        ? { state: 'needs-consent' }
        : this.missingValues(state).length > 0
          ? {
              state: 'failed',
              reason: `Missing values: ${this.missingValues(state)
                .map((m) => m.key)
                .join(', ')}. Enter them in Settings.`,
              retryAt: undefined,
            }
          : undefined
    if (blocked) {
      if (config.disabled) this.resourceSubscriptions.drop(config.id)
      void this.stop(state)
      state.status = blocked
      return
    }
    if (state.connection && state.launchKey === launch.key) {
      state.connection.setRoots?.(config.roots ?? [])
      return
    }
    void this.stop(state)
    const connection = this.deps.connect(launch.spec)
    state.connection = connection
    state.launchKey = launch.key
    state.status = connection.status()
    state.unsubscribe.push(
      this.resourceSubscriptions.attach(config.id, connection),
      connection.onStatus((status) => {
        if (state.connection !== connection) return
        state.status = status
        if (status.state === 'ready') this.refreshSafely(state, connection)
        else if (status.state !== 'starting') {
          state.listed = []
          state.dropped = []
        }
        this.changed()
      }),
      connection.onToolsChanged(() => {
        if (state.connection === connection && connection.status().state === 'ready')
          this.refreshSafely(state, connection)
      }),
    )
    void connection
      .start()
      .catch((error: unknown) =>
        this.deps.log?.(`MCP server ${config.name}: ${error instanceof Error ? error.message : String(error)}`),
      )
  }

  /** Lists the server's tools again; its very first listing (right after consent) is accepted as agreed. */
  private async refresh(state: ServerState, connection: McpConnectionPort): Promise<void> {
    const listing = ++state.listing
    let tools: McpListedTool[]
    try {
      tools = await connection.listTools()
    } catch (error) {
      if (state.connection === connection && listing === state.listing) {
        state.listError = error instanceof Error ? error.message : String(error)
        this.deps.log?.(`MCP server ${state.entry.config.name}: listing its tools failed: ${state.listError}`)
        this.changed()
      }
      return
    }
    if (state.connection !== connection || listing !== state.listing || this.closed) return
    // Each definition on its own: one that cannot be kept is refused, the others are offered.
    const admission = admitToolDefinitions(tools, state.entry.config.name, this.deps.definitionHash)
    for (const dropped of admission.dropped) this.deps.log?.(`MCP server ${state.entry.config.name}: ${dropped}`)
    state.dropped = connection.droppedTools?.() ?? []
    for (const { name, fault } of state.dropped)
      this.deps.log?.(`MCP server ${state.entry.config.name}: tool ${name} left out: ${mcpHeaderFaultText(fault)}`)
    state.listed = admission.tools
    state.listedOnce = true
    state.listError = undefined
    const serverId = state.entry.config.id
    // Adding a server (and agreeing to run it) accepts the tools it lists then; later changes are reviewed.
    const admitted = state.listed.filter((listed) => listed.refused === undefined)
    if (admitted.length > 0 && !this.deps.pins.hasAny(serverId)) this.pin(state, admitted)
    this.changed()
  }

  /** Lists again; whatever goes wrong is the server's problem, said in the log, never Keel's crash. */
  private refreshSafely(state: ServerState, connection: McpConnectionPort): void {
    this.refresh(state, connection).catch((error: unknown) => {
      this.deps.log?.(
        `MCP server ${state.entry.config.name}: its tools could not be read: ${error instanceof Error ? error.message : String(error)}`,
      )
    })
  }

  /**
   * Pins these definitions: all in one transaction, else (one the store refuses) one by one, so one
   * definition cannot keep the others from being accepted. One that cannot be stored is refused with
   * the reason. Returns the names pinned.
   */
  private pin(state: ServerState, tools: readonly ListedTool[]): string[] {
    const serverId = state.entry.config.id
    const row = ({ tool, hash }: ListedTool) => ({
      toolName: tool.name,
      definitionHash: hash,
      definition: tool as Record<string, unknown>,
    })
    try {
      this.deps.pins.accept(serverId, tools.map(row))
      return tools.map(({ tool }) => tool.name)
    } catch {
      const pinned: string[] = []
      for (const listed of tools) {
        try {
          this.deps.pins.accept(serverId, [row(listed)])
          pinned.push(listed.tool.name)
        } catch (error) {
          const reason = `Tool '${listed.tool.name}' of ${state.entry.config.name} is not offered: Keel could not store its definition (${error instanceof Error ? error.message : String(error)})`
          const at = state.listed.indexOf(listed)
          if (at >= 0)
            state.listed[at] = { tool: { name: listed.tool.name, inputSchema: {} }, hash: '', refused: reason }
        }
      }
      return pinned
    }
  }

  /** Every listed tool's provider name, keyed by server and tool (names depend on all servers' tools). */
  private providerNames(): Map<string, string> {
    const refs = [...this.servers.values()].flatMap((state) =>
      state.listed
        .filter((listed) => listed.refused === undefined)
        .map(({ tool }) => ({ serverId: state.entry.config.id, toolName: tool.name })),
    )
    const names = this.deps.providerNames(refs)
    return new Map(refs.map((ref, index) => [`${ref.serverId}\u0000${ref.toolName}`, names[index]!]))
  }

  private build(state: ServerState, listed: ListedTool, names: Map<string, string>): Tool | { refused: string } {
    const { config } = state.entry
    const trust = config.trustReadOnlyHints === true
    const timeoutMs = config.timeoutMs ?? MCP_DEFAULT_TIMEOUT_MS
    const providerName = names.get(`${config.id}\u0000${listed.tool.name}`) ?? listed.tool.name
    const key = `${listed.hash}:${trust}:${timeoutMs}:${config.name}:${providerName}`
    const cached = state.built.get(listed.tool.name)
    if (cached && cached.key === key) return cached.tool
    let built: Tool | { refused: string }
    try {
      built = this.deps.toTool({
        server: {
          id: config.id,
          name: config.name,
          trustReadOnlyHints: trust,
          timeoutMs,
          maxTotalTimeoutMs: Math.max(timeoutMs, MCP_MAX_TIMEOUT_MS),
        },
        tool: listed.tool,
        definitionHash: listed.hash,
        connection: state.connection!,
        providerName,
      })
    } catch (error) {
      // A schema that makes the compiler throw (or anything else): this tool is refused, not the app.
      built = {
        refused: `Tool '${listed.tool.name}' of ${config.name} is not offered: ${error instanceof Error ? error.message : String(error)}`,
      }
    }
    const tool = isTool(built) ? scrubbingSecrets(built, mcpSecretValueList(state.entry.secrets)) : built
    state.built.set(listed.tool.name, { key, tool })
    return tool
  }

  private viewOf(state: ServerState, names = this.providerNames()): McpServerView {
    const { config } = state.entry
    const launch = this.launchOf(state)
    const pins = this.deps.pins.forServer(config.id)
    const disabled = new Set(config.disabledTools ?? [])
    const trust = config.trustReadOnlyHints === true
    const tools: McpToolView[] = state.listed.map((listed) => {
      const pin = pins.get(listed.tool.name)
      const { title: _title, ...annotations } = mcpToolAnnotations(listed.tool)
      const built =
        listed.refused !== undefined
          ? { refused: listed.refused }
          : state.connection
            ? this.build(state, listed, names)
            : undefined
      return {
        serverId: config.id,
        name: listed.tool.name,
        providerName: built && isTool(built) ? built.name : '',
        title: mcpToolTitle(listed.tool),
        description: typeof listed.tool.description === 'string' ? listed.tool.description : '',
        annotations,
        pin: !pin ? 'new' : pin.definitionHash === listed.hash ? 'accepted' : 'changed',
        enabled: !disabled.has(listed.tool.name),
        definitionHash: listed.hash,
        definition: listed.tool as Record<string, unknown>,
        ...(pin && pin.definitionHash !== listed.hash ? { acceptedDefinition: pin.definition } : {}),
        effect: mcpToolEffect(annotations, trust),
        ...(built && !isTool(built) ? { refused: built.refused } : {}),
      }
    })
    const offered = tools.filter((tool) => tool.enabled && tool.pin === 'accepted' && tool.providerName !== '')
    const definitionChars = offered.reduce((sum, tool) => sum + JSON.stringify(tool.definition).length, 0)
    const instructions = this.instructionsOf(state)
    return {
      config,
      commandLine: launch.commandLine,
      envKeys: Object.keys(config.env ?? {}),
      cwd: launch.cwd,
      needsConsent: this.needsConsent(state, launch.fingerprint),
      fingerprint: launch.fingerprint,
      origin: state.entry.origin,
      missingValues: this.missingValues(state),
      // Ready once its tools are listed: the window stops watching a server it sees ready.
      status:
        state.status.state !== 'ready' || state.listedOnce
          ? state.status
          : state.listError !== undefined
            ? { state: 'failed', reason: `Its tools could not be listed: ${state.listError}`, retryAt: undefined }
            : { state: 'starting' },
      tools,
      // About four characters a token: an estimate of what the definitions cost every request.
      offered: { tools: offered.length, estimatedTokens: Math.ceil(definitionChars / 4) },
      ...(instructions ? { instructions } : {}),
      ...(state.dropped.length > 0 ? { droppedTools: [...state.dropped] } : {}),
    }
  }

  private stop(state: ServerState): Promise<void> {
    for (const unsubscribe of state.unsubscribe.splice(0)) unsubscribe()
    const connection = state.connection
    state.connection = undefined
    state.launchKey = undefined
    state.listed = []
    state.listedOnce = false
    state.listError = undefined
    state.dropped = []
    state.built.clear()
    state.listing++
    state.status = { state: 'stopped' }
    return connection ? connection.close().catch(() => {}) : Promise.resolve()
  }

  private changed(): void {
    for (const listener of this.listeners) {
      try {
        listener()
      } catch {
        // A listener's failure is its own.
      }
    }
  }
}

/**
 * A server that echoes its own token (an env value, a header) in a result or an error: scrubbed
 * where the result is made, so it reaches neither the ledger, the model, the conversation nor the
 * window. (Keel's provider keys never reach a server: see mcp-environment.ts.)
 */
function scrubbingSecrets(tool: Tool, secrets: readonly string[]): Tool {
  const forms = keyForms(secrets)
  if (forms.length === 0 || tool.effect === 'local') return tool
  const call = tool.call.bind(tool)
  return { ...tool, call: async (input, options) => redactValue(await call(input, options), forms) }
}

/** A server id as one folder name (ids are already `[a-z0-9_-]`; this keeps any other one inside). */
function folderNameOf(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100) || '_'
}

/** How long starting a server may take: its configured timeout, else the start default. */
function startTimeoutOf(config: McpServerConfig): number {
  return config.timeoutMs ?? MCP_DEFAULT_START_TIMEOUT_MS
}

/** The `${…}` an imported value was (kept by the importer), if any. */
function placeholderOf(config: McpServerConfig, where: 'env' | 'headers', key: string): string | undefined {
  const stored = config[where]?.[key]
  return stored && 'placeholder' in stored ? stored.placeholder : undefined
}
