// runTurn answers twice: `started` once the user's message is stored and run-start is out (what the
// app needs to answer `turns.start`), `done` when the turn has ended. A turn that cannot start
// rejects both with the same error, and a caller watching only one of them still learns of it.
import { beforeEach, describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { approveAll } from '../../../src/main/harness/approval'
import { runTurn } from '../../../src/main/harness/run-turn'
import type { RunTurnOptions } from '../../../src/main/harness/run-turn-options'
import { scriptedModel, textAnswer } from '../../../src/main/harness/scripted-model'
import { createStoreTurnRecorder, UnknownConversationError } from '../../../src/main/harness/store-turn-recorder'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import type { RunEvent } from '../../../src/shared/run-events'
import { useTempStores } from '../db/store-fixtures'

const stores = useTempStores()
let store: KeelStore
beforeEach(() => {
  store = stores.open().store
})

function turnOptions(events: RunEvent[], extra: Partial<RunTurnOptions> = {}): RunTurnOptions {
  return {
    userText: 'Hello',
    provider: 'anthropic',
    connection: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model: 'm' },
    locale: 'en',
    timeZone: 'UTC',
    signal: new AbortController().signal,
    approver: approveAll,
    onEvent: (event) => events.push(event),
    recorder: createStoreTurnRecorder(store),
    tools: createKeelToolRegistry(store).snapshot(),
    streamRound: scriptedModel(() => ({ events: textAnswer('Hi there.'), delayMs: 5 })),
    ...extra,
  }
}

describe('runTurn: started, then done', () => {
  it('`started` resolves first, with the stored turn; `done` after the turn ended', async () => {
    const events: RunEvent[] = []
    const order: string[] = []
    const turn = runTurn(turnOptions(events, { runId: 'run_1' }))
    const started = turn.started.then((value) => {
      order.push('started')
      return { value, eventsThen: events.map((event) => event.type) }
    })
    const done = turn.done.then((result) => {
      order.push('done')
      return result
    })
    const [first, result] = await Promise.all([started, done])

    expect(order).toEqual(['started', 'done'])
    expect(first.eventsThen).toContain('run-start')
    expect(first.eventsThen).not.toContain('run-end')
    const runStart = events.find((event) => event.type === 'run-start')
    expect(first.value).toEqual({
      runId: 'run_1',
      conversationId: result.conversationId,
      messageId: result.messageId,
      turnId: result.turnId,
    })
    expect(runStart).toMatchObject({ runId: 'run_1', conversationId: result.conversationId, turnId: result.turnId })
    expect(store.conversations.getConversation(first.value.conversationId)).toBeDefined()
    expect(result.status).toBe('completed')
    expect(events.at(-1)?.type).toBe('run-end')
  })

  it('a turn that cannot start (an unknown conversation) rejects both with the same error and emits nothing', async () => {
    const events: RunEvent[] = []
    const model = scriptedModel(() => ({ events: textAnswer('never') }))
    const turn = runTurn(turnOptions(events, { conversationId: 'no-such-conversation', streamRound: model }))
    const startError = await turn.started.then(
      () => undefined,
      (error: unknown) => error,
    )
    const doneError = await turn.done.then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(startError).toBeInstanceOf(UnknownConversationError)
    expect(doneError).toBe(startError)
    expect(events).toEqual([])
    expect(model.requests).toEqual([])
  })

  it('a caller that watches only `started` (or only `done`) leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await expect(runTurn(turnOptions([], { conversationId: 'missing' })).started).rejects.toBeInstanceOf(
        UnknownConversationError,
      )
      await expect(runTurn(turnOptions([], { conversationId: 'missing' })).done).rejects.toBeInstanceOf(
        UnknownConversationError,
      )
      // Unhandled rejections are reported after the microtask queue drains.
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
