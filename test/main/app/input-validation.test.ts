// What the hostile test found unvalidated: lone surrogates stored as broken UTF-8, keys with line
// breaks, made-up tool names in the permissions, a conversation list that stopped at 10,000.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_CONVERSATION_PAGE } from '../../../src/shared/ipc/channels'
import { countRows, startAppWorld, type AppWorld } from './app-helpers'

let world: AppWorld
beforeEach(async () => {
  world = await startAppWorld()
})
afterEach(async () => {
  await world.close()
})

const storedText = (world: AppWorld, conversationId: string, role: 'user' | 'assistant') =>
  world.store.conversations
    .getMessages(conversationId)
    .filter((m) => m.role === role)
    .flatMap((m) => m.parts.map((p) => (p.type === 'text' ? p.text : '')))
    .join('')

describe('lone surrogates become U+FFFD on the way in, the same everywhere', () => {
  it('in the user message, the streamed answer (live and stored) and a title; a real pair split across deltas stays whole', async () => {
    const client = world.client('a')
    world.server.enqueue({ type: 'turn', text: ['X\ud800Y ', '\ud83d', '\ude00', ' end\udfff'] })
    await client.value('turns.start', { text: 'A\ud800B' })
    await world.service.whenIdle()
    const [conversation] = await client.value('conversations.list', {})
    expect(storedText(world, conversation!.id, 'user')).toBe('A\ufffdB')
    expect(storedText(world, conversation!.id, 'assistant')).toBe('X\ufffdY 😀 end\ufffd')
    const live = client
      .events()
      .flatMap((e) => (e.type === 'stream' && e.event.type === 'text-delta' ? [e.event.delta] : []))
      .join('')
    expect(live).toBe('X\ufffdY 😀 end\ufffd')
    // What the provider is sent back next turn is the same text.
    world.server.enqueue({ type: 'turn', text: 'ok' })
    await client.value('turns.start', { conversationId: conversation!.id, text: 'again' })
    await world.service.whenIdle()
    expect(world.server.requests[1]!.rawBody).toContain('X\ufffdY 😀 end\ufffd')
    await client.value('conversations.rename', { conversationId: conversation!.id, title: 'T\udc00' })
    expect(world.store.conversations.getConversation(conversation!.id)!.title).toBe('T\ufffd')
  })
})

describe('keys.set', () => {
  it.each(['sk-abc\ndef-ghijkl', 'sk-abc def-ghijkl', 'sk-abc\u0000def', 'sk-ключ-12345678'])(
    'refuses %j with a typed detail; nothing is saved',
    async (key) => {
      const client = world.client('a')
      const result = await client.call('keys.set', { provider: 'anthropic', key })
      expect(result).toMatchObject({
        ok: false,
        error: { kind: 'validation', owner: 'user', detail: { code: 'invalid-key' } },
      })
      expect(world.vault.get('anthropic')).toBeUndefined()
    },
  )

  it('takes a normal key (surrounding spaces trimmed)', async () => {
    const client = world.client('a')
    await client.value('keys.set', { provider: 'anthropic', key: '  sk-ant-api03-AbC_123-xyz  ' })
    expect(world.vault.get('anthropic')).toBe('sk-ant-api03-AbC_123-xyz')
  })
})

describe('settings.update toolPermissions', () => {
  it('refuses tool names that no tool has, and keeps what was saved', async () => {
    const client = world.client('a')
    await client.value('settings.update', { toolPermissions: { record_measurement: 'always-allow' } })
    const made_up = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`tool_${i}`, 'always-allow']))
    const result = await client.call('settings.update', { toolPermissions: made_up })
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect((await client.value('settings.get', {})).toolPermissions).toEqual({ record_measurement: 'always-allow' })
  })
})

describe('conversations.list', () => {
  it('pages through more than 10,000 conversations, each exactly once, newest first', async () => {
    const total = 10_050
    const insert = world.store.db.prepare<[string, string, number, number]>(
      'INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, ?, ?)',
    )
    world.store.db.transaction(() => {
      // Some share a timestamp: the cursor must tell them apart by id.
      for (let i = 0; i < total; i++)
        insert.run(`c${String(i).padStart(6, '0')}`, `Conversation ${i}`, i, Math.floor(i / 3))
    })()
    const client = world.client('a')
    const seen: string[] = []
    let before: { updatedAt: number; id: string } | undefined
    for (;;) {
      const page = await client.value('conversations.list', {
        limit: MAX_CONVERSATION_PAGE,
        ...(before ? { before } : {}),
      })
      seen.push(...page.map((c) => c.id))
      const last = page.at(-1)
      if (page.length < MAX_CONVERSATION_PAGE || !last) break
      before = { updatedAt: last.updatedAt, id: last.id }
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
    expect(seen[0]).toBe('c010049')
    expect(countRows(world.store, 'conversations')).toBe(total)
    expect(await client.call('conversations.list', { limit: MAX_CONVERSATION_PAGE + 1 })).toMatchObject({
      ok: false,
      error: { kind: 'validation' },
    })
  })
})
