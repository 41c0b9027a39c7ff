// Opening a conversation reads its messages and parts once (ConversationStore.readConversation) and
// its model calls in one query (GenerationStore.listForConversation): the same answers as the
// one-by-one reads they replace (the path query, versionsOf, turnIdsInOrder, listForTurn), on a
// conversation with regenerated answers and an edited question (branches not shown).
import { describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()

function answer(store: KeelStore, conversationId: string, turnId: string, text: string, parentId?: string): string {
  const writer = store.conversations.startAssistantMessage({
    conversationId,
    turnId,
    ...(parentId ? { parentId } : {}),
  })
  writer.appendText(text)
  const end = writer.finalize({ status: 'complete' })
  if (!end.ok) throw new Error('finalize failed')
  return end.message.id
}

describe('readConversation and listForConversation', () => {
  it('give the branch shown, every version and the turn order, and every model call, as the per-row reads did', () => {
    const clock = fakeClock()
    const { store } = open({ clock })
    const { id } = store.conversations.createConversation({ title: 'branches' })
    const first = store.conversations.startTurn({ conversationId: id, userText: 'one' })
    const a1 = answer(store, id, first.turn.id, 'first answer')
    // Regenerated: a second answer to the same question, in the same turn.
    answer(store, id, first.turn.id, 'second answer', first.message.id)
    const second = store.conversations.startTurn({ conversationId: id, userText: 'two' })
    answer(store, id, second.turn.id, 'answer two')
    // Edited question: a new turn beside `second`, then back to the first answer's branch.
    const edited = store.conversations.startTurn({
      conversationId: id,
      userText: 'two, edited',
      parentId: second.message.parentId ?? null,
    })
    answer(store, id, edited.turn.id, 'answer to the edit')
    expect(store.conversations.selectVersion(a1)).toBe(true)
    for (const [turnId, round] of [
      [first.turn.id, 1],
      [first.turn.id, 2],
      [second.turn.id, 1],
      [edited.turn.id, 1],
    ] as const) {
      clock.advance(10)
      store.generations.start({ turnId, round, attempt: 1, provider: 'anthropic', model: 'm' })
    }
    store.generations.start({ turnId: first.turn.id, round: 1, attempt: 2, provider: 'anthropic', model: 'm' })

    const read = store.conversations.readConversation(id)
    const leaf = store.conversations.currentLeafId(id)!
    expect(read.messages).toEqual(store.conversations.getPath(leaf))
    expect(read.messages.map((m) => m.parts)).toEqual([
      [{ type: 'text', text: 'one' }],
      [{ type: 'text', text: 'first answer' }],
    ])
    expect(read.versions).toEqual(store.conversations.versionsOf(id))
    expect(read.turnIds).toEqual(store.conversations.turnIdsInOrder(id))
    expect(store.conversations.getMessages(id)).toEqual(read.messages)

    const byTurn = store.generations.listForConversation(id)
    for (const turnId of read.turnIds) expect(byTurn.get(turnId) ?? []).toEqual(store.generations.listForTurn(turnId))
    expect([...byTurn.values()].flat()).toHaveLength(5)
  })

  it('an empty conversation reads as nothing', () => {
    const { store } = open()
    const { id } = store.conversations.createConversation({ title: 'empty' })
    expect(store.conversations.readConversation(id)).toEqual({ messages: [], versions: {}, turnIds: [] })
    expect(store.generations.listForConversation(id).size).toBe(0)
  })
})
