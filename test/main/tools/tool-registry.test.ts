import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { defineTool, type ToolDefinition } from '../../../src/main/tools/define-tool'
import { builtinTool } from '../../../src/main/tools/builtin/keel-tool-source'
import { BUILTIN_SOURCE, type Tool } from '../../../src/main/tools/tool'
import { createToolRegistry } from '../../../src/main/tools/tool-registry'
import { zodToolSchema } from '../../../src/main/tools/zod-tool-schema'
import { toolResultForModel } from '../../../src/main/tools/tool-result-for-model'
import { recordMeasurementSchema } from '../../../src/main/tools/builtin/record-measurement'
import type { KeelStore } from '../../../src/main/db/keel-store'
import { conversationWithTurn, countRows, fakeClock, useTempStores } from '../db/store-fixtures'
import { useToolHarness } from './tool-fixtures'

const setup = useToolHarness()
const stores = useTempStores()

function registryWith(store: KeelStore, tools: (ToolDefinition | Tool)[]) {
  const asTools = tools.map((tool) => ('schema' in tool ? tool : builtinTool(tool)))
  return createToolRegistry({
    exactlyOnce: store.exactlyOnce,
    clock: store.clock,
    sources: [{ id: BUILTIN_SOURCE, list: () => asTools }],
  })
}

describe('tool registry: declarations', () => {
  it('lists the four measurement tools with title, effect, source, description and a JSON Schema generated from zod', () => {
    const t = setup()
    const tools = t.registry.list()
    expect(tools.map((tool) => [tool.name, tool.title, tool.effect, tool.source])).toEqual([
      ['get_measurement', 'Read measurement', 'none', 'keel'],
      ['list_measurements', 'List measurements', 'none', 'keel'],
      ['record_measurement', 'Record measurement', 'local', 'keel'],
      ['delete_measurement', 'Delete measurement', 'local', 'keel'],
    ])
    for (const tool of tools) {
      expect(tool.description.length).toBeGreaterThan(30)
      expect(tool.inputJsonSchema).toMatchObject({ type: 'object', additionalProperties: false })
    }
    const record = tools.find((tool) => tool.name === 'record_measurement')
    expect(record?.inputJsonSchema).toEqual(z.toJSONSchema(recordMeasurementSchema(t.clock), { io: 'input' }))
    expect(record?.inputJsonSchema).toMatchObject({
      required: ['kind', 'value', 'unit'],
      properties: {
        kind: { type: 'string', enum: ['height', 'weight', 'body-fat', 'waist', 'resting-heart-rate'] },
        value: { type: 'number' },
        unit: { type: 'string' },
        date: { type: 'string' },
      },
    })
    expect(JSON.parse(JSON.stringify(tools))).toEqual(tools) // serializable as is
  })

  it('refuses a built-in whose schema accepts unknown keys or is declared twice; a name providers reject is never offered', () => {
    const t = setup()
    const loose = defineTool({
      name: 'loose',
      title: 'Loose',
      description: 'd',
      effect: 'none',
      inputSchema: z.object({ a: z.string() }),
      handler: () => ({ ok: true, output: null }),
    })
    expect(() => registryWith(t.store, [loose])).toThrow(/strict object/)
    const strict = defineTool({
      name: 'dup',
      title: 'Dup',
      description: 'd',
      effect: 'none',
      inputSchema: z.strictObject({}),
      handler: () => ({ ok: true, output: null }),
    })
    expect(() => registryWith(t.store, [strict, strict]).list()).toThrow(/declared twice/)
    const badName = defineTool({
      name: 'record measurement',
      title: 'Bad',
      description: 'd',
      effect: 'none',
      inputSchema: z.strictObject({}),
      handler: () => ({ ok: true, output: null }),
    })
    expect(
      registryWith(t.store, [badName, strict])
        .list()
        .map((tool) => tool.name),
    ).toEqual(['dup'])
  })
})

