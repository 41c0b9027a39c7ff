// One MCP server's connection (McpConnectionPort): spawns or reaches it, runs the SDK client,
// restarts it after a crash with capped backoff, and never re-issues a call that was sent. Keel,
// not the SDK, judges results: the SDK's own structuredContent check is switched off (it throws
// after the tool ran), and tools are listed raw so every field the server sent is kept (pinning
// hashes the whole object).
import {
  Client,
  type SSEClientTransport,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type ElicitRequest,
  type ElicitResult,
  type JsonSchemaValidator,
  type Transport,
  type jsonSchemaValidator,
} from '@modelcontextprotocol/client'
import { mkdirSync } from 'node:fs'
import { z } from 'zod'
import { MCP_DEFAULT_START_TIMEOUT_MS, type McpServerStatus } from '../../shared/mcp'
import type { McpAuthRefusal } from '../../shared/mcp-oauth'
import { classifyCallFailure } from './mcp-call-outcome'
import type {
  McpCallOptions,
  McpCallOutcome,
  McpCallResult,
  McpConnectionPort,
  McpContent,
  McpLaunchSpec,
  McpListedTool,
} from './mcp-connection-port'
import { listenForToolChanges } from './mcp-change-listener'
import { loginShellPath } from './mcp-environment'
import { McpMessageTooLarge } from './mcp-message-reader'
import { McpResourceWatch, type McpWatchState } from './mcp-resource-watch'
import { mcpRootsForWire } from './mcp-roots'
import type { McpOAuthSession } from './mcp-oauth-provider'
import { authRefusalMessage, authRefusalOf, isAuthRefusal, withAuthorization } from './mcp-oauth-retry'
import type { McpRequester } from './mcp-server-features'
import { definitionFor, toolsForWire } from './mcp-param-headers'
import type { McpDroppedTool } from '../../shared/mcp-dropped-tools'
import { revisionOptions, type StdioRevision, wireOf } from './mcp-protocol-revision'
import { StderrRing } from './mcp-stderr-ring'
import { isStreamLost, lostCallOutcome, reissuingAfterLoss } from './mcp-stream-loss'
import { type StdioEraMemory, stdioEraMemory, stdioStartPlan } from './mcp-stdio-era'
import type { KeelStdioTransport } from './mcp-stdio-transport'
import { sseTransport, stdioTransport, streamableHttpTransport } from './mcp-transport-factory'

export { MCP_DEFAULT_START_TIMEOUT_MS }

export interface McpBackoff {
  /** First delay after a failure (ms). */
  initialMs: number
  /** Cap of the doubling delay (ms). */
  maxMs: number
  /** A server that stayed up this long starts again from `initialMs` after its next crash (ms). */
  stableMs: number
}

export const MCP_DEFAULT_BACKOFF: McpBackoff = { initialMs: 1_000, maxMs: 60_000, stableMs: 60_000 }

export interface McpConnectionOptions {
  /** Sent in `initialize` (`clientInfo`). */
  clientInfo?: { name: string; version: string } | undefined
  /** The login shell's PATH for stdio servers (default: resolved once per process; macOS/Linux). */
  loginPath?: (() => Promise<string | undefined>) | undefined
  backoff?: Partial<McpBackoff> | undefined
  /** Cap of one message from a stdio server (bytes; default 16 MiB). */
  maxMessageBytes?: number | undefined
  /** How long each step of ending a stdio server's tree waits (ms; default 2 s). */
  closeGracePeriodMs?: number | undefined
  now?: (() => number) | undefined
  /** OAuth for a remote server: the provider the transports use and the sign-in it may finish (mcp-oauth-provider.ts). */
  oauth?: McpOAuthSession | undefined
  /** Which stdio servers are known to be legacy (default: the one memory of this run of Keel). */
  stdioEras?: StdioEraMemory | undefined
}

/** One live attempt: a client on a transport. A restart makes a new one. */
interface Session {
  generation: number
  client: Client
  transport: Transport
  stdio: KeelStdioTransport | undefined
  lost: boolean
  lostReason: string | undefined
  readyAt: number | undefined
  /** It declared the roots capability (so it may be told they changed). */
  roots: boolean
}

interface RunningCall {
  session: Session
  elicit: McpCallOptions['elicit']
}

/** The SDK validates structuredContent against outputSchema and throws after the tool ran: Keel decides instead (the adapter). */
const acceptEverything: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined })
  },
}

