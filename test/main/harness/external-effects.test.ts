// The tool seam's external-effect path, through the harness: a tool outside Keel is asked for,
// claimed in the ledger before it runs, recorded when its result is known, and left `unknown` —
// never re-run, said so to the model and the user — when it is not (stopped, timed out, connection
// lost). The fake external tools stand in for an MCP server's.
import { beforeEach, describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { approveAll, type Approver } from '../../../src/main/harness/approval'
import { runTurn } from '../../../src/main/harness/run-turn'
import { scriptedModel, textAnswer, toolCallAnswer, type ScriptedCall } from '../../../src/main/harness/scripted-model'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { computeIdempotencyKey } from '../../../src/main/ledger/idempotency-key'
import type { RunEvent } from '../../../src/shared/run-events'
import { createFakeExternalTools, type FakeExternalTools } from '../../support/fake-external-tools'
import { useTempStores } from '../db/store-fixtures'

const stores = useTempStores()
let store: KeelStore
let fake: FakeExternalTools
beforeEach(() => {
  store = stores.open().store
  fake = createFakeExternalTools({ slowStepMs: 20 })
})

async function turn(
  calls: ScriptedCall[],
  options: { approver?: Approver; signal?: AbortSignal; callTimeoutMs?: number } = {},
) {
  const events: RunEvent[] = []
  const model = scriptedModel(({ callIndex }) => calls[callIndex] ?? { events: textAnswer('(done)') })
  const result = await runTurn({
    userText: 'Go',
    provider: 'anthropic',
    connection: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model: 'm' },
    locale: 'en',
    timeZone: 'UTC',
    signal: options.signal ?? new AbortController().signal,
    approver: options.approver ?? approveAll,
    onEvent: (event) => events.push(event),
    recorder: createStoreTurnRecorder(store),
    tools: createKeelToolRegistry(store, {
      sources: [fake],
      ...(options.callTimeoutMs ? { callTimeoutMs: options.callTimeoutMs } : {}),
    }).snapshot(),
    streamRound: model,
  }).done
  return { result, events, model }
}

const sentFor = (model: ReturnType<typeof scriptedModel>, requestIndex: number, id: string) => {
  const messages = model.requests[requestIndex]!.body.messages as {
    content: { type: string; tool_use_id?: string; content?: string }[]
  }[]
  const block = messages.flatMap((m) => m.content).find((b) => b.type === 'tool_result' && b.tool_use_id === id)
  return block ? (JSON.parse(block.content!) as Record<string, unknown>) : undefined
}

describe('an effect outside Keel', () => {
  it('asks first, is claimed before it runs, and is recorded as succeeded; the same action again in the turn returns the stored result without calling', async () => {
    const asked: string[] = []
    const { events, model } = await turn(
      [
        { events: toolCallAnswer([{ id: 'a', name: 'send_postcard', arguments: { target: 'Lisbon' } }]) },
        { events: toolCallAnswer([{ id: 'b', name: 'send_postcard', arguments: { target: 'Lisbon' } }]) },
      ],
      { approver: async (request) => (asked.push(request.name), 'approve') },
    )
    expect(asked).toEqual(['send_postcard'])
    expect(fake.calls.send_postcard).toBe(1)
    expect(store.ledger.list()).toMatchObject([{ toolName: 'send_postcard', state: 'succeeded', callIds: ['a', 'b'] }])
    expect(sentFor(model, 2, 'b')).toMatchObject({ alreadyDone: true })
    expect(
      events.filter((e) => e.type === 'tool-call' && e.callId === 'b').map((e) => (e as { state: string }).state),
    ).toEqual(['preparing', 'running', 'repeated'])
  })

  it('a known failure is recorded as failed and goes to the model so it can correct itself', async () => {
    const { model } = await turn([
      { events: toolCallAnswer([{ id: 'a', name: 'refusing_action', arguments: { target: 'x' } }]) },
    ])
    expect(store.ledger.list()).toMatchObject([{ state: 'failed' }])
    expect(sentFor(model, 1, 'a')).toMatchObject({ error: 'The service refused: quota reached.', kind: 'external' })
  })

  it.each([
    ['timed out', { target: 'slow' }, 'slow_external_action', /took longer than 0 s/],
    ['connection lost', { target: 'x' }, 'flaky_connection_action', /connection to the tool was lost/],
  ])(
    '%s: the outcome stays unknown, is said to the model and the user, and the same action again is not run',
    async (_name, args, tool, reason) => {
      const { events, model } = await turn(
        [
          { events: toolCallAnswer([{ id: 'a', name: tool, arguments: args }]) },
          { events: toolCallAnswer([{ id: 'b', name: tool, arguments: args }]) },
        ],
        { callTimeoutMs: 150 },
      )
      expect(fake.calls[tool]).toBe(1)
      expect(store.ledger.list()).toMatchObject([{ state: 'unknown', callIds: ['a', 'b'] }])
      expect(String(sentFor(model, 1, 'a')?.error)).toMatch(reason)
      expect(String(sentFor(model, 1, 'a')?.error)).toMatch(/not run again.*ask the user to check/)
      expect(String(sentFor(model, 2, 'b')?.error)).toMatch(/started before but its result was never recorded/)
      const states = events.flatMap((e) =>
        e.type === 'tool-call' && e.state !== 'preparing' ? [`${e.callId}:${e.state}`] : [],
      )
      expect(states).toEqual(['a:awaiting-approval', 'a:running', 'a:unknown', 'b:running', 'b:unknown'])
    },
  )

  it('stopped mid-call: progress was shown, the turn ends at once, the outcome is unknown and listed for the user', async () => {
    const controller = new AbortController()
    const events: RunEvent[] = []
    const running = turn(
      [{ events: toolCallAnswer([{ id: 'a', name: 'slow_external_action', arguments: { target: 'far away' } }]) }],
      { signal: controller.signal },
    )
    await expect.poll(() => fake.calls.slow_external_action ?? 0).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    controller.abort()
    const { result, events: seen } = await running
    events.push(...seen)
    expect(result.status).toBe('interrupted')
    expect(events.some((e) => e.type === 'tool-progress' && e.callId === 'a' && e.total === 100)).toBe(true)
    expect(events.filter((e) => e.type === 'tool-call' && e.callId === 'a').at(-1)).toMatchObject({ state: 'unknown' })
    expect(store.ledger.listUnknown()).toMatchObject([
      { toolName: 'slow_external_action', arguments: { target: 'far away' } },
    ])
  })

  it('keys of actions outside Keel carry their source; the built-ins keep the keys they always had', () => {
    const base = {
      conversationId: 'c',
      turnId: 't',
      toolName: 'record_measurement',
      canonicalArguments: { kind: 'weight', unit: 'kg', value: 70 },
    }
    // The key the version before tool sources computed for this action (existing ledgers keep working).
    expect(computeIdempotencyKey(base)).toBe('45675dcd472cb84a21c2930c1f69ab9d60bf19639974639856983f55e6f2e301')
    expect(computeIdempotencyKey({ ...base, source: undefined })).toBe(
      '45675dcd472cb84a21c2930c1f69ab9d60bf19639974639856983f55e6f2e301',
    )
    expect(computeIdempotencyKey({ ...base, source: 'mcp:files' })).not.toBe(computeIdempotencyKey(base))
  })
})
