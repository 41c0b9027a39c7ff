import { useId, useState, type ReactNode } from 'react'
import type { AttachmentInput } from '../../../../shared/attachments'
import { MAX_MESSAGE_CHARS } from '../../../../shared/ipc/channels'
import type { Translate } from '../../i18n/messages'
import { AttachButton, AttachmentChips, useAttachments } from './attachment-picker'

/** Enter sends, Shift+Enter adds a line; the button is Stop while a turn runs (Esc also stops). */
export function Composer({
  busy,
  t,
  onSend,
  onStop,
  picker,
}: {
  busy: boolean
  t: Translate
  onSend: (text: string, attachments?: AttachmentInput[]) => Promise<boolean>
  onStop: () => void
  picker?: ReactNode
}) {
  const [text, setText] = useState('')
  const id = useId()
  const attachments = useAttachments()
  // Said before sending (and nothing is sent or lost): the core would refuse it with an English error.
  const tooLong = text.trim().length > MAX_MESSAGE_CHARS
  const send = () => {
    if (busy || (text.trim() === '' && attachments.files.length === 0) || tooLong) return
    const sent = text
    const files = attachments.files
    setText('')
    attachments.clear()
    void onSend(sent, files.length > 0 ? attachments.inputs() : undefined).then((ok) => {
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
        else send()
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {t('message')}
      </label>
      <textarea
        id={id}
        value={text}
        rows={3}
        placeholder={t('message')}
        aria-invalid={tooLong}
        aria-describedby={tooLong ? `${id}-too-long` : undefined}
        onChange={(event) => setText(event.target.value)}
        onPaste={attachments.onPaste}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault()
            send()
          }
        }}
      />
      {tooLong && (
        <p className="composer-error" id={`${id}-too-long`} role="alert">
          {t('messageTooLong', { length: text.trim().length, max: MAX_MESSAGE_CHARS })}
        </p>
      )}
      {picker}
      <button type="submit" className={busy ? 'stop' : 'primary'}>
        {busy ? t('stop') : t('send')}
      </button>
      <AttachmentChips attachments={attachments} t={t} />
      <AttachButton attachments={attachments} t={t} />
    </form>
  )
}
