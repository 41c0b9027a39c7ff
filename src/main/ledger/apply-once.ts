import type Database from 'better-sqlite3'
import type { JsonValue } from '../../shared/json-value'
import type { StorageError } from '../../shared/storage-error'
import type { ToolFailure } from '../../shared/tool-outcome'
import { isSqliteError, toStorageError } from '../db/sqlite-error'
import type { LedgerEntry, ToolLedger } from './tool-ledger'

/** What an effect reports: its output, or a typed failure (its writes are then undone). */
export type EffectResult = { ok: true; output: JsonValue } | { ok: false; failure: ToolFailure }

export interface ApplyOnceRequest {
  idempotencyKey: string
  conversationId: string
  turnId: string
  toolName: string
  /** Canonical JSON text of the arguments the key was computed from. */
  argumentsJson: string
  /** The call asking now; remembered on the entry whether it runs the effect or repeats it. */
  callId: string
  now: number
}

/**
 * - `applied`: this call ran the effect; the entry is `succeeded` (effect committed with it) or
 *   `failed` (effect undone, failure recorded).
 * - `repeated`: the key was already in the ledger; nothing ran; the entry is the stored one.
 * - `unknown-turn`: the turn is not stored in that conversation; nothing ran or was recorded.
 * - `storage-error`: the database failed; the whole transaction rolled back; nothing was recorded,
 *   so nothing happened (a later call with the same key runs the effect once).
 */
export type ApplyOnceResult =
  | { kind: 'applied'; entry: LedgerEntry }
  | { kind: 'repeated'; entry: LedgerEntry }
  | { kind: 'unknown-turn' }
  | { kind: 'storage-error'; error: StorageError }

/** Thrown inside the savepoint to undo a failed effect's writes; never escapes this module. */
class EffectFailed extends Error {
  override readonly name = 'EffectFailed'
  constructor(readonly failure: ToolFailure) {
    super(failure.message)
  }
}

/** Storage trouble (disk full, I/O, lock, damage) aborts everything rather than being recorded as the action's failure. */
function isStorageTrouble(error: unknown): boolean {
  if (!isSqliteError(error)) return false
  const kind = toStorageError(error).kind
  return kind !== 'constraint' && kind !== 'unknown'
}

/**
 * Exactly-once for effects that live in this database. In ONE IMMEDIATE transaction:
 * look the key up → (repeat: remember the call id, return the stored entry) or
 * (claim the key → run the effect in a savepoint → record `succeeded` with its output, or undo the
 * effect and record `failed`). Either the effect and its record commit together, or neither does.
 *
 * `effect` must be synchronous (it runs inside the transaction) and gets the new entry's id so
 * its rows can point at it. Nothing here awaits: no other code can run inside the transaction.
 */
export function applyOnce(
  db: Database.Database,
  ledger: ToolLedger,
  request: ApplyOnceRequest,
  effect: (ledgerEntryId: number) => EffectResult,
): ApplyOnceResult {
  try {
    return db
      .transaction((): ApplyOnceResult => {
        if (!ledger.turnBelongsTo(request.turnId, request.conversationId)) return { kind: 'unknown-turn' }
        const existing = ledger.findByKey(request.idempotencyKey)
        if (existing) return { kind: 'repeated', entry: rememberCall(ledger, existing, request) }

        const entryId = ledger.insertClaim({ ...request })
        ledger.addCall(entryId, request.callId, request.now)
        let result: EffectResult
        try {
          // A nested better-sqlite3 transaction is a SAVEPOINT: a failed effect is undone alone.
          result = db.transaction(() => {
            const outcome = effect(entryId)
            if (!outcome.ok) throw new EffectFailed(outcome.failure)
            return outcome
          })()
        } catch (error) {
          // SQLite may have rolled back the whole transaction (SQLITE_FULL, I/O): then nothing can be recorded.
          if (!db.inTransaction || isStorageTrouble(error)) throw error
          result = { ok: false, failure: error instanceof EffectFailed ? error.failure : internalFailure(error) }
        }
        if (result.ok) ledger.markSucceeded(entryId, JSON.stringify(result.output), request.now)
        else ledger.markFailed(entryId, result.failure, request.now)
        return { kind: 'applied', entry: mustFind(ledger, entryId) }
      })
      .immediate()
  } catch (error) {
    return { kind: 'storage-error', error: toStorageError(error) }
  }
}

