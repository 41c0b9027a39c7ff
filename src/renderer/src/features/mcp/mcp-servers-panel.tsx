import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { McpClient } from './mcp-client'
import type { McpServerView } from '../../../../shared/mcp'
import type { Translate } from '../../i18n/messages'
import { countText } from '../../i18n/plural'
import { appErrorText } from '../../lib/app-error-text'
import { needsPolling, offeredTotals, withPlainTextStorage } from './mcp-servers'
import { formOf } from './mcp-server-form-data'
import { McpConsent } from './mcp-consent'
import { McpImport } from './mcp-import'
import { McpRegistryBrowser } from './mcp-registry-browser'
import { McpServerFormView } from './mcp-server-form'
import { McpServerItem } from './mcp-server-item'
import { focusAfterConsent, type McpConsentClosed, type McpRegistryRefocus } from './mcp-registry-focus'

/** How often the list is read again while a server is starting or will be retried (no push for MCP status). */
const POLL_MS = 2000
/** Otherwise, while Settings is open: a server that crashed or changed its tools shows up without reopening. */
const IDLE_POLL_MS = 10_000

/**
 * Settings → MCP servers: servers waiting for consent, every server with its status and tools,
 * the "many tools" warning, Add server and Import configuration.
 */
export function McpServersPanel({
  api: baseApi,
  t,
  allowPlainTextStorage = false,
}: {
  api: McpClient
  t: Translate
  allowPlainTextStorage?: boolean
}) {
  // The user's "store without encryption" opt-in (no OS keyring) covers MCP values as it covers keys.
  const api = useMemo(
    () => (allowPlainTextStorage ? withPlainTextStorage(baseApi) : baseApi),
    [baseApi, allowPlainTextStorage],
  )
  const [servers, setServers] = useState<McpServerView[] | undefined>()
  const [readAt, setReadAt] = useState(0)
  const [error, setError] = useState('')
  const [adding, setAdding] = useState<'form' | 'import' | 'registry' | undefined>()
  const [addedNote, setAddedNote] = useState('')
  const [notNow, setNotNow] = useState<ReadonlySet<string>>(new Set())
  const heading = useRef<HTMLHeadingElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const importButton = useRef<HTMLButtonElement>(null)
  const registryButton = useRef<HTMLButtonElement>(null)
  const section = useRef<HTMLElement>(null)
  /** The server "Add…" just saved from the registry (its consent screen takes focus), and the way back. */
  const [registryAdded, setRegistryAdded] = useState<{ serverId: string; refocus: McpRegistryRefocus }>()
  /** A server whose row takes focus once rendered (its consent screen was just allowed). */
  const [focusRow, setFocusRow] = useState<string>()
  useEffect(() => {
    if (focusRow === undefined) return
    section.current?.querySelector<HTMLElement>(`[data-server-heading="${CSS.escape(focusRow)}"]`)?.focus()
    setFocusRow(undefined)
  }, [focusRow, servers])

  const reload = useCallback(async () => {
    const result = await api['mcp.list']({})
    if (!result.ok) return setError(appErrorText(t, result.error))
    setError('')
    // The same list again changes nothing on screen (no re-render of open forms and disclosures).
    setServers((current) =>
      current && JSON.stringify(current) === JSON.stringify(result.value) ? current : result.value,
    )
    setReadAt(Date.now())
  }, [api, t])
  useEffect(() => void reload(), [reload])
  useEffect(() => {
    if (!servers || servers.length === 0) return
    const timer = setTimeout(() => void reload(), needsPolling(servers) ? POLL_MS : IDLE_POLL_MS)
    return () => clearTimeout(timer)
    // readAt: every read schedules the next, also when the list came back unchanged.
  }, [servers, readAt, reload])

  const onView = useCallback((view: McpServerView) => {
    setServers((list) => {
      const current = list ?? []
      return current.some((s) => s.config.id === view.config.id)
        ? current.map((s) => (s.config.id === view.config.id ? view : s))
        : [...current, view]
    })
    setReadAt(Date.now())
  }, [])
  const closeAdding = (opener: HTMLButtonElement | null) => {
    setAdding(undefined)
    opener?.focus()
  }

  const consentClosed = (serverId: string, closed: McpConsentClosed) => {
    const added = registryAdded?.serverId === serverId ? registryAdded : undefined
    if (added) setRegistryAdded(undefined)
    const target = focusAfterConsent(closed, added)
    if (target === 'server-row') setFocusRow(serverId)
    else if (target === 'browse-button') registryButton.current?.focus()
  }

  const list = servers ?? []
  const totals = offeredTotals(list)
  const consent = list.filter((s) => s.needsConsent && !notNow.has(s.config.id))
  return (
    <section className="mcp" data-testid="mcp-servers" aria-labelledby="mcp-title" ref={section}>
      <h3 id="mcp-title" ref={heading} tabIndex={-1}>
        {t('mcpServers')}
      </h3>
      <p className="muted">{t('mcpServersHelp')}</p>
      {error && <p role="alert">{error}</p>}
      {servers === undefined && !error && <p className="muted">{t('mcpLoading')}</p>}
      {list.length > 0 && (
        <p className="mcp-offered" data-testid="mcp-offered">
          {countText(t, 'mcpOffered', totals.tools, { tokens: totals.estimatedTokens })}
        </p>
      )}
      {totals.warn && (
        <p className="warning" data-testid="mcp-tool-warning">
          {t('mcpTooManyTools', { count: totals.tools, tokens: totals.estimatedTokens })}
        </p>
      )}
      {consent.map((view) => (
        <McpConsent
          key={view.config.id}
          view={view}
          api={api}
          t={t}
          onView={(next) => {
            onView(next)
            if (!next.needsConsent) consentClosed(next.config.id, 'allowed')
          }}
          onNotNow={() => {
            setNotNow((set) => new Set([...set, view.config.id]))
            consentClosed(view.config.id, 'not-now')
          }}
          focusOnOpen={registryAdded?.serverId === view.config.id}
        />
      ))}
      {servers !== undefined && list.length === 0 && <p className="muted">{t('mcpNoServers')}</p>}
      {list.length > 0 && (
        <ul className="mcp-server-list">
          {list.map((view) => (
            <McpServerItem
              key={view.config.id}
              view={view}
              api={api}
              t={t}
              now={readAt}
              consentShown={view.needsConsent && !notNow.has(view.config.id)}
              onView={onView}
              onRemoved={(serverId) => {
                setServers((current) => (current ?? []).filter((s) => s.config.id !== serverId))
                // The removed server's buttons are gone: focus goes back to the section.
                heading.current?.focus()
              }}
            />
          ))}
        </ul>
      )}
      {list.some((s) => s.needsConsent && notNow.has(s.config.id)) && (
        <button type="button" onClick={() => setNotNow(new Set())}>
          {t('mcpReviewConsent')}
        </button>
      )}
      <div className="row">
        <button
          type="button"
          ref={addButton}
          aria-expanded={adding === 'form'}
          onClick={() => setAdding(adding === 'form' ? undefined : 'form')}
        >
          {t('mcpAddServer')}
        </button>
        <button
          type="button"
          ref={importButton}
          aria-expanded={adding === 'import'}
          onClick={() => setAdding(adding === 'import' ? undefined : 'import')}
        >
          {t('mcpImportTitle')}
        </button>
        <button
          type="button"
          ref={registryButton}
          aria-expanded={adding === 'registry'}
          onClick={() => setAdding(adding === 'registry' ? undefined : 'registry')}
        >
          {t('mcpRegistryBrowse')}
        </button>
      </div>
      <p role="status" className="muted">
        {addedNote}
      </p>
      {adding === 'form' && (
        <McpServerFormView
          initial={formOf()}
          title={t('mcpAddServer')}
          t={t}
          onCancel={() => closeAdding(addButton.current)}
          onSubmit={async (request) => {
            const result = await api['mcp.save'](request)
            if (!result.ok) return appErrorText(t, result.error)
            onView(result.value)
            closeAdding(addButton.current)
            return undefined
          }}
        />
      )}
      {adding === 'import' && (
        <McpImport
          api={api}
          t={t}
          servers={list}
          onImported={reload}
          onView={onView}
          onClose={() => closeAdding(importButton.current)}
        />
      )}
      {adding === 'registry' && (
        <McpRegistryBrowser
          api={api}
          t={t}
          onAdded={(view, refocus) => {
            // It waits for consent like any server added here: the consent screen above shows what
            // runs and takes focus; the browser stays open, so "Not now" can go back to its Add….
            setRegistryAdded({ serverId: view.config.id, refocus })
            onView(view)
            setAddedNote(t('mcpRegistryAdded', { server: view.config.name }))
          }}
          onClose={() => closeAdding(registryButton.current)}
        />
      )}
    </section>
  )
}
