import type Database from 'better-sqlite3'
import { z } from 'zod'
import { MAX_ARGUMENT_DEPTH, TOO_DEEP_ARGUMENTS_TEXT, jsonTextExceedsDepth, valueExceedsDepth } from '../../shared/json-depth'
import type { JsonValue } from '../../shared/json-value'
import type {
  ToolArgumentIssue,
  ToolCallOutcome,
  ToolCallRequest,
  ToolDescriptor,
  ToolFailure,
  ToolKind,
} from '../../shared/tool-outcome'
import { toIsoString, type Clock } from '../db/clock'
import type { KeelStore } from '../db/keel-store'
import { isSqliteError, toStorageError } from '../db/sqlite-error'
import { applyOnce, claimOnce, recordExternalResult, type ApplyOnceResult } from '../ledger/apply-once'
import { canonicalJson } from '../ledger/canonical-json'
import { computeIdempotencyKey } from '../ledger/idempotency-key'
import type { LedgerEntry, ToolLedger } from '../ledger/tool-ledger'
import { summarizeIssues, toArgumentIssues } from './argument-issues'
import { createMeasurementTools } from './builtin/measurement-tools'
import type { HandlerResult, ToolDefinition } from './define-tool'

/**
 * A call whose tool exists and whose arguments passed the schema: ready to be approved and run.
 * For writes, `alreadyRecorded` is the ledger entry of the same action if there is one (the call
 * would only return the stored result, so there is nothing to approve).
 */
export interface PreparedToolCall {
  status: 'ready'
  request: ToolCallRequest
  tool: ToolDescriptor
  /** The validated, normalized arguments. */
  input: unknown
  /** For writes: the key of the logical action. */
  idempotencyKey: string | undefined
  alreadyRecorded: LedgerEntry | undefined
}

export type PrepareResult = PreparedToolCall | Extract<ToolCallOutcome, { status: 'invalid-arguments' | 'unknown-tool' }>

export interface ToolRegistry {
  /** Every tool with its name, description, kind and generated JSON Schema, in declaration order. */
  list(): ToolDescriptor[]
  /**
   * The harness's second check (after "did the whole turn arrive"): does the tool exist and do the
   * arguments pass its schema? Runs nothing and writes nothing.
   */
  prepareToolCall(request: ToolCallRequest): PrepareResult
  /**
   * Checks, then runs one call and returns its one outcome (never throws for a tool problem):
   * reads run directly (retried once on a retryable failure); writes go through the ledger
   * (effect + record in one transaction; a repeated action returns the stored result).
   */
  executeToolCall(request: ToolCallRequest, options?: { signal?: AbortSignal }): Promise<ToolCallOutcome>
}

interface RegisteredTool {
  definition: ToolDefinition
  descriptor: ToolDescriptor
  allowedKeys: string[]
}

export interface ToolRegistryDeps {
  db: Database.Database
  ledger: ToolLedger
  clock: Clock
  tools: readonly ToolDefinition[]
}

/** The registry of Keel's built-in tools on a store. */
export function createKeelToolRegistry(store: KeelStore): ToolRegistry {
  return createToolRegistry({
    db: store.db,
    ledger: store.ledger,
    clock: store.clock,
    tools: createMeasurementTools({ measurements: store.measurements, clock: store.clock }),
  })
}

