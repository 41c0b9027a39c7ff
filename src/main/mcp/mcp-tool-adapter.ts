// One MCP tool as a Keel tool: everything a built-in gets (checked arguments before approval, the
// ledger, one outcome per call) and nothing the server merely claims. Its effect is `external`
// (asked for, claimed in the ledger, never re-run) unless the user trusts this server's read-only
// hints and the tool gives one. What the server answers becomes Keel's outcome: a result succeeds;
// `isError` or a refusal fails; a call that never left Keel fails as "did not run"; a call that was
// sent and got no answer (Stop, timeout, lost connection) is unknown — never re-issued.
import type { McpToolAnnotations } from '../../shared/mcp'
import { ToolOutcomeUnknown, type CallableTool, type ToolRunResult } from '../tools/tool'
import type { McpCallOutcome, McpConnectionPort, McpListedTool } from './mcp-connection-port'
import { compileInputSchema } from './mcp-json-schema'
import { mcpErrorText, mcpResultToKeel } from './mcp-result'

/** The server a tool comes from, as the adapter needs it. */
export interface McpToolServer {
  id: string
  /** The user's name for it (approval card, messages). */
  name: string
  /** The user trusts its `readOnlyHint`: such tools run without asking. */
  trustReadOnlyHints: boolean
  /** How long a call may go without progress (ms). */
  timeoutMs: number
  /** The longest a call may take in all (ms). */
  maxTotalTimeoutMs: number
}

export interface McpToolAdapterInput {
  server: McpToolServer
  /** The tool exactly as listed. */
  tool: McpListedTool
  /** Its {@link mcpDefinitionHash} (pins grants to this definition). */
  definitionHash: string
  /** Only `callTool` is used. */
  connection: Pick<McpConnectionPort, 'callTool'>
  /** The name providers are sent (from `assignMcpProviderNames`). */
  providerName: string
}

/** The Keel tool, or why this tool cannot be offered (its schema cannot be checked). */
export type McpToolAdaptation = { ok: true; tool: CallableTool } | { ok: false; reason: string }

/** Keel's effect for an MCP tool: `none` only for a read-only hint the user chose to trust. */
export function mcpToolEffect(annotations: McpToolAnnotations, trustReadOnlyHints: boolean): 'external' | 'none' {
  return trustReadOnlyHints && annotations.readOnlyHint === true ? 'none' : 'external'
}

/** A listed tool's annotations, keeping only well-typed hints (anything else counts as absent). */
export function mcpToolAnnotations(tool: McpListedTool): McpToolAnnotations & { title?: string | undefined } {
  const raw = typeof tool.annotations === 'object' && tool.annotations !== null ? tool.annotations : {}
  const flag = (key: string) => (typeof raw[key] === 'boolean' ? (raw[key] as boolean) : undefined)
  return {
    readOnlyHint: flag('readOnlyHint'),
    destructiveHint: flag('destructiveHint'),
    idempotentHint: flag('idempotentHint'),
    openWorldHint: flag('openWorldHint'),
    title: typeof raw.title === 'string' && raw.title ? raw.title : undefined,
  }
}

/** What the window calls a tool: its `title`, else its annotations' title, else its name. */
export function mcpToolTitle(tool: McpListedTool): string {
  return (typeof tool.title === 'string' && tool.title) || mcpToolAnnotations(tool).title || tool.name
}

export function toKeelTool(input: McpToolAdapterInput): McpToolAdaptation {
  const { server, tool, definitionHash, connection, providerName } = input
  const schema = compileInputSchema(tool.inputSchema)
  if (!schema.ok)
    return { ok: false, reason: `Tool '${tool.name}' of ${server.name} is not offered: ${schema.reason}.` }
  const annotations = mcpToolAnnotations(tool)
  const readOnly = annotations.readOnlyHint === true
  const title = mcpToolTitle(tool)
  const keelTool: CallableTool = {
    name: providerName,
    title,
    description: (typeof tool.description === 'string' && tool.description) || title,
    schema: schema.schema,
    source: `mcp:${server.id}`,
    grantKey: `mcp:${server.id}:${tool.name}@${definitionHash}`,
    provider: server.name,
    hints: {
      // The spec's pessimistic defaults: destructive and open-world unless the server says otherwise
      // (destructiveness only means something for a tool that is not read-only).
      destructive: readOnly ? annotations.destructiveHint === true : (annotations.destructiveHint ?? true),
      openWorld: annotations.openWorldHint ?? true,
      readOnly,
    },
    maxTimeoutMs: server.maxTotalTimeoutMs,
    effect: mcpToolEffect(annotations, server.trustReadOnlyHints),
    async call(args, options): Promise<ToolRunResult> {
      const outcome = await connection.callTool(tool.name, args as Record<string, unknown>, {
        signal: options.signal,
        timeoutMs: server.timeoutMs,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
        ...(options.elicit ? { elicit: options.elicit } : {}),
      })
      // A read has no effect to be unsure about: a call without an answer simply failed (not retried: it was sent).
      if (outcome.kind === 'unknown' && keelTool.effect === 'none') {
        return { ok: false, failure: { kind: 'external', message: unknownReason(outcome, server), retryable: false } }
      }
      return keelOutcomeOf(outcome, { server, outputSchema: tool.outputSchema })
    },
  }
  return { ok: true, tool: keelTool }
}

/**
 * What one `tools/call` means for Keel: a result (for the model and the user), a failure (known
 * not to have done what was asked), or — thrown — an outcome nobody can know.
 */
export function keelOutcomeOf(
  outcome: McpCallOutcome,
  context: {
    server: Pick<McpToolServer, 'name' | 'timeoutMs' | 'maxTotalTimeoutMs'>
    outputSchema?: Record<string, unknown> | undefined
  },
): ToolRunResult {
  const { server } = context
  switch (outcome.kind) {
    case 'result':
      if (outcome.result.isError === true)
        return { ok: false, failure: { kind: 'external', message: mcpErrorText(outcome.result), retryable: false } }
      return { ok: true, ...mcpResultToKeel(outcome.result, { outputSchema: context.outputSchema }) }
    case 'rejected':
      return {
        ok: false,
        failure: { kind: 'external', message: `${server.name} refused the call: ${outcome.message}`, retryable: false },
      }
    case 'not-sent':
      return {
        ok: false,
        failure: {
          kind: 'external',
          message: `${server.name} could not be reached (${outcome.message}); the tool did not run.`,
          retryable: true,
        },
        notRun: true,
      }
    case 'unknown':
      throw new ToolOutcomeUnknown(unknownReason(outcome, server))
  }
}

function unknownReason(
  outcome: Extract<McpCallOutcome, { kind: 'unknown' }>,
  server: Pick<McpToolServer, 'name' | 'timeoutMs' | 'maxTotalTimeoutMs'>,
): string {
  switch (outcome.reason) {
    case 'stopped':
      return `Stopped. ${server.name} was asked to cancel but may have finished — check.`
    case 'timeout':
      return `The call to ${server.name} timed out (no answer ${seconds(server.timeoutMs)} after its last progress, or ${seconds(server.maxTotalTimeoutMs)} in all); the server was asked to cancel but may have finished — check.`
    case 'connection-lost':
      return `The connection to ${server.name} was lost mid-call (${outcome.message}); the server may or may not have done it — check.`
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`
}
