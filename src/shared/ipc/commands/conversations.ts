import { z } from 'zod'
import type { AttachmentInfo } from '../../attachments'
import type { Conversation, ConversationSummary, Message, MessageVersions } from '../../conversation'
import type { CostTotal } from '../../pricing'
import type { PresetId } from '../../provider-profiles'
import type { AttemptDiagnostic } from '../../run-events'
import { MAX_SEARCH_QUERY_CHARS, type SearchPage } from '../../search'
import type { Usage } from '../../usage'
import { MAX_CONVERSATION_PAGE } from '../channels'
import type { AccessOf } from './command-domain'
import { id } from './request-fields'

/** Conversations: the list, one conversation, its message tree, search and pins. */
export const CONVERSATION_SCHEMAS = {
  /**
   * Newest first, one page at a time: `before` is the last conversation of the previous page
   * (its `updatedAt` and `id`); a page shorter than `limit` is the last one.
   */
  'conversations.list': z.strictObject({
    limit: z.number().int().min(1).max(MAX_CONVERSATION_PAGE).optional(),
    before: z.strictObject({ updatedAt: z.number().int(), id }).optional(),
    /** Only the pinned conversations, all of them, most recently pinned first (`limit`/`before` ignored). */
    pinned: z.boolean().optional(),
  }),
  'conversations.open': z.strictObject({ conversationId: id }),
  'conversations.rename': z.strictObject({ conversationId: id, title: z.string().trim().min(1).max(200) }),
  'conversations.delete': z.strictObject({ conversationId: id }),
  /**
   * Titles and message text of every conversation (words, "a phrase", prefix*; case and diacritics
   * folded). Title hits first, then messages, best match first; `cursor` is the previous page's `nextCursor`.
   */
  'conversations.search': z.strictObject({
    query: z.string().max(MAX_SEARCH_QUERY_CHARS),
    limit: z.number().int().min(1).max(100).optional(),
    cursor: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
  }),
  /** Pins a conversation on top of the list, or unpins it. */
  'conversations.pin': z.strictObject({ conversationId: id, pinned: z.boolean() }),
  /** Deletes one message (a question with its answers); what followed is kept. Answers the conversation as it is now. */
  'messages.delete': z.strictObject({ conversationId: id, messageId: id }),
  /** Shows another version of a message (and the branch under it). Answers the conversation as it is now. */
  'messages.selectVersion': z.strictObject({ conversationId: id, messageId: id }),
} as const

export const CONVERSATION_ACCESS = {
  'conversations.list': 'read',
  'conversations.open': 'read',
  'conversations.rename': 'write',
  'conversations.delete': 'write',
  'conversations.search': 'read',
  'conversations.pin': 'write',
  'messages.delete': 'write',
  'messages.selectVersion': 'write',
} as const satisfies AccessOf<typeof CONVERSATION_SCHEMAS>

export interface ConversationResponses {
  'conversations.list': ConversationSummary[]
  'conversations.open': ConversationView
  'conversations.rename': Conversation
  'conversations.delete': { deleted: true }
  'conversations.search': SearchPage
  /** The pinned conversations after the change (most recently pinned first). */
  'conversations.pin': ConversationSummary[]
  'messages.delete': ConversationView
  'messages.selectVersion': ConversationView
}

export interface ConversationView {
  conversation: Conversation
  messages: Message[]
  /**
   * Tokens per message (assistant messages) and the conversation total, every model call counted
   * (rounds, retries, failed and stopped attempts); estimated where any part was.
   */
  usage: { perMessage: Record<string, UsageSummary>; total: UsageSummary }
  /** Per assistant message: every failed model call, as the live diagnostics showed it. */
  diagnostics: Record<string, AttemptDiagnostic[]>
  /** Per message shown: its place among its versions (a regenerated answer, an edited question). */
  versions?: Record<string, MessageVersions>
  /** Per answer shown: the model that wrote it (its last model call). */
  models?: Record<string, AnswerModel>
  /** Per user message: the files attached to it, without their bytes (`attachments.get` has them). */
  attachments?: Record<string, AttachmentInfo[]>
}

/** Who wrote an answer: the provider entry its last model call went to, and the model. */
export interface AnswerModel {
  /** The entry's (profile's) id: `ollama`, `custom-2`, or a wire id for a built-in entry. */
  provider: string
  /** The entry's English name, as Settings lists it (an entry removed since: its wire API's name). */
  providerName: string
  /** Whether the user named the entry (else the window translates the preset's name). */
  named: boolean
  preset: PresetId
  model: string
  /** Its last model call stopped at the length limit: it can be continued. */
  cutOffByLength: boolean
}

/** Summed usage of some model calls; `cost` is `null` when none of them has a configured price. */
export interface UsageSummary {
  usage: Usage
  estimated: boolean
  cost: CostTotal | null
}
