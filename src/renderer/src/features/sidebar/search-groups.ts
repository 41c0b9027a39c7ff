// Search results as the user reads them: one entry per conversation (its title once, its date),
// with the messages that matched under it. The search answers one row per matching message, so a
// conversation with three matches used to show its title three times, without a date.
import type { SearchResult, SearchSegment } from '../../../../shared/search'

export type MessageHit = Extract<SearchResult, { kind: 'message' }>

export interface SearchGroup {
  conversationId: string
  title: string
  updatedAt: number
  /** The title's matched words, when the title itself matched. */
  titleSegments?: SearchSegment[]
  /** The matching messages, best first. */
  messages: MessageHit[]
}

/** Groups results by conversation, in the order each conversation first appears (best match first). */
export function groupSearchResults(results: readonly SearchResult[]): SearchGroup[] {
  const groups = new Map<string, SearchGroup>()
  for (const result of results) {
    let group = groups.get(result.conversationId)
    if (!group) {
      group = { conversationId: result.conversationId, title: result.title, updatedAt: result.updatedAt, messages: [] }
      groups.set(result.conversationId, group)
    }
    if (result.kind === 'title') group.titleSegments = result.segments
    else group.messages.push(result)
  }
  return [...groups.values()]
}
