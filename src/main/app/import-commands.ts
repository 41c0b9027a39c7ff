// The window's Import: `conversations.import` with the whole file (small files, tests) or with an
// upload sent before in pieces (`conversations.importPart`), so a file is never one message: browser
// mode's WebSocket caps a message, and a whole-store backup is far larger. Pieces go to a private
// temporary file; the import reads it record by record (the same code as `keel import`), in slices
// that give the event loop a turn (importStoreInSlices): the window stays responsive through a
// whole-store backup. While it runs, KeelAppService refuses writing commands (`importing`) and
// answers reads from a connection that does not see the import until it commits (`reader`).
import { appendFileSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CommandRequest, CommandResponses } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import { MAX_IMPORT_FILE_BYTES } from '../../shared/ipc/channels'
import type { StoreReader, StoreWriter } from '../db/keel-store'
import { fileChunks, stringChunks, type ChunkSource } from '../export/json-record-reader'
import { importStoreInSlices, ImportStoppedError } from '../export/store-import'
import { fail, ok } from './app-result'

type Result<C extends keyof CommandResponses> = AppResult<CommandResponses[C]>

/** Uploads one client may have open at once (a window imports one file at a time). */
const MAX_OPEN_UPLOADS = 2

interface Upload {
  clientId: string
  dir: string
  file: string
  /** The index the next piece must have. */
  next: number
}

export interface ImportDeps {
  /** Runs (answers) going on now: they write as they stream, so an import waits until none is. */
  activeRuns: () => number
  /**
   * Resolves true once no writing command is in flight (one that began before the import and
   * awaits something may still write), false if that takes too long. New ones are refused as soon
   * as `importing` is true.
   */
  writesSettled: () => Promise<boolean>
  /** See importStoreInSlices (tests). */
  sliceMs?: number
}

export class ImportCommands {
  /** By upload id (chosen by the client; only its own client may add to it or import it). */
  private readonly uploads = new Map<string, Upload>()
  /** The import running now (one at a time), settled when it has ended, and the upload it reads. */
  private running: { done: Promise<void>; uploadId: string | undefined } | undefined
  /** While the import's transaction is open: a connection that sees only committed rows (see {@link reader}). */
  private snapshot: StoreReader | undefined
  private closing = false

  constructor(
    private readonly store: StoreWriter,
    private readonly deps: ImportDeps,
  ) {}

  /** An import's transaction is open: other writers must wait until it settles. */
  get importing(): boolean {
    return this.running !== undefined
  }

  /**
   * What reads go to while an import's transaction is open: a second, read-only connection that
   * sees the store as it was before the import, and all of it at once when it commits. On the
   * store's own connection a window would see the import's rows as they are written, and a
   * conversation it opened would vanish again if the import then failed. `undefined` (read the
   * store itself) when no import runs, or where no second connection can be opened (in memory).
   */
  get reader(): StoreReader | undefined {
    return this.snapshot
  }

  part(request: CommandRequest<'conversations.importPart'>, clientId: string): Result<'conversations.importPart'> {
    let upload = this.uploads.get(request.uploadId)
    if (upload && upload.clientId !== clientId) return fail('forbidden', 'This upload belongs to another window.')
    if (!upload) {
      if (request.index !== 0)
        return fail('validation', 'This upload does not exist (any more): start again from its first piece.', {
          detail: { code: 'import-upload' },
        })
      if ([...this.uploads.values()].filter((u) => u.clientId === clientId).length >= MAX_OPEN_UPLOADS)
        return fail('validation', 'Too many imports at once.')
      const dir = mkdtempSync(join(tmpdir(), 'keel-import-'))
      upload = { clientId, dir, file: join(dir, 'upload.json'), next: 0 }
      this.uploads.set(request.uploadId, upload)
    }
    if (request.index !== upload.next) {
      this.drop(request.uploadId)
      return fail(
        'validation',
        `The import's pieces arrived out of order (expected ${upload.next}, got ${request.index}).`,
        { detail: { code: 'import-upload' } },
      )
    }
    appendFileSync(upload.file, request.text, { encoding: 'utf8', mode: 0o600 })
    upload.next++
    const received = statSync(upload.file).size
    if (received > MAX_IMPORT_FILE_BYTES) {
      this.drop(request.uploadId)
      return fail('validation', `The file is larger than ${MAX_IMPORT_FILE_BYTES} bytes.`, {
        detail: { code: 'import-upload' },
      })
    }
    return ok({ received })
  }

