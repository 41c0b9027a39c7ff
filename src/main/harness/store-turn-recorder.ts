import type { FinishReason } from '../../shared/finish-reason'
import { checkAttachment, type CheckedAttachment } from '../../shared/attachments'
import type { StoredAttachment } from '../db/attachment-store'
import type {
  HistoryAssistantMessage,
  HistoryAttachment,
  HistoryMessage,
  HistoryToolResult,
  ToolResultImage,
} from '../../shared/chat-history'
import type { GenerationOutcome, Message, MessageEnd, MessagePart } from '../../shared/conversation'
import { isProviderId, type ProviderId } from '../../shared/provider-id'
import type { StorageError } from '../../shared/storage-error'
import type { ToolCallOutcome } from '../../shared/tool-outcome'
import type { ToolPreview } from '../../shared/tool-preview'
import { storedOutcomeOf } from '../../shared/tool-card'
import type { RoundResult } from '../../shared/round-result'
import type { HostedCall } from '../../shared/hosted-tools'
import type { AssistantMessageWriter, MessageDetails } from '../db/assistant-message-writer'
import type { StoreReader, StoreWriter } from '../db/keel-store'
import { toolResultForModel } from '../tools/tool-result-for-model'
import { deferFinalization, retryDeferredFinalizations } from './deferred-finalizations'
import type { TurnAction, TurnRecorder } from './turn-recorder'
import { TurnStorageError, storing } from './turn-storage-error'

/** A mistake the caller can fix (e.g. `--conversation` naming a conversation that does not exist). */
export class UnknownConversationError extends Error {
  override readonly name = 'UnknownConversationError'
}

/** Said to the model in place of an interrupted answer's missing end, so it never mistakes it for a whole one. */
const INTERRUPTED_MARK = '\n\n[This answer was interrupted before it finished.]'

/**
 * Asked of the model after its own partial answer ("Continue"): a plain user message works with
 * every provider (a trailing assistant message is a prefill only some of them honour).
 */
export const CONTINUE_PROMPT =
  'Your previous answer was cut off by the length limit. Continue it exactly where it stopped, without repeating anything already written and without any preamble.'

/** A message action names a message that cannot take it (the caller checks first: a bug or a race). */
export class MessageActionError extends Error {
  override readonly name = 'MessageActionError'
}

type ToolCallPart = Extract<MessagePart, { type: 'tool-call' }>
type ToolResultPart = Extract<MessagePart, { type: 'tool-result' }>

