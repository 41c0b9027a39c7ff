// The actions under each message: Copy (as Markdown), Regenerate, Edit (a question), Delete (asked
// inline), Continue (an answer cut off by the length limit), the version switcher ("Previous
// version" / "Next version") and the model that wrote an answer. Shown on hover and whenever focus
// is inside the message: real buttons, in the tab order.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { Message, MessageVersions } from '../../../../shared/conversation'
import type { AnswerModel } from '../../../../shared/ipc/app-contract'
import { providerLabel } from '../../lib/provider-names'
import type { Translate } from '../../i18n/messages'
import { isImageMimeType, type AttachmentInfo } from '../../../../shared/attachments'
import { formatBytes } from '../../lib/attachment-text'
import { answerOffersRetry } from './retry-offer'
import { userTextOf, type ChatState, type ChatStore, type EditedFiles } from '../../state/chat-store'
import { AttachButton, AttachmentChips, FileIcon, useAttachments } from './attachment-picker'
import { SentAttachments, StoredImage, type AttachmentLoader } from './sent-attachments'
import '../../styles/versions.css'

/** What the actions need from the window: the open conversation's versions and models, and the store's actions. */
export interface MessageActionsValue {
  busy: boolean
  versions: Record<string, MessageVersions> | undefined
  models: Record<string, AnswerModel> | undefined
  /** The last message of the branch shown (only it can be continued). */
  lastId: string | undefined
  regenerate(messageId: string): void
  editAndResend(messageId: string, text: string, files?: EditedFiles): Promise<boolean>
  continueAnswer(messageId: string): void
  deleteMessage(messageId: string): void
  selectVersion(messageId: string): void
  /** Writes text to the clipboard (the browser's; tests may pass their own). */
  copy(text: string): Promise<void>
}

const MessageActionsContext = createContext<MessageActionsValue | undefined>(undefined)

/** Gives the messages inside it their actions (without it, messages render without actions). */
export function MessageActionsScope({
  store,
  state,
  children,
}: {
  store: ChatStore
  state: ChatState
  children: ReactNode
}) {
  const busy = store.isBusy(state)
  const view = state.view
  const value = useMemo<MessageActionsValue>(
    () => ({
      busy,
      versions: view?.versions,
      models: view?.models,
      lastId: view?.messages.at(-1)?.id,
      regenerate: (id) => void store.regenerate(id),
      editAndResend: (id, text, files) => store.editAndResend(id, text, files),
      continueAnswer: (id) => void store.continueAnswer(id),
      deleteMessage: (id) => void store.deleteMessage(id),
      selectVersion: (id) => void store.selectVersion(id),
      copy: (text) => navigator.clipboard.writeText(text),
    }),
    [busy, view, store],
  )
  return <MessageActionsContext.Provider value={value}>{children}</MessageActionsContext.Provider>
}

export { MessageActionsContext }

/** A message as Markdown: its text as written (an answer's Markdown source; a question's plain text). */
export function markdownOf(message: Message): string {
  return userTextOf(message)
}

/** "Previous version" · "Version 2 of 3" · "Next version", when a message has versions. */
function VersionSwitcher({
  versions,
  t,
  disabled,
  onSelect,
}: {
  versions: MessageVersions | undefined
  t: Translate
  disabled: boolean
  onSelect: (id: string) => void
}) {
  if (!versions || versions.count < 2) return null
  const { index, count, ids } = versions
  return (
    <span
      className="version-switcher"
      role="group"
      aria-label={t('versions.position', { index: index + 1, count })}
      data-testid="version-switcher"
    >
      <button
        type="button"
        aria-label={t('versions.previous')}
        title={t('versions.previous')}
        disabled={disabled || index === 0}
        onClick={() => onSelect(ids[index - 1]!)}
      >
        ‹
      </button>
      <span aria-hidden="true">
        {index + 1} / {count}
      </span>
      <button
        type="button"
        aria-label={t('versions.next')}
        title={t('versions.next')}
        disabled={disabled || index === count - 1}
        onClick={() => onSelect(ids[index + 1]!)}
      >
        ›
      </button>
    </span>
  )
}

/** "Delete this answer?" with Delete / Cancel, in place of the actions (never the browser's confirm). */
function DeleteConfirm({
  question,
  t,
  onDelete,
  onCancel,
}: {
  question: string
  t: Translate
  onDelete: () => void
  onCancel: () => void
}) {
  const confirm = useRef<HTMLButtonElement>(null)
  useEffect(() => confirm.current?.focus(), [])
  return (
    <span
      className="delete-confirm"
      role="group"
      aria-label={question}
      data-testid="delete-confirm"
      onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), onCancel())}
    >
      <span>{question}</span>
      <button ref={confirm} type="button" className="danger" onClick={onDelete}>
        {t('versions.delete')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('versions.cancel')}
      </button>
    </span>
  )
}

