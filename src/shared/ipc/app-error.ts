/**
 * An error crossing IPC or the browser-mode WebSocket, as plain data (Electron passes only the
 * message of a thrown error). `owner` says who must act; `retryable` whether trying again can help.
 */
export interface AppError {
  kind: 'validation' | 'not-found' | 'forbidden' | 'storage' | 'provider' | 'busy' | 'internal'
  message: string
  owner: 'user' | 'provider' | 'system'
  retryable: boolean
}

/** Every command answers with a result, never a thrown error. */
export type AppResult<T> = { ok: true; value: T } | { ok: false; error: AppError }
