// Search over titles and message text (FTS5, migration 0120) on real SQLite files: diacritics folded,
// phrases and prefixes, user input that can never be an FTS syntax error, and an index that follows
// every write (streamed chunks, finalize, rename, message and conversation deletes).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toFtsQuery } from '../../../src/main/db/search-query'
import { toSegments } from '../../../src/main/db/conversation-search'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()

function converse(
  store: KeelStore,
  title: string,
  user: string,
  answer: string,
): { conversationId: string; userId: string; answerId: string } {
  const conversation = store.conversations.createConversation({ title })
  const { turn, message } = store.conversations.startTurn({ conversationId: conversation.id, userText: user })
  const writer = store.conversations.startAssistantMessage({ conversationId: conversation.id, turnId: turn.id })
  writer.appendText(answer)
  const end = writer.finalize({ status: 'complete' })
  if (!end.ok) throw new Error('finalize failed')
  return { conversationId: conversation.id, userId: message.id, answerId: end.message.id }
}

const matched = (store: KeelStore, query: string) =>
  store.search
    .search(query, { limit: 50 })
    .results.map((r) => (r.kind === 'title' ? `title:${r.conversationId}` : `message:${r.messageId}`))

describe('conversation search', () => {
  it('folds case and diacritics both ways: "medicao" finds "Medição" and "medição" finds "medicao"', () => {
    const { store } = open()
    const a = converse(store, 'Peso', 'Qual foi a última Medição?', 'Foi 72,5 kg.')
    const b = converse(store, 'Other', 'plain medicao here', 'ok')
    expect(matched(store, 'medicao').sort()).toEqual([`message:${a.userId}`, `message:${b.userId}`].sort())
    expect(matched(store, 'MEDIÇÃO').sort()).toEqual([`message:${a.userId}`, `message:${b.userId}`].sort())
    expect(matched(store, 'ultima')).toEqual([`message:${a.userId}`])
  })

  it('highlights the matching words in the snippet and says which conversation and message', () => {
    const { store } = open()
    const a = converse(
      store,
      'Protein',
      'How much protein per day?',
      'About 1.6 g of protein per kg of body weight per day.',
    )
    const hit = store.search.search('body weight', { limit: 10 }).results
    expect(hit).toHaveLength(1)
    expect(hit[0]).toMatchObject({
      kind: 'message',
      conversationId: a.conversationId,
      messageId: a.answerId,
      role: 'assistant',
      title: 'Protein',
    })
    expect(hit[0]!.segments.filter((s) => s.match).map((s) => s.text)).toEqual(['body', 'weight'])
    expect(hit[0]!.segments.map((s) => s.text).join('')).toContain('protein per kg of body weight per day')
  })

  it('finds titles, listed before message hits', () => {
    const { store } = open()
    const a = converse(store, 'Running plan', 'x', 'y')
    const b = converse(store, 'Food', 'running in the morning', 'ok')
    expect(matched(store, 'running')).toEqual([`title:${a.conversationId}`, `message:${b.userId}`])
    const title = store.search.search('running', { limit: 1 }).results[0]
    expect(title).toMatchObject({
      kind: 'title',
      segments: [
        { text: 'Running', match: true },
        { text: ' plan', match: false },
      ],
    })
  })

  it('phrases keep word order; a prefix matches the start of a word; plain words must all appear', () => {
    const { store } = open()
    const a = converse(store, 't1', 'the quick brown fox', 'ok')
    const b = converse(store, 't2', 'brown quick hare', 'ok')
    expect(matched(store, '"quick brown"')).toEqual([`message:${a.userId}`])
    expect(matched(store, 'quick brown').sort()).toEqual([`message:${a.userId}`, `message:${b.userId}`].sort())
    expect(matched(store, 'qui*').sort()).toEqual([`message:${a.userId}`, `message:${b.userId}`].sort())
    expect(matched(store, 'qui')).toEqual([])
    expect(matched(store, 'fox hare')).toEqual([])
  })

  it('indexes a streamed answer whole once it ends (its chunks are folded), and not tool data or reasoning', () => {
    const { store } = open()
    const conversation = store.conversations.createConversation({ title: 'Stream' })
    const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText: 'go' })
    const writer = store.conversations.startAssistantMessage(
      { conversationId: conversation.id, turnId: turn.id },
      { flushChars: 1 },
    )
    writer.appendReasoning('secretthought ')
    writer.appendText('alpha ')
    writer.appendText('beta ')
    writer.appendText('gamma')
    expect(matched(store, 'alpha')).toHaveLength(1) // the first flush is the part row itself
    expect(matched(store, 'gamma')).toEqual([]) // still a chunk
    writer.addPart({
      type: 'tool-call',
      callId: 'c1',
      name: 'record_measurement',
      arguments: { note: 'zetaword' },
    } as never)
    const end = writer.finalize({ status: 'complete' })
    expect(end.ok).toBe(true)
    expect(matched(store, 'gamma')).toEqual([`message:${writer.messageId}`])
    expect(matched(store, '"alpha beta gamma"')).toEqual([`message:${writer.messageId}`])
    expect(matched(store, 'secretthought')).toEqual([])
    expect(matched(store, 'zetaword')).toEqual([])
  })

  it('follows renames and deletes (of a conversation and its messages)', () => {
    const { store } = open()
    const a = converse(store, 'Old name', 'kiwi fruit', 'banana answer')
    store.conversations.renameConversation(a.conversationId, 'Brand new')
    expect(matched(store, 'old')).toEqual([])
    expect(matched(store, 'brand')).toEqual([`title:${a.conversationId}`])
    store.db.prepare('DELETE FROM messages WHERE id = ?').run(a.answerId)
    expect(matched(store, 'banana')).toEqual([])
    expect(matched(store, 'kiwi')).toEqual([`message:${a.userId}`])
    store.conversations.deleteConversation(a.conversationId)
    expect(matched(store, 'kiwi')).toEqual([])
    expect(matched(store, 'brand')).toEqual([])
    // The index holds nothing of the deleted rows (FTS5's own check against its content tables).
    expect(() =>
      store.db.exec(`INSERT INTO conversation_title_search (conversation_title_search) VALUES ('integrity-check')`),
    ).not.toThrow()
    expect(() =>
      store.db.exec(`INSERT INTO message_text_search (message_text_search) VALUES ('integrity-check')`),
    ).not.toThrow()
  })

  it('pages through many hits: every hit once, over 5,000 messages', () => {
    const { store } = open({ clock: fakeClock() })
    const conversation = store.conversations.createConversation({ title: 'Many' })
    const insert = store.db.transaction(() => {
      for (let i = 0; i < 2500; i++) {
        const { turn } = store.conversations.startTurn({
          conversationId: conversation.id,
          userText: `entry ${i} common ${i % 10 === 0 ? 'rare' : 'usual'}`,
        })
        store.conversations.addMessage({
          conversationId: conversation.id,
          turnId: turn.id,
          role: 'assistant',
          parts: [{ type: 'text', text: `reply ${i}` }],
        })
      }
    })
    insert()
    const seen = new Set<string>()
    let offset = 0
    for (;;) {
      const page = store.search.search('rare', { limit: 40, offset })
      for (const r of page.results) seen.add(r.kind === 'message' ? r.messageId : r.conversationId)
      offset += 40
      if (!page.hasMore) break
    }
    expect(seen.size).toBe(250)
    expect(store.search.search('common', { limit: 10 }).hasMore).toBe(true)
  })

  it('ranks messages on the index: equal matches newest first, system notes left out, titles before them across pages', () => {
    const { store } = open({ clock: fakeClock() })
    const titled = converse(store, 'Lantern notes', 'x', 'y')
    const older = converse(store, 'A', 'lantern', 'ok')
    const conversation = store.conversations.createConversation({ title: 'B' })
    // A system note with the word: never a hit (and it must not take a place on the page).
    store.conversations.addMessage({
      conversationId: conversation.id,
      role: 'system',
      parts: [{ type: 'text', text: 'lantern' }],
    })
    const newer = converse(store, 'C', 'lantern', 'ok')
    expect(matched(store, 'lantern')).toEqual([
      `title:${titled.conversationId}`,
      `message:${newer.userId}`,
      `message:${older.userId}`,
    ])
    // One per page: the title, then the messages, the system note never.
    const pages = [0, 1, 2].map((offset) => store.search.search('lantern', { limit: 1, offset }))
    expect(pages.map((p) => p.results.map((r) => r.kind))).toEqual([['title'], ['message'], ['message']])
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false])
    expect(pages[2]!.results[0]!.segments.some((s) => s.match && s.text === 'lantern')).toBe(true)
  })

  it('pins and unpins; pinned conversations are listed (most recently pinned first) and marked in the list', () => {
    const clock = fakeClock()
    const { store } = open({ clock })
    const a = store.conversations.createConversation({ title: 'A' })
    const b = store.conversations.createConversation({ title: 'B' })
    expect(store.search.setPinned(a.id, true)).toBe(true)
    clock.advance(1000)
    expect(store.search.setPinned(b.id, true)).toBe(true)
    expect(store.search.listPinned().map((c) => c.id)).toEqual([b.id, a.id])
    expect(store.conversations.listConversations().find((c) => c.id === a.id)?.pinnedAt).toBeTypeOf('number')
    store.search.setPinned(b.id, false)
    expect(store.search.listPinned().map((c) => c.id)).toEqual([a.id])
    expect(store.conversations.listConversations().find((c) => c.id === b.id)).not.toHaveProperty('pinnedAt')
    expect(store.search.setPinned('missing', true)).toBe(false)
  })
})

describe('toFtsQuery', () => {
  it('quotes every term: operators, columns and punctuation are literal', () => {
    expect(toFtsQuery('a AND b')).toBe('"a" "AND" "b"')
    expect(toFtsQuery('title:foo -bar')).toBe('"title:foo" "-bar"')
    expect(toFtsQuery('"brown fox" medi*')).toBe('"brown fox" "medi"*')
    expect(toFtsQuery('say "hi')).toBe('"say" "hi"')
    expect(toFtsQuery('  * " " -- ')).toBeUndefined()
  })

  it('any string: the store answers without throwing (never an FTS syntax error)', () => {
    const { store } = open()
    converse(store, 'Medição "quoted" (x) AND y*', 'NEAR(a b) -c ^d col:e "f', 'ok')
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.stringMatching(/^[a-z"*():^\-+ ]{0,30}$/)),
        (input) => {
          const page = store.search.search(input, { limit: 5 })
          expect(Array.isArray(page.results)).toBe(true)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('segments never lose text, whatever markers the text holds', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const joined = toSegments(text)
          .map((s) => s.text)
          .join('')
        expect(joined).toBe(text.replace(/[\uE000\uE001]/g, ''))
      }),
    )
  })
})
