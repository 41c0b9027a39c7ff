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

  /** One page of hits; `hasMore` when a page starting at `offset + limit` would not be empty. */
  search(query: string, options: { limit: number; offset?: number }): { results: SearchResult[]; hasMore: boolean } {
    const match = toFtsQuery(query)
    if (match === undefined) return { results: [], hasMore: false }
    const rows = this.statements.search.all(match, match, options.limit + 1, options.offset ?? 0)
    const results = rows.slice(0, options.limit).map(toResult)
    return { results, hasMore: rows.length > options.limit }
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
    search: db.prepare<[string, string, number, number], HitRow>(
      `SELECT * FROM (
         SELECT 0 AS kind, c.id AS conversation_id, c.title, c.updated_at, NULL AS message_id, NULL AS role,
                highlight(conversation_title_search, 0, '${OPEN}', '${CLOSE}') AS marked, conversation_title_search.rank AS score
         FROM conversation_title_search JOIN conversations c ON c.rowid = conversation_title_search.rowid
         WHERE conversation_title_search MATCH ?
         UNION ALL
         SELECT 1, m.conversation_id, c.title, c.updated_at, m.id, m.role,
                snippet(message_text_search, 0, '${OPEN}', '${CLOSE}', '…', 24), message_text_search.rank
         FROM message_text_search
           JOIN message_parts p ON p.rowid = message_text_search.rowid
           JOIN messages m ON m.id = p.message_id
           JOIN conversations c ON c.id = m.conversation_id
         WHERE message_text_search MATCH ? AND m.role IN ('user', 'assistant')
       ) ORDER BY kind, score, updated_at DESC LIMIT ? OFFSET ?`,
    ),
    setPinned: db.prepare<[number | null, string]>('UPDATE conversations SET pinned_at = ? WHERE id = ?'),
    listPinned: db.prepare<[], PinnedRow>(
      `SELECT c.id, c.title, c.created_at, c.updated_at, c.pinned_at,
              (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count
       FROM conversations c WHERE c.pinned_at IS NOT NULL ORDER BY c.pinned_at DESC, c.id DESC`,
    ),
  }
}
