// An answer's hosted calls and citations: written with the round's next write (or the answer's
// end), in the answer's part order, and read back by every reader (one message, a conversation, a path).
import { describe, expect, it } from 'vitest'
import type { Citation, HostedCall } from '../../../src/shared/hosted-tools'
import { conversationWithTurn, countRows, useTempStores } from './store-fixtures'

const { open } = useTempStores()

const search: HostedCall = {
  id: 'srvtoolu_1',
  toolName: 'web_search',
  kind: 'search',
  queries: ['oslo tide'],
  url: undefined,
  status: 'completed',
  errorCode: undefined,
  sources: [{ url: 'https://example.org/tides', title: 'Tides', pageAge: undefined }],
  suggestionsHtml: undefined,
}
const citation: Citation = {
  url: 'https://example.org/tides',
  title: 'Tides',
  citedText: 'High water at 14:02.',
  supportedText: undefined,
  span: { start: 0, end: 5 },
}

describe('stored web items', () => {
  it('are pending until the round is written, then read back in place with the parts', () => {
    const { store } = open()
    const ids = conversationWithTurn(store)
    const writer = store.conversations.startAssistantMessage(ids)
    writer.appendText('Searching.')
    writer.addWebItems([
      { type: 'hosted-call', call: search },
      { type: 'citation', citation },
    ])
    // Nothing yet: they go in the transaction that writes the round.
    expect(countRows(store, 'message_web_items')).toBe(0)
    writer.addPart({
      type: 'tool-call',
      callId: 'c1',
      callIdIsLocal: false,
      toolName: 'note',
      argumentsText: '{}',
      arguments: {},
    })
    expect(countRows(store, 'message_web_items')).toBe(2)
    writer.appendText('Done.')
    writer.addWebItems([{ type: 'citation', citation: { ...citation, citedText: undefined } }])
    const finished = writer.finalize({ status: 'complete' })
    expect(finished.ok).toBe(true)
    const expected = [
      { type: 'text', text: 'Searching.' },
      { type: 'hosted-call', call: JSON.parse(JSON.stringify(search)) },
      { type: 'citation', citation: JSON.parse(JSON.stringify(citation)) },
      { type: 'tool-call', callId: 'c1', callIdIsLocal: false, toolName: 'note', argumentsText: '{}', arguments: {} },
      { type: 'text', text: 'Done.' },
      { type: 'citation', citation: { url: citation.url, title: 'Tides', span: { start: 0, end: 5 } } },
    ]
    expect(store.conversations.getMessage(writer.messageId)!.parts).toEqual(expected)
    expect(store.conversations.getMessages(ids.conversationId).at(-1)!.parts).toEqual(expected)
    expect(store.conversations.getPath(writer.messageId).at(-1)!.parts).toEqual(expected)
  })

  it('a continued answer goes on after its stored web items', () => {
    const { store } = open()
    const ids = conversationWithTurn(store)
    const writer = store.conversations.startAssistantMessage(ids)
    writer.appendText('Part one.')
    writer.addWebItems([{ type: 'citation', citation }])
    expect(writer.finalize({ status: 'complete' }).ok).toBe(true)
    const resumed = store.conversations.resumeAssistantMessage(writer.messageId)!
    resumed.appendText(' Part two.')
    expect(resumed.finalize({ status: 'complete' }).ok).toBe(true)
    expect(store.conversations.getMessage(writer.messageId)!.parts.map((p) => p.type)).toEqual([
      'text',
      'citation',
      'text',
    ])
  })
})
