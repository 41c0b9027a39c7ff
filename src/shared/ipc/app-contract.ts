import type { z } from 'zod'
import type { AppResult } from './app-error'
import type { CommandAccess, CommandName } from './channels'
import type { McpEvent } from '../mcp-events'
import { ATTACHMENT_ACCESS, ATTACHMENT_SCHEMAS, type AttachmentResponses } from './commands/attachments'
import {
  CONVERSATION_SETTINGS_ACCESS,
  CONVERSATION_SETTINGS_SCHEMAS,
  type ConversationSettingsResponses,
} from './commands/conversation-settings'
import { CONVERSATION_ACCESS, CONVERSATION_SCHEMAS, type ConversationResponses } from './commands/conversations'
import { MCP_ACCESS, MCP_SCHEMAS, type McpResponses } from './commands/mcp'
import { MEASUREMENT_ACCESS, MEASUREMENT_SCHEMAS, type MeasurementResponses } from './commands/measurements'
import { PROVIDER_ACCESS, PROVIDER_SCHEMAS, type ProviderResponses } from './commands/providers'
import { SETTINGS_ACCESS, SETTINGS_SCHEMAS, type SettingsResponses } from './commands/settings'
import { TOOL_ACCESS, TOOL_SCHEMAS, type ToolResponses } from './commands/tools'
import { TRANSFER_ACCESS, TRANSFER_SCHEMAS, type TransferResponses } from './commands/transfer'
import { TURN_ACCESS, TURN_SCHEMAS, type TurnResponses, type RunEventEnvelope } from './commands/turns'

export type { AnswerModel, ConversationView, UsageSummary } from './commands/conversations'
export type { ConversationSettingsView } from './commands/conversation-settings'
export type { RunEventEnvelope, RunSnapshot } from './commands/turns'
export type { KeyStorageMode, ProviderSettingsView, SettingsView } from './commands/settings'
export type {
  ProviderCheckResult,
  ProviderListFailure,
  ProviderModel,
  ProviderModelsResult,
} from './commands/providers'
export type { ToolInfo, UnknownAction } from './commands/tools'
export type { McpEvent } from '../mcp-events'

/**
 * The one interface between the UI and the core. Two transports carry it: Electron IPC (the app;
 * one channel per command, `keel:<command>`) and a loopback WebSocket (browser mode). Every request
 * is validated against these schemas in the core before any handler runs. The command names,
 * channels and plain limits live in `channels.ts` (no zod: the preload and the renderer import
 * values only from there, and only types from here). Each domain's commands (request schemas,
 * access, responses) live in `commands/<domain>.ts`; this file composes them and checks that
 * together they name every command of `channels.ts` exactly once.
 */
export const COMMAND_DOMAINS = {
  conversations: { schemas: CONVERSATION_SCHEMAS, access: CONVERSATION_ACCESS },
  conversationSettings: { schemas: CONVERSATION_SETTINGS_SCHEMAS, access: CONVERSATION_SETTINGS_ACCESS },
  transfer: { schemas: TRANSFER_SCHEMAS, access: TRANSFER_ACCESS },
  turns: { schemas: TURN_SCHEMAS, access: TURN_ACCESS },
  settings: { schemas: SETTINGS_SCHEMAS, access: SETTINGS_ACCESS },
  providers: { schemas: PROVIDER_SCHEMAS, access: PROVIDER_ACCESS },
  measurements: { schemas: MEASUREMENT_SCHEMAS, access: MEASUREMENT_ACCESS },
  tools: { schemas: TOOL_SCHEMAS, access: TOOL_ACCESS },
  mcp: { schemas: MCP_SCHEMAS, access: MCP_ACCESS },
  attachments: { schemas: ATTACHMENT_SCHEMAS, access: ATTACHMENT_ACCESS },
} as const

export type CommandDomain = keyof typeof COMMAND_DOMAINS
/** The commands of one domain. */
export type DomainCommand<D extends CommandDomain> = keyof (typeof COMMAND_DOMAINS)[D]['schemas'] & CommandName

export const COMMAND_SCHEMAS = {
  ...CONVERSATION_SCHEMAS,
  ...CONVERSATION_SETTINGS_SCHEMAS,
  ...TRANSFER_SCHEMAS,
  ...TURN_SCHEMAS,
  ...SETTINGS_SCHEMAS,
  ...PROVIDER_SCHEMAS,
  ...MEASUREMENT_SCHEMAS,
  ...TOOL_SCHEMAS,
  ...MCP_SCHEMAS,
  ...ATTACHMENT_SCHEMAS,
} as const

