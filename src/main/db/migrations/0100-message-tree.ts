import type { Migration } from './migration'

/**
 * Messages form a tree, so an answer can be regenerated and a question edited without losing what
 * was there before:
 * - `messages.parent_id`: the message this one follows (`NULL` for a conversation's first
 *   messages). Versions of a message are its siblings of the same role: a regenerated answer is a
 *   second assistant child of the same question (in the same turn); an edited question is a second
 *   user child of the same parent (a new turn).
 * - `conversations.current_leaf_id`: the last message of the branch the user sees; the transcript
 *   and the model's history are the path from the root to it. No foreign key: the store keeps it
 *   right, and a missing leaf reads as the newest message (never as an empty conversation).
 *
 * Existing conversations become one linear chain (each message follows the previous one by `seq`),
 * their current leaf the last message: they read exactly as before.
 */
export const migration0100: Migration = {
  version: 100,
  name: 'message-tree',
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN parent_id TEXT REFERENCES messages (id);
      ALTER TABLE conversations ADD COLUMN current_leaf_id TEXT;
      UPDATE messages SET parent_id = (
        SELECT p.id FROM messages p WHERE p.conversation_id = messages.conversation_id AND p.seq < messages.seq ORDER BY p.seq DESC LIMIT 1
      );
      UPDATE conversations SET current_leaf_id = (
        SELECT m.id FROM messages m WHERE m.conversation_id = conversations.id ORDER BY m.seq DESC LIMIT 1
      );
      CREATE INDEX messages_by_parent ON messages (parent_id);
    `)
  },
}
