import type { KeelApi } from '../../../shared/ipc/app-contract'

/** What the chat store calls: the open conversation, runs, approvals, settings and tools (the list is ConversationListClient's). */
export const CHAT_COMMANDS = [
  'onRunEvent',
  'settings.get',
  'settings.update',
  'conversations.open',
  'tools.list',
  'actions.unknown',
  'actions.resolve',
  'runs.attach',
  'turns.start',
  'turns.stop',
  'turns.regenerate',
  'turns.edit',
  'turns.continue',
  'messages.delete',
  'messages.selectVersion',
  'approvals.answer',
  'elicitations.answer',
  'attachments.get',
] as const satisfies readonly (keyof KeelApi)[]

export type ChatClient = Pick<KeelApi, (typeof CHAT_COMMANDS)[number]>
