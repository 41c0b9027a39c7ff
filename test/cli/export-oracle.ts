// The in-memory `keel export` as it was before the export was streamed, kept verbatim as the oracle
// of the output's shape and order (the streamed export adds only the raw epoch fields beside dates).
import type { KeelStore } from '../../src/main/db/keel-store'

/** The stable JSON shape of `keel export`, before streaming. */
export function exportStoreInMemory(store: KeelStore) {
  const conversations = []
  const generations = []
  const seenTurns = new Set<string>()
  let before: { updatedAt: number; id: string } | undefined
  const all = []
  for (;;) {
    const page = store.conversations.listConversations({ limit: 500, ...(before ? { before } : {}) })
    all.push(...page)
    const last = page.at(-1)
    if (page.length < 500 || !last) break
    before = { updatedAt: last.updatedAt, id: last.id }
  }
  for (const conversation of all.reverse()) {
    const messages = store.conversations.getMessages(conversation.id)
    conversations.push({
      id: conversation.id,
      title: conversation.title,
      messages: messages.map((message) => ({
        id: message.id,
        role: message.role,
        status: message.status,
        interruptReason: message.interruptReason ?? null,
        text: message.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
        toolCalls: message.parts.flatMap((p) => {
          if (p.type !== 'tool-call') return []
          const result = message.parts.find((r) => r.type === 'tool-result' && r.callId === p.callId)
          return [
            {
              callId: p.callId,
              name: p.toolName,
              arguments: p.arguments ?? null,
              argumentsText: p.argumentsText,
              state: result?.type === 'tool-result' ? (result.state ?? result.outcome.status) : 'not-run',
              result: result?.type === 'tool-result' ? result.outcome : null,
            },
          ]
        }),
      })),
    })
    for (const message of messages) {
      if (!message.turnId || seenTurns.has(message.turnId)) continue
      seenTurns.add(message.turnId)
      for (const g of store.generations.listForTurn(message.turnId)) {
        generations.push({
          turnId: g.turnId,
          round: g.round,
          attempt: g.attempt,
          provider: g.provider,
          profile: g.profile,
          model: g.model,
          outcome: g.outcome,
          finishReason: g.finishReason ?? null,
          usage: {
            inputTokens: g.usage.inputTokens ?? null,
            outputTokens: g.usage.outputTokens ?? null,
            estimated: g.usageSource === undefined ? null : g.usageSource === 'estimated',
          },
        })
      }
    }
  }
  const measurements = store.measurements.list({ limit: Number.MAX_SAFE_INTEGER }).map((m) => ({
    id: m.id,
    kind: m.kind,
    value: m.value,
    unit: m.unit,
    canonicalValue: m.canonicalValue,
    canonicalUnit: m.canonicalUnit,
    measuredAt: new Date(m.takenAt).toISOString(),
  }))
  const ledger = store.ledger.list().map((entry) => ({
    key: entry.idempotencyKey,
    tool: entry.toolName,
    state: entry.state,
    callIds: entry.callIds,
    turnId: entry.turnId,
    recordedAt: new Date(entry.createdAt).toISOString(),
  }))
  return { conversations, generations, measurements, ledger }
}