/**
 * A `tools/list` page. Each tool is kept as the very object parsed from the wire (every field, in
 * its order), and judged on its own by the hub (mcp-definition-admission.ts): one malformed entry
 * must not lose the server's other tools.
 */
const toolPageSchema = z.looseObject({
  tools: z.array(z.unknown()),
  nextCursor: z.string().optional(),
})

const MAX_TOOL_PAGES = 100

/** Why a start failed, said for the user; `cause` keeps the SDK's error (the HTTP fallback reads it). */
class StartFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    cause?: unknown,
    /** A stdio server ended on its own before it was ready (exited or closed stdout). */
    readonly ended = false,
  ) {
    super(message, { cause })
  }
}

export class McpConnection implements McpConnectionPort {
  readonly id: string
  private state: McpServerStatus = { state: 'stopped' }
  private readonly statusListeners = new Set<(status: McpServerStatus) => void>()
  private readonly toolsListeners = new Set<() => void>()
  private readonly resourceListeners = new Set<(uri: string) => void>()
  /** The resources watched (mcp-resource-watch.ts); a missed update is told as an update. */
  private readonly watch = new McpResourceWatch((uris) => {
    for (const uri of uris) this.fireResourceUpdated(uri)
  })
  private readonly stderr = new StderrRing()
  private readonly backoff: McpBackoff
  private readonly now: () => number
  private readonly calls = new Set<RunningCall>()
  private current: Session | undefined
  /** The attempt being started (closed at once by close(), so a hanging server does not hold it up). */
  private pending: Session | undefined
  private starting: Promise<void> | undefined
  private generation = 0
  private failures = 0
  private everReady = false
  private closed = false
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  /** The folders allowed now (the spec's at first; the user may change them while it runs). */
  private roots: readonly string[]
  /** Tools the last listing left out (malformed x-mcp-header on a 2026-07-28 HTTP session). */
  private dropped: readonly McpDroppedTool[] = []

  constructor(
    private readonly spec: McpLaunchSpec,
    private readonly options: McpConnectionOptions = {},
  ) {
    this.id = spec.id
    this.backoff = { ...MCP_DEFAULT_BACKOFF, ...options.backoff }
    this.now = options.now ?? Date.now
    this.roots = [...(spec.roots ?? [])]
  }

  setRoots(roots: readonly string[]): void {
    const same = roots.length === this.roots.length && roots.every((root, index) => root === this.roots[index])
    this.roots = [...roots]
    const session = this.readySession()
    // Only a session that declared roots may be told; the hub restarts a server that gains or loses all of them.
    if (same || !session?.roots) return
    session.client.sendRootsListChanged().catch(() => undefined)
  }

  instructions(): string | undefined {
    return this.readySession()?.client.getInstructions()
  }

  status(): McpServerStatus {
    return this.state
  }

  onStatus(listener: (status: McpServerStatus) => void): () => void {
    this.statusListeners.add(listener)
    return () => this.statusListeners.delete(listener)
  }

  onToolsChanged(listener: () => void): () => void {
    this.toolsListeners.add(listener)
    return () => this.toolsListeners.delete(listener)
  }

  stderrTail(): string {
    return this.stderr.text()
  }

  droppedTools(): readonly McpDroppedTool[] {
    return this.dropped
  }

  start(): Promise<void> {
    if (this.closed) return Promise.resolve()
    this.starting ??= this.connect().finally(() => {
      this.starting = undefined
    })
    return this.starting
  }

