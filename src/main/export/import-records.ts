// The records of an export as the import reads them, one zod schema per record. Lenient where the
// export writes derived, readable fields (notices' words, dates as text, tool-call states): extra
// keys are ignored. Strict where a value goes into a row (roles, statuses, ids, numbers, files).
// A record written before a field existed still reads (an older export, or the window's).
import { z } from 'zod'
import { attachmentNameSchema } from '../../shared/attachment-schema'
import { ATTACHMENT_MIME_TYPES } from '../../shared/attachments'
import { conversationSettingsSchema } from '../../shared/conversation-settings'
import { isFallbackMessageId } from '../../shared/fallback-messages'

const id = z.string().min(1).max(200)
/** Epoch milliseconds, or an ISO date (the window's export writes its conversation's dates as text). */
const time = z.union([
  z.number().int().min(-8.64e15).max(8.64e15),
  z.iso.datetime({ offset: true }).transform((text) => Date.parse(text)),
])
const count = z.number().int().min(0).nullable().optional()

const jsonObject = z.record(z.string(), z.unknown())

/**
 * Checked by `schema` but kept exactly as given (zod's output would reorder an object's keys): stored
 * JSON (a call's result, a part) then exports byte for byte as it was.
 */
function asGiven<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>> {
  return z.unknown().superRefine((value, ctx) => {
    const checked = schema.safeParse(value)
    if (!checked.success)
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  }) as unknown as z.ZodType<z.output<S>>
}

const text = z.string().max(1_000_000)
const hostedCall = z.looseObject({
  id,
  toolName: z.string().min(1).max(256),
  kind: z.enum(['search', 'fetch', 'other']),
  queries: z.array(text).max(1000),
  url: text.optional(),
  status: z.enum(['running', 'completed', 'failed']),
  errorCode: z.string().max(200).optional(),
  sources: z
    .array(z.looseObject({ url: text, title: text.optional(), pageAge: z.string().max(200).optional() }))
    .max(10_000),
  suggestionsHtml: text.optional(),
})
const citation = z.looseObject({
  url: text,
  title: text.optional(),
  citedText: text.optional(),
  supportedText: text.optional(),
  span: z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }).optional(),
})

export const importedPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('reasoning'), text: z.string() }),
  z.looseObject({
    type: z.literal('tool-call'),
    callId: id,
    callIdIsLocal: z.boolean().default(false),
    toolName: z.string().min(1).max(256),
    argumentsText: z.string(),
    arguments: jsonObject.nullable().optional(),
  }),
  z.looseObject({
    type: z.literal('tool-result'),
    callId: id,
    toolName: z.string().min(1).max(256),
    outcome: z.looseObject({ status: z.string().min(1) }),
  }),
  z.object({ type: z.literal('replay'), provider: z.string().min(1).max(200), item: jsonObject }),
  // What the provider's own tools did and the sources the answer cites (files from this version on).
  z.object({ type: z.literal('hosted-call'), call: hostedCall }),
  z.object({ type: z.literal('citation'), citation }),
])
export type ImportedPart = z.output<typeof importedPart>

const importedToolCall = z.object({
  callId: id,
  name: z.string().min(1).max(256),
  arguments: jsonObject.nullable().optional(),
  argumentsText: z.string().optional(),
  result: asGiven(z.looseObject({ status: z.string().min(1) }))
    .nullable()
    .optional(),
})

/** A question's file; its bytes, count and total are checked as the composer's are (store-import's resolveTree). */
const importedAttachment = z.object({
  name: attachmentNameSchema,
  mimeType: z.enum(ATTACHMENT_MIME_TYPES),
  size: z.number().int().min(1),
  dataBase64: z.base64(),
})

