import { describe, expect, it } from 'vitest'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { useTempStores } from './store-fixtures'

const count = (db: import('better-sqlite3').Database, sql: string, ...params: unknown[]) =>
  (db.prepare(sql).get(...params) as { n: number }).n

describe('ConversationStore.deleteConversation', () => {
  const stores = useTempStores()

  it('removes the conversation with its turns, messages, parts, generations and ledger entries; measurements stay', async () => {
    const { store } = stores.open()
    const tools = createKeelToolRegistry(store)
    const keep = store.conversations.createConversation({ title: 'keep' })
    const gone = store.conversations.createConversation({ title: 'gone' })
    const keptTurn = store.conversations.startTurn({ conversationId: keep.id, userText: 'hi' }).turn
    const { turn } = store.conversations.startTurn({ conversationId: gone.id, userText: 'I weigh 72.5 kg, and 180 cm' })
    const writer = store.conversations.startAssistantMessage({ conversationId: gone.id, turnId: turn.id })
    writer.appendText('Recording.')
    writer.finalize({ status: 'complete' })
    const generation = store.generations.start({
      turnId: turn.id,
      messageId: writer.messageId,
      round: 1,
      attempt: 1,
      provider: 'anthropic',
      model: 'm',
    })
    store.generations.finish(generation.id, {
      outcome: 'complete',
      usage: { inputTokens: 1, outputTokens: 2, reasoningTokens: undefined, cachedInputTokens: undefined },
      usageSource: 'reported',
    })
    const signal = new AbortController().signal
    const call = (callId: string, toolName: string, args: Record<string, unknown>) =>
      tools.executeToolCall({ conversationId: gone.id, turnId: turn.id, callId, toolName, arguments: args }, { signal })
    const weight = await call('c1', 'record_measurement', { kind: 'weight', value: 72.5, unit: 'kg' })
    const height = await call('c2', 'record_measurement', { kind: 'height', value: 180, unit: 'cm' })
    expect(weight.status).toBe('succeeded')
    expect(height.status).toBe('succeeded')
    const heightId = store.measurements.latest('height')!.id
    expect((await call('c3', 'delete_measurement', { id: heightId })).status).toBe('succeeded')
    const db = store.db
    expect(count(db, 'SELECT count(*) AS n FROM tool_ledger WHERE conversation_id = ?', gone.id)).toBe(3)
    expect(count(db, 'SELECT count(*) AS n FROM measurements WHERE created_by_ledger_id IS NOT NULL')).toBe(2)

    expect(store.conversations.deleteConversation(gone.id)).toBe(true)

    expect(store.conversations.getConversation(gone.id)).toBeUndefined()
    expect(count(db, 'SELECT count(*) AS n FROM turns WHERE conversation_id = ?', gone.id)).toBe(0)
    expect(count(db, 'SELECT count(*) AS n FROM messages WHERE conversation_id = ?', gone.id)).toBe(0)
    expect(count(db, 'SELECT count(*) AS n FROM message_parts WHERE message_id = ?', writer.messageId)).toBe(0)
    expect(count(db, 'SELECT count(*) AS n FROM generations WHERE turn_id = ?', turn.id)).toBe(0)
    expect(count(db, 'SELECT count(*) AS n FROM tool_ledger')).toBe(0)
    expect(count(db, 'SELECT count(*) AS n FROM tool_ledger_calls')).toBe(0)
    // The measurements are the user's: both rows stay (the deleted one stays deleted), unlinked from the ledger.
    expect(count(db, 'SELECT count(*) AS n FROM measurements')).toBe(2)
    expect(store.measurements.list({ limit: 10 }).map((m) => m.kind)).toEqual(['weight'])
    expect(
      count(
        db,
        'SELECT count(*) AS n FROM measurements WHERE created_by_ledger_id IS NOT NULL OR deleted_by_ledger_id IS NOT NULL',
      ),
    ).toBe(0)
    expect(db.pragma('foreign_key_check')).toEqual([])
    // The other conversation is untouched.
    expect(store.conversations.getConversation(keep.id)).toMatchObject({ title: 'keep' })
    expect(store.conversations.getTurn(keptTurn.id)).toBeDefined()
    expect(store.conversations.getMessages(keep.id)).toHaveLength(1)
  })

  it('is false for a conversation that does not exist', () => {
    const { store } = stores.open()
    expect(store.conversations.deleteConversation('nope')).toBe(false)
  })
})
