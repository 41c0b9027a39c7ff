import type Database from 'better-sqlite3'
import { compactSettledChunks } from './message-part-chunks'

/** What the last run left unfinished, found and settled when the store opened. */
export interface RecoveryReport {
  /** Assistant messages left `streaming` by a crash, now `interrupted` / `app-crash` (their text as last written is kept). */
  interruptedMessageIds: string[]
  /** Model calls left `running`, now `app-crash` (end time and usage unknown). */
  crashedGenerationIds: string[]
  /** Ledger actions in state `unknown` (an external effect whose outcome was never recorded): to show the user; never re-run. */
  unknownLedgerEntries: number
  /** Recovery did not run: another live Keel process has the database open (its answers may still be streaming). */
  skippedBecauseInUse: boolean
}

/**
 * Runs once at open, before anything else uses the database, in one transaction: nothing can be
 * streaming or running at that moment, so whatever says so was cut off by a crash. The streamed
 * chunks of the messages it settles are folded into their parts in the same transaction.
 */
export function recoverAfterCrash(db: Database.Database, now: number): RecoveryReport {
  return db
    .transaction((): RecoveryReport => {
      const interrupted = db
        .prepare<[number], { id: string }>(
          `UPDATE messages SET status = 'interrupted', interrupt_reason = 'app-crash', updated_at = ?
           WHERE status = 'streaming' RETURNING id`,
        )
        .all(now)
      compactSettledChunks(db)
      const crashed = db
        .prepare<[], { id: string }>(
          `UPDATE generations SET outcome = 'app-crash' WHERE outcome = 'running' RETURNING id`,
        )
        .all()
      const unknown = db
        .prepare<[], { n: number }>(`SELECT count(*) AS n FROM tool_ledger WHERE state = 'unknown'`)
        .get()
      return {
        interruptedMessageIds: interrupted.map((row) => row.id),
        crashedGenerationIds: crashed.map((row) => row.id),
        unknownLedgerEntries: unknown?.n ?? 0,
        skippedBecauseInUse: false,
      }
    })
    .immediate()
}
