import type Database from 'better-sqlite3'
import type { ConversationSummary } from '../../shared/conversation'
import type { SearchResult, SearchSegment } from '../../shared/search'
import type { Clock } from './clock'
import { toFtsQuery } from './search-query'

// Private-use characters around each match in FTS5's highlight()/snippet() output, split into segments here.
const OPEN = '\uE000'
const CLOSE = '\uE001'

interface HitRow {
  kind: 0 | 1
  conversation_id: string
  title: string
  updated_at: number
  message_id: string | null
  role: 'user' | 'assistant' | null
  marked: string
}

interface PinnedRow {
  id: string
  title: string
  created_at: number
  updated_at: number
  pinned_at: number
  message_count: number
}

/**
 * Search over conversation titles and message text (FTS5 indexes of migration 0120), and pins.
 * Title hits come first, then message hits, each best match first (bm25).
 */
export class ConversationSearch {
  private readonly statements: ReturnType<typeof prepare>

  constructor(
    db: Database.Database,
    private readonly clock: Clock,
  ) {
    this.statements = prepare(db)
  }

  /**
   * One page of hits; `hasMore` when a page starting at `offset + limit` would not be empty.
   *
   * Title hits first (best first, then the most recently active conversation), then message hits
   * (best first, then the newest message). Why it is built in steps rather than one UNION: ranking
   * every match is the cost no query avoids (bm25 over, say, 10,000 of 200,000 messages), but
   * joining each match to its message and conversation and cutting a snippet for it cost 3–4× more
   * than that, for rows that are then thrown away. So the message hits are ranked on the index
   * alone (`ORDER BY rank, rowid DESC`: a message's part rowid grows with time, so ties go to the
   * newest), and only the rows of the page are looked up and get a snippet.
   */
  search(query: string, options: { limit: number; offset?: number }): { results: SearchResult[]; hasMore: boolean } {
    const match = toFtsQuery(query)
    if (match === undefined) return { results: [], hasMore: false }
    const offset = options.offset ?? 0
    // One row past the page says whether there is more.
    const wanted = offset + options.limit + 1
    const titles = this.statements.titleHits.all(match, wanted)
    const rows: HitRow[] = [...titles]
    if (rows.length < wanted)
      rows.push(...this.messageHits(match, wanted - rows.length, Math.max(0, offset - titles.length)))
    const page = rows.slice(offset, offset + options.limit)
    return { results: page.map(toResult), hasMore: rows.length > offset + options.limit }
  }

  /**
   * The first `count` message hits in rank order, with a snippet for those from `snippetsFrom` on
   * (the earlier ones are before the page). Only user and assistant messages count: the ranked
   * rowids are fetched in batches until enough pass.
   */
  private messageHits(match: string, count: number, snippetsFrom: number): HitRow[] {
    const hits: Array<HitRow & { rowid: number }> = []
    let batch = count
    let seen = 0
    for (;;) {
      const ranked = this.statements.rankedMessageRowids.all(match, batch)
      for (const rowid of ranked.slice(seen)) {
        const hit = this.statements.messageHit.get(rowid)
        if (!hit || (hit.role !== 'user' && hit.role !== 'assistant')) continue
        hits.push({ kind: 1, ...hit, marked: '', rowid })
        if (hits.length === count) break
      }
      // Enough, or fewer rows than asked for: there are no more matches.
      if (hits.length === count || ranked.length < batch) break
      seen = ranked.length
      batch *= 2
    }
    const page = hits.slice(snippetsFrom)
    if (page.length > 0) {
      // One query for the page's snippets: a query per row would expand a prefix (`optim*`) once per row.
      const rowids = page.map((h) => h.rowid)
      const snippets = new Map(
        this.statements.snippets
          .all(match, Math.min(...rowids), Math.max(...rowids), JSON.stringify(rowids))
          .map((r) => [r.rowid, r.marked]),
      )
      for (const hit of page) hit.marked = snippets.get(hit.rowid) ?? ''
    }
    return hits.map(({ rowid: _rowid, ...hit }) => hit)
  }

