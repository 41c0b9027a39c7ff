import { PROVIDER_IDS } from '../../../shared/provider-id'
import type { Migration } from './migration'

/**
 * Repairs conversations pinned to a wire API instead of the provider entry they were started on.
 *
 * Until this fix a new conversation adopted the wire id its first turn spoke (`openai-chat`) rather
 * than the entry it went to (`ollama`, `custom-2`): its follow-ups went to the built-in entry, with
 * that entry's key. The generation rows know where the first turn really went, so a row is moved
 * back when all of this holds: its provider is a wire id; the conversation's first model call spoke
 * that very API but to another entry; and the row has not been written since that call started
 * (a choice the user made later in the Model picker is left alone).
 */
export const migration0190: Migration = {
  version: 190,
  name: 'conversation-entries',
  up(db) {
    const wireIds = PROVIDER_IDS.map((id) => `'${id}'`).join(', ')
    db.exec(`
      WITH first_calls AS (
        SELECT t.conversation_id, g.provider, g.profile, g.started_at,
               row_number() OVER (PARTITION BY t.conversation_id ORDER BY g.started_at, g.round, g.attempt) AS n
        FROM generations g JOIN turns t ON t.id = g.turn_id
      )
      UPDATE conversation_settings
      SET provider = f.profile
      FROM first_calls f
      WHERE f.conversation_id = conversation_settings.conversation_id
        AND f.n = 1
        AND conversation_settings.provider IN (${wireIds})
        AND f.provider = conversation_settings.provider
        AND f.profile IS NOT NULL
        AND f.profile <> conversation_settings.provider
        AND conversation_settings.updated_at <= f.started_at;
    `)
  },
}
