import { useEffect, useId, useRef, useState } from 'react'
import type { McpClient } from './mcp-client'
import { mcpServerId, type McpImportReport, type McpServerView } from '../../../../shared/mcp'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import { ServerText } from '../../ui/server-text'
import { revealInvisible } from '../../../../shared/invisible-characters'
import { MissingValues } from './mcp-missing-values'

/**
 * Import servers from the configuration users already have (Claude Desktop, Cursor, VS Code), pasted
 * or read from a file here in the window (only its text is sent). The report says what was added,
 * what was skipped and why, and which `${…}` values were left unresolved, each shown as written with
 * a field to enter it.
 */
export function McpImport({
  api,
  t,
  servers,
  onImported,
  onView,
  onClose,
}: {
  api: McpClient
  t: Translate
  servers: McpServerView[]
  onImported: () => Promise<void>
  onView: (view: McpServerView) => void
  onClose: () => void
}) {
  const [text, setText] = useState('')
  const [report, setReport] = useState<McpImportReport | undefined>()
  const [status, setStatus] = useState('')
  const id = useId()
  const area = useRef<HTMLTextAreaElement>(null)
  const reportHeading = useRef<HTMLHeadingElement>(null)
  useEffect(() => area.current?.focus(), [])
  useEffect(() => {
    if (report) reportHeading.current?.focus()
  }, [report])

  const importText = async (json: string) => {
    if (json.trim().length < 2) return setStatus(t('mcpImportEmpty'))
    const result = await api['mcp.import']({ text: json })
    if (!result.ok) return setStatus(appErrorText(t, result.error))
    setStatus('')
    setReport(result.value)
    await onImported()
  }
  // The imported servers, by the name in the configuration (what the report names).
  const serverNamed = (name: string) =>
    servers.find((s) => s.config.name === name) ?? servers.find((s) => s.config.id === mcpServerId(name))

  return (
    <section className="mcp-import" data-testid="mcp-import" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('mcpImportTitle')}</h4>
      <p className="muted">{t('mcpImportHelp')}</p>
      <label htmlFor={`${id}-text`}>{t('mcpImportPaste')}</label>
      <textarea
        ref={area}
        id={`${id}-text`}
        rows={6}
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="row">
        <button type="button" className="primary" onClick={() => void importText(text)}>
          {t('mcpImport')}
        </button>
        <label htmlFor={`${id}-file`}>{t('mcpImportFile')}</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,application/json,text/plain"
          onChange={async (e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (!file) return
            // Read here, as text; the core gets the text only (never a path).
            await importText(await file.text())
          }}
        />
        <button type="button" onClick={onClose}>
          {t('mcpImportClose')}
        </button>
      </div>
      {status && <p role="alert">{status}</p>}
      {report && (
        <div className="mcp-import-report" data-testid="mcp-import-report">
          <h5 ref={reportHeading} tabIndex={-1}>
            {t('mcpImportReport', { key: report.readKey })}
          </h5>
          <p>
            {report.added.length > 0
              ? t('mcpImportAdded', { names: revealInvisible(report.added.join(', ')) })
              : t('mcpImportNoneAdded')}
          </p>
          {report.added.length > 0 && <p className="muted">{t('mcpImportConsentNext')}</p>}
          {report.skipped.length > 0 && (
            <>
              <h6>{t('mcpImportSkipped')}</h6>
              <ul>
                {report.skipped.map((skip, index) => (
                  <li key={index}>
                    <strong>
                      <ServerText text={skip.name} />
                    </strong>
                    : <ServerText text={skip.reason} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {report.unresolved.length > 0 && (
            <>
              <h6>{t('mcpImportUnresolved')}</h6>
              <ul>
                {report.unresolved.map((item, index) => {
                  const server = serverNamed(item.server)
                  const settable = (item.where === 'env' || item.where === 'headers') && server !== undefined
                  return (
                    <li key={index} data-testid="mcp-unresolved">
                      <strong>
                        <ServerText text={item.server} />
                      </strong>{' '}
                      · {t(`mcpWhere.${item.where}`)} {item.key !== '' && <code>{revealInvisible(item.key)}</code>}:{' '}
                      <code>{revealInvisible(item.placeholder)}</code>
                      {settable ? (
                        <MissingValues
                          serverId={server.config.id}
                          serverName={server.config.name}
                          values={[
                            { where: item.where as 'env' | 'headers', key: item.key, placeholder: item.placeholder },
                          ]}
                          api={api}
                          t={t}
                          onView={onView}
                        />
                      ) : (
                        <p className="muted">{t('mcpUnresolvedEdit')}</p>
                      )}
                    </li>
                  )
                })}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  )
}