/** The actions row of one stored message. `onEdit` is given for a question (its text becomes an editor). */
export function MessageActions({
  message,
  t,
  onEdit,
}: {
  message: Message
  t: Translate
  onEdit?: (() => void) | undefined
}) {
  const actions = useContext(MessageActionsContext)
  const [confirming, setConfirming] = useState(false)
  const [copied, setCopied] = useState<'copied' | 'failed' | undefined>(undefined)
  if (!actions || message.status === 'streaming') return null
  const { busy } = actions
  const isAnswer = message.role === 'assistant'
  const model = isAnswer ? actions.models?.[message.id] : undefined
  const canContinue = isAnswer && model?.cutOffByLength === true && actions.lastId === message.id
  // The last answer's notice offers Retry (a failed answer): Regenerate beside it would be the same act twice.
  const retryOffered = isAnswer && actions.lastId === message.id && answerOffersRetry(message)
  // An answer that wrote nothing has nothing to copy.
  const hasText = markdownOf(message).trim() !== ''
  const copy = () => {
    actions.copy(markdownOf(message)).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    )
  }
  // Every answer says which entry (server) wrote it, whatever API it speaks: an Ollama answer reads "llama3 · Ollama".
  const modelText = model
    ? `${model.model} · ${providerLabel(t, { id: model.provider, name: model.providerName, named: model.named, preset: model.preset })}`
    : undefined
  return (
    <div className="message-actions" data-testid="message-actions">
      <VersionSwitcher
        versions={actions.versions?.[message.id]}
        t={t}
        disabled={busy}
        onSelect={actions.selectVersion}
      />
      {modelText && (
        <span className="answer-model" data-testid="answer-model" title={t('versions.writtenBy', { model: modelText })}>
          {modelText}
        </span>
      )}
      {canContinue && (
        <button type="button" className="primary" disabled={busy} onClick={() => actions.continueAnswer(message.id)}>
          {t('versions.continue')}
        </button>
      )}
      {confirming ? (
        <DeleteConfirm
          question={t(isAnswer ? 'versions.confirmDeleteAnswer' : 'versions.confirmDeleteQuestion')}
          t={t}
          onDelete={() => {
            setConfirming(false)
            actions.deleteMessage(message.id)
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <span className="hover-actions" role="group" aria-label={t('versions.actions')}>
          {hasText && (
            <button type="button" onClick={copy}>
              {t('versions.copy')}
            </button>
          )}
          {isAnswer && !retryOffered && (
            <button type="button" disabled={busy} onClick={() => actions.regenerate(message.id)}>
              {t('versions.regenerate')}
            </button>
          )}
          {onEdit && (
            <button type="button" disabled={busy} onClick={onEdit}>
              {t('versions.edit')}
            </button>
          )}
          <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
            {t('versions.delete')}
          </button>
        </span>
      )}
      {copied && (
        <span className="copy-status" role="status">
          {t(copied === 'copied' ? 'versions.copied' : 'versions.copyFailed')}
        </span>
      )}
    </div>
  )
}

/**
 * The files an edited question keeps: each as a chip with a "Remove <name>" button (the question is
 * sent again with those left, and with any added beside them).
 */
function KeptFiles({
  files,
  t,
  load,
  onRemove,
}: {
  files: readonly AttachmentInfo[]
  t: Translate
  load: AttachmentLoader | undefined
  onRemove: (id: number) => void
}) {
  if (files.length === 0) return null
  return (
    <ul className="attachment-chips" aria-label={t('attachments.sent')} data-testid="edit-kept-files">
      {files.map((file) => (
        <li key={file.id} className="attachment-chip" data-testid="edit-kept-file">
          {isImageMimeType(file.mimeType) ? <StoredImage file={file} load={load} t={t} /> : <FileIcon />}
          <span className="attachment-name" title={file.name}>
            {file.name}
          </span>
          <span className="attachment-size">{formatBytes(t, file.size)}</span>
          <button
            type="button"
            className="attachment-remove"
            aria-label={t('attachments.remove', { name: file.name })}
            onClick={() => onRemove(file.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * A question's text and files, its editor while it is edited ("Save and send" / "Cancel"), and its
 * actions. The editor keeps the question's files (each removable) and takes more (Attach, paste, drop).
 */
export function UserMessageContent({
  message,
  t,
  attachments,
  loadAttachment,
}: {
  message: Message
  t: Translate
  attachments?: readonly AttachmentInfo[] | undefined
  loadAttachment?: AttachmentLoader | undefined
}) {
  const actions = useContext(MessageActionsContext)
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState('')
  const [kept, setKept] = useState<readonly AttachmentInfo[]>([])
  const added = useAttachments()
  const text = userTextOf(message)
  const field = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (editing) field.current?.focus()
  }, [editing])
  if (!editing || !actions) {
    return (
      <>
        <p className="user-text">{text}</p>
        <MessageActions
          message={message}
          t={t}
          onEdit={() => {
            setDraft(text)
            setKept(attachments ?? [])
            added.clear()
            setEditing(true)
          }}
        />
        {attachments && attachments.length > 0 && <SentAttachments files={attachments} t={t} load={loadAttachment} />}
      </>
    )
  }
  const hasFiles = kept.length + added.files.length > 0
  const save = async () => {
    if (
      await actions.editAndResend(message.id, draft, {
        keepAttachmentIds: kept.map((file) => file.id),
        attachments: added.inputs(),
      })
    ) {
      setEditing(false)
      added.clear()
    }
  }
  return (
    <form
      className="message-edit"
      data-testid="message-edit"
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
      onDragOver={added.onDragOver}
      onDrop={added.onDrop}
    >
      <textarea
        ref={field}
        aria-label={t('versions.editLabel')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onPaste={added.onPaste}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            // Closes the editor only (Esc elsewhere stops an answer).
            event.stopPropagation()
            event.nativeEvent.stopImmediatePropagation()
            setEditing(false)
          } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            void save()
          }
        }}
      />
      <KeptFiles
        files={kept}
        t={t}
        load={loadAttachment}
        onRemove={(id) => setKept((files) => files.filter((file) => file.id !== id))}
      />
      <AttachmentChips attachments={added} t={t} />
      <div className="edit-buttons">
        <AttachButton attachments={added} t={t} />
        <button type="button" onClick={() => setEditing(false)}>
          {t('versions.cancel')}
        </button>
        <button type="submit" className="primary" disabled={actions.busy || (draft.trim() === '' && !hasFiles)}>
          {t('versions.saveAndSend')}
        </button>
      </div>
    </form>
  )
}
