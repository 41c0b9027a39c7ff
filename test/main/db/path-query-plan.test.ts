// Reading one conversation's messages must not cost in proportion to the whole store: the path's
// parts are looked up by message id, never found by scanning every part (first token was
// ~0.4 s late with 200,000 messages, because opening a conversation and building a turn's history
// scanned them all while the stream waited).
import { describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { useTempStores } from './store-fixtures'

const { open } = useTempStores()

function seed(store: KeelStore, conversations: number): string {
  let leaf = ''
  for (let c = 0; c < conversations; c++) {
    const { id } = store.conversations.createConversation({ title: `c${c}` })
    for (let t = 0; t < 3; t++) {
      const started = store.conversations.startTurn({ conversationId: id, userText: `question ${c}.${t}` })
      const writer = store.conversations.startAssistantMessage({
        conversationId: id,
        turnId: started.turn.id,
        parentId: started.message.id,
      })
      writer.appendText(`answer ${c}.${t}`)
      writer.finalize({ status: 'complete' })
      leaf = writer.messageId
    }
  }
  return leaf
}

/** The statement's query plan, one line per step. */
function planOf(store: KeelStore, statement: 'selectPartsOfPath' | 'selectPath', messageId: string): string[] {
  const source = (store.conversations as unknown as { statements: Record<string, { source: string }> }).statements[
    statement
  ]!.source
  return (store.db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(messageId) as { detail: string }[]).map(
    (row) => row.detail,
  )
}

describe('reading a path of messages', () => {
  it('looks the parts and replay items up by message id (no scan of the store), with or without statistics', () => {
    const { store } = open()
    const leaf = seed(store, 30)
    for (const analyzed of [false, true]) {
      if (analyzed) store.db.exec('ANALYZE')
      const plan = planOf(store, 'selectPartsOfPath', leaf)
      expect(
        plan.filter((step) =>
          /^SCAN (p|r|w|m|message_parts|message_replay_items|message_web_items|messages)\b/.test(step),
        ),
      ).toEqual([])
      expect(plan).toContainEqual(expect.stringMatching(/^SEARCH p USING (COVERING )?INDEX \S+ \(message_id=\?\)/))
      expect(plan).toContainEqual(expect.stringMatching(/^SEARCH r USING (COVERING )?INDEX \S+ \(message_id=\?\)/))
      expect(planOf(store, 'selectPath', leaf).filter((step) => /^SCAN (m|messages)\b/.test(step))).toEqual([])
    }
    // And it still reads the branch, in order.
    const texts = store.conversations
      .getPath(leaf)
      .map((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''))
    expect(texts).toEqual([
      'question 29.0',
      'answer 29.0',
      'question 29.1',
      'answer 29.1',
      'question 29.2',
      'answer 29.2',
    ])
  })
})
