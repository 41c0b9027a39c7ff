import { DEFAULT_CONVERSATION_PAGE } from '../../../shared/ipc/channels'
import { fail, notFound, ok } from '../app-result'
import { openConversation } from '../conversation-view'
import type { AppParts, HandlerMap } from './command-handler'

/** The list, one conversation, its message tree, search and pins. */
export function conversationHandlers(app: AppParts): HandlerMap<'conversations'> {
  return {
    'conversations.list': ({ limit, before, pinned }) =>
      pinned
        ? app.reads.finding.pinned()
        : ok(
            app.reads.store.conversations.listConversations({
              limit: limit ?? DEFAULT_CONVERSATION_PAGE,
              ...(before ? { before } : {}),
            }),
          ),
    'conversations.open': ({ conversationId }) => openConversation(app.reads.store, conversationId),
    'conversations.rename': ({ conversationId, title }) => {
      if (!app.store.conversations.renameConversation(conversationId, title)) return notFound('conversation')
      return ok(app.store.conversations.getConversation(conversationId)!)
    },
    'conversations.delete': ({ conversationId }) => {
      if (app.runs.isConversationBusy(conversationId))
        return fail('busy', 'A turn is running in this conversation: stop it first.', {
          detail: { code: 'conversation-busy' },
        })
      if (!app.store.conversations.deleteConversation(conversationId)) return notFound('conversation')
      return ok({ deleted: true as const })
    },
    'conversations.search': (request) => app.reads.finding.search(request),
    'conversations.pin': (request) => app.finding.pin(request),
    'messages.delete': (request) => app.messages.delete(request),
    'messages.selectVersion': (request) => app.messages.selectVersion(request),
  }
}
