import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import Database from 'better-sqlite3'
import type { StorageError } from '../../shared/storage-error'
import { exactlyOnceOn, type ExactlyOnce } from '../ledger/apply-once'
import { ToolLedger } from '../ledger/tool-ledger'
import { systemClock, type Clock } from './clock'
import { ConversationSearch } from './conversation-search'
import { AttachmentStore } from './attachment-store'
import { ConversationSettingsStore } from './conversation-settings-store'
import { ConversationStore } from './conversation-store'
import { BUSY_TIMEOUT_MS, openDatabase, type OpenDatabaseOptions } from './database'
import { GenerationStore } from './generation-store'
import { McpPinStore } from './mcp-pin-store'
import { MeasurementStore } from './measurement-store'
import { announcePresence, type ProcessPresence } from './process-presence'
import { recoverAfterCrash, type RecoveryReport } from './recover-after-crash'
import { SettingsStore } from './settings-store'
import type {
  AttachmentReads,
  ConversationReads,
  ConversationSettingsReads,
  GenerationReads,
  LedgerReads,
  McpPinReads,
  MeasurementReads,
  SearchReads,
  SettingsReads,
} from './store-reads'
import { WriteGate } from './write-gate'
import { storageErrorOf } from './sqlite-error'
import {
  checkInBackground,
  dropVerifiedStamp,
  writeVerifiedStamp,
  type BackgroundCheck,
  type IntegrityVerdict,
} from './integrity-check'

/**
 * Which handle a value is: a {@link StoreReader} only the store builds (`openKeelStore`,
 * `openReader`), so no other object passes for one.
 */
const handle: unique symbol = Symbol('store handle')

/**
 * A connection to Keel's store that reads: every store on it with its read methods only, so a
 * write through it does not compile (Signal's ReadableDB). What `openReader` returns, and what
 * code that only reads takes (a {@link StoreWriter} is one too). Everything is synchronous.
 */
export interface StoreReader {
  readonly [handle]: 'reader' | 'writer'
  /**
   * The raw connection: only the store's own layers (`db/`, `ledger/`, `export/`) use it
   * (test/architecture/store-handle.test.ts); every other layer goes through the stores and the
   * writer's operations.
   */
  readonly db: Database.Database
  /**
   * Opened read-only: a reader, or (with `allowReadOnly`) a file or folder that is not writable:
   * nothing was migrated or recovered, no presence was announced, and every write fails `read-only`.
   */
  readonly readOnly: boolean
  /** The file's path as SQLite opened it (`:memory:` in memory). */
  readonly path: string
  /** False once closed. */
  readonly isOpen: boolean
  readonly clock: Clock
  readonly conversations: ConversationReads
  /** Full-text search over titles and messages, and pinned conversations. */
  readonly search: SearchReads
  readonly generations: GenerationReads
  readonly measurements: MeasurementReads
  readonly ledger: LedgerReads
  readonly settings: SettingsReads
  /** Each conversation's own settings (provider, model, system prompt…). */
  readonly conversationSettings: ConversationSettingsReads
  /** The MCP tool definitions the user accepted. */
  readonly mcpPins: McpPinReads
  /** The files users attached to their messages. */
  readonly attachments: AttachmentReads
  /** Closes now (twice is harmless). */
  close(): void
}

/**
 * Keel's local store as opened: one SQLite file, opened by the core (never by the Electron shell),
 * one writing connection per process (and, while an import runs, a reader: {@link openReader}).
 */
export interface StoreWriter extends StoreReader {
  readonly [handle]: 'writer'
  readonly conversations: ConversationStore
  readonly search: ConversationSearch
  readonly generations: GenerationStore
  readonly measurements: MeasurementStore
  readonly ledger: ToolLedger
  readonly settings: SettingsStore
  readonly conversationSettings: ConversationSettingsStore
  readonly mcpPins: McpPinStore
  readonly attachments: AttachmentStore
  /** The ledger's exactly-once steps on this connection (what the tool registry writes through). */
  readonly exactlyOnce: ExactlyOnce
  /**
   * Runs `fn` in one transaction, begun IMMEDIATE (the write lock at once: another process's writer
   * waits at the start, not at a lock upgrade midway); nested: a savepoint. A throw undoes it.
   */
  transaction<T>(fn: () => T): T
  /**
   * For writers that run from a timer or an event, not a command (a deferred message end, an MCP
   * server's first tool list): runs `write` now, or, while an import holds the writer, queues it to
   * run in order once the import has ended (committed or undone). See `write-gate.ts`.
   */
  whenWritable(write: () => void): void
  /**
   * The import's hold on the writer while its transaction is open across event-loop turns (only
   * `importStoreInSlices` calls it): writes through {@link whenWritable} wait until `work` settles.
   */
  holdWriter<T>(work: () => Promise<T>): Promise<T>
  /** What the previous run left unfinished and was settled at open. */
  readonly recovery: RecoveryReport
  /**
   * The file's integrity check (`PRAGMA quick_check`): `ok` when it passed before the store opened
   * or since, `checking` while it runs in the background (a file Keel verified and closed cleanly
   * last time; see `integrity-check.ts`), `damaged` when the background check found damage (the
   * connection then refuses every write), `unknown` when it could not run.
   */
  readonly integrity: IntegrityState
  /** Settles with the check's verdict (at once when it ran at open). */
  readonly integrityVerdict: Promise<IntegrityVerdict>
  /**
   * Closes now. A background check still running is stopped: no stamp, so the next open checks first.
   */
  close(): void
  /**
   * Closes once the background check has finished, waiting at most `maxWaitMs` (then as `close`).
   * Why: quitting within a second of starting (before the check ends) would otherwise leave no
   * stamp, and the next start would pay the whole check before opening. What quitting uses.
   */
  closeWhenChecked(maxWaitMs?: number): Promise<void>
  /**
   * A second connection on the same file, read-only, with the same stores on it: it sees only what
   * is committed. What the app reads from while an import's transaction is open, since this
   * connection shows that transaction's rows before they are committed (gone again if it fails).
   * `undefined` where no second connection can see the data (an in-memory or read-only store);
   * throws SQLite's error when the file cannot be opened again. Close it when done.
   */
  openReader(): StoreReader | undefined
}

