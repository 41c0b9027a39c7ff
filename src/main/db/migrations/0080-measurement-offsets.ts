import type { Migration } from './migration'

/**
 * `measurements.taken_at_offset_min`: the user's UTC offset (minutes) when and where the
 * measurement was taken, so a day given as `2024-05-01` is the user's local day (stored as its
 * local midnight) and reads back as that day, and an instant reads back in the user's local time.
 * NULL for rows stored before: their times were UTC (a day was midnight UTC), and so they still read.
 * Offsets lie within a day (IANA's lie within ±15 h).
 */
export const migration0080: Migration = {
  version: 80,
  name: 'measurement-offsets',
  up(db) {
    db.exec(`
      ALTER TABLE measurements ADD COLUMN taken_at_offset_min INTEGER
        CHECK (taken_at_offset_min IS NULL OR taken_at_offset_min BETWEEN -1439 AND 1439);
    `)
  },
}
