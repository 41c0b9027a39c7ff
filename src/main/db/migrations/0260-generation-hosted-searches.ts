import type { Migration } from './migration'

/**
 * `generations.hosted_searches`: how many web searches the provider ran itself during the call
 * (its hosted search), so a price per 1,000 searches can be applied. NULL for every call before
 * (none could search) and for calls without a search.
 */
export const migration0260: Migration = {
  version: 260,
  name: 'generation-hosted-searches',
  up(db) {
    db.exec(`
      ALTER TABLE generations ADD COLUMN hosted_searches INTEGER CHECK (hosted_searches IS NULL OR hosted_searches >= 0);
    `)
  },
}
