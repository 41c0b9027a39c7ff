// The execution of a verified round's calls, alone: a real store and registry, a scripted approver,
// no provider and no HTTP.
import { beforeEach, describe, expect, it } from 'vitest'
import type { KeelStore } from '../../../src/main/db/keel-store'
import type { ApprovalDecision, Approver } from '../../../src/main/harness/approval'
import { executeToolCalls } from '../../../src/main/harness/execute-tool-calls'
import { createStoreTurnRecorder } from '../../../src/main/harness/store-turn-recorder'
import { createTurnContext, type TurnContext } from '../../../src/main/harness/turn-context'
import { createKeelToolRegistry } from '../../../src/main/tools/tool-registry'
import { toolResultForModel } from '../../../src/main/tools/tool-result-for-model'
import type { RunEvent } from '../../../src/shared/run-events'
import type { TurnToolCall } from '../../../src/shared/round-result'
import { useTempStores } from '../db/store-fixtures'

const stores = useTempStores()
let store: KeelStore
beforeEach(() => {
  store = stores.open().store
})

function setup(
  decisions: ApprovalDecision[] = [],
  controller = new AbortController(),
): { context: TurnContext; events: RunEvent[]; asked: string[] } {
  const events: RunEvent[] = []
  const asked: string[] = []
  const approver: Approver = async (request) => {
    asked.push(request.name)
    return decisions.shift() ?? 'deny'
  }
  const recorder = createStoreTurnRecorder(store)
  const begun = recorder.begin({ conversationId: undefined, userText: 'hi' })
  const context = createTurnContext(
    {
      userText: 'hi',
      provider: 'anthropic',
      connection: { baseUrl: 'http://127.0.0.1:9', apiKey: '', model: 'm' },
      locale: 'en',
      timeZone: 'UTC',
      signal: controller.signal,
      approver,
      onEvent: (e) => events.push(e),
      recorder,
      tools: createKeelToolRegistry(store),
    },
    begun,
    Date.now(),
  )
  return { context, events, asked }
}

const call = (
  id: string,
  name: string,
  args: Record<string, unknown> | undefined,
  text = JSON.stringify(args),
): TurnToolCall => ({ callId: id, callIdIsLocal: false, name, argumentsText: text, arguments: args, closed: true })
const weight = { kind: 'weight', value: 72.5, unit: 'kg' }
const measurements = () => store.measurements.list({ limit: 100 }).length
const statesOf = (events: RunEvent[], callId: string) =>
  events.flatMap((e) => (e.type === 'tool-call' && e.callId === callId ? [e.state] : []))

describe('executeToolCalls', () => {
  it('a read runs without asking; one result per call, in order, under each id, exactly what the one wording gives', async () => {
    const { context, events, asked } = setup()
    const executed = await executeToolCalls(context, [
      call('r1', 'get_measurement', { kind: 'weight' }),
      call('r2', 'list_measurements', {}),
    ])
    expect(asked).toEqual([])
    expect(executed.results.map((r) => r.callId)).toEqual(['r1', 'r2'])
    expect(executed.results[0]).toEqual({
      callId: 'r1',
      name: 'get_measurement',
      content: JSON.stringify({ kind: 'weight', latest: null, note: 'No weight has been recorded yet.' }),
      isError: false,
    })
    expect(statesOf(events, 'r1')).toEqual(['running', 'done'])
  })

  it('a write asks first: approve runs it once through the ledger; deny and a stop never run it, each with its own wording', async () => {
    const approved = setup(['approve'])
    await executeToolCalls(approved.context, [call('w1', 'record_measurement', weight)])
    expect(approved.asked).toEqual(['record_measurement'])
    expect(measurements()).toBe(1)
    expect(statesOf(approved.events, 'w1')).toEqual(['awaiting-approval', 'running', 'done'])

    const denied = setup(['deny'])
    const deniedRun = await executeToolCalls(denied.context, [
      call('w2', 'record_measurement', { ...weight, value: 80 }),
    ])
    expect(measurements()).toBe(1)
    expect(deniedRun.results[0]).toEqual({
      callId: 'w2',
      name: 'record_measurement',
      ...sent({ callId: 'w2', toolName: 'record_measurement', status: 'denied' }),
    })
    expect(statesOf(denied.events, 'w2')).toEqual(['awaiting-approval', 'denied'])

    // The user presses stop while the approval is asked: the write and everything after it are cancelled.
    const controller = new AbortController()
    const stopped = setup([], controller)
    const stoppingContext: TurnContext = {
      ...stopped.context,
      approver: async () => {
        controller.abort()
        return 'approve'
      },
    }
    const stoppedRun = await executeToolCalls(stoppingContext, [
      call('w3', 'record_measurement', { ...weight, value: 81 }),
      call('w4', 'get_measurement', { kind: 'weight' }),
    ])
    expect(measurements()).toBe(1)
    expect(stoppedRun.results.map((r) => JSON.parse(r.content).kind)).toEqual(['cancelled', 'cancelled'])
  })

  it('"always" allows the tool for the rest of the turn; an action the ledger holds is not asked again and not run again', async () => {
    const { context, asked, events } = setup(['always'])
    await executeToolCalls(context, [
      call('a1', 'record_measurement', weight),
      call('a2', 'record_measurement', { ...weight, value: 73 }),
    ])
    expect(asked).toEqual(['record_measurement'])
    expect(context.alwaysAllowed.has('record_measurement')).toBe(true)
    context.alwaysAllowed.clear()
    const again = await executeToolCalls(context, [call('a3', 'record_measurement', weight)])
    expect(asked).toHaveLength(1)
    expect(measurements()).toBe(2)
    expect(JSON.parse(again.results[0]!.content)).toMatchObject({ alreadyDone: true })
    expect(statesOf(events, 'a3')).toEqual(['running', 'repeated'])
  })

  it('invalid arguments go back to the model, not run; the second in a row of the same tool ends the turn', async () => {
    const { context, asked } = setup()
    const first = await executeToolCalls(context, [call('i1', 'record_measurement', { kind: 'weight' })])
    expect(first).toMatchObject({ invalidTwice: false })
    expect(first.results[0]!.isError).toBe(true)
    const second = await executeToolCalls(context, [
      call('i2', 'record_measurement', undefined, '{"kind": "weight", "value": '),
    ])
    expect(second.invalidTwice).toBe(true)
    expect(asked).toEqual([])
    expect(measurements()).toBe(0)
  })

  it('a multi_tool_use.parallel wrapper runs its inner calls one by one and answers with one result', async () => {
    const { context } = setup()
    const wrapper = call('p1', 'multi_tool_use.parallel', {
      tool_uses: [
        { recipient_name: 'functions.get_measurement', parameters: { kind: 'weight' } },
        { recipient_name: 'functions.get_measurement', parameters: { kind: 'height' } },
      ],
    })
    const executed = await executeToolCalls(context, [wrapper])
    expect(executed.results.map((r) => r.callId)).toEqual(['p1'])
    expect(JSON.parse(executed.results[0]!.content)).toHaveLength(2)
  })
})

function sent(outcome: Parameters<typeof toolResultForModel>[0]): { content: string; isError: boolean } {
  const forModel = toolResultForModel(outcome)
  return { content: JSON.stringify(forModel.content), isError: forModel.isError }
}
