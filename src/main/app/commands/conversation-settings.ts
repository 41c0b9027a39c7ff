import type { AppParts, HandlerMap } from './command-handler'

/** A conversation's settings and the defaults new ones take (`conversation-commands.ts`). */
export function conversationSettingsHandlers(app: AppParts): HandlerMap<'conversationSettings'> {
  return {
    'conversations.settings': (request) => app.reads.conversations.get(request),
    'conversations.settingsUpdate': (request) => app.conversationCommands.update(request),
    'conversations.settingsDefaults': (request) => app.conversationCommands.updateDefaults(request),
  }
}
