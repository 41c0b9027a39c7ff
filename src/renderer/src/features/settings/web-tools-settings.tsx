import { useState } from 'react'
import type { CommandRequest, SettingsView } from '../../../../shared/ipc/app-contract'
import { WEB_SEARCH_SERVICES, type KeyedSearchService, type WebSearchService } from '../../../../shared/web-tools'
import type { MessageKey, Translate } from '../../i18n/messages'
import type { WebToolsClient } from './settings-client'

const SERVICE_KEYS: Record<WebSearchService, MessageKey> = {
  off: 'web.search.off',
  searxng: 'web.search.searxng',
  brave: 'web.search.brave',
  tavily: 'web.search.tavily',
}

/**
 * Settings → Web: page reading on or off, the search service, its address (SearXNG) or its key
 * (Brave, Tavily: write-only, the window only ever learns "set, ends in …abcd").
 */
export function WebToolsSettings({
  settings,
  api,
  t,
  onUpdate,
  onSettings,
  allowPlainText,
}: {
  settings: SettingsView
  api: WebToolsClient
  t: Translate
  onUpdate: (patch: CommandRequest<'settings.update'>) => Promise<void>
  onSettings: (settings: SettingsView) => void
  allowPlainText: boolean
}) {
  const web = settings.webTools
  const [url, setUrl] = useState(web.searxngUrl ?? '')
  const [key, setKey] = useState('')
  const limits = web.providerSearch ?? {}
  const [maxSearches, setMaxSearches] = useState(limits.maxSearches?.toString() ?? '')
  const [allowed, setAllowed] = useState((limits.allowedDomains ?? []).join('\n'))
  const [blocked, setBlocked] = useState((limits.blockedDomains ?? []).join('\n'))
  const [error, setError] = useState<string | undefined>()
  const keyed: KeyedSearchService | undefined =
    web.search === 'brave' || web.search === 'tavily' ? web.search : undefined
  const run = async (
    work: () => Promise<{ ok: true; value: SettingsView } | { ok: false; error: { message: string } }>,
  ) => {
    const result = await work()
    if (result.ok) {
      setError(undefined)
      onSettings(result.value)
    } else setError(result.error.message)
  }
  return (
    <section aria-labelledby="web-tools-title" data-testid="web-tools-settings">
      <h3 id="web-tools-title">{t('web.title')}</h3>
      <p className="muted">{t('web.privacy')}</p>
      <div className="row">
        <label>
          <input
            type="checkbox"
            checked={web.readPages}
            onChange={(e) => void onUpdate({ webTools: { readPages: e.target.checked } })}
          />{' '}
          {t('web.readPages')}
        </label>
      </div>
      <div className="row">
        <label htmlFor="web-search-service">{t('web.search')}</label>
        <select
          id="web-search-service"
          value={web.search}
          onChange={(e) => void onUpdate({ webTools: { search: e.target.value as WebSearchService } })}
        >
          {WEB_SEARCH_SERVICES.map((service) => (
            <option key={service} value={service}>
              {t(SERVICE_KEYS[service])}
            </option>
          ))}
        </select>
      </div>
      {web.search === 'searxng' && (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault()
            void run(() => api['settings.update']({ webTools: { searxngUrl: url.trim() === '' ? null : url.trim() } }))
          }}
        >
          <label htmlFor="web-searxng-url">{t('web.searxngUrl')}</label>
          <input
            id="web-searxng-url"
            type="url"
            value={url}
            placeholder="http://localhost:8080"
            aria-describedby="web-searxng-hint"
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit">{t('web.save')}</button>
          <p id="web-searxng-hint" className="muted">
            {t('web.searxngHint')}
          </p>
        </form>
      )}
      {keyed && (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault()
            const typed = key
            setKey('')
            void run(() =>
              api['webSearch.setKey']({
                service: keyed,
                key: typed,
                ...(allowPlainText ? { allowPlainTextStorage: true } : {}),
              }),
            )
          }}
        >
          <label htmlFor="web-search-key">{t('web.key', { service: t(SERVICE_KEYS[keyed]) })}</label>
          <input
            id="web-search-key"
            type="password"
            autoComplete="off"
            value={key}
            aria-describedby="web-search-key-status"
            onChange={(e) => setKey(e.target.value)}
          />
          <button type="submit" disabled={key.trim() === ''}>
            {t('web.saveKey')}
          </button>
          {web.keys[keyed].set && (
            <button type="button" onClick={() => void run(() => api['webSearch.clearKey']({ service: keyed }))}>
              {t('web.clearKey')}
            </button>
          )}
          <p id="web-search-key-status" className="muted" data-testid="web-search-key-status">
            {keyStatus(web.keys[keyed], t)}
          </p>
        </form>
      )}
      <form
        aria-labelledby="web-provider-search-title"
        onSubmit={(e) => {
          e.preventDefault()
          const lines = (text: string) =>
            text
              .split(/\s+/)
              .map((line) => line.trim())
              .filter((line) => line !== '')
          const max = maxSearches.trim() === '' ? undefined : Number(maxSearches)
          void run(() =>
            api['settings.update']({
              webTools: {
                providerSearch: {
                  ...(max !== undefined ? { maxSearches: max } : {}),
                  ...(lines(allowed).length > 0 ? { allowedDomains: lines(allowed) } : {}),
                  ...(lines(blocked).length > 0 ? { blockedDomains: lines(blocked) } : {}),
                },
              },
            }),
          )
        }}
      >
        <h4 id="web-provider-search-title">{t('web.providerSearch')}</h4>
        <p className="muted">{t('web.providerSearchHint')}</p>
        <div className="row">
          <label htmlFor="web-max-searches">{t('web.maxSearches')}</label>
          <input
            id="web-max-searches"
            inputMode="numeric"
            value={maxSearches}
            onChange={(e) => setMaxSearches(e.target.value)}
          />
        </div>
        <div className="row">
          <label htmlFor="web-allowed-domains">{t('web.allowedDomains')}</label>
          <textarea id="web-allowed-domains" rows={2} value={allowed} onChange={(e) => setAllowed(e.target.value)} />
        </div>
        <div className="row">
          <label htmlFor="web-blocked-domains">{t('web.blockedDomains')}</label>
          <textarea id="web-blocked-domains" rows={2} value={blocked} onChange={(e) => setBlocked(e.target.value)} />
        </div>
        <button type="submit">{t('web.save')}</button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  )
}

function keyStatus(status: SettingsView['webTools']['keys'][KeyedSearchService], t: Translate): string {
  if (!status.set) return t('web.keyMissing')
  return status.endsWith ? t('web.keySet', { ending: status.endsWith }) : t('web.keySetShort')
}
