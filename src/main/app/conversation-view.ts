import type { Generation } from '../../shared/conversation'
import type { ConversationView, UsageSummary } from '../../shared/ipc/app-contract'
import { costOfUsage, priceFor, sumCosts, sumCostTotals, type PriceBook } from '../../shared/pricing'
import type { AttemptDiagnostic } from '../../shared/run-events'
import type { Usage } from '../../shared/usage'
import type { KeelStore } from '../db/keel-store'
import { withDeferredEnd } from '../harness/deferred-finalizations'

/**
 * A conversation with its messages and token usage: per assistant message, the sum over every model
 * call that streamed into it (rounds, retries, failed and stopped attempts); `estimated` when any
 * call's usage was estimated or is unknown (a call the app crashed in). Unknown numbers stay
 * `undefined`, never 0. Each call is priced with the price of *its* provider and model, so a
 * conversation that switched models is priced right.
 */
export function buildConversationView(store: KeelStore, conversationId: string, prices: PriceBook = {}): ConversationView | undefined {
  const conversation = store.conversations.getConversation(conversationId)
  if (!conversation) return undefined
  const messages = store.conversations.getMessages(conversationId).map((message) => withDeferredEnd(store, message))
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
  const perMessage: Record<string, UsageSummary> = {}
  const diagnostics: Record<string, AttemptDiagnostic[]> = {}
  const totals: UsageSummary[] = []
  for (const message of messages) {
    const generations = byMessage.get(message.id)
    if (message.role !== 'assistant' || !generations) continue
    const failed = generations.filter((g) => g.error !== undefined).sort((a, b) => a.round - b.round || a.attempt - b.attempt)
    if (failed.length > 0) diagnostics[message.id] = failed.map(diagnosticOf)
    const total = summarize(generations, prices)
    perMessage[message.id] = total
    totals.push(total)
  }
  const total: UsageSummary = { ...sumUsage(totals), cost: sumCostTotals(totals.map((t) => t.cost ?? undefined)) ?? null }
  const attachments = Object.fromEntries(store.attachments.infoByMessage(conversationId))
  return { conversation, messages, usage: { perMessage, total }, diagnostics, ...(Object.keys(attachments).length > 0 ? { attachments } : {}) }
}

/** A failed model call as the live `diagnostics` event showed it. */
function diagnosticOf(generation: Generation): AttemptDiagnostic {
  const error = generation.error!
  return {
    round: generation.round,
    attempt: generation.attempt,
    kind: error.kind as AttemptDiagnostic['kind'],
    status: error.status,
    requestId: error.requestId,
    providerMessage: error.message,
  }
}

function summarize(generations: readonly Generation[], prices: PriceBook): UsageSummary {
  const usage = sumUsage(generations.map((g) => ({ usage: g.usage, estimated: g.usageSource !== 'reported' })))
  const costs = generations.map((g) => {
    const price = priceFor(prices, g.provider, g.model)
    return price ? costOfUsage(g.usage, price) : undefined
  })
  return { ...usage, cost: sumCosts(costs) ?? null }
}

function sumUsage(parts: readonly { usage: Usage; estimated: boolean }[]): { usage: Usage; estimated: boolean } {
  const add = (field: keyof Usage): number | undefined => {
    const known = parts.map((p) => p.usage[field]).filter((n): n is number => n !== undefined)
    return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0)
  }
  return {
    usage: { inputTokens: add('inputTokens'), outputTokens: add('outputTokens'), reasoningTokens: add('reasoningTokens'), cachedInputTokens: add('cachedInputTokens') },
    estimated: parts.some((p) => p.estimated),
  }
}
