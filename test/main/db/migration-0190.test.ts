// Migration 0190: conversations pinned to a wire API by the old `adopt` go back to the entry their
// first answer really came from; a choice the user made since, and honest wire-id pins, stay.
import type Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src/main/db/migrate'
import { openAtVersion } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir } = useTempStores()

/** A conversation whose first model call went to `profile` (speaking `api`) at t=100, pinned to `pinned` at `pinnedAt`. */
function conversation(
  db: Database.Database,
  id: string,
  call: { api: string; profile: string | null },
  pin: { provider: string; at: number },
): void {
  db.prepare('INSERT INTO conversations (id, title, created_at, updated_at) VALUES (?, ?, 1, 1)').run(id, id)
  db.prepare('INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, 1)').run(`${id}-t1`, id)
  db.prepare('INSERT INTO turns (id, conversation_id, created_at) VALUES (?, ?, 2)').run(`${id}-t2`, id)
  const insert = db.prepare(
    `INSERT INTO generations (id, turn_id, round, attempt, provider, profile, model, started_at, ended_at, outcome, usage_source) VALUES (?, ?, 1, 1, ?, ?, 'llama3', ?, ?, 'complete', 'reported')`,
  )
  insert.run(`${id}-g1`, `${id}-t1`, call.api, call.profile, 100, 110)
  // A later call (the follow-up that went astray) does not decide anything.
  insert.run(`${id}-g2`, `${id}-t2`, call.api, call.api, 500, 510)
  db.prepare(
    `INSERT INTO conversation_settings (conversation_id, provider, model, updated_at) VALUES (?, ?, 'llama3', ?)`,
  ).run(id, pin.provider, pin.at)
}

describe('migration 0190 (conversation entries)', () => {
  it('moves conversations the old adopt pinned to a wire id back to their entry, and nothing else', () => {
    const db = openAtVersion(tempDir(), 180)
    conversation(db, 'ollama', { api: 'openai-chat', profile: 'ollama' }, { provider: 'openai-chat', at: 90 })
    conversation(db, 'named', { api: 'anthropic', profile: 'custom-3' }, { provider: 'anthropic', at: 100 })
    // The user picked the built-in entry later, in the Model picker: their choice.
    conversation(db, 'chosen', { api: 'openai-chat', profile: 'lmstudio' }, { provider: 'openai-chat', at: 600 })
    // It really went to the built-in entry.
    conversation(db, 'builtin', { api: 'openai-chat', profile: 'openai-chat' }, { provider: 'openai-chat', at: 90 })
    // Written before profiles were recorded: nothing to go by.
    conversation(db, 'old', { api: 'openai-chat', profile: null }, { provider: 'openai-chat', at: 90 })
    // Pinned to an entry already, or to another API than the call's.
    conversation(db, 'entry', { api: 'openai-chat', profile: 'ollama' }, { provider: 'custom-1', at: 90 })
    conversation(db, 'other-api', { api: 'openai-chat', profile: 'ollama' }, { provider: 'anthropic', at: 90 })

    expect(migrate(db, { targetVersion: 190 }).ok).toBe(true)
    const pins = Object.fromEntries(
      (
        db.prepare('SELECT conversation_id AS id, provider FROM conversation_settings').all() as {
          id: string
          provider: string
        }[]
      ).map((r) => [r.id, r.provider]),
    )
    expect(pins).toEqual({
      ollama: 'ollama',
      named: 'custom-3',
      chosen: 'openai-chat',
      builtin: 'openai-chat',
      old: 'openai-chat',
      entry: 'custom-1',
      'other-api': 'anthropic',
    })
    // The rest of the row is untouched.
    expect(
      db.prepare(`SELECT model, updated_at FROM conversation_settings WHERE conversation_id = 'ollama'`).get(),
    ).toEqual({ model: 'llama3', updated_at: 90 })
    db.close()
  })
})
