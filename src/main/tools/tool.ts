import type { Locale } from '../../shared/locale'
import type { JsonValue } from '../../shared/json-value'
import type { ToolPreview } from '../../shared/tool-preview'
import type { ToolArgumentIssue, ToolEffect, ToolFailure, ToolResultPart } from '../../shared/tool-outcome'

export type { ToolEffect } from '../../shared/tool-outcome'

/**
 * A tool's arguments: the JSON Schema providers are sent, and the one check that decides whether a
 * call's arguments may run (built-ins: a zod schema through `zodToolSchema`; MCP tools: their JSON
 * Schema through Ajv). `validate` returns the value the tool receives (normalized for built-ins)
 * and the idempotency key is computed from — never a default that depends on the moment of running.
 */
export interface ToolSchema {
  jsonSchema: Record<string, unknown>
  validate(args: Record<string, unknown>): { ok: true; value: unknown } | { ok: false; issues: ToolArgumentIssue[] }
}

/** What running a tool produced: its output (and, for rich results, its parts), or a typed failure. */
export type ToolRunResult =
  | { ok: true; output: JsonValue; parts?: ToolResultPart[] | undefined }
  /** `notRun`: the tool certainly did not start (its request never left Keel): nothing is recorded, so the same action may be tried again. */
  | { ok: false; failure: ToolFailure; notRun?: boolean | undefined }

/** The call being run, as the harness identified it. */
export interface ToolRunContext {
  conversationId: string
  turnId: string
  callId: string
  /** The moment of this execution (epoch ms), read once: defaults such as "date = now" use it. */
  now: number
  /** The user's IANA time zone: a calendar day the model gives is a day there. */
  timeZone: string
}

/** A run of a tool whose effect is outside Keel's database: it can be stopped, timed out, and report progress. */
export interface ToolCallOptions extends ToolRunContext {
  signal: AbortSignal
  /** How long the call may take before it is abandoned (its outcome is then unknown). */
  timeoutMs: number | undefined
  onProgress?: (progress: { progress: number; total?: number | undefined; message?: string | undefined }) => void
  /**
   * Asks the user for input on the tool's behalf (an MCP server's elicitation), on the window or
   * terminal that runs the turn. Absent: nobody can be asked (the request is declined).
   */
  elicit?: (request: ElicitationRequest) => Promise<ElicitationAnswer>
}

/** A form a tool's server asks the user to fill in (a flat JSON Schema of primitive fields). */
export interface ElicitationRequest {
  /** Who asks (the server's name as the user configured it). */
  from: string
  message: string
  requestedSchema: Record<string, unknown>
}

export type ElicitationAnswer =
  | { action: 'accept'; content: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' }
  | { action: 'cancel' }

/**
 * Thrown by a tool's `call` when its outcome cannot be known (the user's stop reached it, it timed
 * out, the connection was lost mid-call): the action stays `unknown` in the ledger, is never run
 * again, and `reason` is what the model and the user are told.
 */
export class ToolOutcomeUnknown extends Error {
  override readonly name = 'ToolOutcomeUnknown'
  constructor(readonly reason: string) {
    super(reason)
  }
}

interface ToolBase {
  /** The name providers are sent: unique among the tools of a turn, `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string
  /** What the window calls it ("Record measurement"). */
  title: string
  /** Its title in the window's other languages, when known (the built-ins). */
  titles?: Partial<Record<Locale, string>>
  /** Model-facing: what the tool does and when to use it. */
  description: string
  schema: ToolSchema
  /** Which source it comes from (`keel` for the built-ins); part of the idempotency key of every other source's actions. */
  source: string
  /**
   * What "always allow" is keyed to (default: the name). An MCP tool's grant names its server, tool
   * and definition hash, so a changed definition voids it.
   */
  grantKey?: string | undefined
  /**
   * What "always allow" is keyed to for one call, from its validated arguments (replaces `grantKey`
   * for that call): `<name>@<scope>`. The page reader grants per site, so "always" for one site is
   * not every site.
   */
  grantKeyOf?: ((input: unknown) => string) | undefined
  /** Who provides it, for the approval card (an MCP server's name); absent for Keel's own tools. */
  provider?: string | undefined
  /** Hints shown on the approval card (untrusted: they never decide anything on their own). */
  hints?:
    | { destructive?: boolean | undefined; openWorld?: boolean | undefined; readOnly?: boolean | undefined }
    | undefined
  /** The longest a call may run in all before its outcome is given up as unknown (default: the registry's). */
  maxTimeoutMs?: number | undefined
  /**
   * Looks up (read-only, never writes) what a call with these validated arguments would act on, to
   * show it when the user is asked ("Weight 71.8 kg, 10 Nov 2026", not `{"id": 3}`). Keel's own tools only.
   */
  preview?: ((input: unknown) => ToolPreview) | undefined
}

/**
 * A tool that changes Keel's own database: it runs synchronously *inside* the ledger's
 * transaction, so its writes, the ledger entry and its result commit together, exactly once.
 * Only Keel's built-ins can be local.
 */
export interface LocalTool extends ToolBase {
  effect: 'local'
  runLocal(input: unknown, context: ToolRunContext & { ledgerEntryId: number }): ToolRunResult
}

/**
 * Any other tool: a pure read (`none`, runs without asking, may be retried once), or an effect
 * outside Keel (`external`, or `unknown` when nobody can say — treated as external): asked for,
 * claimed in the ledger before it starts, never re-run; when its outcome cannot be known (stopped,
 * timed out, connection lost, process killed mid-call) it stays `unknown`.
 */
export interface CallableTool extends ToolBase {
  effect: Exclude<ToolEffect, 'local'>
  call(input: unknown, options: ToolCallOptions): Promise<ToolRunResult> | ToolRunResult
}

export type Tool = LocalTool | CallableTool

/**
 * Where tools come from: Keel's built-ins, a test's fake external tools, an MCP server. Owned by
 * the app service; the registry composes sources and keeps validation, approval policy and the
 * ledger for all of them alike.
 */
export interface ToolSource {
  readonly id: string
  /** The tools this source offers now. */
  list(): readonly Tool[]
  /** Called when `list` would answer differently (an MCP server's `tools/list_changed`). */
  onChanged?(listener: () => void): () => void
  close?(): Promise<void>
}

/** The source of Keel's own tools: its actions' idempotency keys are those Keel always made. */
export const BUILTIN_SOURCE = 'keel'

export function isLocalTool(tool: Tool): tool is LocalTool {
  return tool.effect === 'local'
}
