// The window's two stores, wired: the chat store (the open conversation, runs) and the sidebar's
// conversation list, on one shared frame so the window still commits once per frame.
import type { ChatClient } from './chat-client'
import { ChatStore } from './chat-store'
import type { ConversationListClient } from './conversation-list-client'
import { ConversationListStore } from './conversation-list-store'
import { frameScheduler, type Scheduler, sharedFrame } from './frame-scheduler'
import type { ConversationMemory } from './open-conversation-memory'

export interface WindowStores {
  chat: ChatStore
  list: ConversationListStore
}

export function windowStores(
  clients: { chat: ChatClient; conversationList: ConversationListClient },
  options: { schedule?: Scheduler; memory?: ConversationMemory } = {},
): WindowStores {
  const frame = sharedFrame(options.schedule ?? frameScheduler)
  const list = new ConversationListStore(clients.conversationList, frame)
  return { chat: new ChatStore(clients.chat, list, frame, options.memory), list }
}