  async import(
    request: CommandRequest<'conversations.import'>,
    clientId: string,
  ): Promise<Result<'conversations.import'>> {
    if (this.running)
      return fail('busy', 'Another import is running: try again when it has finished.', {
        retryable: true,
        detail: { code: 'import-running' },
      })
    if (this.deps.activeRuns() > 0)
      return fail('busy', 'An answer is being written: stop it or let it finish, then import.', {
        retryable: true,
        detail: { code: 'runs-active' },
      })
    let source: ChunkSource
    let uploadId: string | undefined
    if ('uploadId' in request) {
      uploadId = request.uploadId
      const upload = this.uploads.get(uploadId)
      if (!upload || upload.clientId !== clientId)
        return fail('validation', 'This upload does not exist (any more): import the file again.', {
          detail: { code: 'import-upload' },
        })
      source = fileChunks(upload.file)
    } else source = stringChunks(request.text)
    let ended!: () => void
    // From here on, KeelAppService refuses writing commands (`importing`).
    this.running = { done: new Promise<void>((resolve) => (ended = resolve)), uploadId }
    try {
      // A command that passed before may still write (it awaits a key store, a server): not inside the import.
      if (!(await this.deps.writesSettled()))
        return fail('busy', 'Something else is still being saved: try the import again in a moment.', {
          retryable: true,
          detail: { code: 'import-running' },
        })
      if (this.deps.activeRuns() > 0)
        return fail('busy', 'An answer is being written: stop it or let it finish, then import.', {
          retryable: true,
          detail: { code: 'runs-active' },
        })
      this.snapshot = this.openSnapshot()
      const result = await importStoreInSlices(this.store, source, {
        ...(this.deps.sliceMs !== undefined ? { sliceMs: this.deps.sliceMs } : {}),
        stopReason: () => (this.closing ? 'Keel is shutting down' : undefined),
      })
      if (!result.ok) {
        const message = `${result.where}: ${result.message}`
        if (result.problem === 'invalid' || result.problem === 'malformed')
          return fail('validation', message, { detail: { code: 'import-invalid', where: result.where } })
        // Freeing space and importing again works; nothing was kept either way.
        if (result.problem === 'disk-full')
          return fail('storage', message, {
            retryable: true,
            detail: { code: 'import-failed', problem: result.problem, where: result.where },
          })
        return fail('validation', message, {
          detail: { code: 'import-failed', problem: result.problem, where: result.where },
        })
      }
      return ok(result.report)
    } catch (error) {
      if (error instanceof ImportStoppedError)
        return fail('internal', 'Keel is shutting down: the import was undone (nothing of it was kept).', {
          retryable: true,
          detail: { code: 'shutting-down' },
        })
      throw error
    } finally {
      source.close?.()
      this.snapshot?.close()
      this.snapshot = undefined
      this.running = undefined
      ended()
      if (uploadId !== undefined) this.drop(uploadId)
    }
  }

  /** See {@link reader}. A file that cannot be opened a second time leaves reads on the store's own connection (as in memory). */
  private openSnapshot(): StoreReader | undefined {
    try {
      return this.store.openReader()
    } catch {
      return undefined
    }
  }

  /** A window closed: its unfinished uploads go. */
  disconnect(clientId: string): void {
    // The file an import is reading stays until that import ends (it removes it then).
    for (const [id, upload] of this.uploads)
      if (upload.clientId === clientId && id !== this.running?.uploadId) this.drop(id)
  }

  /** Shutdown: a running import is stopped at its next pause and undone; uploads are removed. */
  async close(): Promise<void> {
    this.closing = true
    await this.running?.done
    for (const id of [...this.uploads.keys()]) this.drop(id)
  }

  private drop(uploadId: string): void {
    const upload = this.uploads.get(uploadId)
    this.uploads.delete(uploadId)
    if (upload) rmSync(upload.dir, { recursive: true, force: true })
  }
}
