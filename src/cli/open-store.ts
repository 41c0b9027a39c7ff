import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { openKeelStore, type KeelStore } from '../main/db/keel-store'
import { CliUsageError } from './cli-usage-error'

/** Opens the store for a CLI command; a file Keel can't use is a usage error with the store's own message. */
export function openStoreForCli(path: string, options: { create: boolean }): KeelStore {
  if (options.create) mkdirSync(dirname(path), { recursive: true })
  else if (!existsSync(path)) throw new CliUsageError(`cannot open ${path}: no such file`)
  const opened = openKeelStore(path)
  if (!opened.ok) throw new CliUsageError(`cannot open ${path}: ${opened.error.message}`)
  return opened.store
}