  async listTools(): Promise<McpListedTool[]> {
    const session = this.readySession()
    if (!session) throw new Error(`${this.spec.name} is not ready (${this.state.state})`)
    // A server of resources or prompts only: it has no tools to list (asking would fail).
    if (!session.client.getServerCapabilities()?.tools) return []
    const tools: McpListedTool[] = []
    const seen = new Set<string>()
    let cursor: string | undefined
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const params = cursor === undefined ? {} : { cursor }
      const result = await this.authorized(session, () =>
        reissuingAfterLoss('tools/list', () =>
          session.client.request({ method: 'tools/list', params }, toolPageSchema, { timeout: this.spec.timeoutMs }),
        ),
      )
      // One by one: spreading a huge page into push() would overflow the stack.
      for (const tool of result.tools) tools.push(tool as McpListedTool)
      cursor = result.nextCursor
      if (cursor === undefined) {
        const wire = toolsForWire(session.client, session.transport instanceof StreamableHTTPClientTransport, tools)
        this.dropped = wire.dropped
        return wire.offered
      }
      if (seen.has(cursor)) throw new Error(`${this.spec.name} repeated a tools/list cursor`)
      seen.add(cursor)
    }
    throw new Error(`${this.spec.name} sent more than ${MAX_TOOL_PAGES} pages of tools`)
  }

  /** Resources and prompts (mcp-server-features.ts) on the current session; undefined when not ready. */
  requester(): McpRequester | undefined {
    const session = this.readySession()
    if (!session) return undefined
    const capabilities = session.client.getServerCapabilities() ?? {}
    return {
      serverName: this.spec.name,
      capabilities: {
        resources: capabilities.resources,
        prompts: capabilities.prompts,
        completions: capabilities.completions,
      },
      timeoutMs: this.spec.timeoutMs,
      lossCause: () => (session.stdio?.fatalError instanceof McpMessageTooLarge ? 'too-large' : undefined),
      request: (method, params, schema, options) =>
        reissuingAfterLoss(method, () =>
          session.client.request({ method, params }, schema, { timeout: this.spec.timeoutMs, signal: options?.signal }),
        ),
    }
  }

  onResourceUpdated(listener: (uri: string) => void): () => void {
    this.resourceListeners.add(listener)
    return () => this.resourceListeners.delete(listener)
  }

  watchResources(uris: readonly string[]): Promise<McpWatchState> {
    return this.watch.set(uris)
  }

  private fireResourceUpdated(uri: string): void {
    for (const listener of [...this.resourceListeners]) listener(uri)
  }

  async callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<McpCallOutcome> {
    const session = this.readySession()
    if (!session)
      return {
        kind: 'not-sent',
        message: `${this.spec.name} is not connected (${this.describeState()}); the call was not sent.`,
      }
    if (options.signal.aborted) return { kind: 'not-sent', message: 'Stopped before the call was sent.' }
    const timeoutMs = options.timeoutMs ?? this.spec.timeoutMs
    const call: RunningCall = { session, elicit: options.elicit }
    this.calls.add(call)
    try {
      const result = await this.authorized(session, () =>
        session.client.callTool(
          { name, arguments: args },
          {
            signal: options.signal,
            timeout: timeoutMs,
            resetTimeoutOnProgress: true,
            maxTotalTimeout: Math.max(timeoutMs, this.spec.maxTotalTimeoutMs),
            onprogress: (progress) =>
              options.onProgress?.({ progress: progress.progress, total: progress.total, message: progress.message }),
            // The listed definition: the SDK mirrors its x-mcp-header arguments into Mcp-Param-* headers.
            toolDefinition: definitionFor(session.client, name),
          },
        ),
      )
      return { kind: 'result', result: callResult(result) }
    } catch (error) {
      // Refused for want of a sign-in (401/403 before the server's handler ran): it did not happen.
      if (isAuthRefusal(error)) return { kind: 'not-sent', message: `${this.spec.name}: ${authRefusalMessage(error)}` }
      // Its response stream ended before the answer: the server may have acted. Never sent again.
      if (isStreamLost(error)) return lostCallOutcome(options.signal.aborted)
      const closed = error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed
      return classifyCallFailure(error, {
        stopped: options.signal.aborted,
        connectionLost: session.lost || closed,
        lostReason: session.lost ? session.lostReason : undefined,
        timeoutMs,
      })
    } finally {
      this.calls.delete(call)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retryTimer)
    this.generation++
    const sessions = [this.current, this.pending].filter((session): session is Session => session !== undefined)
    this.current = undefined
    this.pending = undefined
    this.setStatus({ state: 'stopped' })
    await Promise.all(sessions.map((session) => this.endSession(session, 'Keel closed the connection')))
    await this.starting?.catch(() => undefined)
  }

  /** `send`, with a sign-in finished and the request sent again when the server refused it for want of one. */
  private authorized<T>(session: Session, send: () => Promise<T>): Promise<T> {
    return withAuthorization(this.options.oauth, () => httpTransport(session.transport), send)
  }

  private readySession(): Session | undefined {
    return this.state.state === 'ready' && this.current && !this.current.lost ? this.current : undefined
  }

  private describeState(): string {
    return this.state.state === 'failed' ? `failed: ${this.state.reason}` : this.state.state
  }

  private async connect(): Promise<void> {
    clearTimeout(this.retryTimer)
    const previous = this.current
    this.current = undefined
    if (previous) await this.endSession(previous, 'restarted')
    if (this.closed) return
    const generation = ++this.generation
    this.setStatus({ state: 'starting' })
    try {
      const session = await this.open(generation)
      if (this.closed || generation !== this.generation) {
        await this.endSession(session, 'Keel closed the connection')
        return
      }
      session.readyAt = this.now()
      this.current = session
      const version = session.client.getServerVersion()
      this.setStatus({
        state: 'ready',
        protocolVersion: session.client.getNegotiatedProtocolVersion() ?? 'unknown',
        serverName: version?.name,
        serverVersion: version?.version,
      })
      // A 2026-07-28 server tells of tool changes only on a stream Keel opens.
      listenForToolChanges(session.client, {
        current: () => session === this.current && !session.lost,
        missed: () => this.fireToolsChanged(),
        timeoutMs: this.spec.timeoutMs,
      })
      // Resources watched are asked of every session (2026-07-28: on a listen stream).
      this.watch.sessionReady(session.client, () => session === this.current && !session.lost, this.spec.timeoutMs)
      // After a restart the server's tools may differ: the hub lists them again.
      if (this.everReady) this.fireToolsChanged()
      this.everReady = true
    } catch (error) {
      if (this.closed || generation !== this.generation) return
      const failure =
        error instanceof StartFailure
          ? error
          : new StartFailure(error instanceof Error ? error.message : String(error), true)
      this.fail(failure.message, failure.retry, undefined, authRefusalOf(failure.cause))
    }
  }

  /**
   * Spawns or reaches the server and runs `initialize` (falling back from Streamable HTTP to SSE on a
   * 4xx), all within one start deadline: what is left of it after finding the PATH is what
   * `initialize` may take.
   */
  private async open(generation: number): Promise<Session> {
    const timeout = this.spec.startTimeoutMs ?? MCP_DEFAULT_START_TIMEOUT_MS
    const startedAt = this.now()
    const left = () => Math.max(1, timeout - (this.now() - startedAt))
    if (this.spec.transport === 'stdio') {
      if (!this.spec.command) throw new StartFailure('No command is configured', false)
      if (this.spec.createCwd && this.spec.cwd) {
        try {
          mkdirSync(this.spec.cwd, { recursive: true })
        } catch (error) {
          throw new StartFailure(
            `Keel could not make its working folder ${this.spec.cwd} (${error instanceof Error ? error.message : String(error)})`,
            false,
          )
        }
      }
      const loginPath = await (this.options.loginPath ?? loginShellPath)()
      const spawnOne = () =>
        stdioTransport({
          spec: this.spec,
          stderr: this.stderr,
          loginPath,
          maxMessageBytes: this.options.maxMessageBytes,
          gracePeriodMs: this.options.closeGracePeriodMs,
        })
      // Probe with server/discover unless this command line is known legacy (mcp-stdio-era.ts).
      const eras = this.options.stdioEras ?? stdioEraMemory
      const plan = stdioStartPlan(eras.knowsLegacy(this.spec), left())
      const first = spawnOne()
      try {
        const session = await this.initialize(generation, first, first, plan.connectTimeoutMs, timeout, plan.revision)
        if (session.client.getProtocolEra() === 'legacy') eras.rememberLegacy(this.spec)
        return session
      } catch (error) {
        const probeEndedIt = plan.revision.mode === 'probe' && error instanceof StartFailure && error.ended
        if (!probeEndedIt || this.closed || generation !== this.generation) throw error
        // It ended during the probe: a legacy server that exits on unknown requests. Once, straight to initialize.
        const again = spawnOne()
        const session = await this.initialize(generation, again, again, left(), timeout, { mode: 'legacy' })
        eras.rememberLegacy(this.spec)
        return session
      }
    }
    if (!this.spec.url) throw new StartFailure('No URL is configured', false)
    try {
      new URL(this.spec.url)
    } catch {
      throw new StartFailure(`Not a URL: ${this.spec.url}`, false)
    }
    const authProvider = this.options.oauth?.provider
    if (this.spec.transport === 'sse')
      return this.initializeHttp(generation, () => sseTransport(this.spec, authProvider), left, timeout)
    try {
      return await this.initializeHttp(
        generation,
        () => streamableHttpTransport(this.spec, authProvider),
        left,
        timeout,
      )
    } catch (error) {
      // The legacy HTTP+SSE transport answers the Streamable HTTP POST with a 4xx (spec: backwards compatibility).
      const cause = error instanceof StartFailure ? error.cause : error
      const status = cause instanceof SdkHttpError ? cause.status : undefined
      if (
        status === undefined ||
        status < 400 ||
        status >= 500 ||
        status === 401 ||
        isAuthRefusal(cause) ||
        this.closed ||
        generation !== this.generation
      )
        throw error
      return this.initializeHttp(generation, () => sseTransport(this.spec, authProvider), left, timeout)
    }
  }

  /**
   * `initialize` over HTTP; when the server wants a sign-in and one was finished (interactive
   * OAuth), again on a new transport, which sends the new token.
   */
  private async initializeHttp(
    generation: number,
    transport: () => StreamableHTTPClientTransport | SSEClientTransport,
    left: () => number,
    deadline: number,
  ): Promise<Session> {
    let current: StreamableHTTPClientTransport | SSEClientTransport | undefined
    try {
      return await withAuthorization(
        this.options.oauth,
        () => current!,
        async () => {
          if (this.closed || generation !== this.generation) throw new StartFailure('Keel closed the connection', false)
          current = transport()
          try {
            return await this.initialize(generation, current, undefined, left(), deadline)
          } catch (error) {
            // withAuthorization reads the SDK's own error; StartFailure keeps it as its cause.
            throw error instanceof StartFailure && isAuthRefusal(error.cause) ? error.cause : error
          }
        },
      )
    } catch (error) {
      if (isAuthRefusal(error)) throw new StartFailure(authRefusalMessage(error), false, error)
      throw error
    }
  }

  /** `timeout`: what is left of the start deadline; `deadline`: the whole of it (for the reason). */
  private async initialize(
    generation: number,
    transport: Transport,
    stdio: KeelStdioTransport | undefined,
    timeout: number,
    deadline: number,
    stdioRevision?: StdioRevision | undefined,
  ): Promise<Session> {
    const withRoots = this.roots.length > 0
    const client = new Client(this.options.clientInfo ?? { name: 'keel', version: '0.1.0' }, {
      // Only what Keel implements: form elicitation (shown to the user or declined), and roots when
      // the user allowed this server some folders (none by default). No sampling.
      capabilities: { elicitation: { form: {} }, ...(withRoots ? { roots: { listChanged: true } } : {}) },
      jsonSchemaValidator: acceptEverything,
      ...revisionOptions(wireOf(transport, stdio), stdioRevision),
    })
    const session: Session = {
      generation,
      client,
      transport,
      stdio,
      lost: false,
      lostReason: undefined,
      readyAt: undefined,
      roots: withRoots,
    }
    client.setRequestHandler('elicitation/create', (request) => this.answerElicitation(session, request))
    if (withRoots) client.setRequestHandler('roots/list', () => ({ roots: mcpRootsForWire(this.roots) }))
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      if (session === this.current) this.fireToolsChanged()
    })
    client.setNotificationHandler('notifications/resources/updated', (notification) => {
      if (session === this.current) this.fireResourceUpdated(notification.params.uri)
    })
    client.onclose = () => this.onSessionClosed(session)
    // Errors the SDK reports out of band (an unparsable line, an unknown progress token) are not fatal.
    client.onerror = () => undefined
    this.pending = session
    try {
      await client.connect(transport, { timeout })
      return session
    } catch (error) {
      const reason = this.startFailureReason(session, error, deadline)
      await this.endSession(session, reason.message)
      throw reason
    } finally {
      if (this.pending === session) this.pending = undefined
    }
  }

  private startFailureReason(session: Session, error: unknown, timeout: number): StartFailure {
    const failure = this.describeStartFailure(session, error, timeout)
    return new StartFailure(failure.message, failure.retry, error, session.stdio?.ended === true)
  }

  private describeStartFailure(session: Session, error: unknown, timeout: number): { message: string; retry: boolean } {
    const code = (error as NodeJS.ErrnoException | undefined)?.code
    if (code === 'ENOENT') return reasonOf(`Command not found: ${this.spec.command ?? ''}`, false)
    if (code === 'EACCES') return reasonOf(`Command not executable: ${this.spec.command ?? ''}`, false)
    const tail = this.stderr.explanation()
    const withTail = (text: string) => (tail && session.stdio ? `${text}: ${tail}` : text)
    if (session.stdio?.fatalError) return reasonOf(session.stdio.fatalError.message, true)
    if (session.stdio?.exit)
      return reasonOf(withTail(`It exited before it was ready (${describeExit(session.stdio.exit)})`), true)
    if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
      return reasonOf(withTail(`Did not answer initialize within ${seconds(timeout)}`), true)
    }
    if (error instanceof SdkError && error.code === SdkErrorCode.ConnectionClosed && session.stdio) {
      return reasonOf(withTail('It closed the connection before it was ready'), true)
    }
    // The body of an HTTP error is often a whole HTML page: the status says enough.
    if (error instanceof SdkHttpError)
      return reasonOf(
        `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''} from ${this.spec.url ?? ''}`,
        true,
      )
    return reasonOf(error instanceof Error ? error.message : String(error), true)
  }

  /** The SDK saw the transport close: a crash or exit (or our own close). */
  private onSessionClosed(session: Session) {
    if (session.lost) return
    session.lost = true
    session.lostReason = this.lossReason(session)
    if (session !== this.current || this.closed) return
    this.current = undefined
    this.fail(session.lostReason, true, session.readyAt)
  }

  private lossReason(session: Session): string {
    if (session.stdio?.fatalError) return session.stdio.fatalError.message
    if (session.stdio?.exit) {
      const tail = this.stderr.explanation()
      return `The server exited (${describeExit(session.stdio.exit)})${tail ? `: ${tail}` : ''}`
    }
    return 'The connection closed'
  }

  private fail(reason: string, retry: boolean, readyAt?: number, auth?: McpAuthRefusal) {
    if (readyAt !== undefined && this.now() - readyAt >= this.backoff.stableMs) this.failures = 0
    this.failures++
    if (!retry) {
      this.setStatus({ state: 'failed', reason, retryAt: undefined, ...(auth ? { auth } : {}) })
      return
    }
    const delay = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** Math.min(this.failures - 1, 30))
    this.setStatus({ state: 'failed', reason, retryAt: this.now() + delay })
    clearTimeout(this.retryTimer)
    this.retryTimer = setTimeout(() => void this.start(), delay)
    this.retryTimer.unref?.()
  }

  private async endSession(session: Session, reason: string): Promise<void> {
    if (!session.lost) {
      session.lost = true
      session.lostReason = reason
    }
    // Streamable HTTP: end the server's session (DELETE) before dropping the connection.
    if (session.transport instanceof StreamableHTTPClientTransport && session.transport.sessionId) {
      await session.transport.terminateSession().catch(() => undefined)
    }
    await session.client.close().catch(() => undefined)
    // client.close() closes only a connected transport: make sure a half-started process ends too.
    await session.stdio?.close()
  }

  /** A server's question during a call goes to that call's form; with none (or several calls running, which is ambiguous) it is declined. */
  private async answerElicitation(session: Session, request: ElicitRequest): Promise<ElicitResult> {
    const params = request.params
    if (params.mode === 'url') return { action: 'decline' }
    const running = [...this.calls].filter((call) => call.session === session)
    const only = running.length === 1 ? running[0] : undefined
    if (!only?.elicit) return { action: 'decline' }
    const answer = await only.elicit({
      from: this.spec.name,
      message: params.message,
      requestedSchema: params.requestedSchema as Record<string, unknown>,
    })
    return answer.action === 'accept' ? { action: 'accept', content: answer.content } : { action: answer.action }
  }

  private setStatus(status: McpServerStatus) {
    this.state = status
    for (const listener of [...this.statusListeners]) listener(status)
  }

  private fireToolsChanged() {
    for (const listener of [...this.toolsListeners]) listener()
  }
}

/** The HTTP transport of a session (OAuth applies to HTTP only). */
function httpTransport(transport: Transport): StreamableHTTPClientTransport | SSEClientTransport {
  return transport as StreamableHTTPClientTransport | SSEClientTransport
}

function describeExit(exit: { code: number | null; signal: NodeJS.Signals | null }): string {
  return exit.signal ? `signal ${exit.signal}` : `code ${exit.code ?? 'unknown'}`
}

function callResult(result: CallToolResult): McpCallResult {
  const structured = result.structuredContent
  return {
    content: result.content as McpContent[],
    structuredContent:
      structured !== null && typeof structured === 'object' && !Array.isArray(structured)
        ? (structured as Record<string, unknown>)
        : undefined,
    isError: result.isError,
  }
}

/** A duration as the user reads it: `1 s`, `2.5 s`. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`
}

function reasonOf(message: string, retry: boolean): { message: string; retry: boolean } {
  return { message, retry }
}
