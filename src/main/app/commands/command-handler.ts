import type { z } from 'zod'
import type { COMMAND_SCHEMAS, CommandDomain, CommandResponses, DomainCommand } from '../../../shared/ipc/app-contract'
import type { AppResult } from '../../../shared/ipc/app-error'
import type { CommandName } from '../../../shared/ipc/channels'
import type { Env } from '../../../shared/env'
import type { StoreReader, StoreWriter } from '../../db/keel-store'
import type { TurnAction } from '../../harness/turn-recorder'
import type { ProviderKeys } from '../../secrets/provider-keys'
import type { ToolRegistry } from '../../tools/tool-registry'
import type { ClientContext } from '../client-context'
import type { ConversationCommands, ConversationReadCommands } from '../conversation-commands'
import type { ImportCommands } from '../import-commands'
import type { McpCommands } from '../mcp-commands'
import type { MessageCommands } from '../message-commands'
import type { ProviderCommands, ProviderReadCommands } from '../provider-commands'
import type { RunRegistry } from '../run-registry'
import type { SearchCommands, SearchReadCommands } from '../search-commands'

/** A command's request after its schema (defaults applied). */
export type Input<C extends CommandName> = z.output<(typeof COMMAND_SCHEMAS)[C]>

export type Handler<C extends CommandName> = (
  request: Input<C>,
  context: ClientContext,
) => AppResult<CommandResponses[C]> | Promise<AppResult<CommandResponses[C]>>

/** One domain's handlers: exactly its commands (`shared/ipc/commands/<domain>.ts`), each with one. */
export type HandlerMap<D extends CommandDomain> = { [C in DomainCommand<D>]: Handler<C> }

/** What the reading commands use: the store and its commands, or an import's snapshot of them. */
export interface Reads {
  store: StoreReader
  finding: SearchReadCommands
  conversations: ConversationReadCommands
  providers: ProviderReadCommands
}

/**
 * What the handler maps (`commands/<domain>.ts`) use: the app service's parts, built once by
 * {@link KeelAppService}. The handlers run only after the service validated the request and let it
 * through its gate.
 */
export interface AppParts {
  readonly store: StoreWriter
  readonly env: Env
  readonly keys: ProviderKeys
  readonly tools: ToolRegistry
  readonly runs: RunRegistry
  readonly mcp: McpCommands
  readonly finding: SearchCommands
  readonly messages: MessageCommands
  readonly providers: ProviderCommands
  readonly conversationCommands: ConversationCommands
  readonly imports: ImportCommands
  /** What `read` commands use (read each time: it changes while an import runs). */
  readonly reads: Reads
  /** A new question, or (`action`) a message action: the service's run lifecycle. */
  startTurn(
    request: Input<'turns.start'>,
    context: ClientContext,
    action?: TurnAction,
  ): Promise<AppResult<CommandResponses['turns.start']>>
}
