// One conversation and its model calls as `keel export` writes them: the stable JSON shape, shared
// by the CLI's whole-store export and the window's per-conversation Export.
import { fallbackMessage } from '../../shared/fallback-messages'
import { callsNotRun, legacyNotice } from '../../shared/legacy-notice'
import { cardStateOf, storedOutcomeOf } from '../../shared/tool-card'
import type { HostedCall } from '../../shared/hosted-tools'
import { citationsOf, numberedSources, type NumberedSource } from '../../shared/web-sources'
import type { Generation, Message, MessagePart } from '../../shared/conversation'
import type { ConversationSettings } from '../../shared/conversation-settings'
import type { StoredAttachment } from '../db/attachment-store'

/**
 * One conversation of `keel export`: the stable shape. `messages` are every message of every branch
 * in creation order; `parentId` and `currentLeafId` rebuild the tree and the branch shown.
 */
export function exportedConversation(
  conversation: { id: string; title: string; createdAt?: number; updatedAt?: number; pinnedAt?: number },
  messages: Message[],
  currentLeafId?: string,
  files?: ReadonlyMap<string, readonly StoredAttachment[]>,
  settings?: ConversationSettings,
) {
  return {
    id: conversation.id,
    title: conversation.title,
    // For a restore (`keel import`): epoch milliseconds, the settings, each message's turn and times.
    ...(conversation.createdAt !== undefined ? { createdAt: conversation.createdAt } : {}),
    ...(conversation.updatedAt !== undefined ? { updatedAt: conversation.updatedAt } : {}),
    // Only the store's export (a backup) passes it: a restore keeps the pins.
    ...(conversation.pinnedAt !== undefined ? { pinnedAt: conversation.pinnedAt } : {}),
    ...(settings ? { settings } : {}),
    currentLeafId: currentLeafId ?? null,
    messages: messages.map((message) => ({
      id: message.id,
      parentId: message.parentId ?? null,
      turnId: message.turnId ?? null,
      createdAt: message.createdAt,
      updatedAt: message.updatedAt,
      role: message.role,
      status: message.status,
      interruptReason: message.interruptReason ?? null,
      text: message.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
      // A user's files, whole (base64), so nothing of the message is lost; only when there are any.
      ...(files?.get(message.id)?.length
        ? {
            attachments: files.get(message.id)!.map((file) => ({
              name: file.name,
              mimeType: file.mimeType,
              size: file.size,
              dataBase64: file.bytes.toString('base64'),
            })),
          }
        : {}),
      ...(message.role === 'assistant'
        ? {
            reasoning: message.parts.map((p) => (p.type === 'reasoning' ? p.text : '')).join(''),
            // The notice the user saw with the answer (an older answer's is derived as the window does).
            notices: [...message.notices, ...(legacyNotice(message) ? [legacyNotice(message)!] : [])].map((n) => ({
              id: n.id,
              text: fallbackMessage('en', n.id, n.values),
            })),
            notRunCalls: callsNotRun(message),
            // Readable copies of the stored parts (import reads `parts`): only when there are any.
            ...webFields(message.parts),
          }
        : {}),
      // What a restore needs beyond the readable fields: only when there is any.
      ...(message.error ? { error: message.error } : {}),
      ...(message.notices.length > 0 ? { noticeRefs: message.notices } : {}),
      ...(message.reasoningMs !== undefined ? { reasoningMs: message.reasoningMs } : {}),
      ...(sameParts(message.parts, partsFromReadable(message.parts)) ? {} : { parts: message.parts }),
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

/**
 * The parts the readable fields rebuild (reasoning, then each call and its result, then the text):
 * a message whose stored parts are exactly these needs no `parts` in the export. Shared with import.
 */
export function partsFromReadable(parts: readonly MessagePart[]): MessagePart[] {
  const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
  const reasoning = parts.map((p) => (p.type === 'reasoning' ? p.text : '')).join('')
  const calls = parts.flatMap((p) => {
    if (p.type !== 'tool-call') return []
    const result = parts.find((r) => r.type === 'tool-result' && r.callId === p.callId)
    return result?.type === 'tool-result'
      ? [
          p,
          {
            type: 'tool-result' as const,
            callId: result.callId,
            toolName: result.toolName,
            outcome: storedOutcomeOf(result),
          },
        ]
      : [p]
  })
  return [
    ...(reasoning ? [{ type: 'reasoning' as const, text: reasoning }] : []),
    ...calls,
    ...(text ? [{ type: 'text' as const, text }] : []),
  ]
}

function sameParts(a: readonly MessagePart[], b: readonly MessagePart[]): boolean {
  return stableJson(a) === stableJson(b)
}

/** JSON with object keys sorted (stored parts put `type` last, rebuilt ones first). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  )
}

export function exportedGeneration(g: Generation) {
  return {
    id: g.id,
    messageId: g.messageId ?? null,
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
      reasoningTokens: g.usage.reasoningTokens ?? null,
      cachedInputTokens: g.usage.cachedInputTokens ?? null,
      ...(g.usage.hostedSearches ? { hostedSearches: g.usage.hostedSearches } : {}),
    },
    startedAt: g.startedAt,
    endedAt: g.endedAt ?? null,
    rawFinishReason: g.rawFinishReason ?? null,
    error: g.error ?? null,
  }
}

/** The provider's own tool calls and the numbered sources of an answer, for a reader of the file. */
function webFields(parts: readonly MessagePart[]): { hostedCalls?: HostedCall[]; sources?: NumberedSource[] } {
  const hostedCalls = parts.flatMap((p) => (p.type === 'hosted-call' ? [p.call] : []))
  const sources = numberedSources(citationsOf(parts))
  return {
    ...(hostedCalls.length > 0 ? { hostedCalls } : {}),
    ...(sources.length > 0 ? { sources } : {}),
  }
}
