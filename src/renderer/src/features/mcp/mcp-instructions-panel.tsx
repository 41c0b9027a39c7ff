import { useId, useState } from 'react'
import type { McpServerView } from '../../../../shared/mcp'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import { ServerText } from '../../ui/server-text'
import type { McpClient } from './mcp-client'

/**
 * The instructions a server sent when it started: its own text (hidden characters shown), and the
 * switch that sends exactly this text to the model (off by default; text that changed since is
 * not sent until turned on again).
 */
export function McpInstructionsPanel({
  view,
  api,
  t,
  onView,
}: {
  view: McpServerView
  api: Pick<McpClient, 'mcp.update'>
  t: Translate
  onView: (view: McpServerView) => void
}) {
  const instructions = view.instructions
  const [pending, setPending] = useState<boolean | undefined>()
  const [problem, setProblem] = useState('')
  const id = useId()
  if (!instructions) return null
  const toggle = async (send: boolean) => {
    setPending(send)
    const answer = await api['mcp.update']({
      serverId: view.config.id,
      sendInstructions: send ? { send: true, hash: instructions.hash } : { send: false },
    })
    setPending(undefined)
    if (!answer.ok) return setProblem(appErrorText(t, answer.error))
    setProblem('')
    onView(answer.value)
  }
  return (
    <details className="mcp-instructions" data-testid="mcp-instructions">
      <summary>{t('mcpInstructions')}</summary>
      <p className="muted" id={`${id}-help`}>
        {t('mcpInstructionsHelp')}
      </p>
      {/* The server's own text: shown as text, never as HTML or Markdown. */}
      <div className="mcp-instructions-text" role="region" aria-label={t('mcpInstructions')} tabIndex={0}>
        <ServerText text={instructions.text} />
      </div>
      <label>
        <input
          type="checkbox"
          role="switch"
          aria-describedby={`${id}-help`}
          checked={pending ?? instructions.send === 'on'}
          onChange={(event) => void toggle(event.target.checked)}
        />{' '}
        {t('mcpInstructionsSend')}
      </label>
      {instructions.send === 'changed' && <p className="warning">{t('mcpInstructionsChanged')}</p>}
      {problem && <p role="alert">{problem}</p>}
    </details>
  )
}
