// Migration 0110: each conversation's own settings — one STRICT row per conversation, checked
// values, provider and model set together, deleted with the conversation; the store reads back what
// it wrote and a patch changes only what it names.
import { describe, expect, it } from 'vitest'
import { migrate, readSchemaVersion } from '../../../src/main/db/migrate'
import { openAtVersion, seedConversation } from './migration-test-helpers'
import { useTempStores } from './store-fixtures'

const { tempDir, open } = useTempStores()

describe('migration 0110 (conversation settings)', () => {
  it('adds conversation_settings to a version-90 database and keeps its conversations', () => {
    const db = openAtVersion(tempDir(), 90)
    seedConversation(db)
    expect(migrate(db, { targetVersion: 110 }).ok).toBe(true)
    expect(readSchemaVersion(db)).toBe(110)
    expect(db.prepare('SELECT count(*) AS n FROM conversations').get()).toEqual({ n: 1 })
    expect(db.prepare(`SELECT sql FROM sqlite_schema WHERE name = 'conversation_settings'`).pluck().get()).toMatch(
      /STRICT/,
    )
    db.close()
  })

  it('refuses bad rows: an unknown conversation, a model without a provider, out-of-range numbers, a wrong type', () => {
    const db = openAtVersion(tempDir(), 110)
    seedConversation(db)
    const insert = db.prepare(
      'INSERT OR REPLACE INTO conversation_settings (conversation_id, provider, model, system_prompt, max_output_tokens, temperature, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1)',
    )
    expect(() => insert.run('c1', 'anthropic', 'claude', 'Be brief.', 4096, 0.5)).not.toThrow()
    expect(() => insert.run('nope', null, null, null, null, null)).toThrow(/FOREIGN KEY/)
    expect(() => insert.run('c1', null, 'claude', null, null, null)).toThrow(/CHECK/)
    expect(() => insert.run('c1', null, null, null, 0, null)).toThrow(/CHECK/)
    expect(() => insert.run('c1', null, null, null, null, 2.5)).toThrow(/CHECK/)
    expect(() => insert.run('c1', null, null, null, 'many', null)).toThrow(/INTEGER|cannot store/)
    expect(() => insert.run('c1', null, null, 'x'.repeat(20_001), null, null)).toThrow(/CHECK/)
    db.prepare('DELETE FROM conversations').run()
    expect(db.prepare('SELECT count(*) AS n FROM conversation_settings').get()).toEqual({ n: 0 })
    db.close()
  })

  it('the store reads back what it wrote, patches only what a patch names, survives a reopen', () => {
    const opened = open()
    const a = opened.store.conversations.createConversation({ title: 'A' })
    const b = opened.store.conversations.createConversation({ title: 'B' })
    const settings = opened.store.conversationSettings
    expect(settings.get(a.id)).toEqual({})
    settings.update(a.id, { provider: 'anthropic', model: 'claude-x', temperature: 0.2, system: 'Be brief.' })
    settings.update(b.id, { maxOutputTokens: 100 })
    expect(settings.update(a.id, { temperature: null, maxOutputTokens: 512 })).toEqual({
      provider: 'anthropic',
      model: 'claude-x',
      system: 'Be brief.',
      maxOutputTokens: 512,
    })
    const reopened = opened.reopen()
    expect(reopened.conversationSettings.get(a.id)).toEqual({
      provider: 'anthropic',
      model: 'claude-x',
      system: 'Be brief.',
      maxOutputTokens: 512,
    })
    expect(reopened.conversationSettings.get(b.id)).toEqual({ maxOutputTokens: 100 })
    // A blank prompt is no prompt; a temperature of 0 is a value.
    expect(reopened.conversationSettings.update(b.id, { system: '  ', temperature: 0 })).toEqual({
      maxOutputTokens: 100,
      temperature: 0,
    })
  })

  it('a write the table refuses changes nothing', () => {
    const opened = open()
    const a = opened.store.conversations.createConversation()
    const settings = opened.store.conversationSettings
    settings.update(a.id, { temperature: 1 })
    expect(() => settings.update(a.id, { temperature: 9 })).toThrow(/CHECK/)
    expect(settings.get(a.id)).toEqual({ temperature: 1 })
  })
})
