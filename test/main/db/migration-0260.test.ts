// Migration 0260: the searches a provider ran itself, per model call. Calls stored before keep
// NULL (none); the column refuses negatives; the store writes and reads it.
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src/main/db/migrate'
import { GenerationStore } from '../../../src/main/db/generation-store'
import { openAtVersion } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir } = useTempStores()

describe('migration 0260 (generation hosted searches)', () => {
  it('keeps earlier calls without searches and stores the count of new ones', () => {
    const db = openAtVersion(tempDir(), 240)
    db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c', 'C', 1, 1)").run()
    db.prepare("INSERT INTO turns (id, conversation_id, created_at) VALUES ('t', 'c', 1)").run()
    db.prepare(
      `INSERT INTO generations (id, turn_id, round, attempt, provider, profile, model, started_at, ended_at, outcome, input_tokens, output_tokens, usage_source)
       VALUES ('old', 't', 1, 1, 'anthropic', 'anthropic', 'm', 1, 2, 'complete', 10, 5, 'reported')`,
    ).run()
    expect(migrate(db, { targetVersion: 260 }).ok).toBe(true)
    const store = new GenerationStore(db, () => 100)
    expect(store.get('old')?.usage).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      reasoningTokens: undefined,
      cachedInputTokens: undefined,
    })
    const started = store.start({ turnId: 't', round: 2, attempt: 1, provider: 'anthropic', model: 'm' })
    store.finish(started.id, {
      outcome: 'complete',
      usage: {
        inputTokens: 1,
        outputTokens: 2,
        reasoningTokens: undefined,
        cachedInputTokens: undefined,
        hostedSearches: 3,
      },
      usageSource: 'reported',
    })
    expect(store.get(started.id)?.usage.hostedSearches).toBe(3)
    expect(() => db.prepare("UPDATE generations SET hosted_searches = -1 WHERE id = 'old'").run()).toThrow(/CHECK/)
    db.close()
  })
})
