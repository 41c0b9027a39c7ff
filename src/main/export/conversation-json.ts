// One conversation and its model calls as `keel export` writes them: the stable JSON shape, shared
// by the CLI's whole-store export and the window's per-conversation Export.
import { fallbackMessage } from '../../shared/fallback-messages'
import { callsNotRun, legacyNotice } from '../../shared/legacy-notice'
import { cardStateOf, storedOutcomeOf } from '../../shared/tool-card'
import type { Generation, Message } from '../../shared/conversation'
import type { StoredAttachment } from '../db/attachment-store'

/**
 * One conversation of `keel export`: the stable shape. `messages` are every message of every branch
 * in creation order; `parentId` and `currentLeafId` rebuild the tree and the branch shown.
 */
export function exportedConversation(conversation: { id: string; title: string }, messages: Message[], currentLeafId?: string, files?: ReadonlyMap<string, readonly StoredAttachment[]>) {
  return {
    id: conversation.id,
    title: conversation.title,
    currentLeafId: currentLeafId ?? null,
    messages: messages.map((message) => ({
      id: message.id,
      parentId: message.parentId ?? null,
      role: message.role,
      status: message.status,
      interruptReason: message.interruptReason ?? null,
      text: message.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
      // A user's files, whole (base64), so nothing of the message is lost; only when there are any.
      ...(files?.get(message.id)?.length
        ? { attachments: files.get(message.id)!.map((file) => ({ name: file.name, mimeType: file.mimeType, size: file.size, dataBase64: file.bytes.toString('base64') })) }
        : {}),
      ...(message.role === 'assistant'
        ? {
            reasoning: message.parts.map((p) => (p.type === 'reasoning' ? p.text : '')).join(''),
            // The notice the user saw with the answer (an older answer's is derived as the window does).
            notices: [...message.notices, ...(legacyNotice(message) ? [legacyNotice(message)!] : [])].map((n) => ({ id: n.id, text: fallbackMessage('en', n.id, n.values) })),
            notRunCalls: callsNotRun(message),
          }
        : {}),
      toolCalls: message.parts.flatMap((p) => {
        if (p.type !== 'tool-call') return []
        const result = message.parts.find((r) => r.type === 'tool-result' && r.callId === p.callId)
        const outcome = result?.type === 'tool-result' ? storedOutcomeOf(result) : undefined
        return [
          {
            callId: p.callId,
            name: p.toolName,
            arguments: p.arguments ?? null,
            argumentsText: p.argumentsText,
            state: outcome ? cardStateOf(outcome) : 'not-run',
            result: outcome ?? null,
          },
        ]
      }),
    })),
  }
}

export function exportedGeneration(g: Generation) {
  return {
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
  }
}
