import { isFallbackMessageId, type NoticeRef } from '../../shared/fallback-messages'
import type { Citation, HostedCall } from '../../shared/hosted-tools'
import type { ProviderId } from '../../shared/provider-id'
import type { ReplayItem } from '../../shared/round-result'
import type {
  InterruptReason,
  Message,
  MessageError,
  MessagePart,
  MessageRole,
  MessageStatus,
} from '../../shared/conversation'

/** A `messages` row as SQLite returns it. */
export interface MessageRow {
  id: string
  conversation_id: string
  turn_id: string | null
  /** Migration 0100: the message this one follows (`NULL` for a conversation's first messages). */
  parent_id?: string | null
  seq: number
  role: MessageRole
  status: MessageStatus
  interrupt_reason: StoredInterruptReason | null
  /** Migration 0180: a finer reason (`window-closed`), stored with `interrupt_reason = 'network'`. */
  interrupt_detail?: 'window-closed' | null
  error_json: string | null
  /** Migration 0070: Keel's notices shown with the answer (JSON array of {id, values}). */
  notices_json: string | null
  reasoning_ms: number | null
  created_at: number
  updated_at: number
}

/** A `message_parts` row as SQLite returns it. */
export interface MessagePartRow {
  message_id: string
  position: number
  type: MessagePart['type']
  text: string
  data_json: string | null
  /** Replay items only (read from `message_replay_items`); hosted calls and citations come from `message_web_items`. */
  provider?: string | null
}

/** The JSON stored in `data_json` for tool parts: the part without its `type`. */
/** Stored notices, keeping only entries this build knows how to word (a newer Keel's are skipped, never fatal). */
function noticesOf(json: string): NoticeRef[] {
  const parsed = JSON.parse(json) as unknown
  if (!Array.isArray(parsed)) return []
  return parsed.filter(
    (entry): entry is NoticeRef =>
      typeof entry === 'object' && entry !== null && isFallbackMessageId((entry as { id?: unknown }).id),
  )
}

export function partDataJson(part: Extract<MessagePart, { type: 'tool-call' | 'tool-result' }>): string {
  const { type: _type, ...data } = part
  return JSON.stringify(data)
}

export function toMessagePart(row: MessagePartRow): MessagePart {
  if (row.type === 'text' || row.type === 'reasoning') return { type: row.type, text: row.text }
  if (row.type === 'replay')
    return {
      type: 'replay',
      provider: row.provider as ProviderId,
      item: JSON.parse(row.data_json ?? '{}') as ReplayItem,
    }
  if (row.type === 'hosted-call') return { type: 'hosted-call', call: JSON.parse(row.data_json ?? '{}') as HostedCall }
  if (row.type === 'citation') return { type: 'citation', citation: JSON.parse(row.data_json ?? '{}') as Citation }
  const data = JSON.parse(row.data_json ?? '{}') as Record<string, unknown>
  return { ...data, type: row.type } as MessagePart
}

export function toMessage(row: MessageRow, parts: MessagePart[]): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    turnId: row.turn_id ?? undefined,
    parentId: row.parent_id ?? undefined,
    seq: row.seq,
    role: row.role,
    status: row.status,
    interruptReason: row.interrupt_detail ?? row.interrupt_reason ?? undefined,
    error: row.error_json === null ? undefined : (JSON.parse(row.error_json) as MessageError),
    parts,
    notices: row.notices_json === null || row.notices_json === undefined ? [] : noticesOf(row.notices_json),
    reasoningMs: row.reasoning_ms ?? undefined,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The reasons the `interrupt_reason` column accepts (migration 0010); newer ones go in `interrupt_detail`. */
export type StoredInterruptReason = Exclude<InterruptReason, 'window-closed'>

/** How an interrupt reason is stored: `interrupt_reason` and `interrupt_detail` (migration 0180). */
export function storedInterrupt(reason: InterruptReason): {
  reason: StoredInterruptReason
  detail: 'window-closed' | null
} {
  return reason === 'window-closed' ? { reason: 'network', detail: 'window-closed' } : { reason, detail: null }
}

/** The JSON a web item is stored as in `message_web_items` (the call or citation itself). */
export function webItemJson(part: Extract<MessagePart, { type: 'hosted-call' | 'citation' }>): string {
  return JSON.stringify(part.type === 'hosted-call' ? part.call : part.citation)
}
