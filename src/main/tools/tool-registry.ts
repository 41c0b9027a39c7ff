import {
  MAX_ARGUMENT_DEPTH,
  TOO_DEEP_ARGUMENTS_TEXT,
  jsonTextExceedsDepth,
  valueExceedsDepth,
} from '../../shared/json-depth'
import type { JsonValue } from '../../shared/json-value'
import type { ToolPreview } from '../../shared/tool-preview'
import {
  kindOfEffect,
  type ToolArgumentIssue,
  type ToolCallOutcome,
  type ToolCallRequest,
  type ToolDescriptor,
  type ToolFailure,
  type ToolKind,
} from '../../shared/tool-outcome'
import { toIsoString, type Clock } from '../db/clock'
import type { StoreWriter } from '../db/keel-store'
import { isSqliteError, toStorageError } from '../db/sqlite-error'
import type { ApplyOnceResult, ExactlyOnce } from '../ledger/apply-once'
import { canonicalJson } from '../ledger/canonical-json'
import { computeIdempotencyKey } from '../ledger/idempotency-key'
import type { LedgerEntry } from '../ledger/tool-ledger'
import { summarizeIssues } from './argument-issues'
import { createKeelToolSource } from './builtin/keel-tool-source'
import {
  BUILTIN_SOURCE,
  ToolOutcomeUnknown,
  type CallableTool,
  type Tool,
  type ToolCallOptions,
  type ToolRunResult,
  type ToolSource,
} from './tool'

/**
 * A call whose tool exists and whose arguments passed its schema: ready to be approved and run.
 * For tools with an effect, `alreadyRecorded` is the ledger entry of the same action if there is one
 * (the call would only return the stored result, so there is nothing to approve).
 */
export interface PreparedToolCall {
  status: 'ready'
  request: ToolCallRequest
  tool: ToolDescriptor
  /** The validated (for built-ins, normalized) arguments. */
  input: unknown
  /** For tools with an effect: the key of the logical action. */
  idempotencyKey: string | undefined
  alreadyRecorded: LedgerEntry | undefined
  /** What a write would act on (read-only look-up), for its approval card; only tools that give one. */
  preview?: ToolPreview | undefined
}

export type PrepareResult =
  | PreparedToolCall
  | Extract<ToolCallOutcome, { status: 'invalid-arguments' | 'unknown-tool' }>

/** The tools of one moment: a turn takes one at its start and keeps it (a source that changes mid-turn changes the next turn). */
export interface ToolSet {
  /** Every tool with its name, title, effect, source and JSON Schema, in the sources' order. */
  list(): ToolDescriptor[]
  /**
   * The harness's second check (after "did the whole turn arrive"): does the tool exist and do the
   * arguments pass its schema? Runs nothing and writes nothing.
   */
  prepareToolCall(request: ToolCallRequest): PrepareResult
  /**
   * Checks, then runs one call and returns its one outcome (never throws for a tool problem):
   * pure reads run directly (retried once on a retryable failure); Keel's own writes go through the
   * ledger in one transaction; effects outside Keel are claimed first and never re-run (an outcome
   * that cannot be known stays `unknown`).
   */
  executeToolCall(request: ToolCallRequest, options?: ExecuteOptions): Promise<ToolCallOutcome>
}

export interface ExecuteOptions {
  signal?: AbortSignal
  onProgress?: CallableToolProgress
  elicit?: ToolCallOptions['elicit']
}

export type CallableToolProgress = (progress: {
  progress: number
  total?: number | undefined
  message?: string | undefined
}) => void

/** The tools of every source, composed: validation, approval policy and the ledger, the same for all. */
export interface ToolRegistry extends ToolSet {
  /** The tools as they are now, fixed for the caller (one turn). */
  snapshot(): ToolSet
  /** Called when a source's tools change. */
  onChanged(listener: () => void): () => void
  /** Closes every source (their processes, connections). */
  close(): Promise<void>
}

