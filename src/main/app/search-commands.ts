import type { z } from 'zod'
import type { COMMAND_SCHEMAS, CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import type { StoreReader, StoreWriter } from '../db/keel-store'
import { ok, notFound } from './app-result'

type Input<C extends keyof typeof COMMAND_SCHEMAS> = z.output<(typeof COMMAND_SCHEMAS)[C]>

const DEFAULT_SEARCH_PAGE = 30

/** `conversations.search` and the pinned list: finding conversations (on a reader, or the import's snapshot). */
export class SearchReadCommands {
  constructor(protected readonly store: StoreReader) {}

  search({ query, limit, cursor }: Input<'conversations.search'>): AppResult<CommandResponses['conversations.search']> {
    const pageSize = limit ?? DEFAULT_SEARCH_PAGE
    const offset = cursor === undefined ? 0 : Number(cursor)
    const page = this.store.search.search(query, { limit: pageSize, offset })
    return ok({ results: page.results, ...(page.hasMore ? { nextCursor: String(offset + pageSize) } : {}) })
  }

  /** The pinned conversations (`conversations.list` with `pinned: true`). */
  pinned(): AppResult<CommandResponses['conversations.list']> {
    return ok(this.store.search.listPinned())
  }
}

/** …and `conversations.pin`. */
export class SearchCommands extends SearchReadCommands {
  constructor(protected override readonly store: StoreWriter) {
    super(store)
  }

  pin({ conversationId, pinned }: Input<'conversations.pin'>): AppResult<CommandResponses['conversations.pin']> {
    if (!this.store.search.setPinned(conversationId, pinned)) return notFound('conversation')
    return ok(this.store.search.listPinned())
  }
}
