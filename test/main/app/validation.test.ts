import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMAND_NAMES, type CommandName } from '../../../src/shared/ipc/channels'
import { PROVIDER_IDS } from '../../../src/shared/provider-id'
import { countRows, startAppWorld, type AppWorld, type TestClient } from './app-helpers'

/** Payloads each command must refuse before its handler runs (the valid parts name real rows, so a run handler would show). */
function invalidPayloads(ids: { conversationId: string; measurementId: number }): Record<CommandName, unknown[]> {
  const { conversationId, measurementId } = ids
  const common = [undefined, null, 'text', 42, [], [{}]]
  return {
    'conversations.list': [
      ...common,
      { limit: 0 },
      { limit: 501 },
      { limit: 2.5 },
      { before: { id: 'c' } },
      { before: { updatedAt: 1, id: '' } },
      { cursor: 'x' },
    ],
    'conversations.open': [
      ...common,
      {},
      { conversationId: '' },
      { conversationId: 7 },
      { conversationId, extra: true },
    ],
    'conversations.rename': [
      ...common,
      { conversationId, title: '   ' },
      { conversationId, title: 'x'.repeat(201) },
      { conversationId },
      { conversationId, title: 'New', pinned: true },
    ],
    'conversations.delete': [...common, {}, { conversationId: 'x'.repeat(201) }, { conversationId, force: true }],
    'turns.start': [
      ...common,
      {},
      { text: '' },
      { text: '   ' },
      { text: 'hi', provider: 'openai' },
      { text: 'hi', conversationId: '' },
      { text: 'hi', model: 'gpt' },
      { text: 'x'.repeat(100_001) },
    ],
    'turns.stop': [...common, {}, { runId: '' }, { runId: 5 }, { runId: 'r', now: true }],
    'approvals.answer': [
      ...common,
      { approvalId: 'a' },
      { approvalId: 'a', decision: 'yes' },
      { approvalId: '', decision: 'approve' },
      { approvalId: 'a', decision: 'approve', tool: 'x' },
    ],
    'settings.get': [...common, { all: true }],
    'settings.update': [
      ...common,
      { language: 'fr' },
      { maxToolRounds: 0 },
      { maxToolRounds: 51 },
      { maxToolRounds: 2.5 },
      { defaultProvider: 'x' },
      { toolPermissions: { record_measurement: 'sometimes' } },
      { provider: { id: 'anthropic', baseUrl: 'file:///etc/passwd' } },
      { provider: { id: 'anthropic', baseUrl: 'not a url' } },
      { provider: { id: 'nope', model: 'm' } },
      { provider: { id: 'anthropic', apiKey: 'sk-smuggled-1234567890' } },
      { language: 'es', apiKey: 'sk-smuggled-1234567890' },
    ],
    'keys.set': [
      ...common,
      { provider: 'anthropic' },
      { provider: 'anthropic', key: '  ' },
      { provider: 'x', key: 'sk-valid-but-provider-bad' },
      { provider: 'anthropic', key: 'k'.repeat(1001) },
      { provider: 'anthropic', key: 'sk-ant-0123456789', extra: 1 },
      { provider: 'anthropic', key: 'sk-ant-0123456789', allowPlainTextStorage: 'yes' },
    ],
    'keys.clear': [...common, {}, { provider: 'x' }],
    'webSearch.setKey': [
      ...common,
      { service: 'brave' },
      { service: 'google', key: 'k-0123456789' },
      { service: 'brave', key: '  ' },
      { service: 'tavily', key: 'k'.repeat(1001) },
      { service: 'tavily', key: 'tvly-0123456789', extra: 1 },
    ],
    'webSearch.clearKey': [...common, {}, { service: 'searxng' }],
    'providers.test': [
      ...common,
      {},
      { provider: 'x' },
      { provider: 'anthropic', model: 'm' },
      { provider: 'Not An Id' },
      { draft: { baseUrl: 'http://x' } },
      { draft: { preset: 'cohere' } },
      { provider: 'anthropic', draft: { baseUrl: 'file:///etc/passwd' } },
    ],
    'providers.models': [
      ...common,
      {},
      { provider: 'x' },
      { draft: { preset: 'ollama', baseUrl: 'ftp://x' } },
      { provider: 'anthropic', draft: { apiKey: 'has space inside' } },
    ],
    'providers.save': [
      ...common,
      {},
      { preset: 'cohere' },
      { id: 'x', preset: 'ollama' },
      { preset: 'ollama', baseUrl: 'file:///etc/passwd' },
      { preset: 'ollama', apiKey: 'two words' },
      { preset: 'ollama', name: '' },
      { preset: 'ollama', extra: true },
    ],
    'providers.remove': [...common, {}, { id: 'x' }, { id: 'UPPER' }],
    'measurements.list': [
      ...common,
      { limit: 0 },
      { limit: 10_001 },
      { from: 1.5 },
      { kind: '' },
      { kind: 'weight', deleted: true },
    ],
    'measurements.update': [
      ...common,
      { id: measurementId },
      { id: measurementId, value: Number.NaN, unit: 'kg' },
      { id: measurementId, value: 80, unit: '' },
      { id: -1, value: 80, unit: 'kg' },
      { id: measurementId, value: 80, unit: 'kg', kind: 'height' },
      { id: measurementId, value: '80', unit: 'kg' },
    ],
    'measurements.add': [
      ...common,
      {},
      { kind: 'weight', value: Number.NaN, unit: 'kg' },
      { kind: 'weight', value: '80', unit: 'kg' },
      { kind: 'weight', value: 80, unit: '' },
      { kind: 'weight', value: 80, unit: 'kg', date: '' },
      { kind: 'weight', value: 80, unit: 'kg', note: 'x' },
    ],
    'measurements.delete': [
      ...common,
      {},
      { id: 0 },
      { id: 1.5 },
      { id: String(measurementId) },
      { id: measurementId, hard: true },
    ],
    'tools.list': [...common, { source: 'keel' }],
    'actions.unknown': [...common, { all: true }],
    'actions.resolve': [
      ...common,
      {},
      { key: 'x', outcome: 'done' },
      { key: 'a'.repeat(64), outcome: 'maybe' },
      { key: 'A'.repeat(64), outcome: 'done' },
      { key: 'a'.repeat(64), outcome: 'done', note: 'x' },
    ],
    'mcp.list': [...common, { all: true }],
    'mcp.import': [...common, {}, { text: '' }, { text: 'x'.repeat(1_000_001) }, { text: '{}', start: true }],
    'mcp.save': [
      ...common,
      {},
      { name: 'x' },
      { name: '', transport: 'stdio' },
      { name: 'x', transport: 'pipe' },
      { name: 'x', transport: 'http', url: 'file:///etc/passwd' },
      { name: 'x', transport: 'stdio', command: 'node', timeoutMs: 10 },
      { name: 'x', transport: 'stdio', command: 'node', shell: true },
    ],
    'mcp.remove': [...common, {}, { serverId: '' }, { serverId: 'x', force: true }],
    'mcp.consent': [
      ...common,
      { serverId: 'x' },
      { serverId: 'x', fingerprint: 'abc' },
      { serverId: 'x', fingerprint: 'A'.repeat(64) },
    ],
    'mcp.update': [
      ...common,
      {},
      { serverId: 'x', disabled: 'yes' },
      { serverId: 'x', tool: { name: '', enabled: true } },
      { serverId: 'x', timeoutMs: 999_999_999 },
      { serverId: 'x', roots: '/home' },
      { serverId: 'x', roots: [''] },
      { serverId: 'x', sendInstructions: { send: true } },
      { serverId: 'x', sendInstructions: { send: false, hash: 'a'.repeat(64) } },
    ],
    'mcp.restart': [...common, {}, { serverId: 7 }],
    'mcp.secret': [
      ...common,
      { serverId: 'x', where: 'args', key: 'K', value: 'v' },
      { serverId: 'x', where: 'env', key: '', value: 'v' },
      { serverId: 'x', where: 'env', key: 'K' },
    ],
    'mcp.acceptTools': [...common, { serverId: 'x' }, { serverId: 'x', tools: { t: 'nothex' } }],
    'mcp.stderr': [...common, {}, { serverId: 'x', lines: 5 }],
    'mcp.pickFolder': [...common, { path: '/home' }],
    'mcp.resources': [...common, {}, { serverId: '' }, { serverId: 'x', cursor: 'c' }],
    'mcp.readResource': [
      ...common,
      { serverId: 'x' },
      { serverId: 'x', uri: '' },
      { serverId: 'x', uri: 'a://b', uriTemplate: 'a://{b}' },
      { serverId: 'x', uri: 'a://b', used: { count: 99, bytes: 0 } },
      { serverId: 'x', uriTemplate: 'a://{b}', arguments: { b: 7 } },
    ],
    'mcp.prompts': [...common, {}, { serverId: 'x', all: true }],
    'mcp.getPrompt': [
      ...common,
      { serverId: 'x' },
      { serverId: 'x', name: '' },
      { serverId: 'x', name: 'p', arguments: { a: 1 } },
      { serverId: 'x', name: 'p', arguments: { '': 'v' } },
    ],
    'mcp.complete': [
      ...common,
      { serverId: 'x' },
      { serverId: 'x', ref: { type: 'prompt', name: 'p' } },
      { serverId: 'x', ref: { type: 'tool', name: 'p' }, argument: { name: 'a', value: '' } },
      { serverId: 'x', ref: { type: 'prompt', name: '' }, argument: { name: 'a', value: '' } },
      { serverId: 'x', ref: { type: 'resource', uri: 'a://{b}' }, argument: { name: 'b', value: '' } },
      { serverId: 'x', ref: { type: 'prompt', name: 'p' }, argument: { name: 'a', value: 7 } },
      { serverId: 'x', ref: { type: 'prompt', name: 'p' }, argument: { name: 'a', value: '' }, context: { b: 1 } },
    ],
    'mcp.subscribeResource': [...common, { serverId: 'x' }, { serverId: 'x', uri: '' }, { serverId: 'x', uri: 7 }],
    'mcp.unsubscribeResource': [...common, { uri: 'a://b' }, { serverId: 'x', uri: 'a://b', extra: 1 }],
    'mcp.signIn': [...common, {}, { serverId: '' }, { serverId: 'x', openBrowser: true }],
    'mcp.signOut': [...common, {}, { serverId: 7 }, { serverId: 'x', issuer: 'https://a' }],
    'mcp.registrySearch': [
      ...common,
      { search: 7 },
      { cursor: '' },
      { limit: 0 },
      { search: 'x'.repeat(201) },
      { url: 'x' },
    ],
    'turns.regenerate': [
      ...common,
      {},
      { conversationId },
      { conversationId, messageId: '' },
      { conversationId, messageId: 'm', text: 'x' },
    ],
    'turns.edit': [
      ...common,
      { conversationId, messageId: 'm' },
      { conversationId, messageId: 'm', text: '  ' },
      { conversationId, messageId: 'm', text: 'x'.repeat(100_001) },
    ],
    'turns.continue': [...common, {}, { messageId: 'm' }, { conversationId, messageId: 'm', extra: 1 }],
    'messages.delete': [...common, {}, { conversationId }, { conversationId, messageId: 7 }],
    'messages.selectVersion': [
      ...common,
      {},
      { conversationId, messageId: 'x'.repeat(201) },
      { conversationId, messageId: 'm', all: true },
    ],
    'elicitations.answer': [
      ...common,
      { elicitationId: 'e' },
      { elicitationId: 'e', answer: { action: 'maybe' } },
      { elicitationId: 'e', answer: { action: 'accept' } },
      { elicitationId: 'e', answer: { action: 'accept', content: { a: { nested: true } } } },
    ],
    'conversations.search': [
      ...common,
      {},
      { query: 7 },
      { query: 'x'.repeat(501) },
      { query: 'a', limit: 0 },
      { query: 'a', limit: 101 },
      { query: 'a', cursor: '-1' },
      { query: 'a', cursor: 'abc' },
      { query: 'a', extra: 1 },
    ],
    'conversations.pin': [
      ...common,
      {},
      { conversationId },
      { conversationId, pinned: 'yes' },
      { conversationId: '', pinned: true },
      { conversationId, pinned: true, extra: 1 },
    ],
    'conversations.settings': [...common, { conversationId: '' }, { conversationId, extra: 1 }],
    'conversations.settingsUpdate': [
      ...common,
      { conversationId },
      { conversationId, patch: { temperature: 2.5 } },
      { conversationId, patch: { maxOutputTokens: 0 } },
      { conversationId, patch: { maxOutputTokens: 1.5 } },
      { conversationId, patch: { model: 'm' } },
      { conversationId, patch: { provider: 'anthropic', model: null } },
      { conversationId, patch: { system: 'x'.repeat(20_001) } },
      { conversationId, patch: { top_p: 1 } },
    ],
    'conversations.settingsDefaults': [
      ...common,
      {},
      { patch: { provider: 'anthropic' } },
      { patch: { temperature: 1 } },
    ],
    'conversations.export': [
      ...common,
      { conversationId },
      { conversationId, format: 'pdf' },
      { conversationId, format: 'json', locale: 'fr' },
    ],
    'conversations.import': [
      ...common,
      {},
      { text: '' },
      { text: 'x'.repeat(1_900_001) },
      { uploadId: 'short' },
      { uploadId: '../../etc/passwd' },
      { text: '{}', uploadId: 'abcdefgh-1234' },
    ],
    'conversations.importPart': [
      ...common,
      {},
      { uploadId: 'abcdefgh-1234', index: 0, text: '' },
      { uploadId: 'abcdefgh-1234', index: -1, text: 'x' },
      { uploadId: 'abcdefgh-1234', index: 0, text: 'x'.repeat(1_900_001) },
      { uploadId: 'a/b', index: 0, text: 'x' },
    ],
    'attachments.get': [...common, {}, { attachmentId: 0 }, { attachmentId: 1.5 }, { attachmentId: '1' }],
    'runs.attach': [...common, { since: 3 }],
  }
}