/** The store as `openKeelStore` opens it: the writer. */
export type KeelStore = StoreWriter

/** The stores every connection serves, the writable one and a reader alike. */
type SubStores = Pick<
  StoreWriter,
  | 'conversations'
  | 'search'
  | 'generations'
  | 'measurements'
  | 'ledger'
  | 'settings'
  | 'conversationSettings'
  | 'mcpPins'
  | 'attachments'
>

function subStoresOn(db: Database.Database, clock: Clock, newId: () => string, gate: WriteGate): SubStores {
  return {
    conversations: new ConversationStore(db, clock, newId),
    search: new ConversationSearch(db, clock),
    generations: new GenerationStore(db, clock, newId),
    measurements: new MeasurementStore(db, clock),
    ledger: new ToolLedger(db),
    settings: new SettingsStore(db, clock),
    conversationSettings: new ConversationSettingsStore(db, clock),
    mcpPins: new McpPinStore(db, clock, (write) => gate.whenWritable(write)),
    attachments: new AttachmentStore(db),
  }
}

/** See {@link StoreWriter.openReader}. */
function openReaderOn(file: string, clock: Clock, newId: () => string, options: OpenKeelStoreOptions): StoreReader {
  const db = new Database(file, {
    readonly: true,
    fileMustExist: true,
    timeout: BUSY_TIMEOUT_MS,
    ...(options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {}),
  })
  try {
    const reader: StoreReader = {
      [handle]: 'reader',
      db,
      readOnly: true,
      path: file,
      get isOpen() {
        return db.open
      },
      clock,
      ...subStoresOn(db, clock, newId, new WriteGate()),
      close: () => {
        if (db.open) db.close()
      },
    }
    return reader
  } catch (error) {
    db.close()
    throw error
  }
}

/** How long quitting waits for a background integrity check (0.3–2 s at 200,000 messages). */
export const CLOSE_WAITS_FOR_CHECK_MS = 3_000

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

export type IntegrityState = 'ok' | 'checking' | 'damaged' | 'unknown'

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
    presence =
      path === ':memory:' || readOnly || options.announcePresence === false
        ? undefined
        : announcePresence(path, options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {})
    recovery =
      presence?.othersAlive || readOnly
        ? {
            interruptedMessageIds: [],
            crashedGenerationIds: [],
            unknownLedgerEntries: 0,
            skippedBecauseInUse: !readOnly,
          }
        : recoverAfterCrash(db, clock())
  } catch (error) {
    presence?.release()
    db.close()
    opened.release?.()
    return { ok: false, error: storageErrorOf(db, error) }
  }
  // The check deferred at open runs now, in a worker; damage found stops every write on this connection.
  let integrity: IntegrityState = opened.integrity === 'deferred' ? 'checking' : 'ok'
  const check: BackgroundCheck | undefined =
    opened.integrity === 'deferred'
      ? checkInBackground(resolve(path), { nativeBinding: options.nativeBinding })
      : undefined
  const integrityVerdict: Promise<IntegrityVerdict> = check
    ? check.verdict.then((verdict) => {
        if (integrity !== 'checking') return verdict
        integrity = verdict.state === 'ok' ? 'ok' : verdict.state
        if (verdict.state === 'damaged' && db.open) db.pragma('query_only = ON')
        return verdict
      })
    : Promise.resolve({ state: 'ok' })
  const inFile = path !== ':memory:' && path !== ''
  if (inFile && !readOnly) dropVerifiedStamp(resolve(path))
  const gate = new WriteGate()
  const subStores = subStoresOn(db, clock, newId, gate)
  const store: StoreWriter = {
    [handle]: 'writer',
    db,
    readOnly,
    path: db.name,
    get isOpen() {
      return db.open
    },
    clock,
    ...subStores,
    exactlyOnce: exactlyOnceOn(db, subStores.ledger),
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
    whenWritable: (write: () => void) => gate.whenWritable(write),
    holdWriter: <T>(work: () => Promise<T>) => gate.hold(work),
    recovery,
    get integrity() {
      return integrity
    },
    integrityVerdict,
    close: () => {
      check?.stop()
      const wasOpen = db.open
      if (db.open) db.close()
      opened.release?.()
      presence?.release()
      // A clean close of a verified file: the next open may check it in the background.
      if (wasOpen && inFile && !readOnly && integrity === 'ok') writeVerifiedStamp(resolve(path))
      if (integrity === 'checking') integrity = 'unknown'
    },
    async closeWhenChecked(maxWaitMs = CLOSE_WAITS_FOR_CHECK_MS) {
      if (integrity === 'checking' && db.open) {
        let timer: NodeJS.Timeout | undefined
        await Promise.race([integrityVerdict, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)))])
        clearTimeout(timer)
      }
      store.close()
    },
    openReader: () => (inFile && !readOnly && db.open ? openReaderOn(resolve(path), clock, newId, options) : undefined),
  }
  return { ok: true, store }
}
