import type { z } from 'zod'
import type { COMMAND_SCHEMAS, CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import type { KeelStore } from '../db/keel-store'
import { ok, notFound } from './app-result'

type Input<C extends keyof typeof COMMAND_SCHEMAS> = z.output<(typeof COMMAND_SCHEMAS)[C]>

const DEFAULT_SEARCH_PAGE = 30

/** `conversations.search` and `conversations.pin`: finding conversations. */
export class SearchCommands {
  constructor(private readonly store: KeelStore) {}

  search({ query, limit, cursor }: Input<'conversations.search'>): AppResult<CommandResponses['conversations.search']> {
    const pageSize = limit ?? DEFAULT_SEARCH_PAGE
    const offset = cursor === undefined ? 0 : Number(cursor)
    const page = this.store.search.search(query, { limit: pageSize, offset })
    return ok({ results: page.results, ...(page.hasMore ? { nextCursor: String(offset + pageSize) } : {}) })
  }

  pin({ conversationId, pinned }: Input<'conversations.pin'>): AppResult<CommandResponses['conversations.pin']> {
    if (!this.store.search.setPinned(conversationId, pinned)) return notFound('conversation')
    return ok(this.store.search.listPinned())
  }

  /** The pinned conversations (`conversations.list` with `pinned: true`). */
  pinned(): AppResult<CommandResponses['conversations.list']> {
    return ok(this.store.search.listPinned())
  }
}
