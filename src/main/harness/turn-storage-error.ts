import type { StorageError } from '../../shared/storage-error'
import { isSqliteError, toStorageError } from '../db/sqlite-error'

/**
 * The store could not save part of a turn (a full disk, an I/O error). Thrown by the recorder and
 * caught by the turn loop, which ends the turn with Keel's own translated message ("Your disk is
 * full…") and the typed cause, keeping everything that was already saved.
 */
export class TurnStorageError extends Error {
  override readonly name = 'TurnStorageError'
  constructor(readonly storage: StorageError) {
    super(storage.message)
  }
}

/** Runs a store write; an SQLite failure becomes a {@link TurnStorageError}, anything else is rethrown. */
export function storing<T>(write: () => T): T {
  try {
    return write()
  } catch (error) {
    if (isSqliteError(error)) throw new TurnStorageError(toStorageError(error))
    throw error
  }
}
