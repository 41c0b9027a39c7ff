import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3'
import type { Generation, GenerationOutcome, GenerationError, UsageSource } from '../../shared/conversation'
import type { FinishReason } from '../../shared/finish-reason'
import type { Usage } from '../../shared/usage'
import type { Clock } from './clock'

interface GenerationRow {
  id: string
  turn_id: string
  message_id: string | null
  round: number
  attempt: number
  provider: string
  profile: string | null
  model: string
  started_at: number
  ended_at: number | null
  outcome: GenerationOutcome
  finish_reason: FinishReason | null
  raw_finish_reason: string | null
  error_json: string | null
  input_tokens: number | null
  output_tokens: number | null
  reasoning_tokens: number | null
  cached_input_tokens: number | null
  hosted_searches: number | null
  usage_source: UsageSource | null
}

export interface GenerationStart {
  turnId: string
  messageId?: string
  round: number
  attempt: number
  /** The wire API spoken. */
  provider: string
  /** The provider profile the call went to (absent: the wire id, as before profiles existed). */
  profile?: string | undefined
  model: string
}

/** How a model call ended, recorded once (in the harness's `finally`). */
export interface GenerationEnd {
  outcome: Exclude<GenerationOutcome, 'running' | 'app-crash'>
  finishReason?: FinishReason | null
  rawFinishReason?: string | null
  error?: GenerationError
  /** Unknown numbers stay `undefined` (stored as NULL), never 0. */
  usage: Usage
  /** `reported` when the provider sent usage; `estimated` when Keel had to estimate it. */
  usageSource: UsageSource
}

/** One row per model call: written at its start (`running`) and completed once at its end. */
export class GenerationStore {
  private readonly insert: Database.Statement<
    [string, string, string | null, number, number, string, string, string, number]
  >
  private readonly finishStatement: Database.Statement<
    [
      number,
      string,
      string | null,
      string | null,
      string | null,
      number | null,
      number | null,
      number | null,
      number | null,
      number | null,
      string,
      string,
    ]
  >
  private readonly selectById: Database.Statement<[string], GenerationRow>
  private readonly selectByTurn: Database.Statement<[string], GenerationRow>
  private readonly selectByConversation: Database.Statement<[string], GenerationRow>

  constructor(
    db: Database.Database,
    private readonly clock: Clock,
    private readonly newId: () => string = randomUUID,
  ) {
    this.insert = db.prepare(
      `INSERT INTO generations (id, turn_id, message_id, round, attempt, provider, profile, model, started_at, outcome)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'running')`,
    )
    this.finishStatement = db.prepare(
      `UPDATE generations SET ended_at = ?, outcome = ?, finish_reason = ?, raw_finish_reason = ?, error_json = ?,
         input_tokens = ?, output_tokens = ?, reasoning_tokens = ?, cached_input_tokens = ?, hosted_searches = ?, usage_source = ?
       WHERE id = ? AND outcome = 'running'`,
    )
    this.selectById = db.prepare('SELECT * FROM generations WHERE id = ?')
    this.selectByTurn = db.prepare('SELECT * FROM generations WHERE turn_id = ? ORDER BY round, attempt')
    this.selectByConversation = db.prepare(
      // No ORDER BY: sorting every call of the conversation cost more than the read; each turn's few are sorted after.
      'SELECT g.* FROM turns t CROSS JOIN generations g ON g.turn_id = t.id WHERE t.conversation_id = ?',
    )
  }

  /** Records the start of a model call. (turn, round, attempt) is unique: a duplicate start throws. */
  start(input: GenerationStart): Generation {
    const id = this.newId()
    this.insert.run(
      id,
      input.turnId,
      input.messageId ?? null,
      input.round,
      input.attempt,
      input.provider,
      input.profile ?? input.provider,
      input.model,
      this.clock(),
    )
    return this.mustGet(id)
  }

  /**
   * Records how the call ended. Only the first end counts: returns false (and changes nothing) when
   * the call was already finished or was marked `app-crash` by recovery.
   */
  finish(id: string, end: GenerationEnd): boolean {
    const usage = end.usage
    return (
      this.finishStatement.run(
        this.clock(),
        end.outcome,
        end.finishReason ?? null,
        end.rawFinishReason ?? null,
        end.error ? JSON.stringify(end.error) : null,
        usage.inputTokens ?? null,
        usage.outputTokens ?? null,
        usage.reasoningTokens ?? null,
        usage.cachedInputTokens ?? null,
        usage.hostedSearches || null,
        end.usageSource,
        id,
      ).changes === 1
    )
  }

  get(id: string): Generation | undefined {
    const row = this.selectById.get(id)
    return row ? toGeneration(row) : undefined
  }

  listForTurn(turnId: string): Generation[] {
    return this.selectByTurn.all(turnId).map(toGeneration)
  }

  /** Every model call of the conversation's turns, by turn id (each turn's in round and attempt order): one query, not one per turn. */
  listForConversation(conversationId: string): Map<string, Generation[]> {
    const byTurn = new Map<string, Generation[]>()
    for (const row of this.selectByConversation.all(conversationId)) {
      const list = byTurn.get(row.turn_id)
      if (list) list.push(toGeneration(row))
      else byTurn.set(row.turn_id, [toGeneration(row)])
    }
    for (const list of byTurn.values())
      if (list.length > 1) list.sort((a, b) => a.round - b.round || a.attempt - b.attempt)
    return byTurn
  }

  private mustGet(id: string): Generation {
    const generation = this.get(id)
    if (!generation) throw new Error(`generation ${id} vanished after being written`)
    return generation
  }
}

function toGeneration(row: GenerationRow): Generation {
  return {
    id: row.id,
    turnId: row.turn_id,
    messageId: row.message_id ?? undefined,
    round: row.round,
    attempt: row.attempt,
    provider: row.provider,
    // NULL: written before profiles were recorded (migration 0160), when the wire id was the profile.
    profile: row.profile ?? row.provider,
    model: row.model,
    startedAt: row.started_at,
    endedAt: row.ended_at ?? undefined,
    outcome: row.outcome,
    finishReason: row.finish_reason ?? undefined,
    rawFinishReason: row.raw_finish_reason ?? undefined,
    error: row.error_json === null ? undefined : (JSON.parse(row.error_json) as GenerationError),
    usage: {
      inputTokens: row.input_tokens ?? undefined,
      outputTokens: row.output_tokens ?? undefined,
      reasoningTokens: row.reasoning_tokens ?? undefined,
      cachedInputTokens: row.cached_input_tokens ?? undefined,
      ...(row.hosted_searches ? { hostedSearches: row.hosted_searches } : {}),
    },
    usageSource: row.usage_source ?? undefined,
  }
}