export type ClaimOnceResult =
  | { kind: 'claimed'; entry: LedgerEntry }
  | { kind: 'repeated'; entry: LedgerEntry }
  | { kind: 'unknown-turn' }
  | { kind: 'storage-error'; error: StorageError }

/**
 * First phase for an effect that lives *outside* this database (no such tool exists yet): commit
 * the claim in state `unknown` before the effect starts. If the process dies before
 * {@link recordExternalResult}, the entry stays `unknown` and is never re-run automatically.
 */
export function claimOnce(db: Database.Database, ledger: ToolLedger, request: ApplyOnceRequest): ClaimOnceResult {
  try {
    return db
      .transaction((): ClaimOnceResult => {
        if (!ledger.turnBelongsTo(request.turnId, request.conversationId)) return { kind: 'unknown-turn' }
        const existing = ledger.findByKey(request.idempotencyKey)
        if (existing) return { kind: 'repeated', entry: rememberCall(ledger, existing, request) }
        const entryId = ledger.insertClaim({ ...request })
        ledger.addCall(entryId, request.callId, request.now)
        return { kind: 'claimed', entry: mustFind(ledger, entryId) }
      })
      .immediate()
  } catch (error) {
    return { kind: 'storage-error', error: toStorageError(error) }
  }
}

/** Second phase for an external effect: `unknown` → `succeeded` / `failed`, in one short transaction. */
export function recordExternalResult(
  db: Database.Database,
  ledger: ToolLedger,
  entryId: number,
  result: EffectResult,
  now: number,
): { ok: true; entry: LedgerEntry } | { ok: false; error: StorageError } {
  try {
    const entry = db
      .transaction(() => {
        if (result.ok) ledger.markSucceeded(entryId, JSON.stringify(result.output), now)
        else ledger.markFailed(entryId, result.failure, now)
        return mustFind(ledger, entryId)
      })
      .immediate()
    return { ok: true, entry }
  } catch (error) {
    return { ok: false, error: toStorageError(error) }
  }
}

function rememberCall(ledger: ToolLedger, entry: LedgerEntry, request: ApplyOnceRequest): LedgerEntry {
  ledger.addCall(entry.id, request.callId, request.now)
  return entry.callIds.includes(request.callId) ? entry : { ...entry, callIds: [...entry.callIds, request.callId] }
}

function mustFind(ledger: ToolLedger, id: number): LedgerEntry {
  const entry = ledger.findById(id)
  if (!entry) throw new Error(`ledger entry ${id} vanished inside its own transaction`)
  return entry
}

function internalFailure(error: unknown): ToolFailure {
  const detail = error instanceof Error ? error.message : String(error)
  return {
    kind: 'internal',
    message: `The tool failed unexpectedly (${detail}). Nothing was changed.`,
    retryable: false,
  }
}

/**
 * The exactly-once steps bound to the store's connection and ledger: what code outside the store's
 * own layers (the tool registry) writes through, without ever holding the connection itself.
 */
export interface ExactlyOnce {
  /** The ledger these steps record in (reads; `releaseClaim` of a call that never ran). */
  readonly ledger: ToolLedger
  applyOnce(request: ApplyOnceRequest, effect: (ledgerEntryId: number) => EffectResult): ApplyOnceResult
  claimOnce(request: ApplyOnceRequest): ClaimOnceResult
  recordExternalResult(
    entryId: number,
    result: EffectResult,
    now: number,
  ): { ok: true; entry: LedgerEntry } | { ok: false; error: StorageError }
}

export function exactlyOnceOn(db: Database.Database, ledger: ToolLedger): ExactlyOnce {
  return {
    ledger,
    applyOnce: (request, effect) => applyOnce(db, ledger, request, effect),
    claimOnce: (request) => claimOnce(db, ledger, request),
    recordExternalResult: (entryId, result, now) => recordExternalResult(db, ledger, entryId, result, now),
  }
}
