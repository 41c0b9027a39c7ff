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
    expect(view.providers.find((p) => p.id === 'anthropic')!.key).toEqual({ set: true, endsWith: 'wxyz', source: 'saved' })
    expect(view.providers.find((p) => p.id === 'openai-chat')!.key).toEqual({ set: true, endsWith: '9876', source: 'environment' })
    expect(view.providers.find((p) => p.id === 'gemini')!.key).toEqual({ set: false })
    // A proxy that echoes the key in its error body, then a normal answer.
    world.server.enqueue({ type: 'http-error', status: 401, body: { error: { message: `bad key ${SAVED}`, type: 'authentication_error' } } })
    await a.value('turns.start', { text: 'hi', provider: 'anthropic' })
    await world.service.whenIdle()
    world.server.enqueue({ type: 'http-error', status: 400, body: { error: { message: `bad key ${FROM_ENV}` } } })
    await a.value('turns.start', { text: 'hi' })
    await world.service.whenIdle()
    world.server.enqueue({ type: 'turn', text: 'Hello.' })
    await a.value('turns.start', { text: 'hi', provider: 'anthropic' })
    await world.service.whenIdle()
    world.server.enqueue({ type: 'http-error', status: 401, body: { error: { message: `nope ${SAVED}` } } })
    const check = await a.value('providers.test', { provider: 'anthropic' })
    expect(check).toMatchObject({ ok: false, kind: 'authentication' })
    expect(world.server.requests[0]!.headers['x-api-key']).toBe(SAVED)
    expect(world.server.requests[1]!.headers.authorization).toBe(`Bearer ${FROM_ENV}`)
    expect(a.envelopes.some((e) => e.event.type === 'diagnostics')).toBe(true)
    for (const conversation of await a.value('conversations.list', {})) await a.value('conversations.open', { conversationId: conversation.id })
    await a.value('settings.get', {})
    const everything = a.sent.join('\n')
    expect(everything).toContain('[redacted]')
    for (const key of [SAVED, FROM_ENV]) {
      expect(everything).not.toContain(key)
      for (const file of [world.dbPath, `${world.dbPath}-wal`]) if (existsSync(file)) expect(readFileSync(file).includes(key), file).toBe(false)
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
    expect(view.usage.perMessage[assistants[0]!.id]).toMatchObject({ usage: { inputTokens: 10, outputTokens: 3 }, estimated: false })
    const second = view.usage.perMessage[assistants[1]!.id]!
    expect(second.estimated).toBe(true)
    expect(second.usage.inputTokens).toBeGreaterThan(0)
    expect(view.usage.total.estimated).toBe(true)
    expect(view.usage.total.usage.inputTokens).toBe(10 + second.usage.inputTokens!)

    expect(await a.value('conversations.rename', { conversationId: summary!.id, title: '  Renamed  ' })).toMatchObject({ title: 'Renamed' })
    expect(await a.call('conversations.rename', { conversationId: 'nope', title: 'x' })).toMatchObject({ ok: false, error: { kind: 'not-found' } })
    expect(await a.value('conversations.delete', { conversationId: summary!.id })).toEqual({ deleted: true })
    expect(await a.value('conversations.list', {})).toEqual([])
    expect(await a.call('conversations.open', { conversationId: summary!.id })).toMatchObject({ ok: false, error: { kind: 'not-found' } })
    expect(await a.call('conversations.delete', { conversationId: summary!.id })).toMatchObject({ ok: false, error: { kind: 'not-found' } })
    expect(countRows(world.store, 'generations')).toBe(0)
  })
})

