import { describe, expect, it } from 'vitest'
import type { ToolCallOutcome } from '../../../src/shared/tool-outcome'
import { fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()

describe('ConversationStore', () => {
  it('starts a turn with the user message (complete, seq 1) and orders later messages by seq', () => {
    const clock = fakeClock()
    const { store } = open({ clock })
    const conversation = store.conversations.createConversation({ title: 'Weight' })
    const { turn, message } = store.conversations.startTurn({
      conversationId: conversation.id,
      userText: 'I weigh 70 kg',
    })
    expect(turn.conversationId).toBe(conversation.id)
    expect(message).toMatchObject({
      role: 'user',
      status: 'complete',
      seq: 1,
      turnId: turn.id,
      parts: [{ type: 'text', text: 'I weigh 70 kg' }],
    })
    const writer = store.conversations.startAssistantMessage({ conversationId: conversation.id, turnId: turn.id })
    writer.appendText('Noted.')
    writer.finalize({ status: 'complete' })
    expect(store.conversations.getMessages(conversation.id).map((m) => [m.seq, m.role, m.status])).toEqual([
      [1, 'user', 'complete'],
      [2, 'assistant', 'complete'],
    ])
  })

  it('lists conversations newest activity first, with message counts, and pages with a cursor', () => {
    const clock = fakeClock()
    const { store } = open({ clock })
    const ids = ['a', 'b', 'c', 'd']
    for (const id of ids) {
      clock.advance(1000)
      store.conversations.createConversation({ id, title: id.toUpperCase() })
    }
    clock.advance(1000)
    store.conversations.startTurn({ conversationId: 'b', userText: 'bump b' }) // b now has the latest activity
    const all = store.conversations.listConversations()
    expect(all.map((c) => [c.id, c.messageCount])).toEqual([
      ['b', 1],
      ['d', 0],
      ['c', 0],
      ['a', 0],
    ])
    const first = store.conversations.listConversations({ limit: 2 })
    const last = first[first.length - 1]
    expect(last).toBeDefined()
    const second = store.conversations.listConversations({
      limit: 2,
      before: { updatedAt: last!.updatedAt, id: last!.id },
    })
    expect([...first, ...second].map((c) => c.id)).toEqual(['b', 'd', 'c', 'a'])
  })

  it('round-trips tool-call and tool-result parts exactly', () => {
    const { store } = open()
    const conversation = store.conversations.createConversation()
    const { turn } = store.conversations.startTurn({ conversationId: conversation.id, userText: 'record it' })
    const outcome: ToolCallOutcome = {
      callId: 'call_1',
      toolName: 'record_measurement',
      status: 'invalid-arguments',
      message: "unit 'stone' is not valid for weight; use kg or lb",
      issues: [{ path: 'unit', message: "unit 'stone' is not valid for weight; use kg or lb" }],
    }
    const message = store.conversations.addMessage({
      conversationId: conversation.id,
      turnId: turn.id,
      role: 'assistant',
      parts: [
        { type: 'text', text: 'Recording.' },
        {
          type: 'tool-call',
          callId: 'call_1',
          callIdIsLocal: false,
          toolName: 'record_measurement',
          argumentsText: '{"kind":"weight"}',
          arguments: { kind: 'weight' },
        },
        { type: 'tool-result', callId: 'call_1', toolName: 'record_measurement', outcome },
      ],
    })
    expect(store.conversations.getMessage(message.id)?.parts).toEqual([
      { type: 'text', text: 'Recording.' },
      {
        type: 'tool-call',
        callId: 'call_1',
        callIdIsLocal: false,
        toolName: 'record_measurement',
        argumentsText: '{"kind":"weight"}',
        arguments: { kind: 'weight' },
      },
      { type: 'tool-result', callId: 'call_1', toolName: 'record_measurement', outcome },
    ])
  })

  it('refuses a turn for a conversation that does not exist (and writes nothing)', () => {
    const { store } = open()
    expect(() => store.conversations.startTurn({ conversationId: 'nope', userText: 'hi' })).toThrow(/FOREIGN KEY/)
    expect(store.db.prepare('SELECT count(*) AS n FROM turns').get()).toEqual({ n: 0 })
    expect(store.db.prepare('SELECT count(*) AS n FROM messages').get()).toEqual({ n: 0 })
  })
})

describe('ConversationStore integrity', () => {
  it('refuses an assistant message naming a turn of another conversation', () => {
    const { store } = open()
    const a = store.conversations.createConversation()
    const b = store.conversations.createConversation()
    const { turn } = store.conversations.startTurn({ conversationId: a.id, userText: 'hi' })
    expect(() => store.conversations.startAssistantMessage({ conversationId: b.id, turnId: turn.id })).toThrow(
      /FOREIGN KEY/,
    )
    expect(store.conversations.getMessages(b.id)).toEqual([])
  })
})
