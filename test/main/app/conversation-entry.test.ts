// A conversation stays with the provider entry (profile) its first answer came
// from. Every kind of entry — presets for local servers, a router, an unnamed and a named custom
// server, named cloud entries of each API — is taken through two turns while the built-in entries
// point at another server with an OpenAI key set: nothing may reach that server, the follow-up goes
// to the same entry with the whole history, and each answer names its entry. Real SQLite, real HTTP.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PresetId } from '../../../src/shared/provider-profiles'
import type { ProviderId } from '../../../src/shared/provider-id'
import { startSimulatedProvider, type SimulatedProvider } from '../../support/simulated-provider'
import { isRunEnd, startAppWorld, type AppWorld, type TestClient } from './app-helpers'

const OPENAI_KEY = 'sk-openai-test-0123456789abcdef'

let world: AppWorld
let local: SimulatedProvider
let client: TestClient

beforeEach(async () => {
  // The built-in entries (the default: OpenAI Chat Completions) point at `world.server`, key set.
  // No KEEL_DEFAULT_PROVIDER: the default is the saved one, as for a person who set up an entry.
  world = await startAppWorld({
    env: {
      KEEL_DEFAULT_PROVIDER: undefined,
      OPENAI_API_KEY: OPENAI_KEY,
      ANTHROPIC_API_KEY: 'sk-ant-test-0123456789',
      GEMINI_API_KEY: 'gm-test-0123456789',
    },
  })
  local = await startSimulatedProvider()
  client = world.client('w')
})
afterEach(async () => {
  await local.close()
  await world.close()
})

