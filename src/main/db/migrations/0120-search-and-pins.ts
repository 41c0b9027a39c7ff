import type { Migration } from './migration'

/**
 * Finding conversations: full-text search over titles and message text, and pinned conversations.
 *
 * Two FTS5 indexes with external content (the text is stored once, in its own table; the index
 * holds only tokens), kept in sync by triggers:
 * - `conversation_title_search` over `conversations.title`;
 * - `message_text_search` over the `text` parts of `message_parts` (not reasoning, not tool data).
 *
 * Streamed text (migration 0060): a part row is inserted with the first flush's text and the rest
 * arrives as chunk rows, which are not indexed; finalize (or crash recovery) folds the chunks into
 * `message_parts.text` with one UPDATE, and the update trigger re-indexes the whole text then. So
 * a streaming flush costs the index nothing, and an answer is searchable in full once it ends.
 *
 * Tokenizer `unicode61 remove_diacritics 2`: case and diacritics folded ("medicao" finds "medição").
 * The index rows are keyed by the content tables' implicit rowids, which only a VACUUM could
 * renumber: Keel never vacuums; if it ever does, it must rebuild these indexes after
 * (`INSERT INTO <index>(<index>) VALUES ('rebuild')` for titles, and the insert below for text).
 */
export const migration0120: Migration = {
  version: 120,
  name: 'search-and-pins',
  up(db) {
    db.exec(`
      ALTER TABLE conversations ADD COLUMN pinned_at INTEGER;
      CREATE INDEX conversations_pinned ON conversations (pinned_at DESC, id DESC) WHERE pinned_at IS NOT NULL;

      CREATE VIRTUAL TABLE conversation_title_search USING fts5(
        title, content = 'conversations', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER conversation_title_search_insert AFTER INSERT ON conversations BEGIN
        INSERT INTO conversation_title_search (rowid, title) VALUES (new.rowid, new.title);
      END;
      CREATE TRIGGER conversation_title_search_delete AFTER DELETE ON conversations BEGIN
        INSERT INTO conversation_title_search (conversation_title_search, rowid, title) VALUES ('delete', old.rowid, old.title);
      END;
      CREATE TRIGGER conversation_title_search_update AFTER UPDATE OF title ON conversations BEGIN
        INSERT INTO conversation_title_search (conversation_title_search, rowid, title) VALUES ('delete', old.rowid, old.title);
        INSERT INTO conversation_title_search (rowid, title) VALUES (new.rowid, new.title);
      END;

      CREATE VIRTUAL TABLE message_text_search USING fts5(
        text, content = 'message_parts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER message_text_search_insert AFTER INSERT ON message_parts WHEN new.type = 'text' BEGIN
        INSERT INTO message_text_search (rowid, text) VALUES (new.rowid, new.text);
      END;
      CREATE TRIGGER message_text_search_delete AFTER DELETE ON message_parts WHEN old.type = 'text' BEGIN
        INSERT INTO message_text_search (message_text_search, rowid, text) VALUES ('delete', old.rowid, old.text);
      END;
      CREATE TRIGGER message_text_search_update AFTER UPDATE OF text ON message_parts WHEN old.type = 'text' BEGIN
        INSERT INTO message_text_search (message_text_search, rowid, text) VALUES ('delete', old.rowid, old.text);
        INSERT INTO message_text_search (rowid, text) VALUES (new.rowid, new.text);
      END;

      -- What is already stored. (Not 'rebuild' for the text: that would index every part, tool data included.)
      INSERT INTO conversation_title_search (conversation_title_search) VALUES ('rebuild');
      INSERT INTO message_text_search (rowid, text) SELECT rowid, text FROM message_parts WHERE type = 'text';
    `)
  },
}
