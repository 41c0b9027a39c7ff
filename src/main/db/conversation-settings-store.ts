import type Database from 'better-sqlite3'
import type { ConversationSettings, ConversationSettingsPatch } from '../../shared/conversation-settings'
import type { Clock } from './clock'

interface SettingsRow {
  provider: string | null
  model: string | null
  system_prompt: string | null
  max_output_tokens: number | null
  temperature: number | null
  web_search: number | null
}

/**
 * Each conversation's own settings (migration 0110; `store.conversationSettings`). A conversation
 * without a row has none set (`{}`): every field takes its default.
 */
export class ConversationSettingsStore {
  constructor(
    private readonly db: Database.Database,
    private readonly clock: Clock,
  ) {}

  get(conversationId: string): ConversationSettings {
    const row = this.db
      .prepare<[string], SettingsRow>(
        'SELECT provider, model, system_prompt, max_output_tokens, temperature, web_search FROM conversation_settings WHERE conversation_id = ?',
      )
      .get(conversationId)
    if (!row) return {}
    return compact({
      provider: row.provider ?? undefined,
      model: row.model ?? undefined,
      system: row.system_prompt ?? undefined,
      maxOutputTokens: row.max_output_tokens ?? undefined,
      temperature: row.temperature ?? undefined,
      webSearch: row.web_search === null ? undefined : row.web_search === 1,
    })
  }

  /** Replaces the conversation's settings (all fields). Throws (SqliteError) when it does not exist or a value breaks a CHECK. */
  set(conversationId: string, settings: ConversationSettings): ConversationSettings {
    this.db
      .prepare(
        `INSERT INTO conversation_settings (conversation_id, provider, model, system_prompt, max_output_tokens, temperature, web_search, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (conversation_id) DO UPDATE SET provider = excluded.provider, model = excluded.model, system_prompt = excluded.system_prompt,
           max_output_tokens = excluded.max_output_tokens, temperature = excluded.temperature, web_search = excluded.web_search,
           updated_at = excluded.updated_at`,
      )
      .run(
        conversationId,
        settings.provider ?? null,
        settings.model ?? null,
        // An empty prompt is no prompt.
        settings.system?.trim() ? settings.system : null,
        settings.maxOutputTokens ?? null,
        settings.temperature ?? null,
        settings.webSearch === undefined ? null : settings.webSearch ? 1 : 0,
        this.clock(),
      )
    return this.get(conversationId)
  }

  /** Applies a validated patch (a value sets, `null` clears, absent keeps) in one transaction. */
  update(conversationId: string, patch: ConversationSettingsPatch): ConversationSettings {
    return this.db.transaction(() => this.set(conversationId, applyPatch(this.get(conversationId), patch))).immediate()
  }
}

export function applyPatch(current: ConversationSettings, patch: ConversationSettingsPatch): ConversationSettings {
  const next: ConversationSettings = { ...current }
  for (const key of ['provider', 'model', 'system', 'maxOutputTokens', 'temperature', 'webSearch'] as const) {
    const value = patch[key]
    if (value === null) delete next[key]
    else if (value !== undefined) (next as Record<string, unknown>)[key] = value
  }
  return compact(next)
}

function compact(settings: ConversationSettings): ConversationSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as ConversationSettings
}
