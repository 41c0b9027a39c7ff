// What an import did (`keel import`, the window's Import): the shared shape of its report.

export interface ImportCounts {
  conversations: number
  messages: number
  generations: number
  measurements: number
  ledger: number
}

/**
 * Why an import stopped (nothing of it was kept): a record the rules refuse (`invalid`), text that
 * is not JSON of an export's shape (`malformed`), a record nested deeper than `MAX_IMPORT_DEPTH`,
 * a record longer than `MAX_IMPORT_RECORD_CHARS`, a file larger than `MAX_IMPORT_FILE_BYTES`, or
 * no room left on the disk while writing.
 */
export type ImportProblem = 'invalid' | 'malformed' | 'too-deep' | 'record-too-large' | 'file-too-large' | 'disk-full'

export type ImportedKind = 'conversation' | 'message' | 'turn' | 'generation' | 'measurement' | 'ledger'

/** An id already in the store with different content (or a record that belongs to one): left out, the stored one kept. */
export interface ImportCollision {
  kind: ImportedKind
  id: string
  /** The record in the file ("conversations.3"). */
  where: string
  reason: string
}

export interface ImportReport {
  /** Conversations added. */
  imported: { id: string; title: string; messages: number }[]
  /** Conversations already in the store with the same content: left as they are. */
  skipped: { id: string; title: string }[]
  added: ImportCounts
  /** Already in the store, the same: nothing to add. */
  present: ImportCounts
  /** The first thousand collisions; `collisionCount` counts them all. */
  collisions: ImportCollision[]
  collisionCount: number
}

/** One line: "added 3 conversations (40 messages), …; already present …; 1 collision". */
export function importSummary(report: ImportReport): string {
  const counts = (c: ImportCounts) =>
    `${c.conversations} conversations (${c.messages} messages), ${c.generations} model calls, ${c.measurements} measurements, ${c.ledger} ledger entries`
  return `added ${counts(report.added)}; already present ${counts(report.present)}; ${report.collisionCount} ${report.collisionCount === 1 ? 'collision' : 'collisions'}`
}
