import { useId, useState } from 'react'
import type { McpClient } from './mcp-client'
import type { McpServerView } from '../../../../shared/mcp'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'

export interface MissingValue {
  where: 'env' | 'headers'
  key: string
  /** The unresolved `${…}` as written in the imported configuration (shown verbatim). */
  placeholder?: string | undefined
}

/**
 * Env values and headers a server needs but does not have (an unresolved placeholder, a secret the
 * vault lost): one write-only field each, saved to the key vault with `mcp.secret`.
 */
export function MissingValues({
  serverId,
  serverName,
  values,
  api,
  t,
  onView,
}: {
  serverId: string
  serverName: string
  values: MissingValue[]
  api: McpClient
  t: Translate
  onView: (view: McpServerView) => void
}) {
  if (values.length === 0) return null
  return (
    <ul className="mcp-missing">
      {values.map((value) => (
        <MissingValueRow
          key={`${value.where}:${value.key}`}
          serverId={serverId}
          serverName={serverName}
          value={value}
          api={api}
          t={t}
          onView={onView}
        />
      ))}
    </ul>
  )
}

function MissingValueRow({
  serverId,
  serverName,
  value,
  api,
  t,
  onView,
}: {
  serverId: string
  serverName: string
  value: MissingValue
  api: McpClient
  t: Translate
  onView: (view: McpServerView) => void
}) {
  const [text, setText] = useState('')
  const [status, setStatus] = useState('')
  const [saved, setSaved] = useState(false)
  const id = useId()
  const label = t(value.where === 'env' ? 'mcpValueForEnv' : 'mcpValueForHeader', {
    key: value.key,
    server: serverName,
  })
  return (
    <li>
      <label htmlFor={id}>{label}</label>
      {value.placeholder !== undefined && (
        <span className="muted">
          {' '}
          {t('mcpPlaceholderWas')} <code>{value.placeholder}</code>
        </span>
      )}
      <div className="row">
        <input
          id={id}
          type="password"
          autoComplete="off"
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setSaved(false)
          }}
        />
        <button
          type="button"
          disabled={text === ''}
          aria-label={t('mcpSaveValueFor', { key: value.key })}
          onClick={async () => {
            const result = await api['mcp.secret']({ serverId, where: value.where, key: value.key, value: text })
            if (!result.ok) return setStatus(appErrorText(t, result.error))
            // Write-only: the field empties; the view no longer lists it as missing.
            setText('')
            setStatus('')
            setSaved(true)
            onView(result.value)
          }}
        >
          {t('mcpSaveValue')}
        </button>
      </div>
      {status && <p role="alert">{status}</p>}
      {saved && !status && <p role="status">{t('mcpValueSaved')}</p>}
    </li>
  )
}
