import type { KeelApi } from '../../../shared/ipc/app-contract'

/** What the conversation list store calls: its pages, Pinned, and pin / rename / delete. */
export const CONVERSATION_LIST_COMMANDS = [
  'conversations.list',
  'conversations.rename',
  'conversations.pin',
  'conversations.delete',
] as const satisfies readonly (keyof KeelApi)[]

export type ConversationListClient = Pick<KeelApi, (typeof CONVERSATION_LIST_COMMANDS)[number]>