/** The {@link TurnRecorder} on Keel's SQLite store: one instance per turn. */
export function createStoreTurnRecorder(store: StoreWriter): TurnRecorder {
  let writer: AssistantMessageWriter | undefined
  let turnId = ''
  let messageId = ''
  // Regenerated and continued answers add model calls to a turn that has some: their rounds go on from there.
  let roundOffset = 0

  const mustWriter = (): AssistantMessageWriter => {
    if (!writer) throw new Error('TurnRecorder: begin() was not called')
    return writer
  }

  return {
    begin({ conversationId, userText, action, attachments }) {
      // Ends a full disk kept from being written go first (writes work again if this one does).
      retryDeferredFinalizations(store)
      let conversation = conversationId ? store.conversations.getConversation(conversationId) : undefined
      if (conversationId && !conversation)
        throw new UnknownConversationError(`no conversation with id ${conversationId}`)
      conversation ??= storing(() => store.conversations.createConversation({ title: titleFrom(userText) }))
      const id = conversation.id
      if (action) {
        const begun = beginAction(store, id, userText, action, attachments ?? [])
        writer = begun.writer
        turnId = begun.turnId
        messageId = writer.messageId
        roundOffset = Math.max(0, ...store.generations.listForTurn(turnId).map((g) => g.round))
        return { conversationId: id, turnId, messageId, history: begun.history }
      }
      const earlier = store.conversations.getMessages(id)
      const files = attachments ?? []
      const started = storing(() =>
        store.conversations.startTurn({
          conversationId: id,
          userText,
          ...(files.length > 0 ? { attachments: files } : {}),
        }),
      )
      turnId = started.turn.id
      writer = storing(() => store.conversations.startAssistantMessage({ conversationId: id, turnId }))
      messageId = writer.messageId
      const history = historyFromMessages(store, earlier)
      history.push({
        role: 'user',
        text: userText,
        ...(files.length > 0 ? { attachments: files.map(historyAttachmentOf) } : {}),
      })
      return { conversationId: id, turnId, messageId, history }
    },
    appendText(delta) {
      mustWriter().appendText(delta)
    },
    appendReasoning(delta) {
      mustWriter().appendReasoning(delta)
    },
    recordToolRound(round: HistoryAssistantMessage) {
      // Replay data first: it belongs before the round's calls (Anthropic's thinking precedes its tool_use).
      throwIfFailed(mustWriter().addReplay(round.provider, round.replay))
      for (const call of round.toolCalls) {
        throwIfFailed(
          mustWriter().addPart({
            type: 'tool-call',
            callId: call.callId,
            callIdIsLocal: call.callIdIsLocal,
            toolName: call.name,
            argumentsText: call.argumentsText,
            arguments: call.arguments as ToolCallPart['arguments'],
          }),
        )
      }
    },
    recordHosted({ hostedCalls, citations }) {
      mustWriter().addWebItems([
        ...latestPerId(hostedCalls).map((call) => ({ type: 'hosted-call' as const, call })),
        ...citations.map((citation) => ({ type: 'citation' as const, citation })),
      ])
    },
    recordReplay(provider, items) {
      throwIfFailed(mustWriter().addReplay(provider, items))
    },
    recordToolResult(result: HistoryToolResult, outcome: ToolCallOutcome, preview?: ToolPreview | undefined) {
      throwIfFailed(
        mustWriter().addPart({
          type: 'tool-result',
          callId: result.callId,
          toolName: result.name,
          outcome,
          sent: {
            content: result.content,
            isError: result.isError,
            ...(result.images ? { images: result.images } : {}),
          },
          ...(preview ? { preview } : {}),
        }),
      )
    },
    startGeneration({ round, attempt, provider, profile, model }) {
      return storing(
        () =>
          store.generations.start({ turnId, messageId, round: round + roundOffset, attempt, provider, profile, model })
            .id,
      )
    },
    finishGeneration(id, input) {
      const error = input.result?.error
      storing(() =>
        store.generations.finish(id, {
          outcome: generationOutcome(input.aborted, input.result),
          finishReason: storedFinishReason(input.result?.finishReason ?? null),
          rawFinishReason: input.result?.rawFinishReason ?? null,
          // Everything the live diagnostics showed, so a reopened answer shows the same.
          ...(error
            ? {
                error: {
                  kind: error.kind,
                  message: error.message,
                  ...((error.status ?? input.status) ? { status: error.status ?? input.status } : {}),
                  ...((error.requestId ?? input.requestId) ? { requestId: error.requestId ?? input.requestId } : {}),
                },
              }
            : {}),
          usage: input.usage,
          usageSource: input.estimated ? 'estimated' : 'reported',
        }),
      )
    },
    finish({ status, interruptReason, error, notices, reasoningMs }) {
      const end: MessageEnd =
        status === 'complete'
          ? { status: 'complete' }
          : status === 'interrupted'
            ? {
                status: 'interrupted',
                reason: interruptReason === 'app-crash' || !interruptReason ? 'provider-error' : interruptReason,
              }
            : { status: 'failed', error: error ?? { kind: 'unknown', message: 'The turn failed' } }
      const details: MessageDetails = { notices, reasoningMs }
      const written = mustWriter().finalize(end, details)
      if (!written.ok) {
        // The disk is full (or failing): the message stays `streaming` on disk for now. It is
        // finalized as soon as a write succeeds again, and shown with this end meanwhile.
        deferFinalization(store, mustWriter(), end, details)
        throw new TurnStorageError(written.error)
      }
    },
  }
}

