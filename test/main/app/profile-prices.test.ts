// Prices are entered per provider profile; an answer from that profile is priced by them (over loopback, real SQLite).
import { afterEach, describe, expect, it } from 'vitest'
import { startAppWorld, type AppWorld } from './app-helpers'

let world: AppWorld
afterEach(async () => {
  await world?.close()
})

describe('prices per provider profile', () => {
  it('a price set for the Ollama profile gives its answers a cost; the wire API id is recorded apart', async () => {
    world = await startAppWorld()
    const a = world.client('a')
    await a.value('providers.save', {
      preset: 'ollama',
      baseUrl: world.server.baseUrlFor('openai-chat'),
      model: 'sim-model',
    })
    const price = { inputPerMillion: 2, outputPerMillion: 8 }
    const saved = await a.value('settings.update', { price: { provider: 'ollama', model: 'sim-model', price } })
    expect(saved.providers.find((p) => p.id === 'ollama')!.price).toEqual(price)

    world.server.enqueue({ type: 'turn', text: 'Hi.', usage: { inputTokens: 1000, outputTokens: 250 } })
    await a.value('turns.start', { text: 'hello', provider: 'ollama' })
    await world.service.whenIdle()
    const [summary] = await a.value('conversations.list', {})
    const view = await a.value('conversations.open', { conversationId: summary!.id })
    const answer = view.messages.find((m) => m.role === 'assistant')!
    expect(world.store.generations.listForTurn(answer.turnId!).map((g) => [g.provider, g.profile])).toEqual([
      ['openai-chat', 'ollama'],
    ])
    const usd = (1000 * 2 + 250 * 8) / 1e6
    expect(view.usage.perMessage[answer.id]!.cost).toEqual({ usd: expect.closeTo(usd, 12), complete: true })
    expect(view.usage.total.cost).toEqual({ usd: expect.closeTo(usd, 12), complete: true })

    // The same wire API through its own id is another provider: the Ollama price does not apply to it.
    world.server.enqueue({ type: 'turn', text: 'Hi again.', usage: { inputTokens: 10, outputTokens: 5 } })
    await a.value('turns.start', { conversationId: summary!.id, text: 'again', provider: 'openai-chat' })
    await world.service.whenIdle()
    const after = await a.value('conversations.open', { conversationId: summary!.id })
    const second = after.messages.filter((m) => m.role === 'assistant')[1]!
    expect(after.usage.perMessage[second.id]!.cost).toBeNull()
    expect(after.usage.total.cost).toEqual({ usd: expect.closeTo(usd, 12), complete: false })
  })
})
