import { useEffect, useId, useRef, useState } from 'react'
import type { McpClient } from './mcp-client'
import type { McpServerView } from '../../../../shared/mcp'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import { revealInvisible } from '../../../../shared/invisible-characters'
import { MissingValues } from './mcp-missing-values'

/**
 * Adding a server is consent to run code: before it first starts (or after what it runs changed),
 * the user sees exactly what will run — the whole command line, untruncated and selectable, the env
 * keys (never values) and the working folder — and allows it, or not now.
 */
export function McpConsent({
  view,
  api,
  t,
  onView,
  onNotNow,
  focusOnOpen = false,
}: {
  view: McpServerView
  api: McpClient
  t: Translate
  onView: (view: McpServerView) => void
  onNotNow: () => void
  /** It opened because the user just added this server: its first field (or Allow) takes focus. */
  focusOnOpen?: boolean
}) {
  const [status, setStatus] = useState('')
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!focusOnOpen) return
    section.current?.querySelector<HTMLElement>('input, select, textarea, button:not(:disabled)')?.focus()
    // Once, when it opens.
  }, [])
  const id = useId()
  const { config } = view
  const stdio = config.transport === 'stdio'
  const blocked = view.missingValues.length > 0
  const headerKeys = Object.keys(config.headers ?? {})
  return (
    <section
      ref={section}
      className="mcp-consent"
      data-testid="mcp-consent"
      role="group"
      aria-labelledby={`${id}-title`}
    >
      <h4 id={`${id}-title`}>
        {t(stdio ? 'mcpConsentTitleRun' : 'mcpConsentTitleConnect', { server: revealInvisible(config.name) })}
      </h4>
      <p>{t(stdio ? 'mcpConsentExplainRun' : 'mcpConsentExplainConnect')}</p>
      <dl className="mcp-facts">
        <dt>{t(stdio ? 'mcpCommandLine' : 'mcpUrl')}</dt>
        <dd>
          <pre className="command-line" data-testid="mcp-command-line">
            {revealInvisible(view.commandLine)}
          </pre>
        </dd>
        {stdio ? (
          <>
            <dt>{t('mcpEnvKeys')}</dt>
            <dd>{view.envKeys.length > 0 ? <code>{revealInvisible(view.envKeys.join(', '))}</code> : t('mcpNone')}</dd>
            <dt>{t('mcpWorkingFolder')}</dt>
            <dd>
              {view.cwd !== undefined ? (
                <code className="path">{revealInvisible(view.cwd)}</code>
              ) : (
                t('mcpWorkingFolderDefault')
              )}
            </dd>
          </>
        ) : (
          <>
            <dt>{t('mcpHeaderKeys')}</dt>
            <dd>{headerKeys.length > 0 ? <code>{revealInvisible(headerKeys.join(', '))}</code> : t('mcpNone')}</dd>
          </>
        )}
        <dt>{t('mcpOrigin')}</dt>
        <dd>{t(view.origin === 'file' ? 'mcpOriginFile' : 'mcpOriginSettings')}</dd>
      </dl>
      {blocked && (
        <>
          <p id={`${id}-blocked`} className="warning">
            {t('mcpConsentMissing')}
          </p>
          <MissingValues
            serverId={config.id}
            serverName={config.name}
            values={view.missingValues}
            api={api}
            t={t}
            onView={onView}
          />
        </>
      )}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={blocked}
          aria-describedby={blocked ? `${id}-blocked` : undefined}
          onClick={async () => {
            const result = await api['mcp.consent']({ serverId: config.id, fingerprint: view.fingerprint })
            if (!result.ok) return setStatus(appErrorText(t, result.error))
            setStatus('')
            onView(result.value)
          }}
        >
          {t('mcpAllowAndStart')}
        </button>
        <button type="button" onClick={onNotNow}>
          {t('mcpNotNow')}
        </button>
      </div>
      {status && <p role="alert">{status}</p>}
    </section>
  )
}
