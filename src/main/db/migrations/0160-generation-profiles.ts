import type { Migration } from './migration'

/**
 * `generations.profile`: the provider *profile* a model call went to (`ollama`, `openrouter`,
 * `custom-2`, …), next to `provider`, the wire API it spoke (`openai-chat`). Prices are entered per
 * profile, so a call is priced by its profile. Rows written before this migration have NULL: they
 * were sent before profiles existed, so their profile is their wire id (read that way, never
 * rewritten: an old database opens without touching every row).
 */
export const migration0160: Migration = {
  version: 160,
  name: 'generation-profiles',
  up(db) {
    db.exec(
      `ALTER TABLE generations ADD COLUMN profile TEXT CHECK (profile IS NULL OR length(profile) BETWEEN 1 AND 40);`,
    )
  },
}