  /** Pins (now) or unpins a conversation. Returns false when there is no such conversation. */
  setPinned(conversationId: string, pinned: boolean): boolean {
    return this.statements.setPinned.run(pinned ? this.clock() : null, conversationId).changes === 1
  }

  /** Every pinned conversation, the most recently pinned first. */
  listPinned(): ConversationSummary[] {
    return this.statements.listPinned.all().map((row) => ({
      id: row.id,
      title: row.title,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      messageCount: row.message_count,
      pinnedAt: row.pinned_at,
    }))
  }
}

function toResult(row: HitRow): SearchResult {
  const segments = toSegments(row.marked)
  const base = { conversationId: row.conversation_id, title: row.title, updatedAt: row.updated_at, segments }
  if (row.kind === 0 || row.message_id === null) return { kind: 'title', ...base }
  return { kind: 'message', ...base, messageId: row.message_id, role: row.role === 'user' ? 'user' : 'assistant' }
}

/** `a \uE000b\uE001 c` → [{a, false}, {b, true}, {c, false}]; a stray marker in the text itself only splits it. */
export function toSegments(marked: string): SearchSegment[] {
  const segments: SearchSegment[] = []
  let match = false
  let text = ''
  for (const char of marked) {
    if (char === OPEN || char === CLOSE) {
      if (text.length > 0) segments.push({ text, match })
      text = ''
      match = char === OPEN
    } else text += char
  }
  if (text.length > 0) segments.push({ text, match })
  return segments
}

function prepare(db: Database.Database) {
  return {
    // The FTS tables are named in full (not aliased): MATCH, rank, highlight() and snippet() need their names.
    titleHits: db.prepare<[string, number], HitRow>(
      `SELECT 0 AS kind, c.id AS conversation_id, c.title, c.updated_at, NULL AS message_id, NULL AS role,
              highlight(conversation_title_search, 0, '${OPEN}', '${CLOSE}') AS marked
       FROM conversation_title_search JOIN conversations c ON c.rowid = conversation_title_search.rowid
       WHERE conversation_title_search MATCH ?
       ORDER BY conversation_title_search.rank, c.updated_at DESC, c.rowid DESC LIMIT ?`,
    ),
    // The index alone: the part rowids of the best matches (the search benchmark's floor is this query).
    rankedMessageRowids: db
      .prepare<[string, number], number>(
        `SELECT rowid FROM message_text_search WHERE message_text_search MATCH ? ORDER BY rank, rowid DESC LIMIT ?`,
      )
      .pluck(),
    messageHit: db.prepare<[number], Omit<HitRow, 'kind' | 'marked'>>(
      `SELECT m.conversation_id, c.title, c.updated_at, m.id AS message_id, m.role
       FROM message_parts p JOIN messages m ON m.id = p.message_id JOIN conversations c ON c.id = m.conversation_id
       WHERE p.rowid = ?`,
    ),
    // Within the page's rowid range, so the index is read once; `+rowid` keeps SQLite from turning the
    // IN list into one index lookup per row.
    snippets: db.prepare<[string, number, number, string], { rowid: number; marked: string }>(
      `SELECT rowid, snippet(message_text_search, 0, '${OPEN}', '${CLOSE}', '…', 24) AS marked FROM message_text_search
       WHERE message_text_search MATCH ? AND rowid BETWEEN ? AND ? AND +rowid IN (SELECT value FROM json_each(?))`,
    ),
    setPinned: db.prepare<[number | null, string]>('UPDATE conversations SET pinned_at = ? WHERE id = ?'),
    listPinned: db.prepare<[], PinnedRow>(
      `SELECT c.id, c.title, c.created_at, c.updated_at, c.pinned_at,
              (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
       FROM conversations c WHERE c.pinned_at IS NOT NULL ORDER BY c.pinned_at DESC, c.id DESC`,
    ),
  }
}
