import { randomUUID } from 'node:crypto'
import type Database from 'better-sqlite3'
import type { StorageError } from '../../shared/storage-error'
import { ToolLedger } from '../ledger/tool-ledger'
import { systemClock, type Clock } from './clock'
import { ConversationSearch } from './conversation-search'
import { AttachmentStore } from './attachment-store'
import { ConversationStore } from './conversation-store'
import { openDatabase, type OpenDatabaseOptions } from './database'
import { GenerationStore } from './generation-store'
import { McpPinStore } from './mcp-pin-store'
import { MeasurementStore } from './measurement-store'
import { announcePresence, type ProcessPresence } from './process-presence'
import { recoverAfterCrash, type RecoveryReport } from './recover-after-crash'
import { SettingsStore } from './settings-store'
import { storageErrorOf } from './sqlite-error'

/**
 * Keel's local store: one SQLite file, opened by the core (never by the Electron shell).
 * Everything is synchronous; one connection per process.
 */
export interface KeelStore {
  readonly db: Database.Database
  /**
   * Opened read-only (only with `allowReadOnly`, when the file or its folder is not writable):
   * nothing was migrated or recovered, no presence was announced, and every write fails `read-only`.
   */
  readonly readOnly: boolean
  readonly clock: Clock
  readonly conversations: ConversationStore
  /** Full-text search over titles and messages, and pinned conversations. */
  readonly search: ConversationSearch
  readonly generations: GenerationStore
  readonly measurements: MeasurementStore
  readonly ledger: ToolLedger
  readonly settings: SettingsStore
  /** The MCP tool definitions the user accepted. */
  readonly mcpPins: McpPinStore
  /** The files users attached to their messages. */
  readonly attachments: AttachmentStore
  /** What the previous run left unfinished and was settled at open. */
  readonly recovery: RecoveryReport
  close(): void
}

export interface OpenKeelStoreOptions extends OpenDatabaseOptions {
  clock?: Clock
  /** Id generator for conversations, turns, messages and generations (default: random UUIDs). */
  newId?: () => string
  /**
   * Hold a lock on a `<db>.open-<pid>` file while open so other Keel processes know not to treat
   * this process's streaming answers as a crash's leftovers (default true; see `process-presence.ts`).
   */
  announcePresence?: boolean
}

export type OpenKeelStoreResult = { ok: true; store: KeelStore } | { ok: false; error: StorageError }

/**
 * Opens the store at `path` (created if missing): checks and migrates the schema, sets the durable
 * pragmas, then settles what a crash left behind (`streaming` messages → `interrupted` / `app-crash`,
 * `running` model calls → `app-crash`). A file that is not SQLite, another application's database, or
 * a newer Keel's schema gives a typed error and is left untouched.
 */
export function openKeelStore(path: string, options: OpenKeelStoreOptions = {}): OpenKeelStoreResult {
  const opened = openDatabase(path, options)
  if (!opened.ok) return opened
  const { db, readOnly } = opened
  const clock = options.clock ?? systemClock
  const newId = options.newId ?? randomUUID
  let recovery: RecoveryReport
  let presence: ProcessPresence | undefined
  try {
    // A read-only store writes nothing: no presence file, no recovery (its streaming messages read as such).
    presence = path === ':memory:' || readOnly || options.announcePresence === false ? undefined : announcePresence(path, options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {})
    recovery =
      presence?.othersAlive || readOnly
        ? { interruptedMessageIds: [], crashedGenerationIds: [], unknownLedgerEntries: 0, skippedBecauseInUse: !readOnly }
        : recoverAfterCrash(db, clock())
  } catch (error) {
    presence?.release()
    db.close()
    opened.release?.()
    return { ok: false, error: storageErrorOf(db, error) }
  }
  const store: KeelStore = {
    db,
    readOnly,
    clock,
    conversations: new ConversationStore(db, clock, newId),
    search: new ConversationSearch(db, clock),
    generations: new GenerationStore(db, clock, newId),
    measurements: new MeasurementStore(db, clock),
    ledger: new ToolLedger(db),
    settings: new SettingsStore(db, clock),
    mcpPins: new McpPinStore(db, clock),
    attachments: new AttachmentStore(db),
    recovery,
    close: () => {
      if (db.open) db.close()
      opened.release?.()
      presence?.release()
    },
  }
  return { ok: true, store }
}