/**
 * Each command's access (see {@link CommandAccess}), as its domain file declares it: what lets it
 * through while an import's transaction is open. The record is exhaustive: a new command cannot be
 * added without saying.
 */
export const COMMAND_ACCESS: { readonly [C in CommandName]: CommandAccess } = {
  ...CONVERSATION_ACCESS,
  ...CONVERSATION_SETTINGS_ACCESS,
  ...TRANSFER_ACCESS,
  ...TURN_ACCESS,
  ...SETTINGS_ACCESS,
  ...PROVIDER_ACCESS,
  ...MEASUREMENT_ACCESS,
  ...TOOL_ACCESS,
  ...MCP_ACCESS,
  ...ATTACHMENT_ACCESS,
}

/** What each command answers. */
export interface CommandResponses
  extends ConversationResponses,
    ConversationSettingsResponses,
    TransferResponses,
    TurnResponses,
    SettingsResponses,
    ProviderResponses,
    MeasurementResponses,
    ToolResponses,
    McpResponses,
    AttachmentResponses {}

// Compile-time checks. The command list in channels.ts and the schemas and responses here name
// exactly the same commands (both ways); no command is in two domains (a later spread would hide
// it); each domain answers exactly its own commands.
type Missing<A, B> = Exclude<A, B> | Exclude<B, A>
const schemasCoverEveryCommand: [Missing<CommandName, keyof typeof COMMAND_SCHEMAS>] extends [never]
  ? true
  : Missing<CommandName, keyof typeof COMMAND_SCHEMAS> = true
void schemasCoverEveryCommand
const responsesCoverEveryCommand: [Missing<CommandName, keyof CommandResponses>] extends [never]
  ? true
  : Missing<CommandName, keyof CommandResponses> = true
void responsesCoverEveryCommand
type DomainNames = { [D in CommandDomain]: keyof (typeof COMMAND_DOMAINS)[D]['schemas'] }
/** The commands named by more than one domain. */
type InTwoDomains = {
  [D in CommandDomain]: DomainNames[D] & DomainNames[Exclude<CommandDomain, D>]
}[CommandDomain]
const everyCommandInOneDomain: [InTwoDomains] extends [never] ? true : InTwoDomains = true
void everyCommandInOneDomain
type MisplacedResponse =
  | Missing<keyof typeof CONVERSATION_SCHEMAS, keyof ConversationResponses>
  | Missing<keyof typeof CONVERSATION_SETTINGS_SCHEMAS, keyof ConversationSettingsResponses>
  | Missing<keyof typeof TRANSFER_SCHEMAS, keyof TransferResponses>
  | Missing<keyof typeof TURN_SCHEMAS, keyof TurnResponses>
  | Missing<keyof typeof SETTINGS_SCHEMAS, keyof SettingsResponses>
  | Missing<keyof typeof PROVIDER_SCHEMAS, keyof ProviderResponses>
  | Missing<keyof typeof MEASUREMENT_SCHEMAS, keyof MeasurementResponses>
  | Missing<keyof typeof TOOL_SCHEMAS, keyof ToolResponses>
  | Missing<keyof typeof MCP_SCHEMAS, keyof McpResponses>
  | Missing<keyof typeof ATTACHMENT_SCHEMAS, keyof AttachmentResponses>
const eachDomainAnswersItsOwn: [MisplacedResponse] extends [never] ? true : MisplacedResponse = true
void eachDomainAnswersItsOwn

export type CommandRequest<C extends CommandName> = z.input<(typeof COMMAND_SCHEMAS)[C]>

/** The API the renderer sees (`window.keel` in Electron; a WebSocket client in browser mode). */
export type KeelApi = {
  [C in CommandName]: (request: CommandRequest<C>) => Promise<AppResult<CommandResponses[C]>>
} & {
  /** Subscribes to run events; returns the unsubscribe function. */
  onRunEvent(listener: (envelope: RunEventEnvelope) => void): () => void
  /** Subscribes to MCP events (a subscribed resource changed); returns the unsubscribe function. */
  onMcpEvent(listener: (event: McpEvent) => void): () => void
}