export interface ToolRegistryDeps {
  /** The store's exactly-once steps (`store.exactlyOnce`): effects and their ledger entries commit together. */
  exactlyOnce: ExactlyOnce
  clock: Clock
  sources: readonly ToolSource[]
  /** How long a call outside Keel may take before it is abandoned as unknown (default 60 s). */
  callTimeoutMs?: number
}

const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/
export const DEFAULT_TOOL_CALL_TIMEOUT_MS = 60_000

/** The registry of Keel's built-in tools on a store, plus any other sources (tests, MCP servers). */
export function createKeelToolRegistry(
  store: StoreWriter,
  options: { sources?: readonly ToolSource[]; callTimeoutMs?: number } = {},
): ToolRegistry {
  return createToolRegistry({
    exactlyOnce: store.exactlyOnce,
    clock: store.clock,
    sources: [
      createKeelToolSource({ measurements: store.measurements, clock: store.clock }),
      ...(options.sources ?? []),
    ],
    ...(options.callTimeoutMs !== undefined ? { callTimeoutMs: options.callTimeoutMs } : {}),
  })
}

export function createToolRegistry(deps: ToolRegistryDeps): ToolRegistry {
  const current = (): ToolSet => toolSet(deps, collect(deps.sources))
  const listeners = new Set<() => void>()
  const unsubscribe = deps.sources.map((source) =>
    source.onChanged?.(() => listeners.forEach((listener) => listener())),
  )
  return {
    list: () => current().list(),
    prepareToolCall: (request) => current().prepareToolCall(request),
    executeToolCall: (request, options) => current().executeToolCall(request, options),
    snapshot: current,
    onChanged(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async close() {
      for (const stop of unsubscribe) stop?.()
      await Promise.allSettled(deps.sources.map((source) => source.close?.()))
    },
  }
}

/** The tools of all sources, by provider name: a name must be valid for providers and unique (the first source's wins). */
function collect(sources: readonly ToolSource[]): Map<string, Tool> {
  const tools = new Map<string, Tool>()
  for (const source of sources) {
    for (const tool of source.list()) {
      if (!PROVIDER_TOOL_NAME.test(tool.name)) continue
      if (tools.has(tool.name)) {
        if (source.id === BUILTIN_SOURCE) throw new Error(`tool '${tool.name}' is declared twice`)
        continue
      }
      tools.set(tool.name, tool)
    }
  }
  return tools
}

function descriptorOf(tool: Tool): ToolDescriptor {
  return {
    name: tool.name,
    title: tool.title,
    ...(tool.titles ? { titles: tool.titles } : {}),
    description: tool.description,
    effect: tool.effect,
    source: tool.source,
    inputJsonSchema: tool.schema.jsonSchema,
    grantKey: tool.grantKey ?? tool.name,
    ...(tool.grantKeyOf ? { grantScoped: true as const } : {}),
    ...(tool.provider ? { provider: tool.provider } : {}),
    ...(tool.hints ? { hints: tool.hints } : {}),
  }
}

/** The descriptor of one call: a tool that grants per call (`grantKeyOf`) names this call's grant. */
function callDescriptor(tool: Tool, descriptor: ToolDescriptor, input: unknown): ToolDescriptor {
  return tool.grantKeyOf ? { ...descriptor, grantKey: tool.grantKeyOf(input) } : descriptor
}

/** A preview is a courtesy to the user: when the look-up fails, the card simply shows the arguments. */
function previewOf(preview: (input: unknown) => ToolPreview, input: unknown): ToolPreview | undefined {
  try {
    return preview(input)
  } catch {
    return undefined
  }
}

function toolSet(deps: ToolRegistryDeps, tools: ReadonlyMap<string, Tool>): ToolSet {
  const descriptors = new Map([...tools].map(([name, tool]) => [name, descriptorOf(tool)]))

  function prepareToolCall(request: ToolCallRequest): PrepareResult {
    const base = { callId: request.callId, toolName: request.toolName }
    const tool = tools.get(request.toolName)
    if (!tool) {
      const availableTools = [...tools.keys()]
      return {
        ...base,
        status: 'unknown-tool',
        availableTools,
        message: `There is no tool named '${request.toolName}'. Available tools: ${availableTools.join(', ')}.`,
      }
    }
    const args = request.arguments
    // Before anything recursive (validation, canonical JSON) walks them: a few thousand levels overflow the stack.
    const tooDeep =
      valueExceedsDepth(args) ||
      (args === undefined &&
        request.argumentsText !== undefined &&
        (request.argumentsText === TOO_DEEP_ARGUMENTS_TEXT || jsonTextExceedsDepth(request.argumentsText)))
    if (tooDeep) {
      return invalid(base, request.toolName, [
        {
          path: '',
          message: `the arguments are nested too deeply (more than ${MAX_ARGUMENT_DEPTH} levels); send a flat object`,
        },
      ])
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      return invalid(base, request.toolName, [
        {
          path: '',
          message: 'the arguments were not one complete JSON object (they may have been cut off or malformed)',
        },
      ])
    }
    const validated = tool.schema.validate(args as Record<string, unknown>)
    if (!validated.ok) return invalid(base, request.toolName, validated.issues)
    let idempotencyKey: string | undefined
    let alreadyRecorded: LedgerEntry | undefined
    if (tool.effect !== 'none') {
      idempotencyKey = computeIdempotencyKey({
        conversationId: request.conversationId,
        turnId: request.turnId,
        toolName: request.toolName,
        canonicalArguments: validated.value,
        // The built-ins' keys stay byte-identical to those of earlier versions (existing ledgers keep working).
        source: tool.source === BUILTIN_SOURCE ? undefined : tool.source,
      })
      try {
        alreadyRecorded = deps.exactlyOnce.ledger.findByKey(idempotencyKey)
      } catch {
        // Informational only: execution looks the key up again inside its transaction.
        alreadyRecorded = undefined
      }
    }
    const preview =
      tool.effect !== 'none' && tool.preview && !alreadyRecorded ? previewOf(tool.preview, validated.value) : undefined
    return {
      status: 'ready',
      request,
      tool: callDescriptor(tool, descriptors.get(tool.name)!, validated.value),
      input: validated.value,
      idempotencyKey,
      alreadyRecorded,
      ...(preview ? { preview } : {}),
    }
  }

  async function executeToolCall(request: ToolCallRequest, options: ExecuteOptions = {}): Promise<ToolCallOutcome> {
    const tool = tools.get(request.toolName)
    let prepared: PrepareResult
    try {
      prepared = prepareToolCall(request)
    } catch (error) {
      return failedNow(request, tool ? kindOfEffect(tool.effect) : 'read', undefined, thrownFailure(error))
    }
    if (prepared.status !== 'ready' || !tool) return prepared as ToolCallOutcome
    const now = deps.clock()
    const context = {
      conversationId: request.conversationId,
      turnId: request.turnId,
      callId: request.callId,
      now,
      timeZone: request.timeZone ?? 'UTC',
    }

    if (tool.effect === 'none') {
      return runRead(request, () =>
        tool.call(prepared.input, {
          ...context,
          signal: options.signal ?? new AbortController().signal,
          timeoutMs: tool.maxTimeoutMs ?? deps.callTimeoutMs ?? DEFAULT_TOOL_CALL_TIMEOUT_MS,
          onProgress: options.onProgress,
          elicit: options.elicit,
        }),
      )
    }

    const key = prepared.idempotencyKey
    if (key === undefined) throw new Error('unreachable: an effect without an idempotency key')
    const ledgerRequest = {
      idempotencyKey: key,
      conversationId: request.conversationId,
      turnId: request.turnId,
      toolName: request.toolName,
      argumentsJson: canonicalJson(prepared.input),
      callId: request.callId,
      now,
    }

    if (tool.effect === 'local') {
      const result = deps.exactlyOnce.applyOnce(ledgerRequest, (ledgerEntryId) =>
        tool.runLocal(prepared.input, { ...context, ledgerEntryId }),
      )
      return writeOutcome(request, key, result)
    }

    // Outside Keel: claimed first (state `unknown`), so a crash mid-call can never lead to a second run.
    const claim = deps.exactlyOnce.claimOnce(ledgerRequest)
    if (claim.kind !== 'claimed') return writeOutcome(request, key, claim)
    const ran = await runExternal(tool, prepared.input, {
      ...context,
      signal: options.signal,
      timeoutMs: tool.maxTimeoutMs ?? deps.callTimeoutMs ?? DEFAULT_TOOL_CALL_TIMEOUT_MS,
      onProgress: options.onProgress,
      elicit: options.elicit,
    })
    if (ran.kind === 'unknown') return unknownOutcome(request, key, claim.entry, ran.reason)
    if (!ran.result.ok && ran.result.notRun && deps.exactlyOnce.ledger.releaseClaim(claim.entry.id)) {
      return {
        callId: request.callId,
        toolName: request.toolName,
        status: 'failed',
        kind: 'write',
        error: ran.result.failure,
        repeated: false,
        idempotencyKey: undefined,
        firstRecordedAt: undefined,
      }
    }
    const recorded = deps.exactlyOnce.recordExternalResult(claim.entry.id, ran.result, deps.clock())
    if (!recorded.ok) {
      // The effect happened (or failed) outside; its record did not commit. The entry stays `unknown`.
      return unknownOutcome(request, key, claim.entry, 'The action ran but its result could not be saved.')
    }
    const outcome = writeOutcome(request, key, { kind: 'applied', entry: recorded.entry })
    return ran.result.ok && ran.result.parts && outcome.status === 'succeeded' && !outcome.repeated
      ? { ...outcome, parts: ran.result.parts }
      : outcome
  }

  return {
    list: () => [...descriptors.values()],
    prepareToolCall,
    executeToolCall,
  }
}

/**
 * Runs a call outside Keel. A result (success or the tool's own failure) is known. The user's stop,
 * the timeout, or a throw (a lost connection, a crashed server) is not: the effect may or may not
 * have happened, so the outcome is `unknown` and the action is never re-run.
 */
async function runExternal(
  tool: CallableTool,
  input: unknown,
  options: {
    conversationId: string
    turnId: string
    callId: string
    now: number
    timeZone: string
    signal: AbortSignal | undefined
    timeoutMs: number
    onProgress: CallableToolProgress | undefined
    elicit: ToolCallOptions['elicit']
  },
): Promise<{ kind: 'known'; result: ToolRunResult } | { kind: 'unknown'; reason: string }> {
  if (options.signal?.aborted) return { kind: 'unknown', reason: 'The turn was stopped as the action started.' }
  const controller = new AbortController()
  let why: 'stopped' | 'timeout' | undefined
  const stop = () => {
    why ??= 'stopped'
    controller.abort(options.signal?.reason)
  }
  options.signal?.addEventListener('abort', stop, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  const abandoned = new Promise<'abandoned'>((resolve) => {
    controller.signal.addEventListener('abort', () => resolve('abandoned'), { once: true })
    timer = setTimeout(() => {
      why ??= 'timeout'
      controller.abort(new Error('timed out'))
    }, options.timeoutMs)
  })
  try {
    const running = Promise.resolve(
      tool.call(input, { ...options, signal: controller.signal, timeoutMs: options.timeoutMs }),
    )
    const settled = await Promise.race([running, abandoned])
    if (settled === 'abandoned') {
      running.catch(() => {}) // what it does now is no longer awaited (its outcome is unknown)
      return {
        kind: 'unknown',
        reason:
          why === 'timeout'
            ? `The action took longer than ${Math.round(options.timeoutMs / 1000)} s; Keel stopped waiting and asked it to cancel, but it may have finished.`
            : 'The user stopped the turn while the action ran; it was asked to cancel, but it may have finished.',
      }
    }
    return { kind: 'known', result: settled }
  } catch (error) {
    if (error instanceof ToolOutcomeUnknown) return { kind: 'unknown', reason: error.reason }
    return {
      kind: 'unknown',
      reason: `The connection to the tool was lost while the action ran (${errorText(error)}); it may or may not have happened.`,
    }
  } finally {
    if (timer) clearTimeout(timer)
    options.signal?.removeEventListener('abort', stop)
  }
}

function invalid(
  base: { callId: string; toolName: string },
  toolName: string,
  issues: ToolArgumentIssue[],
): PrepareResult {
  return { ...base, status: 'invalid-arguments', issues, message: summarizeIssues(toolName, issues) }
}

/** Reads are not ledgered: a retryable failure (a busy or flaky disk) is tried once more. */
async function runRead(
  request: ToolCallRequest,
  run: () => Promise<ToolRunResult> | ToolRunResult,
): Promise<ToolCallOutcome> {
  let result = await attemptRead(run)
  if (!result.ok && result.failure.retryable) result = await attemptRead(run)
  if (result.ok) {
    return {
      callId: request.callId,
      toolName: request.toolName,
      status: 'succeeded',
      kind: 'read',
      output: result.output,
      repeated: false,
      idempotencyKey: undefined,
      ...(result.parts ? { parts: result.parts } : {}),
    }
  }
  return failedNow(request, 'read', undefined, result.failure)
}

async function attemptRead(run: () => Promise<ToolRunResult> | ToolRunResult): Promise<ToolRunResult> {
  try {
    return await run()
  } catch (error) {
    return { ok: false, failure: thrownFailure(error) }
  }
}

function writeOutcome(request: ToolCallRequest, key: string, result: ApplyOnceResult): ToolCallOutcome {
  const base = { callId: request.callId, toolName: request.toolName }
  switch (result.kind) {
    case 'unknown-turn':
      return failedNow(request, 'write', key, {
        kind: 'unknown-turn',
        message: `Turn ${request.turnId} is not stored in conversation ${request.conversationId}; nothing was done.`,
        retryable: false,
      })
    case 'storage-error':
      return failedNow(request, 'write', key, {
        kind: 'storage',
        message: `The data could not be saved (${result.error.message}). Nothing was changed.`,
        retryable: result.error.retryable || result.error.kind === 'full',
      })
    case 'applied':
    case 'repeated': {
      const entry = result.entry
      const repeated = result.kind === 'repeated'
      const firstRecordedAt = toIsoString(entry.createdAt)
      if (entry.state === 'unknown') {
        return unknownOutcome(request, key, entry, 'This action was started before but its result was never recorded.')
      }
      if (entry.state === 'failed') {
        const error = entry.error ?? { kind: 'internal', message: 'The action failed.', retryable: false }
        return {
          ...base,
          status: 'failed',
          kind: 'write',
          error,
          repeated,
          idempotencyKey: key,
          firstRecordedAt: repeated ? firstRecordedAt : undefined,
        }
      }
      const output: JsonValue = entry.output ?? null
      if (repeated)
        return {
          ...base,
          status: 'succeeded',
          kind: 'write',
          output,
          repeated: true,
          firstRecordedAt,
          idempotencyKey: key,
        }
      return { ...base, status: 'succeeded', kind: 'write', output, repeated: false, idempotencyKey: key }
    }
  }
}

function unknownOutcome(request: ToolCallRequest, key: string, entry: LedgerEntry, reason: string): ToolCallOutcome {
  return {
    callId: request.callId,
    toolName: request.toolName,
    status: 'unknown',
    idempotencyKey: key,
    firstRecordedAt: toIsoString(entry.createdAt),
    message: `${reason} It was not run again, so it may or may not have taken effect; ask the user to check.`,
  }
}

function failedNow(
  request: ToolCallRequest,
  kind: ToolKind,
  key: string | undefined,
  error: ToolFailure,
): ToolCallOutcome {
  return {
    callId: request.callId,
    toolName: request.toolName,
    status: 'failed',
    kind,
    error,
    repeated: false,
    idempotencyKey: key,
    firstRecordedAt: undefined,
  }
}

function thrownFailure(error: unknown): ToolFailure {
  if (isSqliteError(error)) {
    const storage = toStorageError(error)
    return {
      kind: 'storage',
      message: `The data could not be read (${storage.message}).`,
      retryable: storage.retryable,
    }
  }
  return { kind: 'internal', message: `The tool failed unexpectedly (${errorText(error)}).`, retryable: false }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
