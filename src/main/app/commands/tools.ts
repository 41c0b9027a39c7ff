import { ok } from '../app-result'
import type { AppParts, HandlerMap } from './command-handler'

/** The tools a turn offers, and the actions whose outcome the user checks. */
export function toolHandlers(app: AppParts): HandlerMap<'tools'> {
  return {
    'tools.list': () =>
      ok(
        app.tools.list().map(({ name, title, titles, source, effect, grantKey, grantScoped, provider }) => ({
          name,
          title,
          ...(titles ? { titles } : {}),
          source,
          effect,
          grantKey,
          ...(grantScoped ? { grantScoped } : {}),
          ...(provider ? { provider } : {}),
        })),
      ),
    'actions.unknown': () =>
      ok(
        app.reads.store.ledger.listUnknown().map((entry) => ({
          key: entry.idempotencyKey,
          toolName: entry.toolName,
          conversationId: entry.conversationId,
          arguments: entry.arguments,
          startedAt: entry.createdAt,
        })),
      ),
    'actions.resolve': ({ key, outcome }) => {
      const entry = app.store.ledger.findByKey(key)
      if (entry?.state !== 'unknown') return ok({ resolved: false })
      const now = app.store.clock()
      // What the model is told if it asks for the same action again (in that turn): the user's word.
      const resolved =
        outcome === 'done'
          ? app.store.ledger.markSucceeded(
              entry.id,
              JSON.stringify({ checkedByUser: true, note: 'The user checked: this action did take effect.' }),
              now,
            )
          : app.store.ledger.markFailed(
              entry.id,
              { kind: 'external', message: 'The user checked: this action did not take effect.', retryable: false },
              now,
            )
      return ok({ resolved })
    },
  }
}
