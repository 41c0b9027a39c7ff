import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../../../src/shared/search'
import { groupSearchResults } from '../../../../src/renderer/src/features/sidebar/search-groups'

const message = (conversationId: string, messageId: string, title = `Title ${conversationId}`): SearchResult => ({
  kind: 'message',
  conversationId,
  title,
  updatedAt: 1_000,
  messageId,
  role: 'assistant',
  segments: [{ text: messageId, match: true }],
})

describe('search groups', () => {
  it('puts each conversation once, in the order it first appears, with its messages under it', () => {
    const groups = groupSearchResults([
      message('a', 'a1'),
      message('b', 'b1'),
      {
        kind: 'title',
        conversationId: 'a',
        title: 'Title a',
        updatedAt: 1_000,
        segments: [{ text: 'Title a', match: true }],
      },
      message('a', 'a2'),
    ])
    expect(groups.map((g) => g.conversationId)).toEqual(['a', 'b'])
    expect(groups[0]!.messages.map((m) => m.messageId)).toEqual(['a1', 'a2'])
    expect(groups[0]!.titleSegments).toEqual([{ text: 'Title a', match: true }])
    expect(groups[1]!.titleSegments).toBeUndefined()
  })
})