/** Opens the answer a message action writes, and the history the model is sent for it. */
function beginAction(
  store: StoreWriter,
  conversationId: string,
  userText: string,
  action: TurnAction,
  files: readonly CheckedAttachment[],
): { writer: AssistantMessageWriter; turnId: string; history: HistoryMessage[] } {
  const target = store.conversations.getMessage(action.messageId)
  if (!target || target.conversationId !== conversationId)
    throw new MessageActionError(`no message ${action.messageId} in conversation ${conversationId}`)
  if (action.kind === 'edit') {
    if (target.role !== 'user') throw new MessageActionError('only a question can be edited')
    const parentId = target.parentId ?? null
    const history = historyFromMessages(store, parentId === null ? [] : store.conversations.getPath(parentId))
    // The edited question's files (those kept and those added) are stored with the new version and sent with it.
    const started = storing(() =>
      store.conversations.startTurn({
        conversationId,
        userText,
        parentId,
        ...(files.length > 0 ? { attachments: files } : {}),
      }),
    )
    const writer = storing(() =>
      store.conversations.startAssistantMessage({
        conversationId,
        turnId: started.turn.id,
        parentId: started.message.id,
      }),
    )
    history.push({
      role: 'user',
      text: userText,
      ...(files.length > 0 ? { attachments: files.map(historyAttachmentOf) } : {}),
    })
    return { writer, turnId: started.turn.id, history }
  }
  if (target.role !== 'assistant' || !target.turnId || target.status === 'streaming')
    throw new MessageActionError('only a finished answer can be regenerated or continued')
  const turnId = target.turnId
  if (action.kind === 'regenerate') {
    const question = target.parentId ? store.conversations.getMessage(target.parentId) : undefined
    if (question?.role !== 'user') throw new MessageActionError('this answer has no question to answer again')
    // The question as it is stored, once: it is not added again.
    const history = historyFromMessages(store, store.conversations.getPath(question.id))
    const writer = storing(() =>
      store.conversations.startAssistantMessage({ conversationId, turnId, parentId: question.id }),
    )
    return { writer, turnId, history }
  }
  // Continue: the partial answer is the model's own words (not marked as interrupted), then the request to go on.
  const path = store.conversations
    .getPath(target.id)
    .map((m) => (m.id === target.id ? { ...m, status: 'complete' as const, interruptReason: undefined } : m))
  const history = historyFromMessages(store, path)
  history.push({ role: 'user', text: CONTINUE_PROMPT })
  const writer = storing(() => store.conversations.resumeAssistantMessage(target.id))
  if (!writer) throw new MessageActionError('this answer cannot be continued')
  return { writer, turnId, history }
}

/** One entry per call id, its last state, where it was first announced. */
function latestPerId(calls: readonly HostedCall[]): HostedCall[] {
  const byId = new Map<string, HostedCall>()
  for (const call of calls) byId.set(call.id, call)
  return [...byId.values()]
}

function throwIfFailed(result: { ok: true } | { ok: false; error: StorageError }): void {
  if (!result.ok) throw new TurnStorageError(result.error)
}

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? ''
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || 'New conversation'
}

function generationOutcome(
  aborted: boolean,
  result: RoundResult | undefined,
): Exclude<GenerationOutcome, 'running' | 'app-crash'> {
  if (aborted) return 'user-stop'
  if (!result) return 'provider-error'
  if (result.error)
    return result.error.kind === 'network' || result.error.kind === 'truncated' || result.error.kind === 'unreachable'
      ? 'network'
      : 'provider-error'
  if (!result.complete || result.truncated) return 'truncated'
  return 'complete'
}

/** What the model was sent for a stored call: the stored text (newer rows), else what the one wording gives. */
function sentOf(part: ToolResultPart): { content: string; isError: boolean; images?: ToolResultImage[] } {
  if (part.sent) return part.sent
  const forModel = toolResultForModel(storedOutcomeOf(part))
  return { content: JSON.stringify(forModel.content), isError: forModel.isError }
}

/**
 * The provider-neutral history of a stored conversation: user messages, and each assistant
 * message split into its rounds (text, replay data, the calls that were answered, their results
 * exactly as sent). Calls that never got a result (cut off, not run) are left out: providers
 * reject a call without its result. Reasoning text is not sent back (only its replay data).
 */
