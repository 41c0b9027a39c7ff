import { z } from 'zod'
import { APPROVAL_DECISIONS } from '../../approval-decision'
import { attachmentsSchema } from '../../attachment-schema'
import { MAX_ATTACHMENTS } from '../../attachments'
import { conversationSettingsSchema } from '../../conversation-settings'
import { LOCALES } from '../../locale'
import type { RunEvent } from '../../run-events'
import { MAX_MESSAGE_CHARS } from '../channels'
import type { AccessOf } from './command-domain'
import { id, providerId } from './request-fields'

/** Turns: a new question, the message actions that start a run, and the user's part in a live run. */
export const TURN_SCHEMAS = {
  /** Starts a turn; its events arrive through the run-event subscription. */
  'turns.start': z
    .strictObject({
      conversationId: id.optional(),
      // May be empty when files are attached (the refinement below).
      text: z.string().trim().max(MAX_MESSAGE_CHARS),
      provider: providerId.optional(),
      /** Images and text files on the message (types, sizes and count checked; magic bytes in the core). */
      attachments: attachmentsSchema.optional(),
      /** The window's language (it may follow the browser's): the turn's notices and date preamble use it. */
      locale: z.enum(LOCALES).optional(),
      /** A new conversation's settings, chosen before its first message (kept with it once it exists). */
      settings: conversationSettingsSchema.optional(),
    })
    .refine((request) => request.text.length > 0 || (request.attachments?.length ?? 0) > 0, {
      message: 'A message needs text or a file',
      path: ['text'],
    }),
  /** The stop button. */
  'turns.stop': z.strictObject({ runId: id }),
  /**
   * Answers the question of an answer again: a new version of that answer, in place (the question
   * is not repeated). Also the Retry of a failed answer. Its events arrive like a turn's.
   */
  'turns.regenerate': z.strictObject({ conversationId: id, messageId: id }),
  /** A question edited and sent again: the conversation goes on from there; the old branch stays a version. */
  'turns.edit': z
    .strictObject({
      conversationId: id,
      messageId: id,
      // May be empty when files are named (kept or added): a question of files only.
      text: z.string().trim().max(MAX_MESSAGE_CHARS),
      /** The original question's files to keep (its `attachments` ids); absent: all of them, `[]`: none. */
      keepAttachmentIds: z.array(z.number().int().positive()).max(MAX_ATTACHMENTS).optional(),
      /** Files added while editing (checked like `turns.start`'s; with the kept ones, within the same limits). */
      attachments: attachmentsSchema.optional(),
    })
    .refine(
      (request) =>
        request.text.length > 0 ||
        (request.keepAttachmentIds?.length ?? 0) > 0 ||
        (request.attachments?.length ?? 0) > 0,
      {
        message: 'A message needs text or a file',
        path: ['text'],
      },
    ),
  /** Goes on with an answer the length limit cut off; the new text is added to the same answer. */
  'turns.continue': z.strictObject({ conversationId: id, messageId: id }),
  'approvals.answer': z.strictObject({ approvalId: id, decision: z.enum(APPROVAL_DECISIONS) }),
  /** The user's answer to a server's request for input (an `elicitation-request` run event). */
  'elicitations.answer': z.strictObject({
    elicitationId: id,
    answer: z.discriminatedUnion('action', [
      z.strictObject({
        action: z.literal('accept'),
        content: z.record(
          z.string().max(200),
          z.union([z.string().max(32_768), z.number(), z.boolean(), z.array(z.string().max(1000)).max(100)]),
        ),
      }),
      z.strictObject({ action: z.literal('decline') }),
      z.strictObject({ action: z.literal('cancel') }),
    ]),
  }),
  /** A window (re)opening: it watches every live run from now on and gets each one's events so far. */
  'runs.attach': z.strictObject({}),
} as const

export const TURN_ACCESS = {
  'turns.start': 'write',
  'turns.stop': 'control',
  'turns.regenerate': 'write',
  'turns.edit': 'write',
  'turns.continue': 'write',
  'approvals.answer': 'write',
  'elicitations.answer': 'write',
  'runs.attach': 'control',
} as const satisfies AccessOf<typeof TURN_SCHEMAS>

export interface TurnResponses {
  'turns.start': { runId: string }
  'turns.stop': { stopped: boolean }
  'turns.regenerate': { runId: string }
  'turns.edit': { runId: string }
  'turns.continue': { runId: string }
  'approvals.answer': { answered: boolean }
  'elicitations.answer': { answered: boolean }
  'runs.attach': { runs: RunSnapshot[] }
}

/** A run event tagged with its run, as pushed to the windows (or sockets) watching the run. */
export interface RunEventEnvelope {
  runId: string
  /**
   * The event's number in its run (from 1): a window that attached with a {@link RunSnapshot} up to
   * `seq` N ignores envelopes numbered N or less (they are in the snapshot).
   */
  seq?: number
  event: RunEvent
}

/**
 * A live run as `runs.attach` gives it to a window that (re)opens: its events so far, in order
 * (consecutive deltas merged: reduce them as live ones), up to and including number `seq`.
 */
export interface RunSnapshot {
  runId: string
  conversationId: string | undefined
  seq: number
  events: RunEvent[]
}
