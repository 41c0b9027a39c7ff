import { z } from 'zod'
import { attachmentsSchema } from '../attachment-schema'
import type { AttachmentInfo } from '../attachments'
import type { Conversation, ConversationSummary, Message } from '../conversation'
import { LOCALES } from '../locale'
import type { CostTotal, ModelPrice } from '../pricing'
import { EARLIEST_MEASUREMENT_MS, LATEST_MEASUREMENT_BOUND_MS, type Measurement } from '../measurement'
import { PROVIDER_IDS, type ProviderId } from '../provider-id'
import type { AttemptDiagnostic, RunEvent } from '../run-events'
import { TOOL_PERMISSIONS, modelPriceSchema } from '../settings'
import type { JsonValue } from '../json-value'
import type { ToolDescriptor } from '../tool-outcome'
import { MCP_MAX_TIMEOUT_MS, type McpImportReport, type McpServerView } from '../mcp'
import type { Usage } from '../usage'
import type { AppResult } from './app-error'
import { MAX_CONVERSATION_PAGE, MAX_MESSAGE_CHARS, type CommandName } from './channels'

/**
 * The one interface between the UI and the core. Two transports carry it: Electron IPC (the app;
 * one channel per command, `keel:<command>`) and a loopback WebSocket (browser mode). Every request
 * is validated against these schemas in the core before any handler runs. The command names,
 * channels and plain limits live in `channels.ts` (no zod: the preload and the renderer import
 * values only from there, and only types from here).
 */
const id = z.string().min(1).max(200)
const providerId = z.enum(PROVIDER_IDS)

