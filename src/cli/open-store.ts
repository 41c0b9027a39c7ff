import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { openKeelStore, type KeelStore } from '../main/db/keel-store'
import { CliUsageError } from './cli-usage-error'

/**
 * Opens the store for a CLI command; a file Keel can't use is a usage error with the store's own
 * message (it names the file and says whether it was changed). `allowReadOnly`: a store that is not
 * writable is opened read-only (for commands that only read).
 */
export function openStoreForCli(path: string, options: { create: boolean; allowReadOnly?: boolean }): KeelStore {
  if (options.create) mkdirSync(dirname(path), { recursive: true })
  else if (!existsSync(path)) throw new CliUsageError(`cannot open ${path}: no such file`)
  const opened = openKeelStore(path, options.allowReadOnly ? { allowReadOnly: true } : {})
  if (!opened.ok) throw new CliUsageError(opened.error.message)
  return opened.store
}
