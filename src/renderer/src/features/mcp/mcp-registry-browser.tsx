import { useEffect, useId, useRef, useState } from 'react'
import type { McpClient } from './mcp-client'
import type { McpRegistryProblem, McpRegistryServerView } from '../../../../shared/mcp-registry'
import type { Translate } from '../../i18n/messages'
import { countText } from '../../i18n/plural'
import { appErrorText } from '../../lib/app-error-text'
import { ServerText } from '../../ui/server-text'
import type { McpRegistryAdded } from './mcp-registry-focus'
import { McpRegistryDetail } from './mcp-registry-detail'

/** A registry's problem in the user's language. */
export function registryProblemText(t: Translate, problem: McpRegistryProblem): string {
  switch (problem.code) {
    case 'timeout':
      return t('mcpRegistryProblem.timeout', { seconds: problem.seconds })
    case 'http-status':
      return t('mcpRegistryProblem.http-status', { status: problem.status })
    case 'too-large':
      return t('mcpRegistryProblem.too-large', { max: Math.round(problem.maxBytes / 1024 / 1024) })
    default:
      return t(`mcpRegistryProblem.${problem.code}`)
  }
}

/** The first line or so of a description, for the list (the detail shows all the registry sent). */
const summary = (text: string) => (text.length > 240 ? `${text.slice(0, 239)}…` : text)

/**
 * Settings → MCP servers → Browse registry: search the registry's server list, page on, open one
 * server's detail, and add it (the detail saves it; the consent screen shows what will run).
 * Everything from the registry is untrusted text, rendered as text.
 */
export function McpRegistryBrowser({
  api,
  t,
  onAdded,
  onClose,
}: {
  api: McpClient
  t: Translate
  onAdded: McpRegistryAdded
  onClose: () => void
}) {
  const id = useId()
  const [query, setQuery] = useState('')
  const [servers, setServers] = useState<McpRegistryServerView[]>([])
  const [skipped, setSkipped] = useState(0)
  const [registryUrl, setRegistryUrl] = useState('')
  const [nextCursor, setNextCursor] = useState<string | undefined>()
  const [searched, setSearched] = useState<string | undefined>()
  const [loading, setLoading] = useState(false)
  const [problem, setProblem] = useState('')
  const [open, setOpen] = useState<McpRegistryServerView | undefined>()
  const [address, setAddress] = useState<string | undefined>()
  const searchBox = useRef<HTMLInputElement>(null)
  const listItems = useRef<(HTMLButtonElement | null)[]>([])
  const returnTo = useRef<number | undefined>(undefined)

  const load = async (search: string, cursor?: string) => {
    setLoading(true)
    const result = await api['mcp.registrySearch']({
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(cursor ? { cursor } : {}),
    })
    setLoading(false)
    if (!result.ok) return setProblem(appErrorText(t, result.error))
    const page = result.value
    setRegistryUrl(page.registryUrl)
    if (page.state === 'failed') return setProblem(registryProblemText(t, page.problem))
    setProblem('')
    setSearched(search)
    setServers((current) => (cursor ? [...current, ...page.servers] : page.servers))
    setSkipped((current) => (cursor ? current + page.skipped : page.skipped))
    setNextCursor(page.nextCursor)
    if (cursor) returnTo.current = servers.length
  }
  // The first page (no search) when it opens (once: `load` is new on every render).
  useEffect(() => {
    searchBox.current?.focus()
    void load('')
  }, [])
  // Back from a detail (or after "Load more"): focus the server it was about.
  useEffect(() => {
    if (open || returnTo.current === undefined) return
    listItems.current[returnTo.current]?.focus()
    returnTo.current = undefined
  }, [open, servers])

  if (open)
    return (
      <section className="mcp-registry" data-testid="mcp-registry" role="group" aria-labelledby={`${id}-title`}>
        <h4 id={`${id}-title`}>{t('mcpRegistryTitle')}</h4>
        <McpRegistryDetail server={open} api={api} t={t} onAdded={onAdded} onBack={() => setOpen(undefined)} />
      </section>
    )

  return (
    <section className="mcp-registry" data-testid="mcp-registry" role="group" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('mcpRegistryTitle')}</h4>
      {registryUrl && <p className="muted">{t('mcpRegistryHelp', { registry: registryUrl })}</p>}
      <form
        className="row"
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          void load(query)
        }}
      >
        <label htmlFor={`${id}-search`}>{t('mcpRegistrySearch')}</label>
        <input
          ref={searchBox}
          id={`${id}-search`}
          type="search"
          maxLength={200}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit">{t('mcpRegistrySearchButton')}</button>
        <button type="button" onClick={onClose}>
          {t('mcpRegistryClose')}
        </button>
      </form>
      <p role="status" className="muted">
        {loading ? t('mcpRegistryLoading') : searched !== undefined && servers.length === 0 ? t('mcpRegistryNone') : ''}
      </p>
      {problem && <p role="alert">{problem}</p>}
      {servers.length > 0 && (
        <ul className="mcp-registry-list" data-testid="mcp-registry-results">
          {servers.map((server, index) => (
            <li key={`${server.name}@${server.version}#${index}`} data-testid="mcp-registry-server">
              <button
                type="button"
                ref={(element) => {
                  listItems.current[index] = element
                }}
                onClick={() => {
                  returnTo.current = index
                  setOpen(server)
                }}
              >
                <ServerText text={server.title ?? server.name} />
              </button>{' '}
              <span className="muted">
                <ServerText text={server.name} /> · {t('mcpRegistryVersion', { version: server.version })}
                {' · '}
                {[...new Set(server.options.map((option) => option.transport).filter(Boolean))].join(', ')}
              </span>
              {server.description && (
                <p className="mcp-registry-description">
                  <ServerText text={summary(server.description)} />
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {skipped > 0 && <p className="muted">{countText(t, 'mcpRegistrySkipped', skipped)}</p>}
      {nextCursor && (
        <button type="button" disabled={loading} onClick={() => void load(searched ?? '', nextCursor)}>
          {t('mcpRegistryMore')}
        </button>
      )}
      <form
        className="row"
        onSubmit={async (event) => {
          event.preventDefault()
          const typed = (address ?? registryUrl).trim()
          // Empty: back to the official registry.
          const result = await api['settings.update']({ mcpRegistryUrl: typed === '' ? null : typed })
          if (!result.ok) return setProblem(t('mcpRegistryAddressInvalid'))
          setAddress(undefined)
          await load(query)
        }}
      >
        <label htmlFor={`${id}-address`}>{t('mcpRegistryAddress')}</label>
        <input
          id={`${id}-address`}
          type="url"
          spellCheck={false}
          aria-describedby={`${id}-address-help`}
          value={address ?? registryUrl}
          onChange={(event) => setAddress(event.target.value)}
        />
        <button type="submit">{t('mcpRegistryAddressUse')}</button>
        <span id={`${id}-address-help`} className="muted">
          {t('mcpRegistryAddressHelp')}
        </span>
      </form>
    </section>
  )
}
