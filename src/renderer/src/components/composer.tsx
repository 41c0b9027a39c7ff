import { useId, useState, type ReactNode } from 'react'
import { MAX_MESSAGE_CHARS } from '../../../shared/ipc/channels'
import type { Translate } from '../i18n/messages'

/** Enter sends, Shift+Enter adds a line; the button is Stop while a turn runs (Esc also stops). */
export function Composer({ busy, t, onSend, onStop, picker }: { busy: boolean; t: Translate; onSend: (text: string) => Promise<boolean>; onStop: () => void; picker?: ReactNode }) {
  const [text, setText] = useState('')
  const id = useId()
  // Said before sending (and nothing is sent or lost): the core would refuse it with an English error.
  const tooLong = text.trim().length > MAX_MESSAGE_CHARS
  const send = () => {
    if (busy || text.trim() === '' || tooLong) return
    const sent = text
    setText('')
    void onSend(sent).then((ok) => {
      if (!ok) setText((current) => (current === '' ? sent : current))
    })
  }
  return (
    <form
      className="composer"
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
    </form>
  )
}
