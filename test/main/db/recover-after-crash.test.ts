import { describe, expect, it } from 'vitest'
import { conversationWithTurn, fakeClock, useTempStores } from './store-fixtures'

const { open } = useTempStores()

describe('recovery at open', () => {
  it('turns streaming messages into interrupted/app-crash and running model calls into app-crash; leaves finished ones alone', () => {
    const clock = fakeClock()
    const handle = open({ clock })
    const store = handle.store
    const ids = conversationWithTurn(store)
    const done = store.conversations.startAssistantMessage(ids)
    done.appendText('complete answer')
    done.finalize({ status: 'complete' })
    const cut = store.conversations.startAssistantMessage(ids)
    cut.appendText('partial')
    cut.flush()
    const running = store.generations.start({
      ...ids,
      messageId: cut.messageId,
      round: 1,
      attempt: 1,
      provider: 'anthropic',
      model: 'claude',
    })
    const finished = store.generations.start({
      ...ids,
      messageId: done.messageId,
      round: 1,
      attempt: 2,
      provider: 'anthropic',
      model: 'claude',
    })
    store.generations.finish(finished.id, {
      outcome: 'complete',
      usage: { inputTokens: 1, outputTokens: 2, reasoningTokens: undefined, cachedInputTokens: undefined },
      usageSource: 'reported',
    })

    clock.advance(60_000)
    const reopened = handle.reopen()
    expect(reopened.recovery).toEqual({
      interruptedMessageIds: [cut.messageId],
      crashedGenerationIds: [running.id],
      unknownLedgerEntries: 0,
      skippedBecauseInUse: false,
    })
    expect(reopened.conversations.getMessage(cut.messageId)).toMatchObject({
      status: 'interrupted',
      interruptReason: 'app-crash',
      updatedAt: clock(),
    })
    expect(reopened.conversations.getMessage(done.messageId)?.status).toBe('complete')
    expect(reopened.generations.get(running.id)).toMatchObject({
      outcome: 'app-crash',
      endedAt: undefined,
      usageSource: undefined,
    })
    expect(reopened.generations.get(finished.id)?.outcome).toBe('complete')
    // A late `finish` from a caller that survived cannot overwrite the recovery.
    expect(
      reopened.generations.finish(running.id, {
        outcome: 'complete',
        usage: { inputTokens: 1, outputTokens: 1, reasoningTokens: undefined, cachedInputTokens: undefined },
        usageSource: 'reported',
      }),
    ).toBe(false)
    // A second open finds nothing left to recover.
    expect(handle.reopen().recovery).toEqual({
      interruptedMessageIds: [],
      crashedGenerationIds: [],
      unknownLedgerEntries: 0,
      skippedBecauseInUse: false,
    })
  })

  it('counts ledger actions whose outcome is unknown, and leaves them unknown', () => {
    const handle = open()
    const ids = conversationWithTurn(handle.store)
    handle.store.db
      .prepare(
        `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, created_at, updated_at)
         VALUES ('k', ?, ?, 'send_email', '{}', 'unknown', 1, 1)`,
      )
      .run(ids.conversationId, ids.turnId)
    const reopened = handle.reopen()
    expect(reopened.recovery.unknownLedgerEntries).toBe(1)
    expect(reopened.ledger.list().map((e) => e.state)).toEqual(['unknown'])
  })
})
