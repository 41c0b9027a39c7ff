import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { AttachmentInput } from '../../../../shared/attachments'
import { MAX_MESSAGE_CHARS } from '../../../../shared/ipc/channels'
import type { Translate } from '../../i18n/messages'
import { AttachButton, AttachmentChips, useAttachments } from './attachment-picker'
import type { ComposerMcpClient } from './composer-mcp-client'
import { ComposerMcpParts, menuTextareaProps } from './composer-mcp-parts'
import { useComposerMcp } from './use-composer-mcp'

/**
 * Enter sends, Shift+Enter adds a line; the button is Stop while a turn runs (Esc also stops).
 * With `mcp`: `@` attaches a server's resource, `/` first puts a server's prompt in the message.
 */
export function Composer({
  busy,
  t,
  onSend,
  onStop,
  picker,
  mcp: mcpClient,
  conversationId,
}: {
  busy: boolean
  t: Translate
  onSend: (text: string, attachments?: AttachmentInput[]) => Promise<boolean>
  onStop: () => void
  picker?: ReactNode
  mcp?: ComposerMcpClient
  /** The open conversation: when it changes, the draft's resources are no longer watched. */
  conversationId?: string | undefined
}) {
  const [text, setText] = useState('')
  const id = useId()
  const attachments = useAttachments()
  const box = useRef<HTMLTextAreaElement>(null)
  const mcp = useComposerMcp({ client: mcpClient, t, text, setText, attachments, textarea: box })
  const { detach } = mcp
  const [preparing, setPreparing] = useState(false)
  // The draft stays when the conversation changes; what it holds of a server is no longer watched.
  const watchedFor = useRef(conversationId)
  useEffect(() => {
    if (watchedFor.current === conversationId) return
    watchedFor.current = conversationId
    detach()
  }, [conversationId, detach])
  // Said before sending (and nothing is sent or lost): the core would refuse it with an English error.
  const tooLong = text.trim().length > MAX_MESSAGE_CHARS
  const send = async () => {
    if (busy || preparing || (text.trim() === '' && attachments.files.length === 0) || tooLong) return
    // A resource that changed since it was attached is read again first (never sent out of date).
    setPreparing(true)
    const files = await mcp.prepareSend(attachments.files).finally(() => setPreparing(false))
    if (!files) return
    const sent = text
    setText('')
    attachments.clear()
    const inputs = files.map(({ name, mimeType, dataBase64 }) => ({ name, mimeType, dataBase64 }))
    void onSend(sent, inputs.length > 0 ? inputs : undefined).then((ok) => {
      if (ok) mcp.sent()
      if (!ok) setText((current) => (current === '' ? sent : current))
      if (!ok && files.length > 0) attachments.restore(files)
    })
  }
  return (
    <form
      className="composer"
      onDragOver={attachments.onDragOver}
      onDrop={attachments.onDrop}
      onSubmit={(event) => {
        event.preventDefault()
        if (busy) onStop()
        else void send()
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('message')}
      </label>
      <textarea
        ref={box}
        id={id}
        {...menuTextareaProps(mcp, `${id}-mcp`)}
        value={text}
        rows={3}
        placeholder={t('message')}
        aria-invalid={tooLong}
        aria-describedby={tooLong ? `${id}-too-long` : undefined}
        onChange={(event) => {
          setText(event.target.value)
          mcp.follow(event.target.value, event.target.selectionStart)
        }}
        onSelect={(event) => mcp.follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onPaste={attachments.onPaste}
        onKeyDown={(event) => {
          if (mcp.onKeyDown(event)) return
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            void send()
          }
        }}
      />
      {tooLong && (
        <p className="composer-error" id={`${id}-too-long`} role="alert">
          {t('messageTooLong', { length: text.trim().length, max: MAX_MESSAGE_CHARS })}
        </p>
      )}
      <ComposerMcpParts mcp={mcp} listId={`${id}-mcp`} t={t} />
      {picker}
      <button type="submit" className={busy ? 'stop' : 'primary'}>
        {busy ? t('stop') : t('send')}
      </button>
      <AttachmentChips attachments={attachments} t={t} updated={mcp.updatedKeys} onRemoved={mcp.removed} />
      <AttachButton attachments={attachments} t={t} />
    </form>
  )
}
