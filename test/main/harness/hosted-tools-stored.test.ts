// An answer's hosted calls and citations are stored with it, over real HTTP against the simulated
// provider (a recorded Anthropic stream) with a real store: reopened, the answer has the search
// (final state) and its cited source; keys are redacted from them as from any stored text.
import { recordedSearchAnswer } from '../../support/recorded-search-answer'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { redactingRecorder } from '../../../src/main/secrets/provider-keys'
import { citationsOf, numberedSources } from '../../../src/shared/web-sources'
import { chat, startWorld, type HarnessWorld } from './harness-helpers'

describe('hosted calls and citations stored with the answer', () => {
  let world: HarnessWorld
  beforeEach(async () => {
    world = await startWorld()
  })
  afterEach(async () => {
    await world.close()
  })

  it('reopened, the answer has its search (final state) and its numbered source', async () => {
    world.server.enqueue({
      type: 'recorded-stream',
      events: recordedSearchAnswer(),
      faults: { chunkSize: 'random', seed: 5 },
    })
    const run = await chat(world, 'anthropic', 'When is high water in Oslo?')
    expect(run.status).toBe('completed')
    const message = world.store.conversations.getMessage(run.messageId)!
    const calls = message.parts.flatMap((p) => (p.type === 'hosted-call' ? [p.call] : []))
    expect(calls).toEqual([
      expect.objectContaining({
        id: 'srvtoolu_keel_search_01',
        kind: 'search',
        queries: ['Oslo tide tables today'],
        status: 'completed',
      }),
    ])
    expect(calls[0]!.sources.map((s) => s.url)).toEqual([
      'https://www.kartverket.no/en/at-sea/se-havniva',
      'https://example.org/oslofjord-tides',
    ])
    expect(numberedSources(citationsOf(message.parts))).toEqual([
      {
        number: 1,
        url: 'https://www.kartverket.no/en/at-sea/se-havniva',
        title: 'Oslo tide tables — Kartverket',
        site: 'kartverket.no',
        quotes: ['High water in Oslo today at 14:02 (32 cm).'],
      },
    ])
    // Stored after the text of the round it came with.
    expect(message.parts.findIndex((p) => p.type === 'hosted-call')).toBeGreaterThan(
      message.parts.findIndex((p) => p.type === 'text'),
    )
  })

  it('redacts keys from stored calls and citations', async () => {
    world.server.enqueue({ type: 'recorded-stream', events: recordedSearchAnswer() })
    const keys = ['Oslo tide tables', 'High water in Oslo today']
    const run = await chat(world, 'anthropic', 'When is high water in Oslo?', {
      wrapRecorder: (recorder) => redactingRecorder(recorder, keys),
    })
    expect(run.status).toBe('completed')
    const stored = JSON.stringify(
      world.store.conversations.getMessage(run.messageId)!.parts.filter((p) => p.type !== 'replay'),
    )
    expect(stored).toContain('srvtoolu_keel_search_01')
    for (const key of keys) expect(stored).not.toContain(key)
  })
})