export const COMMAND_SCHEMAS = {
  /**
   * Newest first, one page at a time: `before` is the last conversation of the previous page
   * (its `updatedAt` and `id`); a page shorter than `limit` is the last one.
   */
  'conversations.list': z.strictObject({
    limit: z.number().int().min(1).max(MAX_CONVERSATION_PAGE).optional(),
    before: z.strictObject({ updatedAt: z.number().int(), id }).optional(),
  }),
  'conversations.open': z.strictObject({ conversationId: id }),
  'conversations.rename': z.strictObject({ conversationId: id, title: z.string().trim().min(1).max(200) }),
  'conversations.delete': z.strictObject({ conversationId: id }),
  /** Starts a turn; its events arrive through the run-event subscription. */
  'turns.start': z
    .strictObject({
      conversationId: id.optional(),
      // May be empty when files are attached (the refinement below).
      text: z.string().trim().max(MAX_MESSAGE_CHARS),
      provider: providerId.optional(),
      /** Images and text files on the message (types, sizes and count checked; magic bytes in the core). */
      attachments: attachmentsSchema.optional(),
    })
    .refine((request) => request.text.length > 0 || (request.attachments?.length ?? 0) > 0, { message: 'A message needs text or a file', path: ['text'] }),
  /** The stop button. */
  'turns.stop': z.strictObject({ runId: id }),
  'approvals.answer': z.strictObject({ approvalId: id, decision: z.enum(['approve', 'deny', 'always']) }),
  'settings.get': z.strictObject({}),
  'settings.update': z.strictObject({
    language: z.enum(LOCALES).optional(),
    defaultProvider: providerId.optional(),
    maxToolRounds: z.number().int().min(1).max(50).optional(),
    turnTimeoutSeconds: z.number().int().min(10).max(86_400).optional(),
    toolPermissions: z.record(z.string().min(1).max(300), z.enum(TOOL_PERMISSIONS)).optional(),
    provider: z
      .strictObject({
        id: providerId,
        baseUrl: z.url({ protocol: /^https?$/ }).nullable().optional(),
        model: z.string().trim().min(1).max(200).nullable().optional(),
      })
      .optional(),
    /** The price of one provider's model (USD per million tokens); `null` forgets it. */
    price: z.strictObject({ provider: providerId, model: z.string().trim().min(1).max(200), price: modelPriceSchema.nullable() }).optional(),
  }),
  /** Write-only: the key is never sent back, only "set, ends in …abcd". */
  'keys.set': z.strictObject({ provider: providerId, key: z.string().trim().min(1).max(1000), allowPlainTextStorage: z.boolean().optional() }),
  'keys.clear': z.strictObject({ provider: providerId }),
  'providers.test': z.strictObject({ provider: providerId }),
  'measurements.list': z.strictObject({
    kind: z.string().min(1).max(50).optional(),
    from: z.number().int().min(-8.64e15).max(8.64e15).optional(),
    to: z.number().int().min(-8.64e15).max(8.64e15).optional(),
    limit: z.number().int().min(1).max(10_000).default(1000),
  }),
  'measurements.update': z.strictObject({
    id: z.number().int().positive(),
    value: z.number().finite(),
    unit: z.string().min(1).max(20),
    // The clock-free part of the one date range; "not after tomorrow" is checked where the clock is.
    takenAt: z.number().int().min(EARLIEST_MEASUREMENT_MS).max(LATEST_MEASUREMENT_BOUND_MS).optional(),
  }),
  'measurements.delete': z.strictObject({ id: z.number().int().positive() }),
  /** Every tool the next turn would offer: name, title, source, effect. */
  'tools.list': z.strictObject({}),
  /** Actions started outside Keel whose outcome was never learned (stopped, timed out, connection lost, a crash). */
  'actions.unknown': z.strictObject({}),
  /** The user checked one of them: it happened (`done`) or it did not (`not-done`). */
  'actions.resolve': z.strictObject({ key: z.string().regex(/^[0-9a-f]{64}$/), outcome: z.enum(['done', 'not-done']) }),
  /** MCP servers: config (no secrets), what running each means, status, tools with their pin state. */
  'mcp.list': z.strictObject({}),
  /**
   * Imports servers from the de-facto JSON (`mcpServers` as Claude Desktop/Cursor write it, or VS
   * Code's `servers`), pasted or read from a file by the window. Only that key is read. Imported
   * servers are saved but not started: each needs the user's consent. Values with `${…}` are not
   * imported (reported as unresolved, for the user to fill in with `mcp.secret`).
   */
  'mcp.import': z.strictObject({ text: z.string().min(2).max(1_000_000), allowPlainTextStorage: z.boolean().optional() }),
  /** Adds (no `serverId`) or edits a server. Env and header values given go to the key vault; absent ones are kept. */
  'mcp.save': z.strictObject({
    serverId: id.optional(),
    name: z.string().trim().min(1).max(100),
    transport: z.enum(['stdio', 'http', 'sse']),
    command: z.string().trim().min(1).max(4096).optional(),
    args: z.array(z.string().max(4096)).max(200).optional(),
    cwd: z.string().max(4096).optional(),
    url: z.url({ protocol: /^https?$/ }).max(4096).optional(),
    /** Keys to keep; a string value replaces the stored one, `null` keeps it. */
    env: z.record(z.string().min(1).max(200), z.string().max(32_768).nullable()).optional(),
    headers: z.record(z.string().min(1).max(200), z.string().max(32_768).nullable()).optional(),
    timeoutMs: z.number().int().min(1000).max(MCP_MAX_TIMEOUT_MS).optional(),
    trustReadOnlyHints: z.boolean().optional(),
    disabled: z.boolean().optional(),
    /** Linux without a keyring: the user's opt-in to keep the values without encryption (as for keys). */
    allowPlainTextStorage: z.boolean().optional(),
  }),
  'mcp.remove': z.strictObject({ serverId: id }),
  /** The user saw exactly what runs (the view's `fingerprint`) and agrees: it may start. */
  'mcp.consent': z.strictObject({ serverId: id, fingerprint: z.string().regex(/^[0-9a-f]{64}$/) }),
  /** Per-server and per-tool switches. */
  'mcp.update': z.strictObject({
    serverId: id,
    disabled: z.boolean().optional(),
    timeoutMs: z.number().int().min(1000).max(MCP_MAX_TIMEOUT_MS).optional(),
    trustReadOnlyHints: z.boolean().optional(),
    tool: z.strictObject({ name: z.string().min(1).max(256), enabled: z.boolean() }).optional(),
  }),
  'mcp.restart': z.strictObject({ serverId: id }),
  /** Sets one env value or header of a server (kept in the key vault); `null` forgets it. */
  'mcp.secret': z.strictObject({ serverId: id, where: z.enum(['env', 'headers']), key: z.string().min(1).max(200), value: z.string().max(32_768).nullable(), allowPlainTextStorage: z.boolean().optional() }),
  /** Accepts the definitions the user reviewed (tool name → the definition hash shown): only those, and only if still current. */
  'mcp.acceptTools': z.strictObject({ serverId: id, tools: z.record(z.string().min(1).max(256), z.string().regex(/^[0-9a-f]{64}$/)) }),
  /** The last ~64 KiB of a server's stderr. */
  'mcp.stderr': z.strictObject({ serverId: id }),
  /** The user's answer to a server's request for input (an `elicitation-request` run event). */
  'elicitations.answer': z.strictObject({
    elicitationId: id,
    answer: z.discriminatedUnion('action', [
      z.strictObject({ action: z.literal('accept'), content: z.record(z.string().max(200), z.union([z.string().max(32_768), z.number(), z.boolean(), z.array(z.string().max(1000)).max(100)])) }),
      z.strictObject({ action: z.literal('decline') }),
      z.strictObject({ action: z.literal('cancel') }),
    ]),
  }),
  /** One stored file of a user's message, with its bytes (the window shows images from them: no file paths). */
  'attachments.get': z.strictObject({ attachmentId: z.number().int().positive() }),
} as const

