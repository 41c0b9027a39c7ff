// Invariants of the ledger and its effect rows, checked with plain SQL (independent of the app's code).
import type Database from 'better-sqlite3'

export interface LedgerViolations {
  /** Succeeded write entries without exactly one effect row. */
  missingOrDuplicateEffects: { key: string; tool: string; effects: number }[]
  /** Failed or unknown local entries that nevertheless have an effect row. */
  effectsOfUnsucceeded: { key: string; state: string }[]
  /** Ledger entries no call id refers to (a claim without its call). */
  entriesWithoutCalls: string[]
  /** Ledger entries left `unknown` by the local tools (their effect and record share one transaction, so never). */
  unknownLocalEntries: string[]
}

const EFFECT_COUNT = `CASE l.tool_name
  WHEN 'record_measurement' THEN (SELECT count(*) FROM measurements m WHERE m.created_by_ledger_id = l.id)
  WHEN 'delete_measurement' THEN (SELECT count(*) FROM measurements m WHERE m.deleted_by_ledger_id = l.id)
  ELSE -1 END`

export function findLedgerViolations(db: Database.Database): LedgerViolations {
  return {
    missingOrDuplicateEffects: db
      .prepare(
        `SELECT idempotency_key AS key, tool_name AS tool, ${EFFECT_COUNT} AS effects FROM tool_ledger l WHERE state = 'succeeded' AND (${EFFECT_COUNT}) <> 1`,
      )
      .all() as LedgerViolations['missingOrDuplicateEffects'],
    effectsOfUnsucceeded: db
      .prepare(
        `SELECT idempotency_key AS key, state FROM tool_ledger l WHERE state <> 'succeeded' AND (${EFFECT_COUNT}) <> 0`,
      )
      .all() as LedgerViolations['effectsOfUnsucceeded'],
    entriesWithoutCalls: (
      db
        .prepare(
          `SELECT idempotency_key AS key FROM tool_ledger l WHERE NOT EXISTS (SELECT 1 FROM tool_ledger_calls c WHERE c.ledger_id = l.id)`,
        )
        .all() as { key: string }[]
    ).map((r) => r.key),
    unknownLocalEntries: (
      db
        .prepare(
          `SELECT idempotency_key AS key FROM tool_ledger WHERE state = 'unknown' AND tool_name IN ('record_measurement', 'delete_measurement')`,
        )
        .all() as { key: string }[]
    ).map((r) => r.key),
  }
}

export const NO_VIOLATIONS: LedgerViolations = {
  missingOrDuplicateEffects: [],
  effectsOfUnsucceeded: [],
  entriesWithoutCalls: [],
  unknownLocalEntries: [],
}

/** Measurement rows made by tools that no ledger entry accounts for (an effect without its record). */
export function countEffectsWithoutEntry(db: Database.Database): number {
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM measurements WHERE created_by_ledger_id IS NULL AND deleted_by_ledger_id IS NULL`,
      )
      .get() as { n: number }
  ).n
}