describe('settings', () => {
  it('view and update (env overrides shown as effective), corrupt values reported', async () => {
    world = await startAppWorld({ env: { KEEL_DEFAULT_PROVIDER: undefined } })
    const a = world.client('a')
    const initial = await a.value('settings.get', {})
    expect(initial).toMatchObject({ language: 'en', defaultProvider: 'openai-responses', maxToolRounds: 8, toolPermissions: {}, corruptSettings: [] })
    expect(initial.providers.find((p) => p.id === 'anthropic')).toMatchObject({ baseUrl: world.server.baseUrlFor('anthropic'), model: 'sim-model' })
    expect(initial.providers.find((p) => p.id === 'anthropic')).not.toHaveProperty('apiKey')
    const updated = await a.value('settings.update', {
      language: 'pt-BR',
      defaultProvider: 'gemini',
      maxToolRounds: 3,
      toolPermissions: { record_measurement: 'always-allow' },
      provider: { id: 'anthropic', baseUrl: 'http://127.0.0.1:1/v1', model: 'claude-x' },
    })
    expect(updated).toMatchObject({ language: 'pt-BR', defaultProvider: 'gemini', maxToolRounds: 3, toolPermissions: { record_measurement: 'always-allow' } })
    // The environment's KEEL_ANTHROPIC_BASE_URL still wins over the saved one (same precedence as the CLI).
    expect(updated.providers.find((p) => p.id === 'anthropic')).toMatchObject({ baseUrl: world.server.baseUrlFor('anthropic') })
    expect(world.store.settings.get('providers')).toMatchObject({ ok: true, value: { anthropic: { baseUrl: 'http://127.0.0.1:1/v1', model: 'claude-x' } } })
    const merged = await a.value('settings.update', { toolPermissions: { delete_measurement: 'ask' }, provider: { id: 'anthropic', model: null } })
    expect(merged.toolPermissions).toEqual({ record_measurement: 'always-allow', delete_measurement: 'ask' })
    expect(world.store.settings.get('providers')).toMatchObject({ ok: true, value: { anthropic: { baseUrl: 'http://127.0.0.1:1/v1' } } })
    world.store.db.prepare(`UPDATE settings SET value_json = '"klingon"' WHERE key = 'language'`).run()
    const corrupt = await a.value('settings.get', {})
    expect(corrupt.corruptSettings).toEqual(['language'])
    expect(corrupt.language).toBe('en')
    expect(corrupt.maxToolRounds).toBe(3)
    expect((await a.value('settings.update', { language: 'es' })).corruptSettings).toEqual([])
  })
})

describe('measurements from the UI', () => {
  it('list, update (a replacement row, no ledger entry), delete', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    await a.value('settings.update', { toolPermissions: { record_measurement: 'always-allow' } })
    world.server.enqueue({ type: 'turn', toolCalls: [{ name: 'record_measurement', arguments: weight }] }, { type: 'turn', text: 'Recorded.' })
    await a.value('turns.start', { text: 'I weigh 72.5 kg' })
    await world.service.whenIdle()
    const [recorded] = await a.value('measurements.list', {})
    expect(recorded).toMatchObject({ kind: 'weight', value: 72.5, unit: 'kg' })
    expect(await a.value('measurements.list', { kind: 'height' })).toEqual([])
    expect(await a.call('measurements.list', { kind: 'shoe-size' })).toMatchObject({ ok: false, error: { kind: 'validation' } })
    const ledgerRows = countRows(world.store, 'tool_ledger')

    const edited = await a.value('measurements.update', { id: recorded!.id, value: 160, unit: 'lbs' })
    expect(edited).toMatchObject({ kind: 'weight', value: 160, unit: 'lb', takenAt: recorded!.takenAt })
    expect(edited.canonicalValue).toBeCloseTo(72.5748, 3)
    expect(edited.id).not.toBe(recorded!.id)
    expect(await a.value('measurements.list', {})).toEqual([edited])
    expect(countRows(world.store, 'tool_ledger')).toBe(ledgerRows)
    // The ledger's effect row still says what the tool recorded.
    const original = world.store.db.prepare('SELECT input_value, deleted_at, created_by_ledger_id FROM measurements WHERE id = ?').get(recorded!.id) as Record<string, unknown>
    expect(original).toMatchObject({ input_value: 72.5 })
    expect(original.deleted_at).not.toBeNull()
    expect(original.created_by_ledger_id).not.toBeNull()

    expect(await a.call('measurements.update', { id: edited.id, value: 80, unit: 'cm' })).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(await a.call('measurements.update', { id: edited.id, value: 5000, unit: 'kg' })).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(await a.call('measurements.update', { id: recorded!.id, value: 80, unit: 'kg' })).toMatchObject({ ok: false, error: { kind: 'not-found' } })
    expect(await a.value('measurements.delete', { id: edited.id })).toEqual({ deleted: true })
    expect(await a.value('measurements.list', {})).toEqual([])
    expect(await a.call('measurements.delete', { id: edited.id })).toMatchObject({ ok: false, error: { kind: 'not-found' } })
  })
})

describe('providers.test', () => {
  it('answers ok with latency, or the typed error kind', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    world.server.enqueue({ type: 'turn', text: 'OK' })
    const good = await a.value('providers.test', { provider: 'gemini' })
    expect(good).toMatchObject({ ok: true, model: 'sim-model' })
    expect(world.server.requests[0]!.provider).toBe('gemini')
    world.server.enqueue({ type: 'http-error', status: 404 })
    expect(await a.value('providers.test', { provider: 'openai-responses' })).toMatchObject({ ok: false })
    world.server.enqueue({ type: 'turn', text: 'OK', faults: { headersDelayMs: 10_000 } })
    const slow = await a.value('providers.test', { provider: 'anthropic' })
    expect(slow).toMatchObject({ ok: false, kind: 'timeout' })
    expect(countRows(world.store, 'generations')).toBe(0)
  })
})
