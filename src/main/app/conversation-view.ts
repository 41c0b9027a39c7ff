import type { Generation } from '../../shared/conversation'
import type { ConversationView } from '../../shared/ipc/app-contract'
import type { Usage } from '../../shared/usage'
import type { KeelStore } from '../db/keel-store'

interface UsageTotal {
  usage: Usage
  estimated: boolean
}

/**
 * A conversation with its messages and token usage: per assistant message, the sum over every model
 * call that streamed into it (rounds and retries); `estimated` when any call's usage was estimated
 * or is unknown (a call the app crashed in). Unknown numbers stay `undefined`, never 0.
 */
export function buildConversationView(store: KeelStore, conversationId: string): ConversationView | undefined {
  const conversation = store.conversations.getConversation(conversationId)
  if (!conversation) return undefined
  const messages = store.conversations.getMessages(conversationId)
  const byMessage = new Map<string, Generation[]>()
  const turnIds = new Set(messages.flatMap((m) => (m.role === 'assistant' && m.turnId ? [m.turnId] : [])))
  for (const turnId of turnIds) {
    for (const generation of store.generations.listForTurn(turnId)) {
      if (!generation.messageId) continue
      const list = byMessage.get(generation.messageId) ?? []
      list.push(generation)
      byMessage.set(generation.messageId, list)
    }
  }
  const perMessage: Record<string, UsageTotal> = {}
  const totals: UsageTotal[] = []
  for (const message of messages) {
    const generations = byMessage.get(message.id)
    if (message.role !== 'assistant' || !generations) continue
    const total = sumUsage(generations.map((g) => ({ usage: g.usage, estimated: g.usageSource !== 'reported' })))
    perMessage[message.id] = total
    totals.push(total)
  }
  return { conversation, messages, usage: { perMessage, total: sumUsage(totals) } }
}

function sumUsage(parts: readonly UsageTotal[]): UsageTotal {
  const add = (field: keyof Usage): number | undefined => {
    const known = parts.map((p) => p.usage[field]).filter((n): n is number => n !== undefined)
    return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0)
  }
  return {
    usage: { inputTokens: add('inputTokens'), outputTokens: add('outputTokens'), reasoningTokens: add('reasoningTokens'), cachedInputTokens: add('cachedInputTokens') },
    estimated: parts.some((p) => p.estimated),
  }
}
