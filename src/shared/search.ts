/** A piece of a search result's text: `match` pieces are the words the query found (shown highlighted). */
export interface SearchSegment {
  text: string
  match: boolean
}

/**
 * One hit of `conversations.search`: a conversation whose title matched, or one message of a
 * conversation whose text matched (opened at that message).
 */
export type SearchResult =
  | { kind: 'title'; conversationId: string; title: string; updatedAt: number; segments: SearchSegment[] }
  | {
      kind: 'message'
      conversationId: string
      title: string
      updatedAt: number
      messageId: string
      role: 'user' | 'assistant'
      segments: SearchSegment[]
    }

export interface SearchPage {
  results: SearchResult[]
  /** Present when more results follow: pass it as `cursor` to get them. */
  nextCursor?: string
}

/** The longest query `conversations.search` accepts (characters). */
export const MAX_SEARCH_QUERY_CHARS = 500
