import { parseArgs } from 'node:util'
import { writeExport } from '../main/export/store-export'
import { CliUsageError } from './cli-usage-error'
import { openStoreForCli } from './open-store'

export const EXPORT_USAGE = `usage: keel export --db FILE

Prints the whole store as one JSON object: conversations with their messages (every version:
each message names the one it follows, parentId, and each conversation the last message of the
branch shown, currentLeafId; a pinned one when it was pinned, pinnedAt), every model call
(generations) with its usage, measurements, and the tool ledger. API keys are never in the store.
Dates are ISO strings (null when the stored time is not a valid date; the raw epoch milliseconds
are beside them: measurements' takenAt, the ledger's createdAt). Measurements also give the user's
UTC offset then (takenAtOffsetMin; null when stored before offsets were kept: UTC) and the date in
the user's time zone (measuredAtLocal: YYYY-MM-DD for a day, else ISO 8601 with the offset), and
the ledger key of the tool call that stored them (createdByLedgerKey; null for the user's own).
A store that is not writable is read as it is (nothing is recovered or updated).`

export async function runExport(argv: string[], io: { stdout: NodeJS.WritableStream }): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${EXPORT_USAGE}`)
  }
  if (parsed.values.help) {
    io.stdout.write(`${EXPORT_USAGE}\n`)
    return 0
  }
  if (!parsed.values.db) throw new CliUsageError(`missing --db\n${EXPORT_USAGE}`)
  const store = openStoreForCli(parsed.values.db, { create: false, allowReadOnly: true })
  try {
    await writeExport(store, io.stdout)
  } finally {
    store.close()
  }
  return 0
}