async function turn(payload: Record<string, unknown>): Promise<{ conversationId: string; status: string }> {
  const before = client.events().filter(isRunEnd).length
  const { runId } = await client.value('turns.start', payload)
  const deadline = Date.now() + 10_000
  for (;;) {
    const end = client.events(runId).find(isRunEnd)
    if (end) return { conversationId: end.conversationId, status: end.status }
    if (Date.now() > deadline) throw new Error(`no run-end (${before} before)`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

interface EntryCase {
  label: string
  preset: PresetId
  api: ProviderId
  name?: string
  apiKey?: string
  /** What the answer's line says after the model (English). */
  shown: string
}

const ENTRIES: EntryCase[] = [
  { label: 'Ollama', preset: 'ollama', api: 'openai-chat', shown: 'Ollama' },
  { label: 'LM Studio', preset: 'lmstudio', api: 'openai-chat', shown: 'LM Studio' },
  {
    label: 'OpenRouter (own key)',
    preset: 'openrouter',
    api: 'openai-chat',
    apiKey: 'sk-or-test-0123456789',
    shown: 'OpenRouter',
  },
  { label: 'an unnamed custom server', preset: 'custom', api: 'openai-chat', shown: 'Other OpenAI-compatible server' },
  { label: 'a named custom server', preset: 'custom', api: 'openai-chat', name: 'Desk GPU', shown: 'Desk GPU' },
  {
    label: 'a second, named OpenAI entry (Responses)',
    preset: 'openai',
    api: 'openai-responses',
    name: 'Work OpenAI',
    apiKey: 'sk-work-0123456789abcdef',
    shown: 'Work OpenAI',
  },
  {
    label: 'a second, named Anthropic entry',
    preset: 'anthropic',
    api: 'anthropic',
    name: 'Team Claude',
    apiKey: 'sk-ant-team-0123456789',
    shown: 'Team Claude',
  },
  {
    label: 'a second, named Gemini entry',
    preset: 'gemini',
    api: 'gemini',
    name: 'Lab Gemini',
    apiKey: 'gm-lab-0123456789',
    shown: 'Lab Gemini',
  },
]

describe('a conversation stays with its provider entry', () => {
  for (const entry of ENTRIES) {
    it(`${entry.label}: both turns go to it, the follow-up with the history, and each answer names it`, async () => {
      // A cloud preset's first entry is the built-in one (set by the environment here): this is a second.
      if (entry.name && entry.preset !== 'custom') await client.value('providers.save', { preset: entry.preset })
      const { id } = await client.value('providers.save', {
        preset: entry.preset,
        baseUrl: local.baseUrlFor(entry.api),
        model: 'local-model',
        makeDefault: true,
        ...(entry.name ? { name: entry.name } : {}),
        ...(entry.apiKey ? { apiKey: entry.apiKey } : {}),
      })
      local.enqueue({ type: 'turn', text: 'First answer.' }, { type: 'turn', text: 'Second answer.' })

      const first = await turn({ text: 'A private question' })
      expect(first.status).toBe('completed')
      // The conversation is pinned to the entry, not to the wire API the entry speaks.
      const settings = await client.value('conversations.settings', { conversationId: first.conversationId })
      expect(settings.own).toMatchObject({ provider: id, model: 'local-model' })
      expect(id).not.toBe(entry.api)

      // Another default later does not move it either.
      await client.value('providers.save', { id: 'openai-chat', preset: 'custom', makeDefault: true })
      const second = await turn({ conversationId: first.conversationId, text: 'A follow-up' })
      expect(second.status).toBe('completed')

      expect(world.server.requests).toHaveLength(0)
      expect(local.requests.map((r) => r.provider)).toEqual([entry.api, entry.api])
      const followUp = local.requests[1]!
      expect(followUp.rawBody).toContain('A private question')
      expect(followUp.rawBody).toContain('First answer.')
      if (entry.api !== 'openai-responses') expect(JSON.stringify(followUp.headers)).not.toContain(OPENAI_KEY)

      const view = await client.value('conversations.open', { conversationId: first.conversationId })
      const answers = view.messages.filter((m) => m.role === 'assistant')
      expect(answers).toHaveLength(2)
      for (const answer of answers)
        expect(view.models?.[answer.id]).toMatchObject({
          provider: id,
          providerName: entry.shown,
          model: 'local-model',
          named: entry.name !== undefined,
        })
    })
  }

  it('an entry removed since is refused by name: the history goes nowhere else', async () => {
    const { id } = await client.value('providers.save', {
      preset: 'custom',
      name: 'Old box',
      baseUrl: local.baseUrlFor('openai-chat'),
      model: 'local-model',
      makeDefault: true,
    })
    local.enqueue({ type: 'turn', text: 'First answer.' })
    const first = await turn({ text: 'A private question' })
    await client.value('providers.remove', { id })
    const refused = await client.call('turns.start', { conversationId: first.conversationId, text: 'A follow-up' })
    expect(refused).toMatchObject({
      ok: false,
      error: { detail: { code: 'provider-not-ready', provider: id, reason: 'unknown-provider' } },
    })
    expect(world.server.requests).toHaveLength(0)
    expect(local.requests).toHaveLength(1)
    // The answer still says where it came from (the wire API's name once its entry is gone).
    const view = await client.value('conversations.open', { conversationId: first.conversationId })
    const answer = view.messages.find((m) => m.role === 'assistant')!
    expect(view.models?.[answer.id]).toMatchObject({ provider: id, providerName: 'OpenAI (Chat Completions)' })
  })

  it('a provider chosen for one turn (the CLI flag) does not re-pin the conversation', async () => {
    const { id } = await client.value('providers.save', {
      preset: 'ollama',
      baseUrl: local.baseUrlFor('openai-chat'),
      model: 'local-model',
      makeDefault: true,
    })
    local.enqueue({ type: 'turn', text: 'First answer.' }, { type: 'turn', text: 'Third answer.' })
    world.server.enqueue({ type: 'turn', text: 'Second answer.' })
    const first = await turn({ text: 'Q1' })
    await turn({ conversationId: first.conversationId, text: 'Q2', provider: 'anthropic' })
    expect(world.server.requests.map((r) => r.provider)).toEqual(['anthropic'])
    await turn({ conversationId: first.conversationId, text: 'Q3' })
    expect(local.requests).toHaveLength(2)
    expect((await client.value('conversations.settings', { conversationId: first.conversationId })).own).toMatchObject({
      provider: id,
    })
  })
})
