// An answer's provider-run search and cited sources through the app: stored by the turn (a recorded
// Anthropic stream over loopback), listed numbered in the Markdown export, kept in the JSON export
// (as parts, plus readable copies) and brought back whole by its import.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { recordedSearchAnswer } from '../../support/recorded-search-answer'
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

async function searchedConversation(): Promise<string> {
  world.server.enqueue({ type: 'recorded-stream', events: recordedSearchAnswer() } as never)
  await a.value('turns.start', {
    text: 'When is high water in Oslo?',
    settings: { provider: 'anthropic', model: 'claude-x' },
  })
  const end = (await a.waitFor(isRunEnd)) as { conversationId: string }
  await world.service.whenIdle()
  return end.conversationId
}

describe('sources in export and import', () => {
  it('the Markdown export lists the search and the numbered sources under the answer', async () => {
    const id = await searchedConversation()
    const file = await a.value('conversations.export', { conversationId: id, format: 'markdown', locale: 'en' })
    expect(file.text).toContain(
      [
        '- Searched: `Oslo tide tables today` — completed',
        '',
        "Let me search for that.High water in Oslo is at 14:02 today. I'll note it.",
        '',
        '**Sources**',
        '',
        '1. [Oslo tide tables — Kartverket](<https://www.kartverket.no/en/at-sea/se-havniva>) — kartverket.no',
        '   > High water in Oslo today at 14:02 (32 cm).',
      ].join('\n'),
    )
    const es = await a.value('conversations.export', { conversationId: id, format: 'markdown', locale: 'es' })
    expect(es.text).toContain('**Fuentes**')
    expect(es.text).toContain('- Buscó: `Oslo tide tables today`')
  })

  it('the JSON export keeps them; deleted and imported, the answer has the same calls and sources', async () => {
    const id = await searchedConversation()
    const original = await a.value('conversations.open', { conversationId: id })
    const file = await a.value('conversations.export', { conversationId: id, format: 'json' })
    const answer = JSON.parse(file.text).conversation.messages.at(-1)
    expect(answer.hostedCalls).toEqual([
      expect.objectContaining({
        id: 'srvtoolu_keel_search_01',
        queries: ['Oslo tide tables today'],
        status: 'completed',
      }),
    ])
    expect(answer.sources).toEqual([
      expect.objectContaining({ number: 1, url: 'https://www.kartverket.no/en/at-sea/se-havniva' }),
    ])
    expect(answer.parts.map((p: { type: string }) => p.type)).toContain('citation')

    await a.value('conversations.delete', { conversationId: id })
    expect(await a.value('conversations.import', { text: file.text })).toMatchObject({
      imported: [{ id }],
    })
    const back = await a.value('conversations.open', { conversationId: id })
    const web = (view: typeof back) =>
      view.messages.map((m) => m.parts.filter((p) => p.type === 'hosted-call' || p.type === 'citation'))
    expect(web(back)).toEqual(web(original))
    expect(web(back).flat().length).toBe(2)
  })

  it('a part that is not a hosted call as this version reads one is refused, naming where', async () => {
    const id = await searchedConversation()
    const json = JSON.parse((await a.value('conversations.export', { conversationId: id, format: 'json' })).text)
    const parts = json.conversation.messages.at(-1).parts as { type: string; call?: { status: string } }[]
    parts.find((p) => p.type === 'hosted-call')!.call!.status = 'exploded'
    await a.value('conversations.delete', { conversationId: id })
    const refused = await a.call('conversations.import', { text: JSON.stringify(json) })
    expect(refused).toMatchObject({ ok: false })
    expect(JSON.stringify(refused)).toMatch(/parts/)
  })
})
