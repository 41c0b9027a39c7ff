// The message actions: `turns.regenerate`, `turns.edit`, `turns.continue` (each starts a run like
// `turns.start`, as a message action of the harness) and `messages.delete`, `messages.selectVersion`
// (changes to the message tree, answered with the conversation as it is now).
import type { CommandRequest, CommandResponses, ConversationView } from '../../shared/ipc/app-contract'
import type { AppResult } from '../../shared/ipc/app-error'
import type { AttachmentInput } from '../../shared/attachments'
import type { Message } from '../../shared/conversation'
import type { StoreWriter } from '../db/keel-store'
import type { TurnAction } from '../harness/turn-recorder'
import type { ClientContext } from './client-context'
import { fail, ok, notFound } from './app-result'

type Result<C extends keyof CommandResponses> = Promise<AppResult<CommandResponses[C]>> | AppResult<CommandResponses[C]>

/** What the commands need from the service: start a run, know a busy conversation, build the view. */
export interface MessageCommandHost {
  /** `attachments`: the files of an edited question (checked there like `turns.start`'s). */
  startRun(
    conversationId: string,
    text: string,
    action: TurnAction,
    context: ClientContext,
    attachments?: AttachmentInput[],
  ): Promise<AppResult<{ runId: string }>>
  isConversationBusy(conversationId: string): boolean
  view(conversationId: string): AppResult<ConversationView>
}

const busy = () =>
  fail('busy', 'An answer is being written in this conversation: stop it first.', {
    detail: { code: 'conversation-busy' },
  })
const notApplicable = (message: string) =>
  fail('validation', message, { detail: { code: 'message-action-not-applicable' } })

export class MessageCommands {
  constructor(
    private readonly store: StoreWriter,
    private readonly host: MessageCommandHost,
  ) {}

  regenerate(
    { conversationId, messageId }: CommandRequest<'turns.regenerate'>,
    context: ClientContext,
  ): Result<'turns.regenerate'> {
    const found = this.find(conversationId, messageId)
    if (!found.ok) return found
    const message = found.value
    if (message.role !== 'assistant' || message.status === 'streaming')
      return notApplicable('Only a finished answer can be regenerated.')
    const question = message.parentId ? this.store.conversations.getMessage(message.parentId) : undefined
    if (question?.role !== 'user') return notApplicable('This answer has no question to answer again.')
    return this.host.startRun(conversationId, '', { kind: 'regenerate', messageId }, context)
  }

  /**
   * The edited question keeps the original's files (all, or those in `keepAttachmentIds`) and adds
   * the new ones: all are checked again and stored with the new version, like a new question's.
   */
  edit(
    { conversationId, messageId, text, keepAttachmentIds, attachments }: CommandRequest<'turns.edit'>,
    context: ClientContext,
  ): Result<'turns.edit'> {
    const found = this.find(conversationId, messageId)
    if (!found.ok) return found
    if (found.value.role !== 'user') return notApplicable('Only your own messages can be edited.')
    const original = this.store.attachments.withBytesOfMessage(messageId)
    const unknown = (keepAttachmentIds ?? []).filter((fileId) => !original.some((file) => file.id === fileId))
    if (unknown.length > 0) return notApplicable(`File ${unknown.join(', ')} is not one of this message's files.`)
    const kept =
      keepAttachmentIds === undefined ? original : original.filter((file) => keepAttachmentIds.includes(file.id))
    const files: AttachmentInput[] = [
      ...kept.map((file) => ({ name: file.name, mimeType: file.mimeType, dataBase64: file.bytes.toString('base64') })),
      ...(attachments ?? []),
    ]
    if (text.length === 0 && files.length === 0) return notApplicable('A message needs text or a file.')
    return this.host.startRun(
      conversationId,
      text,
      { kind: 'edit', messageId },
      context,
      files.length > 0 ? files : undefined,
    )
  }

  continue(
    { conversationId, messageId }: CommandRequest<'turns.continue'>,
    context: ClientContext,
  ): Result<'turns.continue'> {
    const found = this.find(conversationId, messageId)
    if (!found.ok) return found
    const message = found.value
    if (message.role !== 'assistant' || message.status === 'streaming')
      return notApplicable('Only a finished answer can be continued.')
    // Going on from the middle of a conversation would leave what followed answering the shorter text.
    if (this.store.conversations.currentLeafId(conversationId) !== messageId)
      return notApplicable('Only the last answer can be continued.')
    return this.host.startRun(conversationId, '', { kind: 'continue', messageId }, context)
  }

  delete({ conversationId, messageId }: CommandRequest<'messages.delete'>): Result<'messages.delete'> {
    const found = this.find(conversationId, messageId)
    if (!found.ok) return found
    this.store.conversations.deleteMessage(messageId)
    return this.host.view(conversationId)
  }

  selectVersion({
    conversationId,
    messageId,
  }: CommandRequest<'messages.selectVersion'>): Result<'messages.selectVersion'> {
    const found = this.find(conversationId, messageId)
    if (!found.ok) return found
    this.store.conversations.selectVersion(messageId)
    return this.host.view(conversationId)
  }

  /** The message, in that conversation, with no answer being written there (the tree must not move under a run). */
  private find(conversationId: string, messageId: string): AppResult<Message> {
    if (!this.store.conversations.getConversation(conversationId)) return notFound('conversation')
    const message = this.store.conversations.getMessage(messageId)
    if (!message || message.conversationId !== conversationId) return notFound('message')
    if (this.host.isConversationBusy(conversationId)) return busy()
    return ok(message)
  }
}
