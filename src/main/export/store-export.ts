// The whole store as one JSON document (`keel export`; `keel import` reads it back: store-import.ts).
import type { StoreReader } from '../db/keel-store'
import type { LedgerEntry } from '../ledger/tool-ledger'
import { isoStringOrNull, takenAtText, type Measurement } from '../../shared/measurement'
import { exportedConversation, exportedGeneration } from './conversation-json'

/** Conversations (and ledger entries) are read this many at a time. */
const PAGE = 200

/** `createdByLedgerKey`: the ledger entry whose tool call stored it (a restore ties them again). */
export function exportedMeasurement(m: Measurement, createdByLedgerKey?: string | null) {
  return {
    id: m.id,
    kind: m.kind,
    value: m.value,
    unit: m.unit,
    canonicalValue: m.canonicalValue,
    canonicalUnit: m.canonicalUnit,
    measuredAt: isoStringOrNull(m.takenAt),
    takenAt: m.takenAt,
    takenAtOffsetMin: m.takenAtOffsetMin ?? null,
    measuredAtLocal: takenAtText(m),
    precision: m.takenAtPrecision,
    recordedAt: m.recordedAt,
    ...(createdByLedgerKey !== undefined ? { createdByLedgerKey } : {}),
  }
}

export function exportedLedgerEntry(entry: LedgerEntry) {
  return {
    key: entry.idempotencyKey,
    tool: entry.toolName,
    state: entry.state,
    callIds: entry.callIds,
    turnId: entry.turnId,
    recordedAt: isoStringOrNull(entry.createdAt),
    createdAt: entry.createdAt,
    // For a restore (`keel import`).
    conversationId: entry.conversationId,
    arguments: entry.arguments,
    output: entry.output ?? null,
    error: entry.error ?? null,
    updatedAt: entry.updatedAt,
  }
}

/** Conversations oldest first (by last message, then id), a page at a time. */
function* conversationsOf(
  store: StoreReader,
): Generator<{ id: string; title: string; createdAt: number; updatedAt: number }> {
  let after: { updatedAt: number; id: string } | undefined
  for (;;) {
    const page = store.conversations.listConversationsOldestFirst({ limit: PAGE, ...(after && { after }) })
    yield* page
    const last = page.at(-1)
    if (page.length < PAGE || !last) return
    after = { updatedAt: last.updatedAt, id: last.id }
  }
}

function* sections(store: StoreReader): Generator<[key: string, items: Iterable<unknown>]> {
  yield [
    'conversations',
    (function* () {
      // An older store opened read-only (never migrated) has no settings table.
      const hasSettings =
        store.db
          .prepare(`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'conversation_settings'`)
          .get() !== undefined
      const settings = hasSettings ? store.conversationSettings : undefined
      const pins = pinsOf(store)
      for (const conversation of conversationsOf(store)) {
        const pinnedAt = pins.get(conversation.id)
        yield exportedConversation(
          pinnedAt === undefined ? conversation : { ...conversation, pinnedAt },
          store.conversations.getAllMessages(conversation.id),
          store.conversations.currentLeafId(conversation.id),
          store.attachments.withBytesByMessage(conversation.id),
          settings?.get(conversation.id),
        )
      }
    })(),
  ]
  // A second pass over the conversations: holding their generations until the conversations are
  // written would make memory grow with the store.
  yield [
    'generations',
    (function* () {
      for (const conversation of conversationsOf(store)) {
        const calls = store.generations.listForConversation(conversation.id)
        for (const turnId of store.conversations.turnIdsInOrder(conversation.id))
          yield* (calls.get(turnId) ?? []).map(exportedGeneration)
      }
    })(),
  ]
  yield [
    'measurements',
    (function* () {
      const ledgerKey = store.db
        .prepare<[number], string | null>(
          'SELECT l.idempotency_key FROM measurements m LEFT JOIN tool_ledger l ON l.id = m.created_by_ledger_id WHERE m.id = ?',
        )
        .pluck()
      for (const measurement of store.measurements.iterateAll())
        yield exportedMeasurement(measurement, ledgerKey.get(measurement.id) ?? null)
    })(),
  ]
  yield ['ledger', ledgerEntriesOf(store)]
}

/** When each pinned conversation was pinned (a store from before pins, opened read-only: none). */
function pinsOf(store: StoreReader): Map<string, number> {
  const hasPins =
    store.db.prepare(`SELECT 1 FROM pragma_table_info('conversations') WHERE name = 'pinned_at'`).get() !== undefined
  if (!hasPins) return new Map()
  return new Map(
    store.db
      .prepare<[], { id: string; pinned_at: number }>(
        'SELECT id, pinned_at FROM conversations WHERE pinned_at IS NOT NULL',
      )
      .all()
      .map((row) => [row.id, row.pinned_at]),
  )
}

/** The ledger oldest first (by id), a page at a time. */
function* ledgerEntriesOf(store: StoreReader): Generator<ReturnType<typeof exportedLedgerEntry>> {
  const page = store.db
    .prepare<[number, number], number>('SELECT id FROM tool_ledger WHERE id > ? ORDER BY id LIMIT ?')
    .pluck()
  let after = -1
  for (;;) {
    const ids = page.all(after, PAGE)
    for (const id of ids) {
      const entry = store.ledger.findById(id)
      if (entry) yield exportedLedgerEntry(entry)
    }
    const last = ids.at(-1)
    if (ids.length < PAGE || last === undefined) return
    after = last
  }
}

/** Waits for 'drain' when `out` asks for it; fails if it errors or closes first (a closed pipe). */
function backpressured(out: NodeJS.WritableStream): (text: string) => Promise<void> {
  return async (text) => {
    if (out.write(text)) return
    await new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        out.removeListener('drain', onDrain)
        out.removeListener('error', onError)
        out.removeListener('close', onClose)
      }
      const onDrain = () => {
        cleanup()
        resolve()
      }
      const onError = (error: Error) => {
        cleanup()
        reject(error)
      }
      const onClose = () => onError(new Error('the output closed before the export was written'))
      out.on('drain', onDrain)
      out.on('error', onError)
      out.on('close', onClose)
    })
  }
}

/**
 * Writes the store as `JSON.stringify(export, null, 2)` would, plus a newline, one item at a time:
 * memory stays bounded by the largest conversation, whatever the number of conversations. Reads
 * run in one read transaction, so the export is a consistent snapshot while others write.
 */
export async function writeExport(store: StoreReader, out: NodeJS.WritableStream): Promise<void> {
  const write = backpressured(out)
  const indent = (json: string, spaces: string) => json.replace(/\n/g, `\n${spaces}`)
  store.db.exec('BEGIN')
  try {
    let firstSection = true
    for (const [key, items] of sections(store)) {
      await write(`${firstSection ? '{' : ','}\n  ${JSON.stringify(key)}: [`)
      firstSection = false
      let count = 0
      for (const item of items) {
        // JSON.stringify never puts a raw newline inside a string, so indenting line starts is safe.
        await write(`${count === 0 ? '' : ','}\n    ${indent(JSON.stringify(item, null, 2), '    ')}`)
        count++
      }
      await write(count === 0 ? ']' : '\n  ]')
    }
    await write('\n}\n')
  } finally {
    store.db.exec('COMMIT')
  }
}
