import { describe, expect, it } from 'vitest'
import { useTempStores } from './store-fixtures'

const { open } = useTempStores()

describe('SettingsStore', () => {
  it('returns defaults until a value is stored, then the stored value', () => {
    const { store } = open()
    expect(store.settings.get('language')).toEqual({ ok: true, value: 'system', isDefault: true })
    expect(store.settings.set('language', 'pt-BR')).toEqual({ ok: true })
    expect(store.settings.get('language')).toEqual({ ok: true, value: 'pt-BR', isDefault: false })
    store.settings.reset('language')
    expect(store.settings.get('language')).toEqual({ ok: true, value: 'system', isDefault: true })
  })

  it('validates on write: an invalid value or unknown key gives a typed error and writes nothing', () => {
    const { store } = open()
    store.settings.set('maxToolRounds', 5)
    const invalid = store.settings.set('maxToolRounds', 0)
    expect(invalid.ok ? 'ok' : invalid.error.kind).toBe('invalid-setting')
    expect(store.settings.set('providers', { anthropic: { baseUrl: 'ftp://proxy' } }).ok).toBe(false)
    const unknown = store.settings.set('colour', 'blue')
    expect(unknown.ok ? 'ok' : unknown.error.kind).toBe('unknown-setting')
    expect(store.settings.get('maxToolRounds')).toEqual({ ok: true, value: 5, isDefault: false })
    expect(store.db.prepare('SELECT key FROM settings ORDER BY key').all()).toEqual([{ key: 'maxToolRounds' }])
  })

  it('reports a stored value that fails its schema as corrupt, without touching the other settings', () => {
    const { store } = open()
    store.settings.set('language', 'es')
    store.settings.set('providers', { anthropic: { model: 'claude-x' } })
    store.db.prepare(`UPDATE settings SET value_json = '"klingon"' WHERE key = 'language'`).run()
    const language = store.settings.get('language')
    expect(language.ok).toBe(false)
    if (!language.ok) {
      expect(language.error).toMatchObject({ kind: 'corrupt-setting', key: 'language', storedText: '"klingon"' })
      expect(language.error.message).toMatch(/setting 'language' is unusable/)
    }
    expect(store.settings.get('providers')).toEqual({
      ok: true,
      value: { anthropic: { model: 'claude-x' } },
      isDefault: false,
    })
    const all = store.settings.getAll()
    expect(all.language.ok).toBe(false)
    expect(all.providers.ok).toBe(true)
    expect(all.maxToolRounds).toEqual({ ok: true, value: 8, isDefault: true })
  })

  it('reports a stored value that is not JSON at all as corrupt, and a valid write replaces it', () => {
    const { store } = open()
    store.settings.set('activeProvider', 'gemini')
    store.db.pragma('ignore_check_constraints = ON') // simulate damage the CHECK would normally prevent
    store.db.prepare(`INSERT INTO settings (key, value_json, updated_at) VALUES ('maxToolRounds', '{oops', 1)`).run()
    store.db.pragma('ignore_check_constraints = OFF')
    const rounds = store.settings.get('maxToolRounds')
    expect(rounds.ok ? 'ok' : rounds.error.kind).toBe('corrupt-setting')
    expect(store.settings.get('activeProvider')).toEqual({ ok: true, value: 'gemini', isDefault: false })
    expect(store.settings.set('maxToolRounds', 12)).toEqual({ ok: true })
    expect(store.settings.get('maxToolRounds')).toEqual({ ok: true, value: 12, isDefault: false })
  })
})
