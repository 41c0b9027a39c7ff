import type { CommandDomain } from '../../../shared/ipc/app-contract'
import type { CommandName } from '../../../shared/ipc/channels'
import { attachmentHandlers } from './attachments'
import type { AppParts, Handler, HandlerMap } from './command-handler'
import { conversationSettingsHandlers } from './conversation-settings'
import { conversationHandlers } from './conversations'
import { mcpHandlers } from './mcp'
import { measurementHandlers } from './measurements'
import { providerHandlers } from './providers'
import { settingsHandlers } from './settings'
import { toolHandlers } from './tools'
import { transferHandlers } from './transfer'
import { turnHandlers } from './turns'

/** Every command's handler. */
export type CommandHandlers = { [C in CommandName]: Handler<C> }

/** One handler module per domain of the contract (`shared/ipc/commands/<domain>.ts`), each answering exactly its commands. */
export const DOMAIN_HANDLERS: { readonly [D in CommandDomain]: (app: AppParts) => HandlerMap<D> } = {
  conversations: conversationHandlers,
  conversationSettings: conversationSettingsHandlers,
  transfer: transferHandlers,
  turns: turnHandlers,
  settings: settingsHandlers,
  providers: providerHandlers,
  measurements: measurementHandlers,
  tools: toolHandlers,
  mcp: mcpHandlers,
  attachments: attachmentHandlers,
}

/** The service's one table: every domain's handlers together (each command is in exactly one domain). */
export function createCommandHandlers(app: AppParts): CommandHandlers {
  const domain = DOMAIN_HANDLERS
  return {
    ...domain.conversations(app),
    ...domain.conversationSettings(app),
    ...domain.transfer(app),
    ...domain.turns(app),
    ...domain.settings(app),
    ...domain.providers(app),
    ...domain.measurements(app),
    ...domain.tools(app),
    ...domain.mcp(app),
    ...domain.attachments(app),
  }
}
