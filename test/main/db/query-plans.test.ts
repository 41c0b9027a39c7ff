// The store's statements never read a whole big table to answer for one conversation or message:
// every statement of the conversation store, search, generations and the ledger is checked with
// EXPLAIN QUERY PLAN (as SQLite plans it in the app: no ANALYZE statistics, so a small store gets
// the plan a big one does). A full scan of messages or parts made opening any conversation cost a
// second on a store of 200,000 messages (the path query's join order).
import type Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { useTempStores } from './store-fixtures'

const { open } = useTempStores()

/** Tables whose full scan grows with the store. */
const BIG_TABLES = [
  'messages',
  'message_parts',
  'message_part_chunks',
  'message_replay_items',
  'message_web_items',
  'turns',
  'generations',
  'tool_ledger',
  'tool_ledger_calls',
  'conversations',
  'message_attachments',
]

/**
 * Statements that read a whole table on purpose (named by their owner's field): the export's and
 * the ledger's full listings, and crash recovery's folding of leftover chunks (the chunk table holds
 * only unfinished answers).
 */
const WHOLE_TABLE_ON_PURPOSE = new Set(['ledger.selectAll', 'conversations.listOldestFirst'])

function plan(db: Database.Database, source: string): string[] {
  for (let params = 0; params <= 24; params++) {
    try {
      return (
        db.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...Array<null>(params).fill(null)) as { detail: string }[]
      ).map((r) => r.detail)
    } catch (error) {
      if (!(error instanceof RangeError)) throw error
    }
  }
  throw new Error(`could not bind ${source}`)
}

/** Full scans of a big table (`SCAN messages`, `SCAN p`), not scans through an index or of a CTE. */
function fullScans(details: string[], aliases: Map<string, string>): string[] {
  return details.filter((d) => {
    const scan = /^SCAN (\w+)$/.exec(d)
    if (!scan) return false
    const table = aliases.get(scan[1]!) ?? scan[1]!
    return BIG_TABLES.includes(table)
  })
}

function aliasesOf(source: string): Map<string, string> {
  const aliases = new Map<string, string>()
  for (const m of source.matchAll(/\b(?:FROM|JOIN)\s+(\w+)\s+(?:AS\s+)?(\w+)/gi)) aliases.set(m[2]!, m[1]!)
  return aliases
}

describe('query plans', () => {
  it('no statement of the conversation store, search, generations or ledger scans a big table', () => {
    const { store } = open()
    const owners: Record<string, object> = {
      conversations: (store.conversations as unknown as { statements: object }).statements,
      search: (store.search as unknown as { statements: object }).statements,
      generations: store.generations,
      ledger: store.ledger,
    }
    const checked: string[] = []
    const offenders: string[] = []
    for (const [owner, holder] of Object.entries(owners)) {
      for (const [name, value] of Object.entries(holder)) {
        const source = (value as { source?: unknown } | null)?.source
        if (typeof source !== 'string' || WHOLE_TABLE_ON_PURPOSE.has(`${owner}.${name}`)) continue
        // Listing conversations newest first walks an index and stops at the page (a LIMIT).
        if (/^\s*(INSERT|DELETE)/i.test(source) && !/SELECT/i.test(source)) continue
        checked.push(`${owner}.${name}`)
        const scans = fullScans(plan(store.db, source), aliasesOf(source))
        if (scans.length > 0) offenders.push(`${owner}.${name}: ${scans.join(', ')}`)
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'conversations.selectPath',
        'conversations.selectPartsOfPath',
        'search.rankedMessageRowids',
        'search.snippets',
      ]),
    )
    expect(offenders).toEqual([])
  })

  it('the path query used to scan every message part (the check would have caught it)', () => {
    const { store } = open()
    const before = `WITH RECURSIVE path(id, parent_id) AS (SELECT id, parent_id FROM messages WHERE id = ? UNION ALL SELECT m.id, m.parent_id FROM messages m JOIN path ON m.id = path.parent_id)
      SELECT p.* FROM path JOIN messages m ON m.id = path.id JOIN message_parts p ON p.message_id = m.id`
    expect(fullScans(plan(store.db, before), aliasesOf(before))).toEqual(['SCAN p'])
  })
})
