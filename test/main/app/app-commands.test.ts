import { existsSync, readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { countRows, startAppWorld, weight, type AppWorld } from './app-helpers'

let world: AppWorld
afterEach(async () => {
  await world?.close()
})

describe('keys', () => {
  const SAVED = 'sk-ant-SAVEDSECRET-0123456789-wxyz'
  const FROM_ENV = 'sk-ENVSECRET-abcdefghijklmnop-9876'

  it('are used for requests but never appear in a response, an event or the database', async () => {
    world = await startAppWorld({ env: { OPENAI_API_KEY: FROM_ENV } })
    const a = world.client('a')
    const view = await a.value('keys.set', { provider: 'anthropic', key: SAVED })
    expect(view.keyStorage).toBe('memory-only')
    expect(view.providers.find((p) => p.id === 'anthropic')!.key).toEqual({
      set: true,
      endsWith: 'wxyz',
      source: 'saved',
    })
    expect(view.providers.find((p) => p.id === 'openai-chat')!.key).toEqual({
      set: true,
      endsWith: '9876',
      source: 'environment',
    })
    expect(view.providers.find((p) => p.id === 'gemini')!.key).toEqual({ set: false })
    // A proxy that echoes the key in its error body, then a normal answer.
    world.server.enqueue({
      type: 'http-error',
      status: 401,
      body: { error: { message: `bad key ${SAVED}`, type: 'authentication_error' } },
    })
    await a.value('turns.start', { text: 'hi', provider: 'anthropic' })
    await world.service.whenIdle()
    world.server.enqueue({ type: 'http-error', status: 400, body: { error: { message: `bad key ${FROM_ENV}` } } })
    await a.value('turns.start', { text: 'hi' })
    await world.service.whenIdle()
    world.server.enqueue({ type: 'turn', text: 'Hello.' })
    await a.value('turns.start', { text: 'hi', provider: 'anthropic' })
    await world.service.whenIdle()
    // Test connection reads the models endpoint first: a rejected key there, echoed back, is scrubbed too.
    world.server.setModels({ status: 401, body: { error: { message: `nope ${SAVED}` } } })
    const check = await a.value('providers.test', { provider: 'anthropic' })
    expect(check).toMatchObject({ ok: false, kind: 'key-rejected', reachable: true, keyAccepted: false })
    expect(world.server.modelRequests[0]!.headers['x-api-key']).toBe(SAVED)
    expect(world.server.requests[0]!.headers['x-api-key']).toBe(SAVED)
    expect(world.server.requests[1]!.headers.authorization).toBe(`Bearer ${FROM_ENV}`)
    expect(a.envelopes.some((e) => e.event.type === 'diagnostics')).toBe(true)
    for (const conversation of await a.value('conversations.list', {}))
      await a.value('conversations.open', { conversationId: conversation.id })
    await a.value('settings.get', {})
    const everything = a.sent.join('\n')
    expect(everything).toContain('[redacted]')
    for (const key of [SAVED, FROM_ENV]) {
      expect(everything).not.toContain(key)
      for (const file of [world.dbPath, `${world.dbPath}-wal`])
        if (existsSync(file)) expect(readFileSync(file).includes(key), file).toBe(false)
    }
    const cleared = await a.value('keys.clear', { provider: 'anthropic' })
    expect(cleared.providers.find((p) => p.id === 'anthropic')!.key).toEqual({ set: false })
  })
})

describe('conversations', () => {
  it('list, open with usage (reported vs estimated), rename, delete', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    world.server.enqueue({ type: 'turn', text: 'First.', usage: { inputTokens: 10, outputTokens: 3 } })
    await a.value('turns.start', { text: 'one' })
    await world.service.whenIdle()
    const [summary] = await a.value('conversations.list', {})
    expect(summary).toMatchObject({ title: 'one', messageCount: 2 })
    world.server.enqueue({ type: 'turn', text: 'Second.', usage: null })
    await a.value('turns.start', { conversationId: summary!.id, text: 'two' })
    await world.service.whenIdle()
    const view = await a.value('conversations.open', { conversationId: summary!.id })
    const assistants = view.messages.filter((m) => m.role === 'assistant')
    expect(assistants).toHaveLength(2)
    expect(view.usage.perMessage[assistants[0]!.id]).toMatchObject({
      usage: { inputTokens: 10, outputTokens: 3 },
      estimated: false,
    })
    const second = view.usage.perMessage[assistants[1]!.id]!
    expect(second.estimated).toBe(true)
    expect(second.usage.inputTokens).toBeGreaterThan(0)
    expect(view.usage.total.estimated).toBe(true)
    expect(view.usage.total.usage.inputTokens).toBe(10 + second.usage.inputTokens!)

    expect(await a.value('conversations.rename', { conversationId: summary!.id, title: '  Renamed  ' })).toMatchObject({
      title: 'Renamed',
    })
    expect(await a.call('conversations.rename', { conversationId: 'nope', title: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
    expect(await a.value('conversations.delete', { conversationId: summary!.id })).toEqual({ deleted: true })
    expect(await a.value('conversations.list', {})).toEqual([])
    expect(await a.call('conversations.open', { conversationId: summary!.id })).toMatchObject({
      ok: false,
      error: { kind: 'not-found', detail: { code: 'conversation-not-found' } },
    })
    expect(await a.call('conversations.delete', { conversationId: summary!.id })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    })
    expect(countRows(world.store, 'generations')).toBe(0)
  })
})

describe('settings', () => {
  it('view and update (env overrides shown as effective), corrupt values reported', async () => {
    world = await startAppWorld({ env: { KEEL_DEFAULT_PROVIDER: undefined } })
    const a = world.client('a')
    const initial = await a.value('settings.get', {})
    expect(initial).toMatchObject({
      language: 'en',
      defaultProvider: 'openai-responses',
      maxToolRounds: 8,
      toolPermissions: {},
      corruptSettings: [],
    })
    expect(initial.providers.find((p) => p.id === 'anthropic')).toMatchObject({
      baseUrl: world.server.baseUrlFor('anthropic'),
      model: 'sim-model',
    })
    expect(initial.providers.find((p) => p.id === 'anthropic')).not.toHaveProperty('apiKey')
    const updated = await a.value('settings.update', {
      language: 'pt-BR',
      defaultProvider: 'gemini',
      maxToolRounds: 3,
      toolPermissions: { record_measurement: 'always-allow' },
      provider: { id: 'anthropic', baseUrl: 'http://127.0.0.1:1/v1', model: 'claude-x' },
    })
    expect(updated).toMatchObject({
      language: 'pt-BR',
      defaultProvider: 'gemini',
      maxToolRounds: 3,
      toolPermissions: { record_measurement: 'always-allow' },
    })
    // The environment's KEEL_ANTHROPIC_BASE_URL still wins over the saved one (same precedence as the CLI).
    expect(updated.providers.find((p) => p.id === 'anthropic')).toMatchObject({
      baseUrl: world.server.baseUrlFor('anthropic'),
    })
    expect(world.store.settings.get('providers')).toMatchObject({
      ok: true,
      value: { anthropic: { baseUrl: 'http://127.0.0.1:1/v1', model: 'claude-x' } },
    })
    const merged = await a.value('settings.update', {
      toolPermissions: { delete_measurement: 'ask' },
      provider: { id: 'anthropic', model: null },
    })
    expect(merged.toolPermissions).toEqual({ record_measurement: 'always-allow', delete_measurement: 'ask' })
    expect(world.store.settings.get('providers')).toMatchObject({
      ok: true,
      value: { anthropic: { baseUrl: 'http://127.0.0.1:1/v1' } },
    })
    world.store.db.prepare(`UPDATE settings SET value_json = '"klingon"' WHERE key = 'language'`).run()
    const corrupt = await a.value('settings.get', {})
    expect(corrupt.corruptSettings).toEqual(['language'])
    expect(corrupt.language).toBe('en')
    expect(corrupt.maxToolRounds).toBe(3)
    expect((await a.value('settings.update', { language: 'es' })).corruptSettings).toEqual([])
  })
})

describe('cost', () => {
  /** What Keel should charge for one call: cached input at its own price when given. */
  const expected = (
    u: { inputTokens?: number; outputTokens?: number; cachedInputTokens?: number },
    p: { inputPerMillion: number; outputPerMillion: number; cachedInputPerMillion?: number },
  ) => {
    const cached = u.cachedInputTokens ?? 0
    return (
      ((u.inputTokens! - cached) * p.inputPerMillion +
        cached * (p.cachedInputPerMillion ?? p.inputPerMillion) +
        u.outputTokens! * p.outputPerMillion) /
      1e6
    )
  }

  it('each call priced by its own provider and model, failed attempts included; unpriced calls make the total a lower bound', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    const anthropicPrice = { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 }
    const chatPrice = { inputPerMillion: 1, outputPerMillion: 2 }
    const saved = await a.value('settings.update', {
      price: { provider: 'anthropic', model: 'sim-model', price: anthropicPrice },
    })
    expect(saved.providers.find((p) => p.id === 'anthropic')!.price).toEqual(anthropicPrice)
    expect(saved.providers.find((p) => p.id === 'gemini')!.price).toBeNull()
    await a.value('settings.update', { price: { provider: 'openai-chat', model: 'sim-model', price: chatPrice } })
    // A price for another model of the same provider is not used for this one.
    await a.value('settings.update', {
      price: { provider: 'gemini', model: 'other-model', price: { inputPerMillion: 100, outputPerMillion: 100 } },
    })

    world.server.enqueue({
      type: 'turn',
      text: 'One.',
      usage: { inputTokens: 1000, outputTokens: 200, cachedInputTokens: 400 },
    })
    const first = await a.value('turns.start', { text: 'one', provider: 'anthropic' })
    await world.service.whenIdle()
    const [summary] = await a.value('conversations.list', {})
    // Second turn: a 500 (retried) and then an answer; the refused attempt never reached generation: it costs nothing.
    world.server.enqueue(
      { type: 'http-error', status: 500, body: { error: { message: 'boom' } } },
      { type: 'turn', text: 'Two.', usage: { inputTokens: 100, outputTokens: 50 } },
    )
    await a.value('turns.start', { conversationId: summary!.id, text: 'two', provider: 'openai-chat' })
    await world.service.whenIdle()
    const afterTwo = await a.value('conversations.open', { conversationId: summary!.id })
    const [m1, m2] = afterTwo.messages.filter((m) => m.role === 'assistant')
    expect(afterTwo.usage.perMessage[m1!.id]).toMatchObject({ estimated: false, cost: { complete: true } })
    expect(afterTwo.usage.perMessage[m1!.id]!.cost!.usd).toBeCloseTo(
      expected({ inputTokens: 1000, outputTokens: 200, cachedInputTokens: 400 }, anthropicPrice),
      12,
    )
    const secondGenerations = world.store.generations.listForTurn(m2!.turnId!)
    expect(secondGenerations.map((g) => [g.outcome, g.usageSource])).toEqual([
      ['provider-error', 'reported'],
      ['complete', 'reported'],
    ])
    expect(secondGenerations[0]!.usage).toMatchObject({ inputTokens: 0, outputTokens: 0 })
    const second = afterTwo.usage.perMessage[m2!.id]!
    expect(second).toMatchObject({ estimated: false, cost: { complete: true } })
    expect(second.cost!.usd).toBeCloseTo(expected({ inputTokens: 100, outputTokens: 50 }, chatPrice), 12)
    expect(afterTwo.usage.total.cost).toEqual({
      usd: expect.closeTo(afterTwo.usage.perMessage[m1!.id]!.cost!.usd + second.cost!.usd, 12),
      complete: true,
    })

    // Third turn on a model without a price: that message has no cost, the total is "at least".
    world.server.enqueue({ type: 'turn', text: 'Three.', usage: { inputTokens: 10, outputTokens: 5 } })
    await a.value('turns.start', { conversationId: summary!.id, text: 'three', provider: 'gemini' })
    await world.service.whenIdle()
    const afterThree = await a.value('conversations.open', { conversationId: summary!.id })
    const m3 = afterThree.messages.filter((m) => m.role === 'assistant')[2]!
    expect(afterThree.usage.perMessage[m3.id]!.cost).toBeNull()
    expect(afterThree.usage.total.cost).toEqual({ usd: afterTwo.usage.total.cost!.usd, complete: false })

    // Forgetting a price removes every cost it gave; nothing else changes.
    await a.value('settings.update', { price: { provider: 'anthropic', model: 'sim-model', price: null } })
    await a.value('settings.update', { price: { provider: 'openai-chat', model: 'sim-model', price: null } })
    const unpriced = await a.value('conversations.open', { conversationId: summary!.id })
    expect(unpriced.usage.total.cost).toBeNull()
    expect(unpriced.usage.total.usage).toEqual(afterThree.usage.total.usage)
    expect(world.store.settings.get('modelPrices')).toMatchObject({
      ok: true,
      value: { anthropic: {}, 'openai-chat': {}, gemini: { 'other-model': {} } },
    })
    expect(first.runId).toBeTruthy()
  })

  it('a refused price writes nothing; a corrupt stored price table is reported and costs nothing', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    for (const price of [
      { inputPerMillion: -1, outputPerMillion: 1 },
      { inputPerMillion: 1 },
      { inputPerMillion: 1, outputPerMillion: 1, currency: 'EUR' },
    ]) {
      expect(
        await a.call('settings.update', { price: { provider: 'anthropic', model: 'sim-model', price } }),
      ).toMatchObject({ ok: false, error: { kind: 'validation' } })
    }
    expect(
      await a.call('settings.update', { price: { provider: 'anthropic', model: '  ', price: null } }),
    ).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(world.store.settings.get('modelPrices')).toMatchObject({ ok: true, isDefault: true })
    world.server.enqueue({ type: 'turn', text: 'Hi.', usage: { inputTokens: 10, outputTokens: 5 } })
    await a.value('turns.start', { text: 'hi' })
    await world.service.whenIdle()
    world.store.db
      .prepare(
        `INSERT INTO settings (key, value_json, updated_at) VALUES ('modelPrices', '{"anthropic":{"m":{"inputPerMillion":"free"}}}', 0)`,
      )
      .run()
    expect((await a.value('settings.get', {})).corruptSettings).toEqual(['modelPrices'])
    const [summary] = await a.value('conversations.list', {})
    const view = await a.value('conversations.open', { conversationId: summary!.id })
    expect(view.usage.total).toMatchObject({ usage: { inputTokens: 10, outputTokens: 5 }, cost: null })
  })
})