export function historyFromMessages(store: StoreReader, messages: readonly Message[]): HistoryMessage[] {
  const history: HistoryMessage[] = []
  const conversationId = messages[0]?.conversationId
  // Earlier messages' files are sent again, as they were sent the first time.
  const files =
    conversationId === undefined
      ? new Map<string, StoredAttachment[]>()
      : store.attachments.withBytesByMessage(conversationId)
  for (const message of messages) {
    if (message.role === 'user') {
      const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
      const attachments = (files.get(message.id) ?? []).flatMap(storedHistoryAttachment)
      history.push({ role: 'user', text, ...(attachments.length > 0 ? { attachments } : {}) })
      continue
    }
    if (message.role !== 'assistant' || message.status === 'streaming') continue
    const provider = providerOfMessage(store, message)
    const answered = new Set(message.parts.flatMap((p) => (p.type === 'tool-result' ? [p.callId] : [])))
    // Results for ids the provider never saw (the inner calls of an expanded parallel wrapper) stay out.
    const called = new Set(message.parts.flatMap((p) => (p.type === 'tool-call' ? [p.callId] : [])))
    let round: HistoryAssistantMessage = { role: 'assistant', provider, text: '', toolCalls: [], replay: [] }
    let results: HistoryToolResult[] = []
    const flush = () => {
      // A round of replay data alone (its calls never run) is not sent: providers want it with what it led to.
      if (round.text.length > 0 || round.toolCalls.length > 0) history.push(round)
      if (results.length > 0) history.push({ role: 'tool-results', results })
      round = { role: 'assistant', provider, text: '', toolCalls: [], replay: [] }
      results = []
    }
    for (const part of message.parts) {
      if (part.type === 'text') {
        if (results.length > 0) flush()
        round.text += part.text
      } else if (part.type === 'replay') {
        if (results.length > 0) flush()
        // Replay data goes back only to the provider that made it (another one could not read it).
        if (part.provider === provider) round.replay.push(part.item)
      } else if (part.type === 'tool-call' && answered.has(part.callId)) {
        if (results.length > 0) flush()
        round.toolCalls.push({
          callId: part.callId,
          callIdIsLocal: part.callIdIsLocal,
          name: part.toolName,
          argumentsText: part.argumentsText,
          arguments: part.arguments,
        })
      } else if (part.type === 'tool-result' && called.has(part.callId)) {
        const sent = sentOf(part)
        results.push({
          callId: part.callId,
          name: part.toolName,
          content: sent.content,
          isError: sent.isError,
          ...(sent.images ? { images: sent.images } : {}),
        })
      }
    }
    if (message.status === 'interrupted' && round.text.length > 0)
      round.text = round.text.replace(/\s+$/, '') + INTERRUPTED_MARK
    flush()
  }
  return history
}

/** A checked file as the request builders send it. */
function historyAttachmentOf(file: CheckedAttachment): HistoryAttachment {
  return file.kind === 'image'
    ? {
        kind: 'image',
        name: file.name,
        mimeType: file.mimeType,
        data: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.length).toString('base64'),
      }
    : { kind: 'text', name: file.name, text: file.text }
}

/** A stored file as the request builders send it (one that no longer passes the checks is left out, never sent as garbage). */
function storedHistoryAttachment(file: StoredAttachment): HistoryAttachment[] {
  const checked = checkAttachment(file.name, file.mimeType, file.bytes)
  return checked.ok ? [historyAttachmentOf(checked.attachment)] : []
}

function providerOfMessage(store: StoreReader, message: Message): ProviderId {
  const generation = message.turnId
    ? store.generations.listForTurn(message.turnId).find((g) => g.messageId === message.id)
    : undefined
  return generation && isProviderId(generation.provider) ? generation.provider : 'openai-chat'
}

/**
 * The stored column allows the finish reasons it was made with: a paused round (Anthropic
 * `pause_turn`) is kept as `other`, its raw reason (`pause_turn`) saying which.
 */
function storedFinishReason(reason: FinishReason | null): Exclude<FinishReason, 'paused'> | null {
  return reason === 'paused' ? 'other' : reason
}
