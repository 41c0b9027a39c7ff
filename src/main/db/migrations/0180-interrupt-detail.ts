import type { Migration } from './migration'

/**
 * `messages.interrupt_detail`: a finer reason beside `interrupt_reason`, whose CHECK (migration
 * 0010) cannot grow without rebuilding the table. `window-closed`: the answer stopped because no
 * window was left to show it (closed, or gone while an approval waited), stored with
 * `interrupt_reason = 'network'` (the nearest older reason: the connection to the user was lost) so
 * the row stays valid for every rule on that column; read back as its own reason.
 */
export const migration0180: Migration = {
  version: 180,
  name: 'interrupt-detail',
  up(db) {
    db.exec(`
      ALTER TABLE messages ADD COLUMN interrupt_detail TEXT CHECK (interrupt_detail IS NULL OR (interrupt_detail = 'window-closed' AND interrupt_reason = 'network'));
    `)
  },
}