export function createToolRegistry(deps: ToolRegistryDeps): ToolRegistry {
  const tools = new Map<string, RegisteredTool>()
  for (const definition of deps.tools) {
    if (tools.has(definition.name)) throw new Error(`tool '${definition.name}' is declared twice`)
    if (!/^[a-zA-Z0-9_-]{1,64}$/.test(definition.name)) throw new Error(`tool name '${definition.name}' is not valid for providers`)
    const inputJsonSchema = z.toJSONSchema(definition.inputSchema, { io: 'input' }) as Record<string, unknown>
    if (inputJsonSchema.type !== 'object' || inputJsonSchema.additionalProperties !== false) {
      throw new Error(`tool '${definition.name}' must take a strict object (unknown keys rejected)`)
    }
    const properties = (inputJsonSchema.properties ?? {}) as Record<string, unknown>
    tools.set(definition.name, {
      definition,
      descriptor: { name: definition.name, description: definition.description, kind: definition.kind, inputJsonSchema },
      allowedKeys: Object.keys(properties),
    })
  }

  function prepareToolCall(request: ToolCallRequest): PrepareResult {
    const base = { callId: request.callId, toolName: request.toolName }
    const registered = tools.get(request.toolName)
    if (!registered) {
      const availableTools = [...tools.keys()]
      return {
        ...base,
        status: 'unknown-tool',
        availableTools,
        message: `There is no tool named '${request.toolName}'. Available tools: ${availableTools.join(', ')}.`,
      }
    }
    const args = request.arguments
    // Before anything recursive (zod, canonical JSON) walks them: a few thousand levels overflow the stack.
    const tooDeep =
      valueExceedsDepth(args) ||
      (args === undefined && request.argumentsText !== undefined && (request.argumentsText === TOO_DEEP_ARGUMENTS_TEXT || jsonTextExceedsDepth(request.argumentsText)))
    if (tooDeep) {
      const issues: ToolArgumentIssue[] = [{ path: '', message: `the arguments are nested too deeply (more than ${MAX_ARGUMENT_DEPTH} levels); send a flat object` }]
      return { ...base, status: 'invalid-arguments', issues, message: summarizeIssues(request.toolName, issues) }
    }
    if (typeof args !== 'object' || args === null || Array.isArray(args)) {
      const issues: ToolArgumentIssue[] = [
        { path: '', message: 'the arguments were not one complete JSON object (they may have been cut off or malformed)' },
      ]
      return { ...base, status: 'invalid-arguments', issues, message: summarizeIssues(request.toolName, issues) }
    }
    const parsed = registered.definition.inputSchema.safeParse(args, { reportInput: true })
    if (!parsed.success) {
      const issues = toArgumentIssues(parsed.error, registered.allowedKeys)
      return { ...base, status: 'invalid-arguments', issues, message: summarizeIssues(request.toolName, issues) }
    }
    let idempotencyKey: string | undefined
    let alreadyRecorded: LedgerEntry | undefined
    if (registered.definition.kind === 'write') {
      idempotencyKey = computeIdempotencyKey({
        conversationId: request.conversationId,
        turnId: request.turnId,
        toolName: request.toolName,
        canonicalArguments: parsed.data,
      })
      try {
        alreadyRecorded = deps.ledger.findByKey(idempotencyKey)
      } catch {
        // Informational only: execution looks the key up again inside its transaction.
        alreadyRecorded = undefined
      }
    }
    return { status: 'ready', request, tool: registered.descriptor, input: parsed.data, idempotencyKey, alreadyRecorded }
  }

  async function executeToolCall(request: ToolCallRequest, options: { signal?: AbortSignal } = {}): Promise<ToolCallOutcome> {
    let prepared: PrepareResult
    try {
      prepared = prepareToolCall(request)
    } catch (error) {
      return failedNow(request, tools.get(request.toolName)?.definition.kind ?? 'read', undefined, thrownFailure(error))
    }
    if (prepared.status !== 'ready') return prepared
    const definition = tools.get(request.toolName)?.definition
    if (!definition) throw new Error('unreachable: prepared tool vanished')
    const now = deps.clock()
    const context = { conversationId: request.conversationId, turnId: request.turnId, callId: request.callId, now, timeZone: request.timeZone ?? 'UTC' }

    if (definition.kind === 'read') return runRead(request, () => definition.handler(prepared.input, context))

    const key = prepared.idempotencyKey
    if (key === undefined) throw new Error('unreachable: a write without an idempotency key')
    const ledgerRequest = {
      idempotencyKey: key,
      conversationId: request.conversationId,
      turnId: request.turnId,
      toolName: request.toolName,
      argumentsJson: canonicalJson(prepared.input),
      callId: request.callId,
      now,
    }

    if (definition.effect === 'local') {
      const result = applyOnce(deps.db, deps.ledger, ledgerRequest, (ledgerEntryId) =>
        definition.handler(prepared.input, { ...context, ledgerEntryId }),
      )
      return writeOutcome(request, key, result)
    }

    const claim = claimOnce(deps.db, deps.ledger, ledgerRequest)
    if (claim.kind !== 'claimed') return writeOutcome(request, key, claim)
    let result: HandlerResult
    try {
      result = await definition.run(prepared.input, { ...context, ledgerEntryId: claim.entry.id, signal: options.signal })
    } catch (error) {
      result = { ok: false, failure: { kind: 'external', message: `The action failed: ${errorText(error)}`, retryable: false } }
    }
    const recorded = recordExternalResult(deps.db, deps.ledger, claim.entry.id, result, deps.clock())
    if (!recorded.ok) {
      // The effect happened (or failed) outside; its record did not commit. The entry stays `unknown`.
      return unknownOutcome(request, key, claim.entry, 'The action ran but its result could not be saved; check it before trying again.')
    }
    return writeOutcome(request, key, { kind: 'applied', entry: recorded.entry })
  }

  return {
    list: () => [...tools.values()].map((tool) => tool.descriptor),
    prepareToolCall,
    executeToolCall,
  }
}

/** Reads are not ledgered: a retryable failure (a busy or flaky disk) is tried once more. */
function runRead(request: ToolCallRequest, run: () => HandlerResult): ToolCallOutcome {
  let result = attemptRead(run)
  if (!result.ok && result.failure.retryable) result = attemptRead(run)
  if (result.ok) {
    return { callId: request.callId, toolName: request.toolName, status: 'succeeded', kind: 'read', output: result.output, repeated: false, idempotencyKey: undefined }
  }
  return failedNow(request, 'read', undefined, result.failure)
}

function attemptRead(run: () => HandlerResult): HandlerResult {
  try {
    return run()
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
        return { ...base, status: 'failed', kind: 'write', error, repeated, idempotencyKey: key, firstRecordedAt: repeated ? firstRecordedAt : undefined }
      }
      const output: JsonValue = entry.output ?? null
      if (repeated) return { ...base, status: 'succeeded', kind: 'write', output, repeated: true, firstRecordedAt, idempotencyKey: key }
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

function failedNow(request: ToolCallRequest, kind: ToolKind, key: string | undefined, error: ToolFailure): ToolCallOutcome {
  return { callId: request.callId, toolName: request.toolName, status: 'failed', kind, error, repeated: false, idempotencyKey: key, firstRecordedAt: undefined }
}

function thrownFailure(error: unknown): ToolFailure {
  if (isSqliteError(error)) {
    const storage = toStorageError(error)
    return { kind: 'storage', message: `The data could not be read (${storage.message}).`, retryable: storage.retryable }
  }
  return { kind: 'internal', message: `The tool failed unexpectedly (${errorText(error)}).`, retryable: false }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
