import { z } from 'zod'
import { APPROVAL_DECISIONS } from '../approval-decision'
import type { Conversation, ConversationSummary, Message, MessageVersions } from '../conversation'
import { attachmentsSchema } from '../attachment-schema'
import { MAX_ATTACHMENTS, type AttachmentInfo } from '../attachments'
import { LOCALES } from '../locale'
import type { CostTotal, ModelPrice } from '../pricing'
import { EARLIEST_MEASUREMENT_MS, LATEST_MEASUREMENT_BOUND_MS, type Measurement } from '../measurement'
import type { ProviderId } from '../provider-id'
import { PRESET_IDS, type PresetId, type ProviderNotReadyReason } from '../provider-profiles'
import type { AttemptDiagnostic, RunEvent } from '../run-events'
import {
  LANGUAGE_CHOICES,
  SETTING_DEFINITIONS,
  THEMES,
  TOOL_PERMISSIONS,
  modelPriceSchema,
  providerProfileIdSchema,
  type LanguageChoice,
  type Theme,
} from '../settings'
import type { JsonValue } from '../json-value'
import type { ToolDescriptor } from '../tool-outcome'
import { MCP_MAX_TIMEOUT_MS, type McpImportReport, type McpServerView } from '../mcp'
import type { Usage } from '../usage'
import { MAX_SEARCH_QUERY_CHARS, type SearchPage } from '../search'
import type { AppResult } from './app-error'
import type { ImportReport } from '../import-report'
import { MAX_CONVERSATION_PAGE, MAX_IMPORT_CHARS, MAX_MESSAGE_CHARS, type CommandName } from './channels'
import {
  conversationDefaultsPatchSchema,
  conversationSettingsPatchSchema,
  conversationSettingsSchema,
  type ConversationDefaults,
  type ConversationSettings,
} from '../conversation-settings'

/**
 * The one interface between the UI and the core. Two transports carry it: Electron IPC (the app;
 * one channel per command, `keel:<command>`) and a loopback WebSocket (browser mode). Every request
 * is validated against these schemas in the core before any handler runs. The command names,
 * channels and plain limits live in `channels.ts` (no zod: the preload and the renderer import
 * values only from there, and only types from here).
 */
const id = z.string().min(1).max(200)
/** An import upload's id, chosen by the window (a UUID). */
const uploadId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/)
/** A provider profile id (a wire id, a preset's id, `custom-<n>`); the core refuses ids no profile has. */
const providerId = providerProfileIdSchema
const httpUrl = z.url({ protocol: /^https?$/ }).max(2000)
/**
 * What the provider form shows, not yet saved: Test connection and the model list use it. The key
 * typed goes one way (it is used for the request and never sent back); absent fields fall back
 * to the saved profile's.
 */
const providerDraft = z.strictObject({
  preset: z.enum(PRESET_IDS).optional(),
  baseUrl: httpUrl.optional(),
  model: z.string().trim().max(200).optional(),
  apiKey: z.string().trim().min(1).max(1000).optional(),
  keyRequired: z.boolean().optional(),
})
/** A saved profile (`provider`), a form's draft of a new one (`draft.preset`), or a saved one edited. */
const providerTarget = z
  .strictObject({ provider: providerId.optional(), draft: providerDraft.optional() })
  .refine((value) => value.provider !== undefined || value.draft?.preset !== undefined, {
    error: 'Name a provider, or a preset in the draft.',
  })