describe('tool registry: execution', () => {
  it('answers an unknown tool with the available names and runs nothing', async () => {
    const t = setup()
    const outcome = await t.run('record_weight', { kg: 70 })
    expect(outcome).toEqual({
      callId: 'call_1',
      toolName: 'record_weight',
      status: 'unknown-tool',
      availableTools: ['get_measurement', 'list_measurements', 'record_measurement', 'delete_measurement'],
      message:
        "There is no tool named 'record_weight'. Available tools: get_measurement, list_measurements, record_measurement, delete_measurement.",
    })
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
  })

  it('prepareToolCall validates without running or writing, and reports an action already recorded', async () => {
    const t = setup()
    const request = t.call('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    const prepared = t.registry.prepareToolCall(request)
    expect(prepared).toMatchObject({
      status: 'ready',
      input: { kind: 'weight', value: 70, unit: 'kg' },
      alreadyRecorded: undefined,
    })
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
    await t.registry.executeToolCall(request)
    const again = t.registry.prepareToolCall(t.call('record_measurement', { unit: 'kg', kind: 'weight', value: 70.0 }))
    expect(again.status === 'ready' && again.alreadyRecorded?.state).toBe('succeeded')
    expect(again.status === 'ready' && again.idempotencyKey).toBe(
      prepared.status === 'ready' && prepared.idempotencyKey,
    )
  })

  it('retries a read once on a retryable failure, and reports a second failure', async () => {
    const { store } = stores.open({ clock: fakeClock() })
    let attempts = 0
    const flaky = defineTool({
      name: 'flaky_read',
      title: 'Flaky read',
      description: 'fails with SQLITE_BUSY the first N times',
      effect: 'none',
      inputSchema: z.strictObject({ failures: z.number() }),
      handler: (input) => {
        attempts++
        if (attempts <= input.failures) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })
        return { ok: true, output: { attempts } }
      },
    })
    const registry = registryWith(store, [flaky])
    const ids = conversationWithTurn(store)
    const once = await registry.executeToolCall({
      ...ids,
      callId: 'a',
      toolName: 'flaky_read',
      arguments: { failures: 1 },
    })
    expect(once).toMatchObject({ status: 'succeeded', output: { attempts: 2 } })
    attempts = 0
    const twice = await registry.executeToolCall({
      ...ids,
      callId: 'b',
      toolName: 'flaky_read',
      arguments: { failures: 2 },
    })
    expect(twice).toMatchObject({ status: 'failed', kind: 'read', error: { kind: 'storage', retryable: true } })
    expect(attempts).toBe(2)
  })

  it('does not retry a read that failed for a non-retryable reason', async () => {
    const { store } = stores.open({ clock: fakeClock() })
    let attempts = 0
    const broken = defineTool({
      name: 'broken_read',
      title: 'Broken read',
      description: 'throws a bug',
      effect: 'none',
      inputSchema: z.strictObject({}),
      handler: () => {
        attempts++
        throw new TypeError('x is undefined')
      },
    })
    const outcome = await registryWith(store, [broken]).executeToolCall({
      ...conversationWithTurn(store),
      callId: 'a',
      toolName: 'broken_read',
      arguments: {},
    })
    expect(outcome).toMatchObject({ status: 'failed', error: { kind: 'internal', retryable: false } })
    expect(attempts).toBe(1)
  })

  it('undoes the writes of a write handler that throws, records the failure, and never re-runs it', async () => {
    const { store } = stores.open({ clock: fakeClock() })
    let runs = 0
    const buggy = defineTool({
      name: 'buggy_write',
      title: 'Buggy write',
      description: 'writes a row, then crashes',
      effect: 'local',
      inputSchema: z.strictObject({ n: z.number() }),
      handler: (_input, context) => {
        runs++
        store.measurements.insert({
          kind: 'weight',
          canonicalValue: 70,
          value: 70,
          unit: 'kg',
          takenAt: 0,
          takenAtPrecision: 'instant',
          createdByLedgerId: context.ledgerEntryId,
        })
        throw new Error('bug after the insert')
      },
    })
    const registry = registryWith(store, [buggy])
    const ids = conversationWithTurn(store)
    const first = await registry.executeToolCall({ ...ids, callId: 'a', toolName: 'buggy_write', arguments: { n: 1 } })
    expect(first).toMatchObject({ status: 'failed', repeated: false, error: { kind: 'internal', retryable: false } })
    expect(countRows(store, 'measurements')).toBe(0)
    const second = await registry.executeToolCall({ ...ids, callId: 'b', toolName: 'buggy_write', arguments: { n: 1 } })
    expect(second).toMatchObject({ status: 'failed', repeated: true })
    expect(runs).toBe(1)
    expect(store.ledger.list()).toMatchObject([{ state: 'failed', callIds: ['a', 'b'] }])
  })

  it('fails a write whose turn is not in the conversation, writing nothing', async () => {
    const t = setup()
    const other = t.store.conversations.createConversation()
    const outcome = await t.run(
      'record_measurement',
      { kind: 'weight', value: 70, unit: 'kg' },
      { conversationId: other.id },
    )
    expect(outcome).toMatchObject({ status: 'failed', error: { kind: 'unknown-turn' } })
    expect(t.writtenRows()).toEqual({ measurements: 0, ledger: 0, calls: 0 })
  })
})

