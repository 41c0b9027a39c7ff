// Reading a conversation export back: the window's JSON export (one conversation) or `keel export`'s
// whole-store file (every conversation in it). Validated whole before anything is written; a
// conversation whose id is already in the store is skipped, so importing a file twice adds nothing.
import { z } from 'zod'
import { conversationSettingsSchema } from '../../shared/conversation-settings'
import type { ConversationSettings } from '../../shared/conversation-settings'
import type { MessagePart } from '../../shared/conversation'
import type { KeelStore } from '../db/keel-store'
import { conversationSettingsOf } from '../db/conversation-settings-store'
import { storedInterrupt } from '../db/message-rows'

/** The `format` of the window's export (a whole-store `keel export` has none: it has `conversations`). */
export const CONVERSATION_EXPORT_FORMAT = 'keel-conversation'
export const CONVERSATION_EXPORT_VERSION = 1
/** The most messages one imported conversation may have. */
const MAX_IMPORTED_MESSAGES = 100_000

// Extra keys (usage, notices, tool calls, generations) are allowed and ignored: the export carries more than the import needs.
const importedMessage = z.object({
  role: z.enum(['user', 'assistant', 'system']),
  status: z.enum(['streaming', 'complete', 'interrupted', 'failed']).optional(),
  interruptReason: z.enum(['user-stop', 'network', 'provider-error', 'app-crash', 'window-closed']).nullable().optional(),
  text: z.string().max(1_000_000),
  reasoning: z.string().max(1_000_000).optional(),
  toolCalls: z.array(z.unknown()).optional(),
})

const importedConversation = z.object({
  id: z.string().min(1).max(200),
  title: z.string().max(1000),
  settings: conversationSettingsSchema.optional(),
  messages: z.array(importedMessage).max(MAX_IMPORTED_MESSAGES),
})

const importFile = z.union([
  z.object({ format: z.literal(CONVERSATION_EXPORT_FORMAT), version: z.literal(CONVERSATION_EXPORT_VERSION), conversation: importedConversation }),
  z.object({ conversations: z.array(importedConversation) }),
])

type ImportedConversation = z.output<typeof importedConversation>

export type ParsedImport = { ok: true; conversations: ImportedConversation[] } | { ok: false; where: string; message: string }

/** Parses and validates the whole file; `where` says where it failed ("line 3, column 5", "conversation.messages.2.role"). */
export function parseConversationImport(text: string): ParsedImport {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    return { ok: false, where: jsonErrorWhere(text, error), message: 'This file is not JSON.' }
  }
  const parsed = importFile.safeParse(json)
  if (!parsed.success) {
    const issue = deepestIssue(parsed.error.issues)
    return { ok: false, where: issue.path.length > 0 ? issue.path.map(String).join('.') : '(top level)', message: issue.message }
  }
  const conversations = 'conversation' in parsed.data ? [parsed.data.conversation] : parsed.data.conversations
  for (const [index, conversation] of conversations.entries()) {
    const firstAnswer = conversation.messages.findIndex((m) => m.role === 'assistant')
    const firstQuestion = conversation.messages.findIndex((m) => m.role === 'user')
    if (firstAnswer !== -1 && (firstQuestion === -1 || firstAnswer < firstQuestion)) {
      const prefix = 'conversation' in parsed.data ? 'conversation' : `conversations.${index}`
      return { ok: false, where: `${prefix}.messages.${firstAnswer}`, message: 'An answer must follow a question.' }
    }
    if (conversation.settings && (conversation.settings.provider === undefined) !== (conversation.settings.model === undefined)) {
      return { ok: false, where: 'conversation' in parsed.data ? 'conversation.settings' : `conversations.${index}.settings`, message: 'provider and model are chosen together.' }
    }
  }
  return { ok: true, conversations }
}

export interface ImportReport {
  imported: { id: string; title: string; messages: number }[]
  /** Already in the store (same id): left as they are. */
  skipped: { id: string; title: string }[]
}

/**
 * Writes the validated conversations in one transaction (all or nothing): each keeps its id, title,
 * settings, messages' text and reasoning and statuses. Tool calls are not re-created (their results
 * are the ledger's; an imported answer shows its text).
 */
export function importConversations(store: KeelStore, conversations: readonly ImportedConversation[]): ImportReport {
  const report: ImportReport = { imported: [], skipped: [] }
  const settings = conversationSettingsOf(store)
  const markStatus = store.db.prepare<[string, string | null, string | null, string]>('UPDATE messages SET status = ?, interrupt_reason = ?, error_json = ? WHERE id = ?')
  store.db
    .transaction(() => {
      for (const conversation of conversations) {
        if (store.conversations.getConversation(conversation.id)) {
          report.skipped.push({ id: conversation.id, title: conversation.title })
          continue
        }
        store.conversations.createConversation({ id: conversation.id, title: conversation.title.slice(0, 200) })
        let turnId: string | undefined
        for (const message of conversation.messages) {
          if (message.role === 'user') {
            turnId = store.conversations.startTurn({ conversationId: conversation.id, userText: message.text }).turn.id
            continue
          }
          const parts: MessagePart[] = []
          if (message.reasoning) parts.push({ type: 'reasoning', text: message.reasoning })
          if (message.text) parts.push({ type: 'text', text: message.text })
          const added = store.conversations.addMessage({ conversationId: conversation.id, ...(message.role === 'assistant' && turnId ? { turnId } : {}), role: message.role, parts })
          // A streaming answer in the file was cut off where it was exported: it is interrupted here.
          if (message.status === 'interrupted' || message.status === 'streaming') markStatus.run('interrupted', storedInterrupt(message.interruptReason ?? 'app-crash').reason, null, added.id)
          else if (message.status === 'failed') markStatus.run('failed', null, JSON.stringify({ kind: 'imported', message: 'This answer had failed where it was exported.' }), added.id)
        }
        if (conversation.settings && Object.keys(conversation.settings).length > 0) settings.set(conversation.id, conversation.settings as ConversationSettings)
        report.imported.push({ id: conversation.id, title: conversation.title, messages: conversation.messages.length })
      }
    })
    .immediate()
  return report
}

/** The issue to report: for a union, the branch that got furthest (its path is the useful one). */
function deepestIssue(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue {
  let best = issues[0]!
  for (const issue of issues) {
    const candidate = issue.code === 'invalid_union' && issue.errors.length > 0 ? deepestIssue(issue.errors.flat()) : issue
    if (candidate.path.length > best.path.length || best.code === 'invalid_union') best = candidate
  }
  return best
}

/** "line L, column C" of a JSON.parse error (V8 gives a position), else "(whole file)". */
function jsonErrorWhere(text: string, error: unknown): string {
  const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1]
  if (position === undefined) return text.trim() === '' ? '(empty file)' : '(whole file)'
  const before = text.slice(0, Number(position))
  const line = before.split('\n').length
  const column = Number(position) - before.lastIndexOf('\n')
  return `line ${line}, column ${column}`
}
