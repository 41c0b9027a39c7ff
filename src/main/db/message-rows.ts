import type { InterruptReason, Message, MessageError, MessagePart, MessageRole, MessageStatus } from '../../shared/conversation'

/** A `messages` row as SQLite returns it. */
export interface MessageRow {
  id: string
  conversation_id: string
  turn_id: string | null
  seq: number
  role: MessageRole
  status: MessageStatus
  interrupt_reason: InterruptReason | null
  error_json: string | null
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
}

/** The JSON stored in `data_json` for tool parts: the part without its `type`. */
export function partDataJson(part: Extract<MessagePart, { type: 'tool-call' | 'tool-result' }>): string {
  const { type: _type, ...data } = part
  return JSON.stringify(data)
}

export function toMessagePart(row: MessagePartRow): MessagePart {
  if (row.type === 'text' || row.type === 'reasoning') return { type: row.type, text: row.text }
  const data = JSON.parse(row.data_json ?? '{}') as Record<string, unknown>
  return { ...data, type: row.type } as MessagePart
}

export function toMessage(row: MessageRow, parts: MessagePart[]): Message {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    turnId: row.turn_id ?? undefined,
    seq: row.seq,
    role: row.role,
    status: row.status,
    interruptReason: row.interrupt_reason ?? undefined,
    error: row.error_json === null ? undefined : (JSON.parse(row.error_json) as MessageError),
    parts,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}
