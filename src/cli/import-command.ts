import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { fileChunks } from '../main/export/json-record-reader'
import { importStore } from '../main/export/store-import'
import { importSummary } from '../shared/import-report'
import { CliUsageError } from './cli-usage-error'
import { openStoreForCli } from './open-store'

export const IMPORT_USAGE = `usage: keel import --db FILE [EXPORT.json | -]

Loads what \`keel export\` (or the window's Export) wrote into the store (created if missing), read
record by record, in one transaction: a file that fails anywhere changes nothing (the failing place
is printed with why, exit 1: a record the live paths would refuse, text that is not JSON, a file
over 4 GB, a record over 256 Mi characters or nested over 256 levels, a full disk). Ids are kept; what is already there with the same content is not added again,
an id already there with different content is a collision: listed on stderr, never overwritten.
Prints one line: what was added, what was already present, how many collisions. \`-\` or no file:
read from stdin.`

export async function runImport(
  argv: string[],
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream },
): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new CliUsageError(`${(error as Error).message}\n${IMPORT_USAGE}`)
  }
  if (parsed.values.help) {
    io.stdout.write(`${IMPORT_USAGE}\n`)
    return 0
  }
  if (!parsed.values.db) throw new CliUsageError(`missing --db\n${IMPORT_USAGE}`)
  if (parsed.positionals.length > 1) throw new CliUsageError(`one export file at most\n${IMPORT_USAGE}`)
  const input = parsed.positionals[0] ?? '-'
  if (input !== '-' && !existsSync(input)) throw new CliUsageError(`cannot read ${input}: no such file`)
  // stdin is copied to a private temporary file first: the import reads synchronously inside its
  // transaction, and a pipe cannot be read that way portably.
  const spool = input === '-' ? mkdtempSync(join(tmpdir(), 'keel-import-')) : undefined
  try {
    const path = spool ? join(spool, 'stdin.json') : input
    if (spool) await pipeline(io.stdin, createWriteStream(path, { mode: 0o600 }))
    const store = openStoreForCli(parsed.values.db, { create: true })
    try {
      const result = importStore(store, fileChunks(path))
      if (!result.ok) {
        io.stderr.write(
          `keel: ${input === '-' ? 'stdin' : input} failed at ${result.where}: ${result.message} Nothing was imported.\n`,
        )
        return 1
      }
      for (const c of result.report.collisions)
        io.stderr.write(`keel: collision: ${c.kind} ${c.id} (${c.where}): ${c.reason}; the stored one was kept\n`)
      if (result.report.collisionCount > result.report.collisions.length)
        io.stderr.write(
          `keel: … and ${result.report.collisionCount - result.report.collisions.length} more collisions\n`,
        )
      io.stdout.write(`${importSummary(result.report)}\n`)
      return 0
    } finally {
      store.close()
    }
  } finally {
    if (spool) rmSync(spool, { recursive: true, force: true })
  }
}