describe('tool registry: external effects and the unknown state', () => {
  function externalTool(run: () => Promise<{ ok: true; output: { sent: boolean } }>): Tool {
    return {
      name: 'send_note',
      title: 'Send note',
      description: 'an effect outside the database',
      effect: 'external',
      source: 'test',
      schema: zodToolSchema('send_note', z.strictObject({ text: z.string() })),
      call: run,
    }
  }

  it('names a per-call grant when the tool grants per call (grantKeyOf), the tool-wide one otherwise', () => {
    const { store } = stores.open({ clock: fakeClock() })
    const perSite: Tool = {
      ...externalTool(async () => ({ ok: true, output: { sent: true } })),
      grantKeyOf: (input) => `send_note@${(input as { text: string }).text.length}`,
    }
    const ids = conversationWithTurn(store)
    const prepare = (registry: ReturnType<typeof registryWith>, text: string) => {
      const prepared = registry.prepareToolCall({ ...ids, callId: text, toolName: 'send_note', arguments: { text } })
      return prepared.status === 'ready' ? prepared.tool.grantKey : prepared.status
    }
    expect(prepare(registryWith(store, [perSite]), 'hi')).toBe('send_note@2')
    expect(prepare(registryWith(store, [perSite]), 'hello')).toBe('send_note@5')
    expect(prepare(registryWith(store, [externalTool(async () => ({ ok: true, output: { sent: true } }))]), 'hi')).toBe(
      'send_note',
    )
  })

  it('claims, runs and records an external effect; a repeat returns the stored result without running', async () => {
    const { store } = stores.open({ clock: fakeClock() })
    let runs = 0
    const registry = registryWith(store, [externalTool(async () => (runs++, { ok: true, output: { sent: true } }))])
    const ids = conversationWithTurn(store)
    const first = await registry.executeToolCall({
      ...ids,
      callId: 'a',
      toolName: 'send_note',
      arguments: { text: 'hi' },
    })
    expect(first).toMatchObject({ status: 'succeeded', repeated: false, output: { sent: true } })
    const again = await registry.executeToolCall({
      ...ids,
      callId: 'b',
      toolName: 'send_note',
      arguments: { text: 'hi' },
    })
    expect(again).toMatchObject({ status: 'succeeded', repeated: true })
    expect(runs).toBe(1)
  })

  it('leaves an external action cut by a crash as `unknown`: reported at open, never re-run, surfaced to the user', async () => {
    const handle = stores.open({ clock: fakeClock() })
    let runs = 0
    const hang = externalTool(() => {
      runs++
      return new Promise(() => {}) // the process "dies" while the effect is in flight
    })
    const ids = conversationWithTurn(handle.store)
    void registryWith(handle.store, [hang]).executeToolCall({
      ...ids,
      callId: 'a',
      toolName: 'send_note',
      arguments: { text: 'hi' },
    })
    await Promise.resolve()

    const reopened = handle.reopen()
    expect(reopened.recovery.unknownLedgerEntries).toBe(1)
    const outcome = await registryWith(reopened, [hang]).executeToolCall({
      ...ids,
      callId: 'b',
      toolName: 'send_note',
      arguments: { text: 'hi' },
    })
    expect(outcome).toMatchObject({ status: 'unknown', callId: 'b', firstRecordedAt: '2025-03-10T09:14:00.000Z' })
    expect(outcome.status === 'unknown' && outcome.message).toMatch(/not run again.*ask the user/)
    expect(runs).toBe(1)
    expect(reopened.ledger.list()).toMatchObject([{ state: 'unknown', callIds: ['a', 'b'] }])
  })
})

describe('toolResultForModel', () => {
  it('says a repeat was already done and not applied again, with the original result', async () => {
    const t = setup()
    await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    t.clock.advance(60_000)
    const repeat = await t.run('record_measurement', { kind: 'weight', value: 70, unit: 'kg' })
    const result = toolResultForModel(repeat)
    expect(result.isError).toBe(false)
    expect(result.content).toMatchObject({ alreadyDone: true, result: { recorded: { value: 70 } } })
    expect(JSON.stringify(result.content)).toMatch(
      /already carried out at 2025-03-10T09:14:00.000Z; it was not applied again/,
    )
  })

  it('turns invalid arguments, failures and unknown tools into errors the model can act on', async () => {
    const t = setup()
    expect(
      toolResultForModel(await t.run('record_measurement', { kind: 'weight', value: 11, unit: 'stone' })),
    ).toMatchObject({
      isError: true,
      content: {
        error: expect.stringMatching(/unit 'stone' is not valid for weight; use kg or lb/),
        issues: [{ path: 'unit' }],
      },
    })
    expect(toolResultForModel(await t.run('delete_measurement', { id: 5 }))).toMatchObject({
      isError: true,
      content: { kind: 'not-found' },
    })
    expect(toolResultForModel(await t.run('nope', {}))).toMatchObject({
      isError: true,
      content: { error: expect.stringMatching(/no tool named 'nope'/) },
    })
  })
})
