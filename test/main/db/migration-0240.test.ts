// Migration 0240: a conversation's provider web search switch. Rows written before it keep NULL
// (off, as they answered before); the column takes only 0, 1 or NULL; settings round-trip.
import { describe, expect, it } from 'vitest'
import { migrate } from '../../../src/main/db/migrate'
import { ConversationSettingsStore } from '../../../src/main/db/conversation-settings-store'
import { openAtVersion } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir } = useTempStores()

describe('migration 0240 (conversation web search)', () => {
  it('keeps every existing row as it was (off), refuses other values, and stores the switch', () => {
    const db = openAtVersion(tempDir(), 190)
    db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c1', 'One', 1, 1)").run()
    db.prepare("INSERT INTO conversations (id, title, created_at, updated_at) VALUES ('c2', 'Two', 1, 1)").run()
    db.prepare(
      "INSERT INTO conversation_settings (conversation_id, provider, model, temperature, updated_at) VALUES ('c1', 'anthropic', 'claude', 0.5, 5)",
    ).run()
    expect(migrate(db, { targetVersion: 240 }).ok).toBe(true)
    const store = new ConversationSettingsStore(db, () => 10)
    expect(store.get('c1')).toEqual({ provider: 'anthropic', model: 'claude', temperature: 0.5 })
    expect(() =>
      db.prepare("UPDATE conversation_settings SET web_search = 2 WHERE conversation_id = 'c1'").run(),
    ).toThrow(/CHECK/)
    expect(store.update('c1', { webSearch: true })).toEqual({
      provider: 'anthropic',
      model: 'claude',
      temperature: 0.5,
      webSearch: true,
    })
    expect(store.update('c2', { webSearch: false })).toEqual({ webSearch: false })
    expect(store.update('c1', { webSearch: null })).toEqual({
      provider: 'anthropic',
      model: 'claude',
      temperature: 0.5,
    })
    db.close()
  })
})
