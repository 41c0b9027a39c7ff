// Per-conversation settings through the app service, over loopback HTTP to the simulated provider:
// the model, system prompt, temperature and output cap a conversation chose reach its requests,
// another conversation keeps its own, a change applies from the next answer; a new conversation
// keeps what was chosen before its first message and the model it started with.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isRunEnd, startAppWorld, type AppWorld, type TestClient } from './app-helpers'

let world: AppWorld
let a: TestClient
beforeEach(async () => {
  world = await startAppWorld()
  a = world.client('window')
})
afterEach(async () => {
  await world.close()
})

async function turn(payload: Record<string, unknown>): Promise<string> {
  world.server.enqueue({ type: 'turn', text: 'ok' })
  const before = a.envelopes.length
  const { runId } = await a.value('turns.start', payload)
  await world.service.whenIdle()
  const end = a.envelopes.slice(before).find((e) => e.runId === runId && isRunEnd(e.event))
  expect(end?.event).toMatchObject({ status: 'completed' })
  return (end!.event as { conversationId: string }).conversationId
}

const lastRequest = () => world.server.requests.at(-1)!

describe('conversation settings reach the provider', () => {
  it('a new conversation keeps the model, prompt and temperature chosen before its first message; another keeps its own', async () => {
    const first = await turn({
      text: 'hi',
      settings: {
        provider: 'anthropic',
        model: 'claude-pick',
        system: 'Answer like a pirate.',
        temperature: 0.2,
        maxOutputTokens: 300,
      },
    })
    let request = lastRequest()
    expect(request.provider).toBe('anthropic')
    expect(request.model).toBe('claude-pick')
    const body = request.body as Record<string, any>
    expect(body.system).toMatch(/^Today is .*\n\nAnswer like a pirate\.$/s)
    expect(body.temperature).toBe(0.2)
    expect(body.max_tokens).toBe(300)

    // A second conversation with nothing chosen: the default provider (openai-chat in this world) and its model, nothing extra.
    const second = await turn({ text: 'hello' })
    request = lastRequest()
    expect(request.provider).toBe('openai-chat')
    expect(request.model).toBe('sim-model')
    expect((request.body as any).temperature).toBeUndefined()
    expect((request.body as any).messages[0].content).not.toContain('pirate')

    // Each keeps its own on the next turn.
    await turn({ conversationId: first, text: 'again' })
    expect(lastRequest()).toMatchObject({ provider: 'anthropic', model: 'claude-pick' })
    expect((lastRequest().body as any).temperature).toBe(0.2)
    await turn({ conversationId: second, text: 'again' })
    expect(lastRequest()).toMatchObject({ provider: 'openai-chat', model: 'sim-model' })

    const view = await a.value('conversations.settings', { conversationId: second })
    // The model a conversation started with is kept with it.
    expect(view.own).toEqual({ provider: 'openai-chat', model: 'sim-model' })
  })

  it('changing the model and temperature mid-conversation applies to the next answer', async () => {
    const id = await turn({ text: 'one' })
    expect(lastRequest().provider).toBe('openai-chat')
    const view = await a.value('conversations.settingsUpdate', {
      conversationId: id,
      patch: { provider: 'gemini', model: 'gemini-pick', temperature: 1.5, system: 'Be brief.' },
    })
    expect(view.effective).toMatchObject({
      provider: 'gemini',
      model: 'gemini-pick',
      temperature: 1.5,
      system: 'Be brief.',
    })
    await turn({ conversationId: id, text: 'two' })
    const request = lastRequest()
    expect(request).toMatchObject({ provider: 'gemini', model: 'gemini-pick' })
    expect((request.body as any).generationConfig).toEqual({ temperature: 1.5 })
    expect((request.body as any).systemInstruction.parts[0].text).toMatch(/\n\nBe brief\.$/)
    // The whole history went with it (both questions).
    expect(JSON.stringify(request.body)).toContain('one')
    // Cleared: back to the defaults.
    await a.value('conversations.settingsUpdate', { conversationId: id, patch: { temperature: null, system: null } })
    await turn({ conversationId: id, text: 'three' })
    expect((lastRequest().body as any).generationConfig).toBeUndefined()
  })

  it('the default system prompt and model from Settings apply to new conversations; a conversation’s own prompt wins', async () => {
    const defaults = await a.value('conversations.settingsDefaults', {
      patch: { provider: 'openai-responses', model: 'default-pick', system: 'Use metric units.' },
    })
    expect(defaults.effective).toMatchObject({
      provider: 'openai-responses',
      model: 'default-pick',
      system: 'Use metric units.',
    })
    const id = await turn({ text: 'hi' })
    expect(lastRequest()).toMatchObject({ provider: 'openai-responses', model: 'default-pick' })
    expect((lastRequest().body as any).instructions).toMatch(/\n\nUse metric units\.$/)
    await a.value('conversations.settingsUpdate', { conversationId: id, patch: { system: 'Use imperial units.' } })
    await turn({ conversationId: id, text: 'again' })
    expect((lastRequest().body as any).instructions).toMatch(/\n\nUse imperial units\.$/)
    expect((lastRequest().body as any).instructions).not.toContain('metric')
    // A later change of the default model does not move a started conversation.
    await a.value('conversations.settingsDefaults', { patch: { provider: 'anthropic', model: 'newer-default' } })
    await turn({ conversationId: id, text: 'third' })
    expect(lastRequest()).toMatchObject({ provider: 'openai-responses', model: 'default-pick' })
  })

  it('refuses settings for a conversation that does not exist, and stores nothing', async () => {
    const result = await a.call('conversations.settingsUpdate', { conversationId: 'nope', patch: { temperature: 1 } })
    expect(result).toMatchObject({ ok: false, error: { kind: 'not-found' } })
    expect(world.store.db.prepare('SELECT count(*) AS n FROM conversation_settings').get()).toEqual({ n: 0 })
  })
})

