import type { Migration } from './migration'

/**
 * `conversation_settings.web_search`: the conversation asked for its provider's own web search
 * (1), asked for it off (0), or left it unset (NULL: off). A new column with a CHECK; existing rows
 * keep NULL, so every conversation answers as it did before.
 */
export const migration0240: Migration = {
  version: 240,
  name: 'conversation-web-search',
  up(db) {
    db.exec(`
      ALTER TABLE conversation_settings ADD COLUMN web_search INTEGER CHECK (web_search IS NULL OR web_search IN (0, 1));
    `)
  },
}