// The command list in channels.ts and the schemas here name exactly the same commands (both ways).
type Missing<A, B> = Exclude<A, B> | Exclude<B, A>
const schemasCoverEveryCommand: [Missing<CommandName, keyof typeof COMMAND_SCHEMAS>] extends [never] ? true : Missing<CommandName, keyof typeof COMMAND_SCHEMAS> = true
void schemasCoverEveryCommand

export type CommandRequest<C extends CommandName> = z.input<(typeof COMMAND_SCHEMAS)[C]>

/** How a key is kept: encrypted by the OS keyring, or (Linux without a keyring) only after the user opts in. */
export type KeyStorageMode = 'os-encrypted' | 'plain-text-opt-in' | 'memory-only'

export interface ProviderSettingsView {
  id: ProviderId
  baseUrl: string
  model: string
  /** Never the key itself. */
  key: { set: false } | { set: true; endsWith: string; source: 'saved' | 'environment' }
  /** The price the user entered for `model`, or `null` (then no cost is shown for it). */
  price: ModelPrice | null
}

export interface SettingsView {
  language: (typeof LOCALES)[number]
  defaultProvider: ProviderId
  maxToolRounds: number
  /** How long one turn may take in all, in seconds. */
  turnTimeoutSeconds: number
  toolPermissions: Record<string, (typeof TOOL_PERMISSIONS)[number]>
  providers: ProviderSettingsView[]
  keyStorage: KeyStorageMode
  /** Settings that were stored corrupt and fell back to their default (reported, never silently lost). */
  corruptSettings: string[]
}

export interface ConversationView {
  conversation: Conversation
  messages: Message[]
  /**
   * Tokens per message (assistant messages) and the conversation total, every model call counted
   * (rounds, retries, failed and stopped attempts); estimated where any part was.
   */
  usage: { perMessage: Record<string, UsageSummary>; total: UsageSummary }
  /** Per assistant message: every failed model call, as the live diagnostics showed it. */
  diagnostics: Record<string, AttemptDiagnostic[]>
  /** Per user message: the files attached to it, without their bytes (`attachments.get` has them). */
  attachments?: Record<string, AttachmentInfo[]>
}

/** Summed usage of some model calls; `cost` is `null` when none of them has a configured price. */
export interface UsageSummary {
  usage: Usage
  estimated: boolean
  cost: CostTotal | null
}

/** What each command answers. */
export interface CommandResponses {
  'conversations.list': ConversationSummary[]
  'conversations.open': ConversationView
  'conversations.rename': Conversation
  'conversations.delete': { deleted: true }
  'turns.start': { runId: string }
  'turns.stop': { stopped: boolean }
  'approvals.answer': { answered: boolean }
  'settings.get': SettingsView
  'settings.update': SettingsView
  'keys.set': SettingsView
  'keys.clear': SettingsView
  'providers.test': { ok: true; latencyMs: number; model: string } | { ok: false; kind: string; message: string }
  'measurements.list': Measurement[]
  'measurements.update': Measurement
  'measurements.delete': { deleted: true }
  'tools.list': ToolInfo[]
  'actions.unknown': UnknownAction[]
  'actions.resolve': { resolved: boolean }
  'mcp.list': McpServerView[]
  'mcp.import': McpImportReport
  'mcp.save': McpServerView
  'mcp.remove': { removed: boolean }
  'mcp.consent': McpServerView
  'mcp.update': McpServerView
  'mcp.restart': McpServerView
  'mcp.secret': McpServerView
  'mcp.acceptTools': McpServerView
  'mcp.stderr': { text: string }
  'elicitations.answer': { answered: boolean }
  'attachments.get': AttachmentInfo & { dataBase64: string }
}

/** A tool as the window sees it (no schema). */
export type ToolInfo = Pick<ToolDescriptor, 'name' | 'title' | 'titles' | 'source' | 'effect' | 'grantKey' | 'provider'>

/** An action whose outcome Keel could not learn: shown for the user to check, never run again by Keel. */
export interface UnknownAction {
  /** Its idempotency key (what `actions.resolve` names). */
  key: string
  toolName: string
  conversationId: string
  /** The arguments it was started with. */
  arguments: JsonValue
  /** When it was started (epoch ms). */
  startedAt: number
}

/** A run event tagged with its run, as pushed to the window (or socket) that started the run. */
export interface RunEventEnvelope {
  runId: string
  event: RunEvent
}

/** The API the renderer sees (`window.keel` in Electron; a WebSocket client in browser mode). */
export type KeelApi = {
  [C in CommandName]: (request: CommandRequest<C>) => Promise<AppResult<CommandResponses[C]>>
} & {
  /** Subscribes to run events; returns the unsubscribe function. */
  onRunEvent(listener: (envelope: RunEventEnvelope) => void): () => void
}
