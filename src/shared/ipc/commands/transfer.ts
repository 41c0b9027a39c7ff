import { z } from 'zod'
import type { ImportReport } from '../../import-report'
import { LOCALES } from '../../locale'
import { MAX_IMPORT_CHARS } from '../channels'
import type { AccessOf } from './command-domain'
import { id, uploadId } from './request-fields'

/** Conversations as files: one exported, an export (or a whole-store backup) imported in pieces. */
export const TRANSFER_SCHEMAS = {
  /** One conversation as a file: Markdown (to read) or JSON (to import again), words in `locale`. */
  'conversations.export': z.strictObject({
    conversationId: id,
    format: z.enum(['markdown', 'json']),
    locale: z.enum(LOCALES).optional(),
  }),
  /** A JSON export (the window's, or `keel export`'s whole store) added to this store; ids already here are skipped. */
  'conversations.import': z.union([
    z.strictObject({ text: z.string().min(1).max(MAX_IMPORT_CHARS) }),
    z.strictObject({ uploadId: uploadId }),
  ]),
  /** One piece of a file to import (in order, from 0), then `conversations.import` with its `uploadId`. */
  'conversations.importPart': z.strictObject({
    uploadId: uploadId,
    index: z.number().int().min(0).max(1_000_000),
    text: z.string().min(1).max(MAX_IMPORT_CHARS),
  }),
} as const

export const TRANSFER_ACCESS = {
  'conversations.export': 'read',
  'conversations.import': 'control',
  'conversations.importPart': 'control',
} as const satisfies AccessOf<typeof TRANSFER_SCHEMAS>

export interface TransferResponses {
  'conversations.export': { fileName: string; mimeType: string; text: string }
  'conversations.import': ImportReport
  'conversations.importPart': { received: number }
}