describe("the provider's own web search", () => {
  it('is offered where the API has it, reaches the request when on, and stays out when off or unavailable', async () => {
    const first = await turn({ text: 'news?', settings: { provider: 'anthropic', model: 'claude-pick' } })
    let body = lastRequest().body as Record<string, any>
    expect(JSON.stringify(body.tools ?? [])).not.toContain('web_search_20250305')
    const view = await a.value('conversations.settingsUpdate', { conversationId: first, patch: { webSearch: true } })
    expect(view.hostedSearch).toBe(true)
    expect(view.effective.webSearch).toBe(true)
    await turn({ conversationId: first, text: 'and now?' })
    body = lastRequest().body as Record<string, any>
    expect(body.tools).toContainEqual({ type: 'web_search_20250305', name: 'web_search' })

    // Chat Completions (the default here) has none: not offered, and a stored "on" sends nothing.
    const second = await turn({ text: 'hello' })
    const chat = await a.value('conversations.settingsUpdate', { conversationId: second, patch: { webSearch: true } })
    expect(chat.hostedSearch).toBe(false)
    expect(chat.effective.webSearch).toBe(false)
    await turn({ conversationId: second, text: 'again' })
    expect(JSON.stringify(lastRequest().body)).not.toMatch(/web_search|google_search/)

    // The user's limits (Settings → Web) go with it.
    const limited = await a.value('settings.update', {
      webTools: { providerSearch: { maxSearches: 2, blockedDomains: ['spam.example'] } },
    })
    expect(limited.webTools.providerSearch).toEqual({ maxSearches: 2, blockedDomains: ['spam.example'] })
    await turn({ conversationId: first, text: 'limited?' })
    expect((lastRequest().body as Record<string, any>).tools).toContainEqual({
      type: 'web_search_20250305',
      name: 'web_search',
      max_uses: 2,
      blocked_domains: ['spam.example'],
    })
    expect(
      (
        await a.call('settings.update', {
          webTools: { providerSearch: { allowedDomains: ['a.com'], blockedDomains: ['b.com'] } },
        })
      ).ok,
    ).toBe(false)

    // Off again: gone from the next request.
    await a.value('conversations.settingsUpdate', { conversationId: first, patch: { webSearch: null } })
    await turn({ conversationId: first, text: 'off?' })
    expect(JSON.stringify((lastRequest().body as Record<string, any>).tools ?? [])).not.toContain('web_search_2025')
  })
})

describe('OpenRouter web search', () => {
  it('an OpenRouter entry offers it and asks for the web plugin; another Chat Completions entry does not', async () => {
    const { id } = await a.value('providers.save', {
      preset: 'openrouter',
      baseUrl: world.server.baseUrlFor('openai-chat'),
      model: 'router-model',
      apiKey: 'sk-or-0123456789abcdef',
    })
    const conversation = await turn({ text: 'news?', settings: { provider: id, model: 'router-model' } })
    expect(lastRequest().body).not.toHaveProperty('plugins')
    const view = await a.value('conversations.settingsUpdate', {
      conversationId: conversation,
      patch: { webSearch: true },
    })
    expect(view.hostedSearch).toBe(true)
    await turn({ conversationId: conversation, text: 'and now?' })
    expect((lastRequest().body as Record<string, unknown>).plugins).toEqual([{ id: 'web' }])
  })
})