describe('measurements from the UI', () => {
  it('list, update (a replacement row, no ledger entry), delete', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    await a.value('settings.update', { toolPermissions: { record_measurement: 'always-allow' } })
    world.server.enqueue(
      { type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] },
      { type: 'turn', text: 'Recorded.' },
    )
    await a.value('turns.start', { text: 'I weigh 72.5 kg' })
    await world.service.whenIdle()
    const [recorded] = await a.value('measurements.list', {})
    expect(recorded).toMatchObject({ kind: 'weight', value: 72.5, unit: 'kg' })
    expect(await a.value('measurements.list', { kind: 'height' })).toEqual([])
    expect(await a.call('measurements.list', { kind: 'shoe-size' })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
    const ledgerRows = countRows(world.store, 'tool_ledger')

    const edited = await a.value('measurements.update', { id: recorded!.id, value: 160, unit: 'lbs' })
    expect(edited).toMatchObject({ kind: 'weight', value: 160, unit: 'lb', takenAt: recorded!.takenAt })
    expect(edited.canonicalValue).toBeCloseTo(72.5748, 3)
    expect(edited.id).not.toBe(recorded!.id)
    expect(await a.value('measurements.list', {})).toEqual([edited])
    expect(countRows(world.store, 'tool_ledger')).toBe(ledgerRows)
    // The ledger's effect row still says what the tool recorded.
    const original = world.store.db
      .prepare('SELECT input_value, deleted_at, created_by_ledger_id FROM measurements WHERE id = ?')
      .get(recorded!.id) as Record<string, unknown>
    expect(original).toMatchObject({ input_value: 72.5 })
    expect(original.deleted_at).not.toBeNull()
    expect(original.created_by_ledger_id).not.toBeNull()

    // Each refusal carries a detail the window words in the user's language.
    expect(await a.call('measurements.update', { id: edited.id, value: 80, unit: 'cm' })).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        detail: { code: 'unit-not-for-kind', kind: 'weight', unit: 'cm', units: expect.arrayContaining(['kg', 'lb']) },
      },
    })
    expect(await a.call('measurements.update', { id: edited.id, value: 5000, unit: 'kg' })).toMatchObject({
      ok: false,
      error: {
        kind: 'validation',
        detail: { code: 'value-out-of-range', kind: 'weight', value: 5000, unit: 'kg', min: 2, max: 500 },
      },
    })
    expect(await a.call('measurements.update', { id: recorded!.id, value: 80, unit: 'kg' })).toMatchObject({
      ok: false,
      error: { kind: 'not-found', detail: { code: 'measurement-not-found' } },
    })
    expect(await a.value('measurements.delete', { id: edited.id })).toEqual({ deleted: true })
    expect(await a.value('measurements.list', {})).toEqual([])
    expect(await a.call('measurements.delete', { id: edited.id })).toMatchObject({
      ok: false,
      error: { kind: 'not-found', detail: { code: 'measurement-not-found' } },
    })
  })
})

