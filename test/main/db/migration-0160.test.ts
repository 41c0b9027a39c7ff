// Migration 0160: generations record the provider profile; rows from before keep their wire id as profile.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildConversationView } from '../../../src/main/app/conversation-view'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion, seedConversation } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir, openAt } = useTempStores()

describe('migration 0160 (generation profiles)', () => {
  it('keeps old rows readable and priced by their wire id; new rows are priced by their own profile', () => {
    const dir = tempDir()
    const db = openAtVersion(dir, 130)
    seedConversation(db, 'c1', 't1')
    const insertMessage = db.prepare(
      `INSERT INTO messages (id, conversation_id, turn_id, seq, role, status, created_at, updated_at) VALUES (?, 'c1', 't1', ?, ?, 'complete', 1, 1)`,
    )
    insertMessage.run('m1', 1, 'user')
    insertMessage.run('m2', 2, 'assistant')
    db.prepare(
      `INSERT INTO generations (id, turn_id, message_id, round, attempt, provider, model, started_at, ended_at, outcome, input_tokens, output_tokens, usage_source)
       VALUES ('g-old', 't1', 'm2', 1, 1, 'openai-chat', 'llama3', 1, 2, 'complete', 1000, 500, 'reported')`,
    ).run()
    expect(migrate(db, { targetVersion: 160 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(160)
    // Nothing rewritten: the old row says "no profile recorded".
    expect(db.prepare(`SELECT provider, profile FROM generations WHERE id = 'g-old'`).get()).toEqual({
      provider: 'openai-chat',
      profile: null,
    })
    expect(() => db.prepare(`UPDATE generations SET profile = '' WHERE id = 'g-old'`).run()).toThrow(/CHECK/)
    db.close()

    const store = openAt(join(dir, 'keel.db'))
    expect(store.generations.get('g-old')).toMatchObject({
      provider: 'openai-chat',
      profile: 'openai-chat',
      model: 'llama3',
    })
    const wirePrice = { inputPerMillion: 1, outputPerMillion: 2 }
    const view = buildConversationView(store, 'c1', { 'openai-chat': { llama3: wirePrice } })!
    expect(view.usage.perMessage.m2!.cost).toEqual({ usd: (1000 * 1 + 500 * 2) / 1e6, complete: true })

    // A call made since: recorded with its profile, priced by the profile's price only.
    const { turn } = store.conversations.startTurn({ conversationId: 'c1', userText: 'again' })
    const writer = store.conversations.startAssistantMessage({ conversationId: 'c1', turnId: turn.id })
    const fresh = store.generations.start({
      turnId: turn.id,
      messageId: writer.messageId,
      round: 1,
      attempt: 1,
      provider: 'openai-chat',
      profile: 'ollama',
      model: 'llama3',
    })
    store.generations.finish(fresh.id, {
      outcome: 'complete',
      usage: { inputTokens: 100, outputTokens: 10, reasoningTokens: undefined, cachedInputTokens: undefined },
      usageSource: 'reported',
    })
    expect(store.generations.get(fresh.id)).toMatchObject({ provider: 'openai-chat', profile: 'ollama' })
    const ollamaPrice = { inputPerMillion: 10, outputPerMillion: 20 }
    const both = buildConversationView(store, 'c1', {
      'openai-chat': { llama3: wirePrice },
      ollama: { llama3: ollamaPrice },
    })!
    expect(both.usage.perMessage.m2!.cost!.usd).toBeCloseTo((1000 * 1 + 500 * 2) / 1e6, 12)
    expect(both.usage.perMessage[writer.messageId]!.cost!.usd).toBeCloseTo((100 * 10 + 10 * 20) / 1e6, 12)
    // The wire id's price never prices a profile's call.
    const wireOnly = buildConversationView(store, 'c1', { 'openai-chat': { llama3: wirePrice } })!
    expect(wireOnly.usage.perMessage[writer.messageId]!.cost).toBeNull()
  })
})