export const COMMAND_SCHEMAS = {
  /**
   * Newest first, one page at a time: `before` is the last conversation of the previous page
   * (its `updatedAt` and `id`); a page shorter than `limit` is the last one.
   */
  'conversations.list': z.strictObject({
    limit: z.number().int().min(1).max(MAX_CONVERSATION_PAGE).optional(),
    before: z.strictObject({ updatedAt: z.number().int(), id }).optional(),
    /** Only the pinned conversations, all of them, most recently pinned first (`limit`/`before` ignored). */
    pinned: z.boolean().optional(),
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
      /** The window's language (it may follow the browser's): the turn's notices and date preamble use it. */
      locale: z.enum(LOCALES).optional(),
      /** A new conversation's settings, chosen before its first message (kept with it once it exists). */
      settings: conversationSettingsSchema.optional(),
    })
    .refine((request) => request.text.length > 0 || (request.attachments?.length ?? 0) > 0, {
      message: 'A message needs text or a file',
      path: ['text'],
    }),
  /** The stop button. */
  'turns.stop': z.strictObject({ runId: id }),
  'approvals.answer': z.strictObject({ approvalId: id, decision: z.enum(APPROVAL_DECISIONS) }),
  'settings.get': z.strictObject({}),
  'settings.update': z.strictObject({
    /** A language, or `system`: follow the OS/browser language (the default until the user picks one). */
    language: z.enum(LANGUAGE_CHOICES).optional(),
    theme: z.enum(THEMES).optional(),
    defaultProvider: providerId.optional(),
    // The bounds are the setting's own (one definition: SETTING_DEFINITIONS).
    maxToolRounds: SETTING_DEFINITIONS.maxToolRounds.schema.optional(),
    turnTimeoutSeconds: SETTING_DEFINITIONS.turnTimeoutSeconds.schema.optional(),
    toolPermissions: z.record(z.string().min(1).max(300), z.enum(TOOL_PERMISSIONS)).optional(),
    provider: z
      .strictObject({
        id: providerId,
        baseUrl: z
          .url({ protocol: /^https?$/ })
          .nullable()
          .optional(),
        model: z.string().trim().min(1).max(200).nullable().optional(),
      })
      .optional(),
    /** The price of one provider's model (USD per million tokens); `null` forgets it. */
    price: z
      .strictObject({
        provider: providerId,
        model: z.string().trim().min(1).max(200),
        price: modelPriceSchema.nullable(),
      })
      .optional(),
  }),
  /** Write-only: the key is never sent back, only "set, ends in …abcd". */
  'keys.set': z.strictObject({
    provider: providerId,
    key: z.string().trim().min(1).max(1000),
    allowPlainTextStorage: z.boolean().optional(),
  }),
  'keys.clear': z.strictObject({ provider: providerId }),
  /** Test connection: reachable, key accepted, model present (the models endpoint first; else one tiny request). */
  'providers.test': providerTarget,
  /** The models the server lists (OpenAI-compatible `GET /models`, Anthropic's and Gemini's own). */
  'providers.models': providerTarget,
  /** Adds (no `id`: a new profile from `preset`) or changes a provider profile; a key given goes to the key vault. */
  'providers.save': z.strictObject({
    id: providerId.optional(),
    preset: z.enum(PRESET_IDS),
    name: z.string().trim().min(1).max(80).optional(),
    baseUrl: httpUrl.optional(),
    model: z.string().trim().min(1).max(200).optional(),
    keyRequired: z.boolean().optional(),
    models: z.array(z.string().trim().min(1).max(200)).max(2000).optional(),
    apiKey: z.string().trim().min(1).max(1000).optional(),
    allowPlainTextStorage: z.boolean().optional(),
    /** Make it the default provider (the first one saved always is, when the default cannot answer). */
    makeDefault: z.boolean().optional(),
  }),
  /** Forgets a profile's settings and key (a preset or wire id stays listed, unconfigured). */
  'providers.remove': z.strictObject({ id: providerId }),
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
  /**
   * "Add measurement" in the measurements view. Only the shape is checked here: the core checks the
   * rest with the `record_measurement` tool's own schema (kind, unit of the kind, plausible value,
   * date), so the window and the model accept exactly the same measurements.
   */
  'measurements.add': z.strictObject({
    kind: z.string().min(1).max(50),
    value: z.number().finite(),
    unit: z.string().min(1).max(20),
    /** An ISO 8601 date-time with its offset, or a calendar day (`YYYY-MM-DD`, the user's local day); absent: now. */
    date: z.string().min(1).max(64).optional(),
  }),
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
  'mcp.import': z.strictObject({
    text: z.string().min(2).max(1_000_000),
    allowPlainTextStorage: z.boolean().optional(),
  }),
  /** Adds (no `serverId`) or edits a server. Env and header values given go to the key vault; absent ones are kept. */
  'mcp.save': z.strictObject({
    serverId: id.optional(),
    name: z.string().trim().min(1).max(100),
    transport: z.enum(['stdio', 'http', 'sse']),
    command: z.string().trim().min(1).max(4096).optional(),
    args: z.array(z.string().max(4096)).max(200).optional(),
    cwd: z.string().max(4096).optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(4096)
      .optional(),
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
  'mcp.secret': z.strictObject({
    serverId: id,
    where: z.enum(['env', 'headers']),
    key: z.string().min(1).max(200),
    value: z.string().max(32_768).nullable(),
    allowPlainTextStorage: z.boolean().optional(),
  }),
  /** Accepts the definitions the user reviewed (tool name → the definition hash shown): only those, and only if still current. */
  'mcp.acceptTools': z.strictObject({
    serverId: id,
    tools: z.record(z.string().min(1).max(256), z.string().regex(/^[0-9a-f]{64}$/)),
  }),
  /** The last ~64 KiB of a server's stderr. */
  'mcp.stderr': z.strictObject({ serverId: id }),
  /** The user's answer to a server's request for input (an `elicitation-request` run event). */
  'elicitations.answer': z.strictObject({
    elicitationId: id,
    answer: z.discriminatedUnion('action', [
      z.strictObject({
        action: z.literal('accept'),
        content: z.record(
          z.string().max(200),
          z.union([z.string().max(32_768), z.number(), z.boolean(), z.array(z.string().max(1000)).max(100)]),
        ),
      }),
      z.strictObject({ action: z.literal('decline') }),
      z.strictObject({ action: z.literal('cancel') }),
    ]),
  }),
  /**
   * Titles and message text of every conversation (words, "a phrase", prefix*; case and diacritics
   * folded). Title hits first, then messages, best match first; `cursor` is the previous page's `nextCursor`.
   */
  'conversations.search': z.strictObject({
    query: z.string().max(MAX_SEARCH_QUERY_CHARS),
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
  }),
  /** Pins a conversation on top of the list, or unpins it. */
  'conversations.pin': z.strictObject({ conversationId: id, pinned: z.boolean() }),
  /**
   * Answers the question of an answer again: a new version of that answer, in place (the question
   * is not repeated). Also the Retry of a failed answer. Its events arrive like a turn's.
   */
  'turns.regenerate': z.strictObject({ conversationId: id, messageId: id }),
  /** A question edited and sent again: the conversation goes on from there; the old branch stays a version. */
  'turns.edit': z
    .strictObject({
      conversationId: id,
      messageId: id,
      // May be empty when files are named (kept or added): a question of files only.
      text: z.string().trim().max(MAX_MESSAGE_CHARS),
      /** The original question's files to keep (its `attachments` ids); absent: all of them, `[]`: none. */
      keepAttachmentIds: z.array(z.number().int().positive()).max(MAX_ATTACHMENTS).optional(),
      /** Files added while editing (checked like `turns.start`'s; with the kept ones, within the same limits). */
      attachments: attachmentsSchema.optional(),
    })
    .refine(
      (request) =>
        request.text.length > 0 ||
        (request.keepAttachmentIds?.length ?? 0) > 0 ||
        (request.attachments?.length ?? 0) > 0,
      {
        message: 'A message needs text or a file',
        path: ['text'],
      },
    ),
  /** Goes on with an answer the length limit cut off; the new text is added to the same answer. */
  'turns.continue': z.strictObject({ conversationId: id, messageId: id }),
  /** Deletes one message (a question with its answers); what followed is kept. Answers the conversation as it is now. */
  'messages.delete': z.strictObject({ conversationId: id, messageId: id }),
  /** Shows another version of a message (and the branch under it). Answers the conversation as it is now. */
  'messages.selectVersion': z.strictObject({ conversationId: id, messageId: id }),
  /** A conversation's settings with their defaults; without an id, what a new conversation would start with. */
  'conversations.settings': z.strictObject({ conversationId: id.optional() }),
  /** Changes a conversation's settings (applies from its next answer). */
  'conversations.settingsUpdate': z.strictObject({ conversationId: id, patch: conversationSettingsPatchSchema }),
  /** Changes the defaults for new conversations (Settings): the model and the system prompt. */
  'conversations.settingsDefaults': z.strictObject({ patch: conversationDefaultsPatchSchema }),
  /** One conversation as a file: Markdown (to read) or JSON (to import again), words in `locale`. */
  'conversations.export': z.strictObject({
    conversationId: id,
    format: z.enum(['markdown', 'json']),
    locale: z.enum(LOCALES).optional(),
  }),
  /** A JSON export (the window's, or `keel export`'s whole store) added to this store; ids already here are skipped. */
  'conversations.import': z.union([
    z.strictObject({ text: z.string().min(1).max(MAX_IMPORT_CHARS) }),
    z.strictObject({ uploadId: uploadId }),
  ]),
  /** One piece of a file to import (in order, from 0), then `conversations.import` with its `uploadId`. */
  'conversations.importPart': z.strictObject({
    uploadId: uploadId,
    index: z.number().int().min(0).max(1_000_000),
    text: z.string().min(1).max(MAX_IMPORT_CHARS),
  }),
  /** One stored file of a user's message, with its bytes (the window shows images from them: no file paths). */
  'attachments.get': z.strictObject({ attachmentId: z.number().int().positive() }),
  /** A window (re)opening: it watches every live run from now on and gets each one's events so far. */
  'runs.attach': z.strictObject({}),
} as const

// The command list in channels.ts and the schemas here name exactly the same commands (both ways).
type Missing<A, B> = Exclude<A, B> | Exclude<B, A>
const schemasCoverEveryCommand: [Missing<CommandName, keyof typeof COMMAND_SCHEMAS>] extends [never]
  ? true
  : Missing<CommandName, keyof typeof COMMAND_SCHEMAS> = true
void schemasCoverEveryCommand

export type CommandRequest<C extends CommandName> = z.input<(typeof COMMAND_SCHEMAS)[C]>

/** How a key is kept: encrypted by the OS keyring, or (Linux without a keyring) only after the user opts in. */
export type KeyStorageMode = 'os-encrypted' | 'plain-text-opt-in' | 'memory-only'

/**
 * One provider profile as the window sees it (Settings, the first-run card, the composer's model
 * picker). `name` is the user's name, else the preset's English name (`named: false`: the window
 * shows the preset's name in its own language).
 */
export interface ProviderSettingsView {
  id: string
  name: string
  named: boolean
  preset: PresetId
  /** The wire API it speaks. */
  api: ProviderId
  baseUrl: string
  model: string
  /** Models known for it: what the server listed when it was saved, and `model`. */
  models: string[]
  /** Never the key itself. */
  key: { set: false } | { set: true; endsWith: string; source: 'saved' | 'environment' }
  /** Requests are refused (nothing is sent) while no key is set. */
  keyRequired: boolean
  /** Saved, or given a key or URL by the environment: listed as set up. */
  configured: boolean
  /** A turn can be sent (`notReady` says why not). */
  ready: boolean
  notReady?: ProviderNotReadyReason
  /** The price the user entered for `model`, or `null` (then no cost is shown for it). */
  price: ModelPrice | null
}

/** A model a server lists. */
export interface ProviderModel {
  id: string
  /** The server's display name, where it gives one. */
  name?: string
}

/** Why a model list could not be had: nothing listening, the key refused, no such endpoint, an answer that is not a list, no key to send. */
export type ProviderListFailure =
  | 'unreachable'
  | 'key-rejected'
  | 'no-models-endpoint'
  | 'bad-response'
  | 'timeout'
  | 'no-key'
  | 'server-error'

export type ProviderModelsResult =
  | { ok: true; models: ProviderModel[] }
  | { ok: false; kind: ProviderListFailure; message: string; status?: number }

/**
 * What Test connection found. `keyAccepted`: `'not-needed'` when no key was sent and none is
 * required. `via`: the models endpoint, or (a server without one) a tiny generation request.
 */
export type ProviderCheckResult =
  | {
      ok: true
      latencyMs: number
      model: string
      reachable: true
      keyAccepted: boolean | 'not-needed'
      modelPresent: true
      via: 'models' | 'generation'
      models: ProviderModel[]
    }
  | {
      ok: false
      kind: string
      message: string
      reachable?: boolean
      keyAccepted?: boolean | 'not-needed'
      modelPresent?: boolean
      models?: ProviderModel[]
      status?: number
    }

export interface SettingsView {
  /** The language in effect: the saved choice, or (choice `system`) the OS language as the core sees it. */
  language: (typeof LOCALES)[number]
  /** What the user chose: a language, or `system` (the window then follows the browser/OS language). */
  languageChoice: LanguageChoice
  /** System (follow the OS), light or dark. */
  theme: Theme
  /** The default provider profile's id. */
  defaultProvider: string
  /** Set when the default provider cannot answer (first run: nothing set up, or no key): the window offers setup instead of sending. */
  firstRun: { provider: string; reason: ProviderNotReadyReason } | null
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
  /** Per message shown: its place among its versions (a regenerated answer, an edited question). */
  versions?: Record<string, MessageVersions>
  /** Per answer shown: the model that wrote it (its last model call). */
  models?: Record<string, AnswerModel>
  /** Per user message: the files attached to it, without their bytes (`attachments.get` has them). */
  attachments?: Record<string, AttachmentInfo[]>
}

/** Who wrote an answer: the provider entry its last model call went to, and the model. */
export interface AnswerModel {
  /** The entry's (profile's) id: `ollama`, `custom-2`, or a wire id for a built-in entry. */
  provider: string
  /** The entry's English name, as Settings lists it (an entry removed since: its wire API's name). */
  providerName: string
  /** Whether the user named the entry (else the window translates the preset's name). */
  named: boolean
  preset: PresetId
  model: string
  /** Its last model call stopped at the length limit: it can be continued. */
  cutOffByLength: boolean
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
  'providers.test': ProviderCheckResult
  'providers.models': ProviderModelsResult
  'providers.save': { id: string; settings: SettingsView }
  'providers.remove': SettingsView
  'measurements.list': Measurement[]
  'measurements.update': Measurement
  'measurements.delete': { deleted: true }
  'measurements.add': Measurement
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
  'conversations.search': SearchPage
  /** The pinned conversations after the change (most recently pinned first). */
  'conversations.pin': ConversationSummary[]
  'turns.regenerate': { runId: string }
  'turns.edit': { runId: string }
  'turns.continue': { runId: string }
  'messages.delete': ConversationView
  'messages.selectVersion': ConversationView
  'conversations.settings': ConversationSettingsView
  'conversations.settingsUpdate': ConversationSettingsView
  'conversations.settingsDefaults': ConversationSettingsView
  'conversations.export': { fileName: string; mimeType: string; text: string }
  'conversations.import': ImportReport
  'conversations.importPart': { received: number }
  'attachments.get': AttachmentInfo & { dataBase64: string }
  'runs.attach': { runs: RunSnapshot[] }
}

/** A conversation's settings as the window shows them: its own, the defaults behind them, and what a turn uses now. */
export interface ConversationSettingsView {
  /** `null`: a conversation not started yet (the defaults a new one takes). */
  conversationId: string | null
  /** What this conversation set itself (unset fields take the defaults). */
  own: ConversationSettings
  /** The defaults for new conversations as saved in Settings. */
  saved: ConversationDefaults
  /** What an unset field falls back to: the default provider and model, the default prompt, the provider's own limits. */
  defaults: {
    provider: string
    model: string
    system: string
    maxOutputTokens: number | null
    temperature: number
    maxTemperature: number
  }
  /** What the next answer uses (`null`: nothing is sent, the provider decides). */
  effective: {
    provider: string
    model: string
    system: string
    maxOutputTokens: number | null
    temperature: number | null
  }
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

/** A run event tagged with its run, as pushed to the windows (or sockets) watching the run. */
export interface RunEventEnvelope {
  runId: string
  /**
   * The event's number in its run (from 1): a window that attached with a {@link RunSnapshot} up to
   * `seq` N ignores envelopes numbered N or less (they are in the snapshot).
   */
  seq?: number
  event: RunEvent
}

/**
 * A live run as `runs.attach` gives it to a window that (re)opens: its events so far, in order
 * (consecutive deltas merged: reduce them as live ones), up to and including number `seq`.
 */
export interface RunSnapshot {
  runId: string
  conversationId: string | undefined
  seq: number
  events: RunEvent[]
}

/** The API the renderer sees (`window.keel` in Electron; a WebSocket client in browser mode). */
export type KeelApi = {
  [C in CommandName]: (request: CommandRequest<C>) => Promise<AppResult<CommandResponses[C]>>
} & {
  /** Subscribes to run events; returns the unsubscribe function. */
  onRunEvent(listener: (envelope: RunEventEnvelope) => void): () => void
}
