import type Database from 'better-sqlite3'
import type { JsonValue } from '../../shared/json-value'
import type { LedgerState, ToolFailure } from '../../shared/tool-outcome'

/** One logical write action as the ledger stores it. Times are epoch milliseconds (UTC). */
export interface LedgerEntry {
  id: number
  idempotencyKey: string
  conversationId: string
  turnId: string
  toolName: string
  /** The canonical arguments the key was computed from. */
  arguments: JsonValue
  state: LedgerState
  /** The stored output, when `succeeded`. */
  output: JsonValue | undefined
  /** The stored failure, when `failed`. */
  error: ToolFailure | undefined
  /** Every call id that referred to this action, first one first. */
  callIds: string[]
  /** When the action was first recorded ("already recorded at 09:14"). */
  createdAt: number
  updatedAt: number
}

interface LedgerRow {
  id: number
  idempotency_key: string
  conversation_id: string
  turn_id: string
  tool_name: string
  arguments_json: string
  state: LedgerState
  output_json: string | null
  error_json: string | null
  created_at: number
  updated_at: number
  call_ids_json: string
}

const SELECT_ENTRY = `
  SELECT l.*, (
    SELECT coalesce(json_group_array(call_id), '[]')
    FROM (SELECT call_id FROM tool_ledger_calls c WHERE c.ledger_id = l.id ORDER BY c.referenced_at, c.rowid)
  ) AS call_ids_json
  FROM tool_ledger l`

export interface LedgerClaim {
  idempotencyKey: string
  conversationId: string
  turnId: string
  toolName: string
  /** Canonical JSON text of the arguments. */
  argumentsJson: string
  now: number
}

/**
 * The ledger's table access. Every method is one or two statements and opens no transaction:
 * callers (see `apply-once.ts`) compose them inside the one transaction that also applies the effect.
 */
export class ToolLedger {
  private readonly selectByKey: Database.Statement<[string], LedgerRow>
  private readonly selectById: Database.Statement<[number], LedgerRow>
  private readonly insertStatement: Database.Statement<[string, string, string, string, string, number, number]>
  private readonly succeedStatement: Database.Statement<[string, number, number]>
  private readonly failStatement: Database.Statement<[string, number, number]>
  private readonly addCallStatement: Database.Statement<[number, string, number]>
  private readonly selectByConversation: Database.Statement<[string], LedgerRow>
  private readonly selectAll: Database.Statement<[], LedgerRow>
  private readonly countUnknownStatement: Database.Statement<[], { n: number }>
  private readonly selectUnknown: Database.Statement<[], LedgerRow>
  private readonly turnStatement: Database.Statement<[string, string], { one: number }>

  constructor(private readonly db: Database.Database) {
    this.selectByKey = db.prepare(`${SELECT_ENTRY} WHERE l.idempotency_key = ?`)
    this.selectById = db.prepare(`${SELECT_ENTRY} WHERE l.id = ?`)
    this.insertStatement = db.prepare(
      `INSERT INTO tool_ledger (idempotency_key, conversation_id, turn_id, tool_name, arguments_json, state, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'unknown', ?, ?)`,
    )
    this.succeedStatement = db.prepare(
      `UPDATE tool_ledger SET state = 'succeeded', output_json = ?, updated_at = ? WHERE id = ? AND state = 'unknown'`,
    )
    this.failStatement = db.prepare(
      `UPDATE tool_ledger SET state = 'failed', error_json = ?, updated_at = ? WHERE id = ? AND state = 'unknown'`,
    )
    this.addCallStatement = db.prepare(
      `INSERT INTO tool_ledger_calls (ledger_id, call_id, referenced_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    this.selectByConversation = db.prepare(`${SELECT_ENTRY} WHERE l.conversation_id = ? ORDER BY l.id`)
    this.selectAll = db.prepare(`${SELECT_ENTRY} ORDER BY l.id`)
    this.countUnknownStatement = db.prepare(`SELECT count(*) AS n FROM tool_ledger WHERE state = 'unknown'`)
    this.selectUnknown = db.prepare(`${SELECT_ENTRY} WHERE l.state = 'unknown' ORDER BY l.id`)
    this.turnStatement = db.prepare('SELECT 1 AS one FROM turns WHERE id = ? AND conversation_id = ?')
  }

  /** Whether the turn is stored and belongs to the conversation (a ledger entry must point at both). */
  turnBelongsTo(turnId: string, conversationId: string): boolean {
    return this.turnStatement.get(turnId, conversationId) !== undefined
  }

  findByKey(idempotencyKey: string): LedgerEntry | undefined {
    const row = this.selectByKey.get(idempotencyKey)
    return row ? toEntry(row) : undefined
  }

  findById(id: number): LedgerEntry | undefined {
    const row = this.selectById.get(id)
    return row ? toEntry(row) : undefined
  }

  /** Inserts the action in state `unknown` ("started, outcome not recorded") and returns its id. */
  insertClaim(claim: LedgerClaim): number {
    const result = this.insertStatement.run(
      claim.idempotencyKey,
      claim.conversationId,
      claim.turnId,
      claim.toolName,
      claim.argumentsJson,
      claim.now,
      claim.now,
    )
    return Number(result.lastInsertRowid)
  }

  /** `unknown` → `succeeded`. Returns false when the entry was not `unknown` (already resolved). */
  markSucceeded(id: number, outputJson: string, now: number): boolean {
    return this.succeedStatement.run(outputJson, now, id).changes === 1
  }

  /** `unknown` → `failed`. Returns false when the entry was not `unknown` (already resolved). */
  markFailed(id: number, failure: ToolFailure, now: number): boolean {
    return this.failStatement.run(JSON.stringify(failure), now, id).changes === 1
  }

  /**
   * Forgets a claim whose action certainly never started (the request never left Keel: the server
   * was not connected), so the same action may be tried again. Only a claim still `unknown`.
   */
  releaseClaim(id: number): boolean {
    return this.db.prepare(`DELETE FROM tool_ledger WHERE id = ? AND state = 'unknown'`).run(id).changes === 1
  }

  /** Remembers that `callId` referred to this action (idempotent). */
  addCall(id: number, callId: string, now: number): void {
    this.addCallStatement.run(id, callId, now)
  }

  /** Every entry, or a conversation's, oldest first (for the export and the diagnostics view). */
  list(options: { conversationId?: string } = {}): LedgerEntry[] {
    const rows =
      options.conversationId === undefined
        ? this.selectAll.all()
        : this.selectByConversation.all(options.conversationId)
    return rows.map(toEntry)
  }

  /** Actions whose outcome was never recorded, oldest first: for the user to check (never re-run). */
  listUnknown(): LedgerEntry[] {
    return this.selectUnknown.all().map(toEntry)
  }

  /** Actions whose outcome was never recorded: to be surfaced to the user, never re-run. */
  countUnknown(): number {
    return this.countUnknownStatement.get()?.n ?? 0
  }
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    conversationId: row.conversation_id,
    turnId: row.turn_id,
    toolName: row.tool_name,
    arguments: JSON.parse(row.arguments_json) as JsonValue,
    state: row.state,
    output: row.output_json === null ? undefined : (JSON.parse(row.output_json) as JsonValue),
    error: row.error_json === null ? undefined : (JSON.parse(row.error_json) as ToolFailure),
    callIds: JSON.parse(row.call_ids_json) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
