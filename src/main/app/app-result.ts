import type { z } from 'zod'
import type { AppError, AppResult } from '../../shared/ipc/app-error'
import { isSqliteError, toStorageError } from '../db/sqlite-error'
import { TurnStorageError } from '../harness/turn-storage-error'

export function ok<T>(value: T): AppResult<T> {
  return { ok: true, value }
}

export function fail(
  kind: AppError['kind'],
  message: string,
  extra: Partial<Pick<AppError, 'owner' | 'retryable' | 'detail'>> = {},
): { ok: false; error: AppError } {
  const owner: AppError['owner'] =
    kind === 'validation' || kind === 'not-found' || kind === 'busy'
      ? 'user'
      : kind === 'provider'
        ? 'provider'
        : 'system'
  return { ok: false, error: { kind, message, owner, retryable: kind === 'busy', ...extra } }
}

/** What a `not-found` names: one sentence (English, for logs and the CLI) and one code (the window words it). */
const NOT_FOUND = {
  conversation: { message: 'This conversation does not exist (any more).', code: 'conversation-not-found' },
  message: { message: 'This message does not exist (any more).', code: 'message-not-found' },
  file: { message: 'This file does not exist (any more).', code: 'file-not-found' },
  measurement: { message: 'This measurement does not exist (any more).', code: 'measurement-not-found' },
  'mcp-server': { message: 'There is no MCP server with this id (any more).', code: 'mcp-server-not-found' },
} as const

/** Something asked for is gone (another window deleted it) or never was: one wording per kind of thing. */
export function notFound(what: keyof typeof NOT_FOUND): { ok: false; error: AppError } {
  const { message, code } = NOT_FOUND[what]
  return fail('not-found', message, { detail: { code } })
}

/** The longest list of issues a validation message carries (a payload can have thousands). */
const MAX_VALIDATION_MESSAGE = 500

/** A payload that failed its schema: its issues, path first (zod's messages never quote the input). */
export function validationFailure(error: z.ZodError): { ok: false; error: AppError } {
  const text = error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ')
  return fail(
    'validation',
    `Invalid request: ${text.length > MAX_VALIDATION_MESSAGE ? `${text.slice(0, MAX_VALIDATION_MESSAGE).toWellFormed()}…` : text}`,
  )
}

/** An unexpected throw turned into a plain error (storage errors keep their kind's message; never a stack). */
export function failureFromThrown(error: unknown): { ok: false; error: AppError } {
  const storage =
    error instanceof TurnStorageError ? error.storage : isSqliteError(error) ? toStorageError(error) : undefined
  if (storage) {
    return fail('storage', storage.message, {
      retryable: storage.retryable,
      ...(storage.kind === 'full' ? { detail: { code: 'disk-full' } } : {}),
    })
  }
  return fail('internal', error instanceof Error ? error.message : String(error))
}