describe('providers.test', () => {
  it('reads the models endpoint first (no generation), falls back to one tiny request where there is none, or the typed error kind', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    const good = await a.value('providers.test', { provider: 'gemini' })
    expect(good).toMatchObject({
      ok: true,
      model: 'sim-model',
      reachable: true,
      keyAccepted: 'not-needed',
      modelPresent: true,
      via: 'models',
    })
    expect(world.server.modelRequests.map((r) => r.provider)).toEqual(['gemini'])
    expect(world.server.requests).toHaveLength(0)
    // A server without a models endpoint: one real request tells reachable and model present.
    world.server.setModels({ status: 404 })
    world.server.enqueue({ type: 'turn', text: 'OK' })
    expect(await a.value('providers.test', { provider: 'gemini' })).toMatchObject({ ok: true, via: 'generation' })
    expect(world.server.requests[0]!.provider).toBe('gemini')
    world.server.enqueue({ type: 'http-error', status: 404 })
    expect(await a.value('providers.test', { provider: 'openai-responses' })).toMatchObject({
      ok: false,
      kind: 'model-missing',
      reachable: true,
      modelPresent: false,
    })
    world.server.enqueue({ type: 'turn', text: 'OK', faults: { headersDelayMs: 10_000 } })
    const slow = await a.value('providers.test', { provider: 'anthropic' })
    expect(slow).toMatchObject({ ok: false, kind: 'timeout', reachable: false })
    expect(countRows(world.store, 'generations')).toBe(0)
  })
})