describe('every command validates its payload before its handler runs', () => {
  let world: AppWorld
  let client: TestClient
  let ids: { conversationId: string; measurementId: number }
  beforeAll(async () => {
    world = await startAppWorld()
    client = world.client('window')
    const conversation = world.store.conversations.createConversation({ title: 'Original' })
    const measurement = world.store.measurements.insert({
      kind: 'weight',
      canonicalValue: 72.5,
      value: 72.5,
      unit: 'kg',
      takenAt: 1,
      takenAtPrecision: 'instant',
    })
    ids = { conversationId: conversation.id, measurementId: measurement.id }
  })
  afterAll(async () => {
    await world.close()
  })

  it('covers every command of the contract', () => {
    expect(Object.keys(invalidPayloads({ conversationId: 'c', measurementId: 1 })).sort()).toEqual(
      [...COMMAND_NAMES].sort(),
    )
  })

  it.each(COMMAND_NAMES)('%s: each invalid payload is a validation error and changes nothing', async (command) => {
    const snapshot = () => ({
      rows: ['conversations', 'turns', 'messages', 'generations', 'measurements', 'settings', 'tool_ledger'].map((t) =>
        countRows(world.store, t),
      ),
      conversation: world.store.conversations.getConversation(ids.conversationId),
      measurements: world.store.measurements.list({ limit: 10 }),
      settings: world.store.db.prepare('SELECT * FROM settings').all(),
      keys: PROVIDER_IDS.map((p) => world.vault.get(p)),
      requests: world.server.requests.length,
      db: readFileSync(world.dbPath).length,
    })
    const before = snapshot()
    for (const payload of invalidPayloads(ids)[command]) {
      const result = await client.call(command, payload)
      expect(result.ok, `${command} ${JSON.stringify(payload)?.slice(0, 80)}`).toBe(false)
      if (!result.ok) expect(result.error).toMatchObject({ kind: 'validation', owner: 'user', retryable: false })
    }
    expect(snapshot()).toEqual(before)
    expect(client.envelopes).toEqual([])
  })

  it('an unknown command is a validation error', async () => {
    const result = await world.service.handle('conversations.drop' as CommandName, {}, { clientId: 'window' })
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
  })

  it('a validation error never echoes the offered value', async () => {
    const result = await client.call('keys.set', { provider: 'anthropic', key: 'sk-ant-secret-value-123456', extra: 1 })
    expect(JSON.stringify(result)).not.toContain('sk-ant-secret-value-123456')
  })
})
