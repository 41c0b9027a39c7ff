import type { z } from 'zod'
import type { JsonValue } from '../../shared/json-value'
import type { ToolFailure } from '../../shared/tool-outcome'
import type { ToolPreview } from '../../shared/tool-preview'

/** What a handler returns: its output, or a typed failure (for writes, its writes are then undone). */
export type HandlerResult<Output extends JsonValue = JsonValue> =
  | { ok: true; output: Output }
  | { ok: false; failure: ToolFailure }

/** The call being executed, as the harness identified it. */
export interface ToolCallContext {
  conversationId: string
  turnId: string
  callId: string
  /** The moment of this execution (epoch ms), read once: defaults such as "date = now" use it. */
  now: number
  /** The user's IANA time zone: calendar days are its local days; outputs give instants with its offset. */
  timeZone: string
}

export interface WriteToolContext extends ToolCallContext {
  /** The ledger entry this execution is the effect of: rows the handler writes point at it. */
  ledgerEntryId: number
}

interface ToolBase<Schema extends z.ZodType> {
  /** snake_case, as providers require (`^[a-zA-Z0-9_-]{1,64}$`). */
  name: string
  /** What the window calls it, in English ("Record measurement"); `titles` in the other languages. */
  title: string
  titles?: Partial<Record<'pt-BR' | 'es', string>>
  /** Model-facing: what the tool does and when to use it. */
  description: string
  /**
   * The only declaration of the arguments. Must be strict (unknown keys rejected). Its output is
   * what the handler receives and what the idempotency key is computed from, so it must normalize
   * (units, dates) but must not fill in defaults that depend on the time of execution.
   */
  inputSchema: Schema
}

/** Looks only; not ledgered; may be retried once on a retryable failure. Runs synchronously. */
export interface ReadToolDefinition<Schema extends z.ZodType = z.ZodType> extends ToolBase<Schema> {
  effect: 'none'
  handler(input: z.output<Schema>, context: ToolCallContext): HandlerResult
}

/**
 * Changes this database. Runs synchronously *inside* the ledger's transaction: its writes, the
 * ledger entry and its result commit together (exactly once), or not at all.
 */
export interface LocalWriteToolDefinition<Schema extends z.ZodType = z.ZodType> extends ToolBase<Schema> {
  effect: 'local'
  handler(input: z.output<Schema>, context: WriteToolContext): HandlerResult
  /** Read-only: what the call would act on, shown on its approval card (see `Tool.preview`). */
  preview?(input: z.output<Schema>): ToolPreview
}

export type ToolDefinition<Schema extends z.ZodType = z.ZodType> =
  | ReadToolDefinition<Schema>
  | LocalWriteToolDefinition<Schema>

/**
 * Declares one of Keel's built-in tools once (zod schema, handler); `keel-tool-source.ts` makes it
 * a {@link import('./tool').Tool}. Tools from elsewhere (MCP servers, tests) implement `Tool` directly.
 */
export function defineTool<Schema extends z.ZodType>(tool: ToolDefinition<Schema>): ToolDefinition {
  return tool as unknown as ToolDefinition
}