export const importedMessage = z.object({
  /** Absent in a hand-made file: a new id is given. */
  id: id.optional(),
  /** Absent: the message follows the one before it in the file (a linear conversation). */
  parentId: id.nullable().optional(),
  turnId: id.nullable().optional(),
  createdAt: time.optional(),
  updatedAt: time.optional(),
  role: z.enum(['user', 'assistant', 'system']),
  status: z.enum(['streaming', 'complete', 'interrupted', 'failed']).optional(),
  interruptReason: z
    .enum(['user-stop', 'network', 'provider-error', 'app-crash', 'window-closed'])
    .nullable()
    .optional(),
  error: z.object({ kind: z.string(), message: z.string() }).loose().optional(),
  text: z.string().max(10_000_000),
  reasoning: z.string().max(10_000_000).optional(),
  toolCalls: z.array(importedToolCall).optional(),
  attachments: z.array(importedAttachment).optional(),
  noticeRefs: z
    .array(
      z.object({
        id: z.string().refine(isFallbackMessageId, 'not a notice this version knows'),
        values: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  reasoningMs: z.number().int().min(0).optional(),
  /** The stored parts, when the readable fields do not rebuild them exactly. */
  parts: z.array(asGiven(importedPart)).optional(),
})
export type ImportedMessage = z.output<typeof importedMessage>

export const importedConversation = z.object({
  id,
  title: z.string().max(1000),
  createdAt: time.optional(),
  updatedAt: time.optional(),
  /** When it was pinned (the store's export only). */
  pinnedAt: time.optional(),
  settings: conversationSettingsSchema.optional(),
  currentLeafId: id.nullable().optional(),
  messages: z.array(importedMessage).max(1_000_000),
})
export type ImportedConversation = z.output<typeof importedConversation>

const outcomes = ['running', 'complete', 'truncated', 'provider-error', 'network', 'user-stop', 'app-crash'] as const
const finishReasons = ['stop', 'tool-calls', 'length', 'content-filter', 'error', 'other'] as const

export const importedGeneration = z.object({
  id: id.optional(),
  messageId: id.nullable().optional(),
  turnId: id,
  round: z.number().int().min(1),
  attempt: z.number().int().min(1),
  provider: z.string().min(1).max(200),
  /** The provider profile the call went to (exports before profiles: absent, the wire id). */
  profile: z.string().min(1).max(200).optional(),
  model: z.string().max(500),
  outcome: z.enum(outcomes),
  finishReason: z.enum(finishReasons).nullable().optional(),
  usage: z.object({
    inputTokens: count,
    outputTokens: count,
    estimated: z.boolean().nullable().optional(),
    reasoningTokens: count,
    cachedInputTokens: count,
    /** Searches the provider ran itself (exports before them: absent). */
    hostedSearches: z.number().int().min(0).optional(),
  }),
  startedAt: time.optional(),
  endedAt: time.nullable().optional(),
  rawFinishReason: z.string().nullable().optional(),
  error: z.object({ kind: z.string(), message: z.string() }).loose().nullable().optional(),
})
export type ImportedGeneration = z.output<typeof importedGeneration>

export const importedMeasurement = z.object({
  id: z.number().int().min(1),
  kind: z.enum(['height', 'weight', 'body-fat', 'waist', 'resting-heart-rate']),
  value: z.number(),
  unit: z.enum(['cm', 'm', 'in', 'ft', 'kg', 'lb', '%', 'bpm']),
  canonicalValue: z.number(),
  /** Raw epoch ms; an older export has only `measuredAt` (ISO). */
  takenAt: z.number().int().optional(),
  measuredAt: z.iso.datetime({ offset: true }).nullable().optional(),
  takenAtOffsetMin: z.number().int().min(-1439).max(1439).nullable().optional(),
  measuredAtLocal: z.string().nullable().optional(),
  precision: z.enum(['day', 'instant']).optional(),
  recordedAt: time.optional(),
  /** The ledger entry whose tool call stored it (null: the user's own, or its conversation is gone). */
  createdByLedgerKey: z.string().min(1).max(1000).nullable().optional(),
})
export type ImportedMeasurement = z.output<typeof importedMeasurement>

export const importedLedgerEntry = z.object({
  key: z.string().min(1).max(1000),
  tool: z.string().min(1).max(256),
  state: z.enum(['succeeded', 'failed', 'unknown']),
  callIds: z.array(id),
  turnId: id,
  createdAt: time.optional(),
  recordedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  conversationId: id.optional(),
  arguments: z.unknown().optional(),
  output: z.unknown().optional(),
  error: z.object({ kind: z.string(), message: z.string() }).loose().nullable().optional(),
  updatedAt: time.optional(),
})
export type ImportedLedgerEntry = z.output<typeof importedLedgerEntry>

/** The window's export: its `format` and `version`. */
export const CONVERSATION_EXPORT_FORMAT = 'keel-conversation'
export const CONVERSATION_EXPORT_VERSION = 1
