import { useEffect, useId, useRef, useState } from 'react'
import type { McpClient } from './mcp-client'
import type { AppResult } from '../../../../shared/ipc/app-error'
import type { McpServerView } from '../../../../shared/mcp'
import type { Translate } from '../../i18n/messages'
import { appErrorText } from '../../lib/app-error-text'
import { effectKey, pinKey, statusText, toolHints } from './mcp-servers'
import { formOf } from './mcp-server-form-data'
import { HintBadges } from './mcp-badges'
import { MissingValues } from './mcp-missing-values'
import { McpServerFormView } from './mcp-server-form'
import { ServerText } from '../../ui/server-text'
import { revealInvisible } from '../../../../shared/invisible-characters'
import { McpToolReview } from './mcp-tool-review'
import { McpInstructionsPanel } from './mcp-instructions-panel'
import { McpRootsEditor } from './mcp-roots-editor'
import { McpSignInPanel } from './mcp-sign-in-panel'
import { McpDroppedTools } from './mcp-dropped-tools'

/**
 * One server in Settings: its status in words, what it runs, the on/off switch, Restart, Edit,
 * Remove (confirmed), its log (plain text), the tools waiting for review and every tool with its
 * own switch, provider name, effect, hints and pin state.
 */
export function McpServerItem({
  view,
  api,
  t,
  now,
  consentShown,
  onView,
  onRemoved,
}: {
  view: McpServerView
  api: McpClient
  t: Translate
  /** When the list was read (words the retry time). */
  now: number
  /** Its consent view is shown above (its missing values are entered there). */
  consentShown: boolean
  onView: (view: McpServerView) => void
  onRemoved: (serverId: string) => void
}) {
  const { config } = view
  const [status, setStatus] = useState('')
  const [editing, setEditing] = useState(false)
  const [confirmRemove, setConfirmRemove] = useState(false)
  const [log, setLog] = useState<string | undefined>()
  const id = useId()
  const editButton = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)
  const keepRemoving = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (confirmRemove) keepRemoving.current?.focus()
  }, [confirmRemove])
  const fromFile = view.origin === 'file'
  // A switch moves at once; the core's answer then confirms it (or the switch goes back, with why).
  const [pending, setPending] = useState<Record<string, boolean>>({})
  const toggle = async (key: string, on: boolean, request: Promise<AppResult<McpServerView>>) => {
    setPending((current) => ({ ...current, [key]: on }))
    await act(request)
    setPending(({ [key]: _, ...rest }) => rest)
  }
  const serverOn = pending.server ?? !config.disabled

  /** Runs a command that answers the server's new view. */
  const act = async (result: Promise<AppResult<McpServerView>>) => {
    const answer = await result
    if (!answer.ok) return setStatus(appErrorText(t, answer.error))
    setStatus('')
    onView(answer.value)
  }
  const showLog = async () => {
    const result = await api['mcp.stderr']({ serverId: config.id })
    if (!result.ok) return setStatus(appErrorText(t, result.error))
    setLog(result.value.text)
  }

  return (
    <li>
      <section className="mcp-server" data-testid="mcp-server" role="group" aria-labelledby={`${id}-name`}>
        {/* Focus lands here once its consent screen is allowed (that screen is gone). */}
        <h4 id={`${id}-name`} tabIndex={-1} data-server-heading={config.id}>
          <ServerText text={config.name} />
        </h4>
        <p className="mcp-status" data-testid="mcp-status" data-state={view.status.state}>
          {t('mcpStatus')}: <ServerText text={statusText(t, view.status, now)} />
        </p>
        <p className="mcp-runs">
          {t(config.transport === 'stdio' ? 'mcpCommandLine' : 'mcpUrl')}:{' '}
          <code className="command-line">{revealInvisible(view.commandLine)}</code>
        </p>
        <McpSignInPanel view={view} api={api} t={t} onView={onView} />
        {fromFile && <p className="muted">{t('mcpFromFileNote')}</p>}
        <div className="row">
          <label>
            <input
              type="checkbox"
              role="switch"
              checked={serverOn}
              onChange={(e) =>
                void toggle(
                  'server',
                  e.target.checked,
                  api['mcp.update']({ serverId: config.id, disabled: !e.target.checked }),
                )
              }
            />{' '}
            {t('mcpEnabled')}
          </label>
          <button
            type="button"
            onClick={() => void act(api['mcp.restart']({ serverId: config.id }))}
            disabled={config.disabled === true || view.needsConsent}
          >
            {t('mcpRestart')}
          </button>
          {config.transport === 'stdio' && (
            <button
              type="button"
              aria-expanded={log !== undefined}
              onClick={() => (log === undefined ? void showLog() : setLog(undefined))}
            >
              {t(log === undefined ? 'mcpViewLog' : 'mcpHideLog')}
            </button>
          )}
          {!fromFile && (
            <>
              <button
                type="button"
                ref={editButton}
                aria-expanded={editing}
                onClick={() => setEditing((open) => !open)}
              >
                {t('edit')}
              </button>
              <button type="button" ref={removeButton} onClick={() => setConfirmRemove(true)}>
                {t('mcpRemove')}
              </button>
            </>
          )}
        </div>
        {confirmRemove && (
          <div className="confirm" role="group" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`}>{t('mcpConfirmRemove', { server: revealInvisible(config.name) })}</p>
            <button
              type="button"
              className="danger"
              onClick={async () => {
                const result = await api['mcp.remove']({ serverId: config.id })
                if (!result.ok) return setStatus(appErrorText(t, result.error))
                onRemoved(config.id)
              }}
            >
              {t('mcpConfirmRemoveYes')}
            </button>
            <button
              type="button"
              ref={keepRemoving}
              onClick={() => {
                setConfirmRemove(false)
                removeButton.current?.focus()
              }}
            >
              {t('cancel')}
            </button>
          </div>
        )}
        {status && <p role="alert">{status}</p>}
        {editing && (
          <McpServerFormView
            initial={formOf(view)}
            title={t('mcpEditTitle', { server: config.name })}
            t={t}
            onCancel={() => {
              setEditing(false)
              editButton.current?.focus()
            }}
            onSubmit={async (request) => {
              const result = await api['mcp.save'](request)
              if (!result.ok) return appErrorText(t, result.error)
              onView(result.value)
              setEditing(false)
              editButton.current?.focus()
              return undefined
            }}
          />
        )}
        {log !== undefined && (
          <div
            className="mcp-log"
            role="region"
            aria-label={t('mcpLogOf', { server: revealInvisible(config.name) })}
            tabIndex={0}
            data-testid="mcp-log"
          >
            {/* The server's own output: shown as text, never as HTML. */}
            <pre>{log === '' ? t('mcpLogEmpty') : revealInvisible(log)}</pre>
          </div>
        )}
        {!consentShown && view.missingValues.length > 0 && (
          <>
            <p className="warning">{t('mcpMissingValues')}</p>
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
        <McpDroppedTools dropped={view.droppedTools} t={t} />
        <McpToolReview view={view} api={api} t={t} onView={onView} />
        <McpInstructionsPanel view={view} api={api} t={t} onView={onView} />
        <McpRootsEditor view={view} api={api} t={t} onView={onView} />
        {view.tools.length > 0 && (
          <details className="mcp-tools">
            <summary>{t('mcpTools', { count: view.tools.length, offered: view.offered.tools })}</summary>
            <ul>
              {view.tools.map((tool) => {
                const title = tool.title || tool.name
                return (
                  <li key={tool.name} className="mcp-tool" data-testid="mcp-tool">
                    <label>
                      <input
                        type="checkbox"
                        role="switch"
                        checked={pending[`tool:${tool.name}`] ?? tool.enabled}
                        aria-label={t('mcpUseTool', { tool: revealInvisible(title) })}
                        onChange={(e) =>
                          void toggle(
                            `tool:${tool.name}`,
                            e.target.checked,
                            api['mcp.update']({
                              serverId: config.id,
                              tool: { name: tool.name, enabled: e.target.checked },
                            }),
                          )
                        }
                      />{' '}
                      <strong>
                        <ServerText text={title} />
                      </strong>
                    </label>{' '}
                    <code className="provider-name">
                      <ServerText text={tool.providerName} />
                    </code>
                    <p className="mcp-tool-facts">
                      {t(effectKey(tool))} · {t(pinKey(tool))}
                    </p>
                    <HintBadges hints={toolHints(tool.annotations)} t={t} />
                    {tool.description && (
                      <p className="muted mcp-tool-description">
                        <ServerText text={tool.description} />
                      </p>
                    )}
                    {tool.refused && (
                      <p className="mcp-tool-refused" data-testid="mcp-tool-refused">
                        <ServerText text={t('mcpToolRefused', { reason: tool.refused })} />
                      </p>
                    )}
                  </li>
                )
              })}
            </ul>
          </details>
        )}
      </section>
    </li>
  )
}
